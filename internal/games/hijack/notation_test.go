package hijack

import (
	"strings"
	"testing"
)

// The syntax section: "a5" = Add a marker at a5. "a1-b" = Move marker a1 to
// b1. "a1-4" = Move marker a1 to a4. "a1-b4" = Move marker a1 to b4. "a-b" =
// Move cell a to b. "a-b++" = Move cell a to b then rotate it twice
// clockwise. "a-" = Rotate cell a once anticlockwise without moving.
func TestParseSeedSyntax(t *testing.T) {
	cases := []struct {
		in   string
		want move
	}{
		{"a5", move{Kind: addMarker, From: 0, FromSlot: 5}},
		{"a1-b", move{Kind: moveMarker, From: 0, FromSlot: 1, To: 1, ToSlot: 1}},
		{"a1-4", move{Kind: moveMarker, From: 0, FromSlot: 1, To: 0, ToSlot: 4}},
		{"a1-b4", move{Kind: moveMarker, From: 0, FromSlot: 1, To: 1, ToSlot: 4}},
		{"a-b", move{Kind: moveCell, From: 0, To: 1}},
		{"a-b++", move{Kind: moveCell, From: 0, To: 1, Rot: 2}},
		{"a-b-", move{Kind: moveCell, From: 0, To: 1, Rot: -1}},
		{"a-", move{Kind: rotateCell, From: 0, Rot: -1}},
		{"a+", move{Kind: rotateCell, From: 0, Rot: 1}},
		{"draw", move{Kind: offerDraw}},
		{"refuse", move{Kind: refuseDraw}},
	}
	for _, c := range cases {
		got, err := parseMove(c.in)
		if err != nil || got != c.want {
			t.Errorf("parse %q = %+v, %v; want %+v", c.in, got, err, c.want)
			continue
		}
		if f := formatMove(got); f != c.in {
			t.Errorf("format %+v = %q, want %q", got, f, c.in)
		}
	}
}

func TestParseForgiving(t *testing.T) {
	cases := map[string]string{
		"  A5 ":     "a5",
		"H1 - J":    "h1-j",
		"h1-h4":     "h1-4",
		"h1-j1":     "h1-j",
		"h-j+++++":  "h-j-",
		"h----":     "h++",
		"aa3-ab":    "aa3-ab",
		"AB-CM+":    "ab-cm+",
		"Decline":   "refuse",
		"h - j + +": "h-j++",
	}
	for in, want := range cases {
		m, err := parseMove(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if got := formatMove(m); got != want {
			t.Errorf("%q formats as %q, want %q", in, got, want)
		}
	}
}

func TestParseErrors(t *testing.T) {
	cases := map[string]string{
		"":        "empty",
		"a":       "no move",
		"a6":      "no slot 6",
		"a12":     "one digit",
		"a1-":     "expected a cell or a slot",
		"a1-1":    "onto itself",
		"a1-a":    "onto itself",
		"a-a":     "onto itself",
		"a+-":     "unexpected",
		"a++++++": "1 to 5 steps",
		"5a":      "expected a cell name",
		"a1b":     "expected the end",
		"a-b3":    "unexpected",
		"zzzzz1":  "not a cell name",
		"a1-b2c":  "unexpected",
		"hello!":  "not a cell name",
	}
	for in, want := range cases {
		_, err := parseMove(in)
		if err == nil {
			t.Errorf("%q parsed", in)
			continue
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %q lacks %q", in, err, want)
		}
	}
}

// Every legal move on every board size round-trips through the parser.
func TestLegalRoundTrip(t *testing.T) {
	for _, opts := range allOptionSets() {
		s := newTest(t, 2, opts)
		setPosition(t, s, 0, []int{3, 3}, "f4 j4 h1", "a3 k1 j0 j2 j3 h5")
		for _, m := range s.Legal(0) {
			mv, err := parseMove(m)
			if err != nil || formatMove(mv) != m {
				t.Fatalf("%q: %v / %q", m, err, formatMove(mv))
			}
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{"a5", "a1-b", "a1-4", "a1-b4", "a-b", "a-b++", "a-", "a+", "draw", "refuse",
		"aa3-cm2", "h-j-----", "A1 - B", "a1-", "--", "+", "a--b", "z9", "\x00not a move", "ééé"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, in string) {
		m, err := parseMove(in)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		text := formatMove(m)
		back, err := parseMove(text)
		if err != nil || back != m || formatMove(back) != text {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", in, m, text, back, err)
		}
		// Applying any parsed move must not panic and, if refused, must
		// leave the game unchanged.
		s := newTest(t, 2, nil)
		setPosition(t, s, 0, []int{3, 3}, "f4 j4 h1", "a3 k1 j0 j2 j3 h5")
		before, _ := s.Encode()
		if _, err := s.Apply(0, in); err != nil {
			if after, _ := s.Encode(); string(after) != string(before) {
				t.Fatalf("refused %q changed the state", in)
			}
		}
	})
}
