package hijack

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// suggest is what the /move autocomplete shows: the game's own completion
// when it offers one, else Legal filtered by prefix; the first 25.
func suggest(gs games.State, seat int, typed string) []string {
	var out []string
	if c, ok := gs.(games.Completer); ok {
		out = c.Complete(seat, typed)
	} else {
		for _, m := range gs.Legal(seat) {
			if strings.HasPrefix(m, typed) {
				out = append(out, m)
			}
		}
	}
	if len(out) > 25 {
		out = out[:25]
	}
	return out
}

// "a-b++" = "Move cell a to b then rotate it twice clockwise": on a cell
// that looks the same turned half way round (O1 O4), h-i+++ is h-i. Look-
// alike turns are listed once, under the shortest spelling, and typing a
// longer one plays that same move.
func TestLookAlikeRotationsAreOneMove(t *testing.T) {
	s := newTest(t, 2, games.Options{"can_rotate": 1, "in_place": 1})
	setPosition(t, s, 0, []int{5, 5}, "h1 h4", "s0")
	legal := legalSet(s, 0)
	for _, m := range []string{"h-i", "h-i+", "h-i-", "h+", "h-"} {
		if !legal[m] {
			t.Errorf("%s not legal", m)
		}
	}
	for _, m := range []string{"h-i++", "h-i+++", "h-i--", "h++", "h+++", "h--"} {
		if legal[m] {
			t.Errorf("%s listed beside the move it looks like", m)
		}
	}
	ev := mustApply(t, s, 0, "h-i+++")
	if s.Last.Move != "h-i" || s.Last.Rotate != 0 || strings.Contains(ev[0].Text, "rotated") {
		t.Fatalf("h-i+++ on O1 O4 played as %q (%q)", s.Last.Move, ev[0].Text)
	}
	if slotsOf(s, "i") != "O1 O4" {
		t.Fatalf("i = %q", slotsOf(s, "i"))
	}
}

// Over random positions with every rotation option, no two listed cell
// moves or rotations of the same cell to the same place leave the same
// board. (Turning a cell in place that holds only one's own marker may
// look like moving that marker within the cell; those are different moves
// of the rulebook and both stay.)
func TestLegalMovesLeaveDistinctBoards(t *testing.T) {
	n := 60
	if testing.Short() || raceEnabled {
		n = 20
	}
	for i, s := range brutePositions(t, n) {
		if !s.Opts.CanRotate {
			continue
		}
		seen := map[string]string{}
		for _, mv := range s.Legal(s.Turn) {
			if mv == "draw" || mv == "refuse" {
				continue
			}
			x := quickClone(s)
			x.Seen, x.Quiet = nil, 0
			mustApply(t, x, x.Turn, mv)
			m, _ := parseMove(mv)
			if m.Kind != moveCell && m.Kind != rotateCell {
				continue
			}
			key := string(boardBytes(x.Board)) + formatMove(move{Kind: m.Kind, From: m.From, To: m.To})
			if prev, dup := seen[key]; dup {
				t.Errorf("position %d: %s and %s leave the same board", i, prev, mv)
			}
			seen[key] = mv
		}
	}
}

func boardBytes(b boardSlots) []byte {
	out := make([]byte, len(b))
	for i, v := range b {
		out[i] = byte(v + 1)
	}
	return out
}

// On a size-6 board, typing "a" lists cell a's own moves before those of
// cells aa, ab, ... (which also start with "a").
func TestCompleteCellBeforeLongerNames(t *testing.T) {
	s := newTest(t, 2, games.Options{"size": 6})
	setPosition(t, s, 0, []int{10, 10}, "a2 a3", "cm0")
	got := suggest(s, 0, "a")
	if len(got) != 25 {
		t.Fatalf("%d suggestions: %v", len(got), got)
	}
	own := 0
	for _, mv := range s.Legal(0) {
		if m, _ := parseMove(mv); cellName(m.From) == "a" {
			own++
		}
	}
	for i, mv := range got {
		m, err := parseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		if fromA := cellName(m.From) == "a"; fromA != (i < own) {
			t.Fatalf("suggestion %d is %s; cell a has %d moves, they come first: %v", i, mv, own, got)
		}
	}
	hasMarkerMove := false
	for _, mv := range got {
		hasMarkerMove = hasMarkerMove || strings.HasPrefix(mv, "a2-")
	}
	if !hasMarkerMove {
		t.Errorf("no move of marker a2 among %v", got)
	}
}

// The parser takes "bi2-bi4" for "bi2-4" and "a1-b1" for "a1-b": such
// spellings get suggestions too, under the canonical spelling, and a typed
// complete move comes first.
func TestCompleteNonCanonicalSpellings(t *testing.T) {
	s := newTest(t, 2, games.Options{"size": 6, "can_rotate": 1})
	setPosition(t, s, 0, []int{10, 10}, "bi2 bi0", "cm0")
	got := suggest(s, 0, "bi2-bi")
	if len(got) != 4 {
		t.Fatalf("bi2-bi: %v, want the 4 moves within cell bi", got)
	}
	for _, mv := range got {
		if m, _ := parseMove(mv); m.Kind != moveMarker || m.From != m.To || cellName(m.From) != "bi" || m.FromSlot != 2 {
			t.Errorf("bi2-bi suggested %s", mv)
		}
	}
	if got := suggest(s, 0, "BI2-BI4"); len(got) == 0 || got[0] != "bi2-4" {
		t.Errorf("BI2-BI4: %v", got)
	}
	// A cell move turned 5 steps clockwise is 1 anticlockwise.
	to := cellName(s.geo.next[s.geo.index["bi"]][0])
	if got := suggest(s, 0, "bi-"+to+"+++++"); len(got) != 1 || got[0] != "bi-"+to+"-" {
		t.Errorf("bi-%s+++++: %v", to, got)
	}
	for _, typed := range []string{"", "b", "bi", "bi2-", "bi-", "d", "dr"} {
		got := suggest(s, 0, typed)
		seen := map[string]bool{}
		for _, mv := range got {
			if seen[mv] {
				t.Errorf("%q: %s listed twice", typed, mv)
			}
			seen[mv] = true
			if _, err := s.Apply(0, mv); err != nil && mv != "draw" {
				t.Errorf("%q: suggested %s is refused: %v", typed, mv, err)
			}
			s = newTest(t, 2, games.Options{"size": 6, "can_rotate": 1})
			setPosition(t, s, 0, []int{10, 10}, "bi2 bi0", "cm0")
		}
	}
	if got := suggest(s, 0, "dr"); len(got) != 1 || got[0] != "draw" {
		t.Errorf("dr: %v", got)
	}
}

// With can_rotate each capture comes in up to six turns: the suggestions
// show the plain captures and other moves first, the turned ones after.
func TestCompleteTurnsAfterPlainMoves(t *testing.T) {
	s := newTest(t, 2, games.Options{"can_rotate": 1})
	setPosition(t, s, 0, []int{5, 5}, "h1", "i5")
	got := s.Complete(0, "h")
	if len(got) < 30 || got[0] != "h-i" {
		t.Fatalf("h: %v", got)
	}
	turned := false
	for _, mv := range got {
		m, _ := parseMove(mv)
		if m.Kind == moveCell && m.Rot != 0 {
			turned = true
		} else if turned {
			t.Fatalf("%s listed after a turned cell move: %v", mv, got)
		}
	}
	if !turned {
		t.Fatalf("no turned move: %v", got)
	}
}
