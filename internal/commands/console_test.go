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
				t.Errorf("transcript differs (run go test ./internal/commands -run Transcripts -update to accept):\n%s", diff(string(want), string(got)))
			}
		})
	}
}

// runTranscript replays the typed lines of a transcript on a fresh database.
func runTranscript(t *testing.T, transcript []byte) []byte {
	t.Helper()
	var input strings.Builder
	for _, line := range strings.Split(string(transcript), "\n") {
		if strings.HasPrefix(line, "> ") {
			input.WriteString(strings.TrimPrefix(line, "> ") + "\n")
		}
	}
	var out bytes.Buffer
	err := RunConsole(context.Background(), strings.NewReader(input.String()), &out, ConsoleOptions{
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

func diff(want, got string) string {
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
			return "line " + itoa(i+1) + ":\n  want: " + a + "\n  got:  " + b
		}
	}
	return "(no line differs)"
}

func itoa(n int) string {
	return strings.TrimSpace(strings.Repeat(" ", 0) + fmtInt(n))
}

func fmtInt(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}
