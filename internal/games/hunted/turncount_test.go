package hunted

import "testing"

// TestTurnCountSolo: "On your turn, you have the choice of two actions:
// draw a card from the Hunted deck or hide." Alone, each draw and each hide
// begins a new turn (the platform starts a new turn message then); what
// follows a draw (activating cards, a fight) stays in its turn.
func TestTurnCountSolo(t *testing.T) {
	s := staged(t)
	s.stack(t, "I01", "D03", "I04")
	start := s.TurnCount()
	must(t, s, "draw")
	if s.TurnCount() != start+1 {
		t.Fatalf("a draw: turn %d, want %d", s.TurnCount(), start+1)
	}
	must(t, s, "draw")
	must(t, s, "hide")
	if s.TurnCount() != start+3 {
		t.Fatalf("draw, draw, hide: turn %d, want %d (the hide is a turn of its own)", s.TurnCount(), start+3)
	}
	must(t, s, "draw")
	if s.TurnCount() != start+4 {
		t.Fatalf("a draw after hiding: turn %d, want %d", s.TurnCount(), start+4)
	}
}

// TestTurnCountCoop: "You'll play the game exactly like one-player mode,
// but you'll alternate taking turns." "When you're done with any card
// interactions, it is the other player's turn"; after a hide "It is now
// the other player's turn." A co-op turn, its draw included, is one turn:
// it moves on only when the turn passes.
func TestTurnCountCoop(t *testing.T) {
	s := coop(t)
	s.stack(t, "I01", "H01")
	start := s.TurnCount()
	must(t, s, "draw")
	if s.TurnCount() != start {
		t.Fatalf("the turn's own draw moved the count: %d, was %d", s.TurnCount(), start)
	}
	must(t, s, "end")
	if s.TurnCount() != start+1 || s.Turn != 1 {
		t.Fatalf("after end: turn count %d (want %d), seat %d on turn", s.TurnCount(), start+1, s.Turn)
	}
	must(t, s, "hide")
	if s.TurnCount() != start+2 || s.Turn != 0 {
		t.Fatalf("after the partner hides: turn count %d (want %d), seat %d on turn", s.TurnCount(), start+2, s.Turn)
	}
}
