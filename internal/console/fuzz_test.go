package console

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/commands"
)

func FuzzSplitWords(f *testing.F) {
	for _, s := range []string{`/hijack move move:"a1-b"`, `a "b c" d`, `"`, `x:"y z"w`, ``} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		words, err := splitWords(s)
		if err != nil {
			return
		}
		for _, w := range words {
			if strings.Contains(w, `"`) {
				t.Fatalf("quote left in word %q", w)
			}
		}
	})
}

// FuzzConsoleLine feeds arbitrary whole lines to a fresh console: it may
// refuse them, never fail.
func FuzzConsoleLine(f *testing.F) {
	for _, s := range []string{"add 1", "add 9", "ok", "m:1:1:add 3", "r:1:1:add", "s:1:1", "alice: /tally move move:x", "bob: click Peek", "wait 1h", "alice: select x y,z", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var out bytes.Buffer
		err := Run(context.Background(), strings.NewReader(s+"\n"), &out, Options{
			DB: filepath.Join(t.TempDir(), "f.db"), Games: []commands.Game{tallyGame}, Config: commands.DefaultConfig()})
		if err != nil && !strings.Contains(err.Error(), "token too long") {
			t.Fatalf("console line %q: %v", s, err)
		}
	})
}
