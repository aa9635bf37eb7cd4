package hijacked

import (
	"testing"
)

// FuzzParseMove: any text either parses to an action whose written form
// parses back to the same action, or is refused with a message; Apply never
// panics and a refused move changes nothing.
func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{"card 3 5", "card top 4b", "card 2", "play intel", "discard", "reserve 4 2m",
		"trust 3 6", "persuade 1 2 5", "retreat 1 6", "demand 4", "bonus 2", "adjust 6 - food", "keep mini", "end",
		"free passenger blue", "free pilot green", "cash food", "medal 2", "tile pilot BL1 GR4 YE2", "tile mini",
		"tile give food:2 crypto:3", "tile salvage bl3", "tile trust 2", "", "card 9 9", "adjust 7 + x", "tile give :"} {
		f.Add(seed)
	}
	s := newTest(f, 3, 1)
	base, _ := s.Encode()
	f.Fuzz(func(t *testing.T, text string) {
		a, err := parseMove(text)
		if err == nil {
			back, err := parseMove(a.String())
			if err != nil || back.String() != a.String() {
				t.Fatalf("%q -> %q -> %v %q", text, a.String(), err, back.String())
			}
		} else if err.Error() == "" {
			t.Fatalf("%q: empty error", text)
		}
		st, _ := decode(base)
		c := st.(*State)
		for seat := range c.Players {
			if _, err := c.Apply(seat, text); err != nil {
				after, _ := c.Encode()
				if string(after) != string(base) {
					t.Fatalf("refused %q changed the state", text)
				}
			} else {
				return
			}
		}
	})
}
