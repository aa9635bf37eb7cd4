package hijack

import (
	"regexp"
	"strings"
	"testing"

	"standoff/internal/games"
)

// oneOfMany finds a count of one with a plural noun: "(1 ways)".
var (
	oneOfMany = regexp.MustCompile(`\b1 (ways|destinations|markers|cells|moves)\b`)
	oneOf     = regexp.MustCompile(`\(1 (way|destination)\)`)
)

// Menu labels write counts in correct English: "Capture enemy markers (1
// way)", "Move cell d (1 destination)". Along random games every level of
// the menu is read.
func TestMenuLabelsPluralize(t *testing.T) {
	sawOne := map[string]bool{}
	for g := range 6 {
		s := newTest(t, 2, nil)
		rng := games.NewRNG(uint64(100 + g))
		for i := 0; i < 40 && s.Outcome() == nil; i++ {
			seat := s.Turn
			var visit func(choices []games.Choice, depth int)
			visit = func(choices []games.Choice, depth int) {
				for _, c := range choices {
					if oneOfMany.MatchString(c.Label) {
						t.Fatalf("label %q", c.Label)
					}
					if m := oneOf.FindStringSubmatch(c.Label); m != nil {
						sawOne[m[1]] = true
					}
					if c.Refine != "" && depth < 2 {
						_, next := s.Refine(seat, c.Refine)
						visit(next, depth+1)
					}
				}
			}
			for _, p := range s.Prompts() {
				if p.Seat == seat {
					visit(p.Choices, 0)
				}
			}
			legal := s.boardMoves(seat)
			mustApply(t, s, seat, formatMove(legal[rng.Intn(len(legal))].m))
		}
	}
	if !sawOne["way"] || !sawOne["destination"] {
		t.Fatalf("no label with a count of one was seen: %v", sawOne)
	}
}

// The issue: the draw offer said "type "draw" to accept or "refuse"" where
// buttons exist: it says to press them, and typing still works.
func TestDrawOfferSaysToPressTheButtons(t *testing.T) {
	s := newTest(t, 2, nil)
	ev, err := s.Apply(s.Turn, "draw")
	if err != nil {
		t.Fatal(err)
	}
	if len(ev) == 0 || !strings.Contains(ev[0].Text, "with the buttons") || !strings.Contains(ev[0].Text, `type "draw" or "refuse"`) {
		t.Fatalf("draw offer: %+v", ev)
	}
}
