package images

import "fmt"

// Counts in words, for every game's pictures and alt text.

// count writes a count with its noun in the right number: "1 pip",
// "3 pips".
func count(n int, noun string) string {
	return fmt.Sprintf("%d %s", n, plural(n, noun))
}

// plural is a noun in the number of a count: "pip", "pips".
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// ptsText abbreviates a score: "1 pt", "27 pts".
func ptsText(n int) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d pt", n)
	}
	return fmt.Sprintf("%d pts", n)
}
