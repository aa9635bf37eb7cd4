package hijacked

import (
	"bytes"
	"errors"
	"os"
	"strconv"
	"testing"

	"standoff/internal/games"
)

// soloSetup is a solo game: seat 0 the human, seat 1 the Cybot.
func soloSetup(seed uint64) games.Setup {
	return games.Setup{Players: []string{"Alice", "Standoff (bot level 1)"}, Seed: seed, Bots: []int{0, 1}}
}

// conserveSolo is conserve with the Cybot's set-aside tokens counted where
// they came from.
func conserveSolo(s *State) error {
	if s.Cybot == nil {
		return conserve(s)
	}
	p := &s.Players[s.Cybot.Seat]
	for d, k := range s.Cybot.SetAside {
		p.Demands[d] += k
	}
	err := conserve(s)
	for d, k := range s.Cybot.SetAside {
		p.Demands[d] -= k
	}
	return err
}

// soloGames is how many random solo games the playout test plays.
func soloGames() int {
	if v, err := strconv.Atoi(os.Getenv("HIJACKED_SOLO_GAMES")); err == nil && v > 0 {
		return v
	}
	if raceEnabled || testing.Short() {
		return 50
	}
	return 1000
}

// TestSoloPlayouts plays a thousand seeded solo games with a random human
// (fewer under -race): every game ends, every move keeps every card, cube,
// demand, die, passenger and pilot, the state round-trips, the Cybot's moves
// are the only thing it ever plays, and replaying the log gives the same
// game (its card draws and dice come from the state's own randomness).
func TestSoloPlayouts(t *testing.T) {
	t.Parallel()
	endings := map[string]int{}
	cybotWins, humanWins := 0, 0
	for i := range soloGames() {
		seed := uint64(7_000_000 + i)
		setup := soloSetup(seed)
		st, log, err := games.Playout(Kind, setup, games.NewRNG(seed^0xc1b07), 20000, func(g games.State) error {
			s := g.(*State)
			if s.Cybot == nil {
				return errors.New("not a solo game")
			}
			return conserveSolo(s)
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, m := range log {
			if m.Seat == 1 && m.Move != moveCybot {
				t.Fatalf("seed %d: the Cybot played %q", seed, m.Move)
			}
		}
		s := st.(*State)
		endings[s.Ending]++
		if s.Ending == endFreed {
			if w := s.Result.Winners(); len(w) == 1 && w[0] == 1 {
				cybotWins++
			} else {
				humanWins++
			}
		}
		if i%50 == 0 {
			back, err := games.Replay(Kind, setup, log)
			if err != nil {
				t.Fatal(err)
			}
			a, _ := st.Encode()
			b, _ := back.Encode()
			if !bytes.Equal(a, b) {
				t.Fatalf("seed %d: replay differs", seed)
			}
		}
	}
	t.Logf("endings %v; freed endings won by the Cybot %d, by the random human %d", endings, cybotWins, humanWins)
}

// TestSoloAgainstSimple plays the Cybot against the simple automated player
// (Kind.Bot on the human seat, answering the Cybot's questions by their
// defaults): the games end, and the Cybot wins some and loses some.
func TestSoloAgainstSimple(t *testing.T) {
	t.Parallel()
	n := 200
	if raceEnabled || testing.Short() {
		n = 20
	}
	wins, rounds, freed := 0, 0, 0
	for i := range n {
		g, err := Kind.New(soloSetup(uint64(9_000 + i)))
		if err != nil {
			t.Fatal(err)
		}
		s := g.(*State)
		for moves := 0; s.Result == nil; moves++ {
			if moves > 5000 {
				t.Fatalf("game %d does not end", i)
			}
			var seat = -1
			for _, p := range s.Prompts() {
				if !p.Standing {
					seat = p.Seat
				}
			}
			if seat < 0 {
				t.Fatalf("game %d: nobody to act", i)
			}
			m, err := bot(s, seat, 1, games.NewRNG(1))
			if err != nil {
				t.Fatalf("game %d: bot: %v", i, err)
			}
			if _, err := s.Apply(seat, m); err != nil {
				t.Fatalf("game %d: %q: %v", i, m, err)
			}
			if err := conserveSolo(s); err != nil {
				t.Fatalf("game %d after %q: %v", i, m, err)
			}
		}
		rounds += s.Round
		if s.Ending == endFreed {
			freed++
			if w := s.Result.Winners(); len(w) == 1 && w[0] == 1 {
				wins++
			}
		}
	}
	t.Logf("%d games: %d freed endings, the Cybot won %d; %.1f rounds on average", n, freed, wins, float64(rounds)/float64(n))
}
