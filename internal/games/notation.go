package games

import "strings"

// Squash folds a typed name for comparison with the names a game knows:
// lower case, letters and digits only, so "Gold  Watch", "gold-watch" and
// "GOLDWATCH" all name the same card.
func Squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}
