package hijacked

import (
	"strings"
	"testing"
)

// Step F, "Reserve an adjacent card, if you want" ("RESERVE AN ADJACENT
// PASSENGER CARD"): the six seats are one row ("the cards to the left and
// right to the chosen card are also revealed"), so after choosing the card
// of seat 3 only seats 2 and 4 may be reserved; a face-up card elsewhere may
// not, and the refusal names the seats that may.
func TestReserveOnlyAdjacent(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 6, "BL1", true)
	setDice(s, 3, 4)
	must(t, s, 0, "card 3 3") // GY3: 40% trust, discarded at once
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	legal := strings.Join(s.Legal(0), "|")
	for _, want := range []string{"reserve 2 4", "reserve 4 4"} {
		if !strings.Contains(legal, want) {
			t.Errorf("%q not legal: %s", want, legal)
		}
	}
	for _, not := range []string{"reserve 1 ", "reserve 3 ", "reserve 5 ", "reserve 6 "} {
		if strings.Contains(legal, not) {
			t.Errorf("%q legal: %s", not, legal)
		}
	}
	err := refuse(t, s, 0, "reserve 6 4")
	if !strings.Contains(err.Error(), "adjacent") || !strings.Contains(err.Error(), "seat 2 or seat 4") {
		t.Fatalf("refusal %q", err)
	}
	must(t, s, 0, "reserve 4 4")
}

// At the end of the row a card has one neighbour; a card taken from the
// draw pile (the top-card bonus tile) has none to reserve.
func TestReserveAtTheEndsOfTheRow(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 3, "BL1", true)
	setDice(s, 1, 4)
	must(t, s, 0, "card 1 1")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	err := refuse(t, s, 0, "reserve 3 4")
	if !strings.Contains(err.Error(), "seat 2, the neighbour of seat 1") {
		t.Fatalf("refusal %q", err)
	}
	must(t, s, 0, "reserve 2 4")

	s = cardPosition(t)
	giveTile(t, s, 0, tileTop)
	setSeat(s, 2, "BL1", true)
	top := data.Cards[s.Draw[len(s.Draw)-1]].Pips
	setDice(s, top, 4)
	must(t, s, 0, "card top "+itoa(top))
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	if err := refuse(t, s, 0, "reserve 2 4"); !strings.Contains(err.Error(), "draw pile has no neighbours") {
		t.Fatalf("refusal %q", err)
	}
}
