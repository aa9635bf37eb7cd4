package lockedout

import (
	"bytes"
	"fmt"
	"testing"

	"standoff/internal/games"
)

// TestPlayoutContract runs games.Playout, which checks after every move that
// the state round-trips through Encode/Decode, that a refused move leaves it
// unchanged and that all 56 cards are conserved; every tenth game is also
// replayed from its log to prove determinism.
func TestPlayoutContract(t *testing.T) {
	t.Parallel()
	count := 15
	if testing.Short() {
		count = 5
	}
	for n := 3; n <= 6; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			t.Parallel()
			contractPlayouts(t, n, count)
		})
	}
}

func contractPlayouts(t *testing.T, n, count int) {
	check := func(s games.State) error { return conserve(s.(*State)) }
	if err := games.Playouts(Kind, names[:n], nil, count, 20000, check); err != nil {
		t.Fatal(err)
	}
}

// TestPlayoutsEnd plays 2500 seeded random games at every player count,
// 10000 in all (1000 a count under the race detector, which is ten times
// slower). Random players rarely cooperate, so these games end by capture when
// a resource runs out: the resource tokens guarantee the end. Every move is
// checked for card conservation; the end state must round-trip.
func TestPlayoutsEnd(t *testing.T) {
	t.Parallel()
	count := 2500
	if raceEnabled {
		count = 1000
	}
	if testing.Short() {
		count = 200
	}
	for n := 3; n <= 6; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			t.Parallel()
			endPlayouts(t, n, count)
		})
	}
}

func endPlayouts(t *testing.T, n, count int) {
	endings := map[string]int{}
	longest := 0
	for i := range count {
		s, moves := randomGame(t, n, uint64(n*10_000_000+i))
		endings[s.Ending]++
		longest = max(longest, moves)
	}
	t.Logf("%d players, %d games: endings %v, longest %d moves", n, count, endings, longest)
}

// randomGame plays one game with uniformly random legal moves.
func randomGame(t *testing.T, n int, seed uint64) (*State, int) {
	t.Helper()
	s := newTest(t, n, seed)
	rng := games.NewRNG(seed ^ 0xfeed)
	for moves := 0; ; moves++ {
		if s.Outcome() != nil {
			enc, _ := s.Encode()
			back, err := Kind.Decode(enc)
			if err != nil {
				t.Fatal(err)
			}
			if enc2, _ := back.Encode(); !bytes.Equal(enc, enc2) {
				t.Fatalf("seed %d: final state does not round-trip", seed)
			}
			return s, moves
		}
		if moves > 20000 {
			t.Fatalf("%d players seed %d: no end after %d moves", n, seed, moves)
		}
		seat := s.actor()
		legal := s.Legal(seat)
		m := legal[rng.Intn(len(legal))]
		if _, err := s.Apply(seat, m); err != nil {
			t.Fatalf("seed %d: legal %q refused: %v", seed, m, err)
		}
		if err := conserve(s); err != nil {
			t.Fatalf("%d players seed %d after %q: %v", n, seed, m, err)
		}
	}
}
