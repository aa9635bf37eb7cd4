package hijacked

import (
	"regexp"
	"strings"
	"testing"
)

// oneOfMany is a count of one with a plural noun: "1 pips", "+1 points".
var oneOfMany = regexp.MustCompile(`(^|[^0-9])[+-]?1 (\w+ )?(points|pips|passengers|pilots|dice|minutes|medals|cubes|cards)\b`)

// Player-facing text counts in correct English: "1 point", "1 pip",
// "1 passenger, 1 pilot", "1 mini die".
func TestTextsPluralize(t *testing.T) {
	s := newTest(t, 3, 3)
	setSeat(s, 2, "GY1", false) // face down, 1 pip
	s.Players[0].Freed, s.Players[0].Pilots = 1, 1
	s.Passengers, s.Pilots = 11, 3
	s.Players[1].Score = 1
	s.MiniDice = 1
	giveTile(t, s, 0, tileGive)
	setDice(s, 1, 6)
	var all []string
	all = append(all, s.Public().(*PublicView).Text())
	for _, p := range s.Prompts() {
		all = append(all, p.Text)
		for _, c := range p.Choices {
			all = append(all, c.Label)
			if c.Refine != "" {
				_, more := s.Refine(p.Seat, c.Refine)
				for _, m := range more {
					all = append(all, m.Label)
				}
			}
		}
	}
	all = append(all, publicText(must(t, s, 0, "tile give intel:2")))
	text := strings.Join(all, "\n")
	for _, want := range []string{"(face down, 1 pip)", "[2 face down: 1 pip]", "1 passenger, 1 pilot", "1 mini die", "+1 point.", "Bob: 1 point"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in\n%s", want, text)
		}
	}
	if m := oneOfMany.FindString(text); m != "" {
		t.Errorf("%q in\n%s", m, text)
	}
}

// The text status shows recognition as the picture does, in points: "points
// from the recognition track" with the sheet's -2 / -1 / 0 / 3, so a thumb
// not yet on the track reads -2, not 0.
func TestRecognitionTextIsPoints(t *testing.T) {
	s := newTest(t, 2, 3)
	s.Players[1].Thumb = 3
	text := s.Public().(*PublicView).Text()
	if !strings.Contains(text, "recognition -2 (thumb not on the track)") || !strings.Contains(text, "recognition +3 (thumb on space 3)") {
		t.Fatalf("recognition in\n%s", text)
	}
	if l := s.scoreLine(0); l.Recognition != -2 {
		t.Fatalf("scoring counts %d", l.Recognition)
	}
}
