package hijacked

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// Choosing a face-down passenger card turns it (and its neighbours) up: it
// can never be taken back. Taking a demand shows nothing new and may be.
func TestUndoRefusedOnlyWhenSomethingHiddenTurnsUp(t *testing.T) {
	st, err := Kind.New(games.Setup{Players: []string{"ann", "bo"}, Options: games.Options{}, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	var face, plain string
	for _, m := range s.Legal(s.Turn) {
		if strings.HasPrefix(m, "card ") && face == "" {
			face = m
		}
		if strings.HasPrefix(m, "demand ") && plain == "" {
			plain = m
		}
	}
	if face == "" || plain == "" {
		t.Fatalf("position lacks the moves to test: %v", s.Legal(s.Turn))
	}
	before, _ := s.Encode()
	if err := s.CanUndo(s.Turn, face); err == nil {
		t.Fatalf("%q may be taken back although it turned a card up", face)
	}
	if err := s.CanUndo(s.Turn, plain); err != nil {
		t.Fatalf("%q refused: %v", plain, err)
	}
	if after, _ := s.Encode(); string(after) != string(before) {
		t.Fatal("CanUndo changed the state")
	}
}

// Ending a turn rolls the next player's dice, so it is never taken back,
// and the refusal says so in the game's words rather than the platform's
// "it used chance"; building trust draws cubes blind and says that.
func TestUndoRefusalNamesTheRollOrTheDraw(t *testing.T) {
	s := newTest(t, 2, 5)
	setDice(s, 4, 6)
	err := s.CanUndo(s.Turn, "end")
	if err == nil || !strings.Contains(err.Error(), s.Players[1-s.Turn].Name+"'s dice were rolled") {
		t.Fatalf("end: %v", err)
	}
	var trust string
	for _, m := range s.Legal(s.Turn) {
		if strings.HasPrefix(m, "trust ") {
			trust = m
			break
		}
	}
	if trust == "" {
		t.Fatalf("no trust move in %v", s.Legal(s.Turn))
	}
	if err := s.CanUndo(s.Turn, trust); err == nil || !strings.Contains(err.Error(), "drew cubes from the bag") {
		t.Fatalf("%s: %v", trust, err)
	}
}

// undoableWhole is the platform's whole rule (internal/commands undoable):
// the game does not refuse the move, it tells nobody anything privately
// and it leaves the game's randomness where it was. It plays the move.
func undoableWhole(t *testing.T, s *State, m games.SeatMove) bool {
	t.Helper()
	refused := s.CanUndo(m.Seat, m.Move) != nil
	rng := s.RNG
	ev, err := s.Apply(m.Seat, m.Move)
	if err != nil {
		t.Fatalf("%q: %v", m.Move, err)
	}
	for _, e := range ev {
		refused = refused || e.Seat >= 0
	}
	return !refused && rng == s.RNG
}

// Over random games of 2 to 4 players and solo games: no move that passes
// the turn (and so rolls the next dice) is let through by the game, and
// moves that reveal nothing and draw on no chance (taking a demand, cashing
// one, adjusting a die) may be taken back.
func TestUndoAllowedWhenNothingHiddenOrRandom(t *testing.T) {
	t.Parallel()
	undone := map[string]int{}
	for i := range 40 {
		seed := uint64(300 + i)
		setup := games.Setup{Players: []string{"a", "b", "c", "d"}[:2+i%3], Seed: seed}
		if i%4 == 3 {
			setup = soloSetup(seed)
		}
		_, log, err := games.Playout(Kind, setup, games.NewRNG(seed), 20000, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := Kind.New(setup)
		s := g.(*State)
		for _, m := range log {
			turn, round := s.Turn, s.Round
			allowed := s.CanUndo(m.Seat, m.Move) == nil
			whole := undoableWhole(t, s, m)
			if allowed && (s.Turn != turn || s.Round != round) && s.Phase != phaseOver {
				t.Fatalf("seed %d: %q passed the turn and may be taken back", seed, m.Move)
			}
			if whole {
				undone[strings.Fields(m.Move)[0]]++
			}
		}
	}
	for _, verb := range []string{"demand", "cash", "adjust"} {
		if undone[verb] == 0 {
			t.Errorf("no %q move could be taken back: %v", verb, undone)
		}
	}
	t.Logf("moves that may be taken back, by verb: %v", undone)
}
