package console

import (
	"fmt"
	"strings"
)

// A transcript is a console session saved with its output: the lines the
// console echoed as "> typed line" and everything it printed. Replaying the
// typed lines on a fresh database must print the transcript again, which is
// how the console's output is pinned down in tests.

// TypedLines returns the input of a transcript, one command per line.
func TypedLines(transcript string) string {
	var in strings.Builder
	for _, line := range strings.Split(transcript, "\n") {
		if typed, ok := strings.CutPrefix(line, "> "); ok {
			in.WriteString(typed + "\n")
		}
	}
	return in.String()
}

// TranscriptDiff describes the first line where two transcripts differ, or
// returns "" when they are the same.
func TranscriptDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n  want: %s\n  got:  %s", i+1, a, b)
		}
	}
	return ""
}
