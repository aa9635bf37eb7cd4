package hunted

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// reachable follows every button and guided menu of the prompts of the
// seat on turn and returns the moves they play; it fails on a menu over
// Discord's limit or a button that is not legal.
func reachable(t *testing.T, s *State) map[string]bool {
	t.Helper()
	return reachableFor(t, s, s.Turn)
}

// reachableFor is reachable for any seat's prompts.
func reachableFor(t *testing.T, s *State, seat int) map[string]bool {
	t.Helper()
	legal := s.Legal(seat)
	reach := map[string]bool{}
	var walk func(cs []games.Choice, depth int)
	walk = func(cs []games.Choice, depth int) {
		if len(cs) > maxChoices {
			t.Fatalf("%d choices in one menu", len(cs))
		}
		for _, c := range cs {
			if c.Move != "" {
				if !has(legal, c.Move) {
					t.Fatalf("button %q plays %q, which is not legal", c.Label, c.Move)
				}
				reach[c.Move] = true
			} else if depth < 6 {
				_, sub := s.Refine(seat, c.Refine)
				walk(sub, depth+1)
			}
		}
	}
	for _, p := range s.Prompts() {
		if p.Seat == seat {
			walk(p.Choices, 0)
		}
	}
	return reach
}

// TestGuidedPayment: with more ways to pay than one menu holds, the payers
// are chosen one at a time, and every way stays reachable.
func TestGuidedPayment(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D19", "I01", "I02", "I03", "I09", "I13", "H01", "H03", "H06", "D12")
	pays := s.payments(0, "D19")
	if len(pays) <= maxChoices {
		t.Fatalf("only %d ways to pay: the test needs more than a menu holds", len(pays))
	}
	reach := reachable(t, s)
	for _, p := range pays {
		m := "activate D19 with " + strings.Join(p, " ")
		if !reach[m] {
			t.Fatalf("%q cannot be reached by buttons", m)
		}
	}
	_, first := s.Refine(0, "act:D19")
	if len(first) == 0 || first[0].Refine == "" {
		t.Fatalf("the first step should choose one payer: %+v", first)
	}
	must(t, s, "activate D19 with I01 I02 I03")
	if len(s.Players[0].Row) != 6 {
		t.Fatalf("row %v", s.Players[0].Row)
	}
}

// TestRefineStale: a guided menu opened for a card no longer there says so.
func TestRefineStale(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D07", "I04")
	if text, cs := s.Refine(0, "act:D08"); len(cs) != 0 || !strings.Contains(text, "no longer") {
		t.Fatalf("%q %v", text, cs)
	}
	if text, cs := s.Refine(1, "act"); len(cs) != 0 || !strings.Contains(text, "not your move") {
		t.Fatalf("%q %v", text, cs)
	}
}
