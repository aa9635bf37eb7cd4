package hunted

import (
	"bytes"
	"os"
	"strconv"
	"testing"

	"standoff/internal/games"
)

// setups are the game variants every randomized test covers.
var setups = []struct {
	name  string
	names []string
	opts  games.Options
}{
	{"solo", []string{"Alice"}, nil},
	{"solo health 4", []string{"Alice"}, games.Options{"health": 4}},
	{"solo time 17", []string{"Alice"}, games.Options{"time": 17}},
	{"solo hardest", []string{"Alice"}, games.Options{"health": 4, "time": 17}},
	{"co-op", []string{"Alice", "Bob"}, nil},
}

// TestPlayoutContract runs games.Playout, which checks after every move that
// the state round-trips, that a refused move changes nothing, and that every
// card and token is conserved; every tenth game is replayed from its log.
func TestPlayoutContract(t *testing.T) {
	t.Parallel()
	count := 40
	if raceEnabled || testing.Short() {
		count = 8
	}
	for _, v := range setups {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			for i := range count {
				o, _ := Kind.Resolve(v.opts)
				setup := games.Setup{Players: v.names, Options: o, Seed: uint64(i + 1)}
				st, log, err := games.Playout(Kind, setup, games.NewRNG(uint64(i)^0x5eed), 5000, func(s games.State) error { return conserve(s.(*State)) })
				if err != nil {
					t.Fatalf("seed %d: %v", i+1, err)
				}
				if i%10 != 0 {
					continue
				}
				back, err := games.Replay(Kind, setup, log)
				if err != nil {
					t.Fatal(err)
				}
				a, _ := st.Encode()
				b, _ := back.Encode()
				if !bytes.Equal(a, b) {
					t.Fatalf("seed %d: replay differs", i+1)
				}
			}
		})
	}
}

// TestPlayoutsEnd plays thousands of seeded games per variant with a random
// legal player (fewer under the race detector); each must end, conserving
// every card and token after every move.
func TestPlayoutsEnd(t *testing.T) {
	t.Parallel()
	count := gameCount(500, 50)
	for _, v := range setups {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			won, longest := 0, 0
			for i := range count {
				s := newTest(t, uint64(1_000_000+i), v.opts, v.names...)
				rng := games.NewRNG(uint64(i) ^ 0xfeed)
				moves := 0
				for ; s.Outcome() == nil; moves++ {
					if moves > 5000 {
						t.Fatalf("seed %d: no end after %d moves", i, moves)
					}
					legal := s.Legal(s.Turn)
					if len(legal) == 0 {
						t.Fatalf("seed %d: no legal move in phase %s", i, s.Phase)
					}
					m := legal[rng.Intn(len(legal))]
					if _, err := s.Apply(s.Turn, m); err != nil {
						t.Fatalf("seed %d: legal %q refused: %v", i, m, err)
					}
					if err := conserve(s); err != nil {
						t.Fatalf("seed %d after %q: %v", i, m, err)
					}
				}
				if s.Won {
					won++
				}
				longest = max(longest, moves)
			}
			t.Logf("%s: %d random games, %d won, longest %d moves", v.name, count, won, longest)
		})
	}
}

// TestPromptsMatchLegal: every button a prompt offers (following Refine
// groups) is a legal move, and every legal move is reachable by buttons.
func TestPromptsMatchLegal(t *testing.T) {
	t.Parallel()
	for _, v := range setups {
		for i := range 10 {
			s := newTest(t, uint64(500+i), v.opts, v.names...)
			rng := games.NewRNG(uint64(i))
			for n := 0; s.Outcome() == nil && n < 3000; n++ {
				legal := s.Legal(s.Turn)
				turn := 0
				for _, p := range s.Prompts() {
					if !p.Standing && (!p.Turn || p.Seat != s.Turn) {
						t.Fatalf("a prompt that is neither the turn nor a standing offer: %+v", p)
					}
					if p.Turn {
						turn++
					}
				}
				if turn != 1 {
					t.Fatalf("want one turn prompt, got %+v", s.Prompts())
				}
				for seat := range s.Players {
					reach := reachableFor(t, s, seat)
					for _, m := range s.Legal(seat) {
						if !reach[m] {
							t.Fatalf("%s: seat %d's legal %q cannot be reached by buttons in %s", v.name, seat+1, m, s.Phase)
						}
					}
				}
				m := legal[rng.Intn(len(legal))]
				if _, err := s.Apply(s.Turn, m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// gameCount is how many games a randomized test plays: normal, or fewer
// under the race detector or -short; HUNTED_GAMES overrides both for long
// measuring runs (the win rates in docs/rules/hunted.md).
func gameCount(normal, fewer int) int {
	if v, err := strconv.Atoi(os.Getenv("HUNTED_GAMES")); err == nil && v > 0 {
		return v
	}
	if raceEnabled || testing.Short() {
		return fewer
	}
	return normal
}
