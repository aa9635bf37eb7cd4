package hunted

import (
	"testing"

	"standoff/internal/games"
)

// A draw turns up the deck's top card: it can never be taken back.
func TestDrawCannotBeUndone(t *testing.T) {
	st, err := Kind.New(games.Setup{Players: []string{"ann"}, Options: games.Options{"health": 6, "time": 20}, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if err := s.CanUndo(0, "draw"); err == nil {
		t.Fatal("a draw may be taken back although it showed the top card")
	}
	if len(s.Deck) == 0 || s.Turns != 0 {
		t.Fatal("CanUndo changed the state")
	}
}
