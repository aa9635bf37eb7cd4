package commands

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Button labels (80) and message parts are cut to fit Discord's limits:
// "never cut mid-fact", so a cut ends after a whole word where one ends
// near the limit, and the result, ellipsis included, fits.
func TestClipFitsAndEndsOnAWord(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 80, "short"},
		{"Bartholomew Longname: Cash an intel for 1 point and then some more words here to pass", 80, "Bartholomew Longname: Cash an intel for 1 point and then some more words here…"},
		{strings.Repeat("x", 100), 80, strings.Repeat("x", 77) + "…"},
		{"Play Supply Closet: Draw up to 5 cards, then discard down to your hand size", 40, "Play Supply Closet: Draw up to 5…"},
		{"Zürich café über alles und noch viel mehr Wörter hier drin", 30, "Zürich café über alles…"},
	} {
		got := clip(c.in, c.n)
		if got != c.want {
			t.Errorf("clip(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
		if len(got) > c.n || !utf8.ValidString(got) {
			t.Errorf("clip(%q, %d) = %q: %d bytes or invalid UTF-8", c.in, c.n, got, len(got))
		}
	}
}
