package hijack

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// walkMenu follows every Refine key from the seat's turn prompt, checking
// each level fits Discord (<= 25 choices, labels <= 80 chars) and returns
// every move reachable and every key visited.
func walkMenu(t *testing.T, s *state, seat int) (map[string]bool, map[string]bool) {
	t.Helper()
	var turn *games.Prompt
	for _, p := range s.Prompts() {
		if p.Seat == seat && p.Turn {
			p := p
			turn = &p
		}
	}
	if turn == nil {
		t.Fatalf("seat %d has no turn prompt", seat)
	}
	moves := map[string]bool{}
	seen := map[string]bool{}
	var visit func(where string, choices []games.Choice)
	visit = func(where string, choices []games.Choice) {
		if len(choices) == 0 || len(choices) > maxChoices {
			t.Fatalf("%s: %d choices", where, len(choices))
		}
		for _, c := range choices {
			if c.Label == "" || len(c.Label) > 80 {
				t.Fatalf("%s: bad label %q", where, c.Label)
			}
			if (c.Move == "") == (c.Refine == "") {
				t.Fatalf("%s: choice %+v needs exactly one of Move and Refine", where, c)
			}
			if c.Move != "" {
				moves[c.Move] = true
				continue
			}
			if seen[c.Refine] {
				continue
			}
			seen[c.Refine] = true
			text, next := s.Refine(seat, c.Refine)
			if text == "" || strings.HasPrefix(text, "That choice is no longer") {
				t.Fatalf("refine %q: %q", c.Refine, text)
			}
			visit(c.Refine, next)
		}
	}
	visit("turn prompt", turn.Choices)
	return moves, seen
}

// Every leaf of the guided menu is a legal move, and every legal move can be
// reached without typing.
func TestMenusCoverLegalMoves(t *testing.T) {
	cases := []struct {
		players int
		opts    games.Options
		moves   int
	}{
		{2, nil, 0},
		{2, nil, 12},
		{3, games.Options{"size": 2, "num_pieces": 20}, 25},
		{2, games.Options{"can_rotate": 1, "in_place": 1, "block_marker": 1}, 16},
		{3, games.Options{"size": 4}, 20},
		{2, games.Options{"size": 6, "num_pieces": 40, "can_rotate": 1}, 40},
		{2, games.Options{"size": 6, "num_pieces": 40, "block_marker": 1}, 90}, // cells picked by row
	}
	rowsUsed := false
	for ci, c := range cases {
		s := newTest(t, c.players, c.opts)
		rng := games.NewRNG(uint64(ci))
		for i := 0; i < c.moves && s.Outcome() == nil; i++ {
			legal := s.boardMoves(s.Turn)
			mustApply(t, s, s.Turn, formatMove(legal[rng.Intn(len(legal))].m))
		}
		if s.Outcome() != nil {
			t.Fatalf("case %d ended early", ci)
		}
		got, keys := walkMenu(t, s, s.Turn)
		rowsUsed = rowsUsed || keys["from"]
		want := legalSet(s, s.Turn)
		for m := range got {
			if !want[m] {
				t.Errorf("case %d: menu offers illegal %q", ci, m)
			}
		}
		for m := range want {
			if !got[m] {
				t.Errorf("case %d: legal %q unreachable from the menu", ci, m)
			}
		}
	}
	if !rowsUsed {
		t.Error("no case needed the row picker for cells")
	}
}

func TestPromptsAndRefineEdges(t *testing.T) {
	s := newTest(t, 2, nil)
	setPosition(t, s, 0, []int{1, 0}, "f4 j4 h1", "a3 k1 j0 j2 j3 h5")
	ps := s.Prompts()
	if len(ps) != 1 || !ps[0].Turn || ps[0].Seat != 0 || ps[0].Default != "" {
		t.Fatalf("prompts %+v", ps)
	}
	if ps[0].Choices[0].Refine != "cap" {
		t.Fatalf("captures are not offered first: %+v", ps[0].Choices[0])
	}
	_, caps := s.Refine(0, "cap")
	if caps[0].Move != "h-j" || !strings.Contains(caps[0].Label, "capture 3 X and 1 O") {
		t.Fatalf("best capture %+v", caps[0])
	}
	if text, ch := s.Refine(1, "cap"); len(ch) != 0 || !strings.Contains(text, "not yours") {
		t.Fatalf("off-turn refine: %q %v", text, ch)
	}
	if text, ch := s.Refine(0, "cell.zz"); !strings.Contains(text, "no longer available") || len(ch) == 0 {
		t.Fatalf("stale key: %q", text)
	}
	// Pages: 30 choices become 24 + "More", then the rest.
	var many []games.Choice
	for i := 0; i < 30; i++ {
		many = append(many, games.Choice{Label: "x", Move: "a0"})
	}
	p1 := page(many, "cm.j", 0)
	if len(p1) != 25 || p1[24].Refine != "cm.j@24" {
		t.Fatalf("page 1: %d, last %+v", len(p1), p1[24])
	}
	if p2 := page(many, "cm.j", 24); len(p2) != 6 {
		t.Fatalf("page 2: %d", len(p2))
	}
}
