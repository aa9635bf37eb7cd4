package hijack

import (
	"testing"

	"standoff/internal/games"
)

// Assumption (docs/rules/hijack.md): "When all remaining players agree the
// game is drawn." and "Draws rank all remaining players first, removed
// players after them." A draw says so in its outcome, so that stats count
// it as a draw for each of them and not as a win.
func TestDrawIsNoWin(t *testing.T) {
	s := newTest(t, 2, nil)
	mustApply(t, s, 0, "draw")
	mustApply(t, s, 1, "draw")
	o := s.Outcome()
	if o == nil || o.End != games.EndDraw || o.ResultOf(0) != games.Drew || o.ResultOf(1) != games.Drew {
		t.Fatalf("draw by agreement: %+v", o)
	}
	// The picture's standings read from the view: a draw, not two winners.
	for _, p := range s.Public().(*View).Players {
		if !p.Drew || p.Rank != 1 {
			t.Fatalf("player view after a draw: %+v", p)
		}
	}
}
