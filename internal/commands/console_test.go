package commands

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected console transcripts from the current output")

// Transcripts are files of console sessions: lines starting "> " are typed,
// the others are what the console must print. Review a transcript like any
// other expected output before committing it.
func TestConsoleTranscripts(t *testing.T) {
	files, err := filepath.Glob("testdata/*.transcript")
	if err != nil || len(files) == 0 {
		t.Fatalf("no transcripts found: %v", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			got := runTranscript(t, want)
			if *update {
				if err := os.WriteFile(file, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if !bytes.Equal(got, want) {
				t.Errorf("transcript differs (run go test ./internal/commands -run Transcripts -update to accept):\n%s", TranscriptDiff(string(want), string(got)))
			}
		})
	}
}

// runTranscript replays the typed lines of a transcript on a fresh database.
func runTranscript(t *testing.T, transcript []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	err := RunConsole(context.Background(), strings.NewReader(TypedLines(string(transcript))), &out, ConsoleOptions{
		DB: filepath.Join(t.TempDir(), "console.db"), Seed: 7, Games: []Game{tallyGame}, Config: DefaultConfig(), Echo: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestConsoleIsDeterministicAndWritesImages(t *testing.T) {
	script := "alice: /tally challenge opponent:@bob\nbob: click Accept\nalice: /tally move move:\"add 2\"\n"
	run := func(dir string) string {
		var out bytes.Buffer
		err := RunConsole(context.Background(), strings.NewReader(script), &out, ConsoleOptions{
			DB: filepath.Join(t.TempDir(), "c.db"), ImagesDir: dir, Seed: 3, Games: []Game{tallyGame}, Config: DefaultConfig(), Echo: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	dir := t.TempDir()
	a := run(dir)
	b := run(dir)
	if a != b {
		t.Fatalf("same seed and input gave different output:\n%s\n---\n%s", a, b)
	}
	if !strings.Contains(a, "[image: "+filepath.Join(dir, "001-board.png")+"]") {
		t.Fatalf("image path not printed:\n%s", a)
	}
	data, err := os.ReadFile(filepath.Join(dir, "001-board.png"))
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Fatalf("image not written as PNG: %v", err)
	}
}
