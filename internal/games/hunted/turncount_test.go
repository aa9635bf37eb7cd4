package hunted

import "testing"

// TestTurnCountSolo: alone, "On your turn, you have the choice of two
// actions: draw a card from the Hunted deck or hide", and a turn message
// for every card drawn made a run fifty and more pictures long. The count
// (a new turn message) moves on when a row begins afresh: at the first draw
// after a hide or after terrorists discarded the row. The draws of one
// row, what they bring and the hide that ends it edit one message.
func TestTurnCountSolo(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = []string{"HG1"}
	s.Out = append(s.Out, "CH")
	s.stack(t, "I01", "D03", "I04", "T01", "T02", "H01")
	start := s.TurnCount()
	must(t, s, "draw")
	must(t, s, "draw")
	if s.TurnCount() != start {
		t.Fatalf("draws into the same row: turn %d, want %d", s.TurnCount(), start)
	}
	must(t, s, "hide")
	if s.TurnCount() != start {
		t.Fatalf("the hide that ends the row: turn %d, want %d (it belongs to the row it clears)", s.TurnCount(), start)
	}
	must(t, s, "draw")
	if s.TurnCount() != start+1 {
		t.Fatalf("the first draw after hiding: turn %d, want %d", s.TurnCount(), start+1)
	}
	must(t, s, "draw") // Lookout
	must(t, s, "draw") // Gunman: a second terrorist card, the row is discarded
	if s.Fight == nil || s.TurnCount() != start+1 {
		t.Fatalf("the attack belongs to its row: fight %+v, turn %d", s.Fight, s.TurnCount())
	}
	s.forceDice(t, 6, 6)
	must(t, s, "fight 1 HG1")
	if s.Phase == phaseReward {
		must(t, s, "take none")
	}
	if s.TurnCount() != start+1 {
		t.Fatalf("the fight's end: turn %d, want %d", s.TurnCount(), start+1)
	}
	s.Discard = append(s.Discard, s.Deck...)
	s.Deck = []string{}
	s.stack(t, "H01")
	must(t, s, "draw")
	if s.TurnCount() != start+2 {
		t.Fatalf("the first draw after the attack cleared the row: turn %d, want %d", s.TurnCount(), start+2)
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
