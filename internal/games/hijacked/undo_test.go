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
