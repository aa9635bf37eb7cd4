package hijacked

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"standoff/internal/games"
)

// TestPlayoutsEnd plays 2100 seeded random games (fewer under the race
// detector) at 2, 3 and 4 players. Each move is chosen by a random prompt, so
// off-turn players take any-time actions at random moments. Every game must
// end, and everything is conserved after every move.
func TestPlayoutsEnd(t *testing.T) {
	t.Parallel()
	count := 700
	if raceEnabled {
		count = 100
	}
	if testing.Short() {
		count = 50
	}
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			t.Parallel()
			endings := map[string]int{}
			longest := 0
			for i := range count {
				s, rounds := randomGame(t, n, uint64(n*10_000_000+i))
				endings[s.Ending]++
				longest = max(longest, rounds)
			}
			t.Logf("%d players, %d games: endings %v, longest %d rounds", n, count, endings, longest)
		})
	}
}

// randomGame plays one game with random prompts and random legal moves.
func randomGame(t *testing.T, n int, seed uint64) (*State, int) {
	t.Helper()
	s, err := New(games.Setup{Players: names[:n], Seed: seed}, Config{First: -1})
	if err != nil {
		t.Fatal(err)
	}
	rng := games.NewRNG(seed ^ 0xfeed)
	for moves := 0; s.Phase != phaseOver; moves++ {
		if moves > 20000 {
			t.Fatalf("%d players seed %d: no end after %d moves", n, seed, moves)
		}
		// A random seat among those who may act (what Prompts offers,
		// without building its menus).
		var seats []int
		var open [][]Action
		for seat := range s.Players {
			if acts := s.Actions(seat); len(acts) > 0 {
				seats = append(seats, seat)
				open = append(open, acts)
			}
		}
		if len(seats) == 0 {
			t.Fatalf("seed %d: nobody may act", seed)
		}
		k := rng.Intn(len(seats))
		seat, acts := seats[k], open[k]
		a := acts[rng.Intn(len(acts))]
		if _, err := s.Do(seat, a); err != nil {
			t.Fatalf("seed %d: legal %q refused: %v", seed, a, err)
		}
		if err := conserve(s); err != nil {
			t.Fatalf("seed %d move %d (%q): %v", seed, moves, a, err)
		}
	}
	enc, _ := s.Encode()
	back, err := Kind.Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	if enc2, _ := back.Encode(); !bytes.Equal(enc, enc2) {
		t.Fatalf("seed %d: final state does not round-trip", seed)
	}
	return s, s.Round
}

// Both ends in one end phase: "The game can end in two ways if in the end
// phase of a round one of the following conditions is met". Alice freed 3
// passengers and a pilot in the action phase, and the police reach the plane
// in the police phase after it: the negotiators' goal ("free at least 3
// passengers and 1 pilot from the plane before the police invade the
// plane") was met first, so the game is scored, and the table is not told
// the police came "before the negotiators freed enough passengers".
func TestFreedBeforeThePoliceReachThePlane(t *testing.T) {
	s := newTest(t, 2, 3)
	s.Police = 1
	s.Players[0].Freed, s.Players[0].Pilots = 3, 1
	s.Passengers, s.Pilots = 9, 3
	must(t, s, 0, "end")
	ev := must(t, s, 1, "end")
	if s.Ending != endFreed || s.Result == nil || s.Result.End == games.EndAllLost || len(s.Result.Winners()) == 0 {
		t.Fatalf("ending %q, outcome %+v", s.Ending, s.Result)
	}
	text := publicText(ev)
	if strings.Contains(text, "stormed the plane") || !strings.Contains(text, "the police reach the plane, but Alice freed 3 passengers and a pilot before they did") {
		t.Fatalf("the end reads:\n%s", text)
	}
}

// The police ending is told only when nobody freed 3 passengers and a pilot,
// and says so.
func TestPoliceEndingSaysNobodyFreedEnough(t *testing.T) {
	s := newTest(t, 2, 3)
	s.Police = 1
	s.Players[0].Freed = 3 // no pilot
	s.Passengers = 9
	must(t, s, 0, "end")
	ev := must(t, s, 1, "end")
	if s.Ending != endPolice || !strings.Contains(publicText(ev), "The police stormed the plane before anyone freed 3 passengers and a pilot: everyone loses.") {
		t.Fatalf("ending %q:\n%s", s.Ending, publicText(ev))
	}
}
