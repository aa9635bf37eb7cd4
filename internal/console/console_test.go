package console

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"standoff/internal/commands"
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
				t.Errorf("transcript differs (run go test ./internal/console -run Transcripts -update to accept):\n%s", TranscriptDiff(string(want), string(got)))
			}
		})
	}
}

// runTranscript replays the typed lines of a transcript on a fresh database.
func runTranscript(t *testing.T, transcript []byte) []byte {
	t.Helper()
	var out bytes.Buffer
	err := Run(context.Background(), strings.NewReader(TypedLines(string(transcript))), &out, Options{
		DB: filepath.Join(t.TempDir(), "console.db"), Seed: 7, Games: []commands.Game{tallyGame}, Config: commands.DefaultConfig(), Echo: true,
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
		err := Run(context.Background(), strings.NewReader(script), &out, Options{
			DB: filepath.Join(t.TempDir(), "c.db"), ImagesDir: dir, Seed: 3, Games: []commands.Game{tallyGame}, Config: commands.DefaultConfig(), Echo: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		return strings.ReplaceAll(out.String(), dir, "DIR")
	}
	dir := t.TempDir()
	a := run(dir)
	b := run(t.TempDir())
	if a != b {
		t.Fatalf("same seed and input gave different output:\n%s\n---\n%s", a, b)
	}
	if !strings.Contains(a, "[image: "+filepath.Join("DIR", "001-board.png")+"]") {
		t.Fatalf("image path not printed:\n%s", a)
	}
	data, err := os.ReadFile(filepath.Join(dir, "001-board.png"))
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Fatalf("image not written as PNG: %v", err)
	}
}

// consoleRun runs a console script on a database and an images directory
// ("" for none) and returns what it printed.
func consoleRun(t *testing.T, db, images, script string) string {
	t.Helper()
	var out bytes.Buffer
	err := Run(context.Background(), strings.NewReader(script), &out, Options{
		DB: db, ImagesDir: images, Seed: 3, Games: []commands.Game{tallyGame}, Config: commands.DefaultConfig(), Echo: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// A second console run in the same images directory numbers its pictures
// on from the first run's, so none of those is overwritten.
func TestConsoleRunsDoNotOverwriteImages(t *testing.T) {
	dir := t.TempDir()
	script := "alice: /tally challenge opponent:@bob\nbob: click Accept\n"
	first := consoleRun(t, filepath.Join(t.TempDir(), "a.db"), dir, script)
	before, _ := os.ReadDir(dir)
	if len(before) == 0 || !strings.Contains(first, filepath.Join(dir, "001-board.png")) {
		t.Fatalf("the first run wrote %d pictures:\n%s", len(before), first)
	}
	second := consoleRun(t, filepath.Join(t.TempDir(), "b.db"), dir, script)
	after, _ := os.ReadDir(dir)
	if len(after) != 2*len(before) {
		t.Errorf("%d pictures after two runs of %d each: a run overwrote the other's", len(after), len(before))
	}
	next := fmt.Sprintf("%03d-board.png", len(before)+1)
	if !strings.Contains(second, filepath.Join(dir, next)) || strings.Contains(second, filepath.Join(dir, "001-")) {
		t.Errorf("the second run should number its pictures from %s:\n%s", next, second)
	}
}

// quit and exit leave the console as end of input does: nothing after them
// runs, and the games stay saved for the next console.
func TestConsoleQuit(t *testing.T) {
	for _, word := range []string{"quit", "exit"} {
		db := filepath.Join(t.TempDir(), "q.db")
		out := consoleRun(t, db, "", "alice: /tally challenge opponent:@bob\n"+word+"\nbob: click Accept\n")
		if strings.Contains(out, "unknown console command") || strings.Contains(out, "> bob: click Accept") {
			t.Errorf("%s did not end the console:\n%s", word, out)
		}
		if out := consoleRun(t, db, "", "channel tally-1\nbob: click Accept\n"); !strings.Contains(out, "bob accepted") {
			t.Errorf("the game was not kept after %s:\n%s", word, out)
		}
	}
	if out := consoleRun(t, filepath.Join(t.TempDir(), "q.db"), "", "quit now\n"); !strings.Contains(out, "usage: quit") {
		t.Errorf("quit with words after it: %s", out)
	}
}

// A new console on the database of an earlier one shows each open game's
// controls at once (the earlier console's messages went with it): a lobby
// can be accepted, a turn played and a private decision answered in its DM
// without /game status first.
func TestConsoleResumesOpenGames(t *testing.T) {
	db := filepath.Join(t.TempDir(), "r.db")
	consoleRun(t, db, "", "alice: /tally challenge opponent:@bob\nchannel side\ncarol: /tally challenge opponent:@dave\ndave: click Accept\n"+
		"channel third\neve: /tally challenge opponent:@fay\nfay: click Accept\neve: click Add 3\n")
	// Each game went into a thread of its own, which the new console
	// knows as one: a game started there stays there.
	out := consoleRun(t, db, "", "channel tally-1\nbob: click Accept\nchannel tally-2\ncarol: click Add 3\nfay: click Peek\n"+
		"eve: /tally challenge opponent:@fay\n")
	for _, want := range []string{
		"[console] #tally-1: game #1 (Tally) is still open; its controls again:",
		"[#tally-1] [button: Accept | accept:1:0]",
		"[console] #tally-2: game #2 (Tally) is still open; its controls again:",
		"[#tally-2] [button: Add 3 | m:2:1.",
		"[console] #tally-3: game #3 (Tally) is still open; its controls again:",
		"[DM fay] [button: Peek | m:3:2.",
		"[#tally-1] bob accepted.",
		"This channel already has a game",
		"carol added 3",
		"fay peeked",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the resumed console lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "sees no button") {
		t.Errorf("a control was missing after the restart:\n%s", out)
	}
	// A fresh database has nothing to resume and says nothing.
	if out := consoleRun(t, filepath.Join(t.TempDir(), "f.db"), "", "help\n"); strings.Contains(out, "still open") {
		t.Errorf("a fresh console resumed something:\n%s", out)
	}
}

// select takes an entry by label or by value; a label with commas whole or
// "quoted"; several entries separated by commas; and, when the newest menu
// of that name lacks the entry, an older one with the same custom id (a
// parent menu under its sub-menu).
func TestConsoleSelect(t *testing.T) {
	var out bytes.Buffer
	c := &Console{out: &out, channel: "general"}
	menu := func(opts ...commands.SelectOption) commands.Message {
		return commands.Message{Content: "menu", Rows: []commands.Row{{Select: &commands.Select{CustomID: "s:1:4", Placeholder: "Your move", Options: opts}}}}
	}
	c.record("#general", "", "general", menu(
		commands.SelectOption{Label: "Seat 3 (face down, 4 pips) with your 4", Value: "m|seat 3 4"},
		commands.SelectOption{Label: "Pass", Value: "m|pass"},
		commands.SelectOption{Label: "Trade…", Value: "r|trade"}))
	c.record("ephemeral alice", "alice", "general", menu(
		commands.SelectOption{Label: "Trade red", Value: "m|trade red"},
		commands.SelectOption{Label: "Trade blue", Value: "m|trade blue"}))
	if !strings.Contains(out.String(), "[#general] [select: Your move | s:1:4 | Seat 3 (face down, 4 pips) with your 4 = m|seat 3 4; Pass = m|pass; Trade… = r|trade]") {
		t.Errorf("the menu's entries are printed without their values:\n%s", out.String())
	}
	for _, tc := range []struct {
		typed string
		want  []string
		from  string // the message's where
	}{
		{`select s:1:4 "Seat 3 (face down, 4 pips) with your 4"`, []string{"m|seat 3 4"}, "#general"},
		{`select s:1:4 Seat 3 (face down, 4 pips) with your 4`, []string{"m|seat 3 4"}, "#general"},
		{`select "Your move" m|pass`, []string{"m|pass"}, "#general"},
		{`select Your trade red`, []string{"m|trade red"}, "ephemeral alice"},
		{`select s:1:4 Trade red, m|trade blue`, []string{"m|trade red", "m|trade blue"}, "ephemeral alice"},
		{`select s:1:4 "Seat 3 (face down, 4 pips) with your 4", Pass`, []string{"m|seat 3 4", "m|pass"}, "#general"},
	} {
		in := commands.Interaction{User: commands.User{ID: "alice"}}
		menu, values := selectArgs(tc.typed)
		if err := c.findSelect(&in, menu, values); err != nil {
			t.Errorf("%s: %v", tc.typed, err)
			continue
		}
		if !reflect.DeepEqual(in.Values, tc.want) || in.CustomID != "s:1:4" {
			t.Errorf("%s: picked %q from %s, want %q", tc.typed, in.Values, in.CustomID, tc.want)
		}
		for _, m := range c.msgs {
			if m.id == in.MessageID && m.where != tc.from {
				t.Errorf("%s: picked from %s, want %s", tc.typed, m.where, tc.from)
			}
		}
	}
	in := commands.Interaction{User: commands.User{ID: "alice"}}
	menuName, values := selectArgs(`select s:1:4 Seat 3 (face down`)
	if err := c.findSelect(&in, menuName, values); err == nil || !strings.Contains(err.Error(), `has no entry "Seat 3 (face down"`) || !strings.Contains(err.Error(), "quote") {
		t.Errorf("an entry no menu has: %v", err)
	}
}

// A console started again on an old database goes on from the time the
// last one reached: a game that has waited three days says so, not "just
// now", and its time bank is not refilled by the restart.
func TestConsoleClockIsKeptInItsDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	run := func(script string) string {
		var out bytes.Buffer
		err := Run(context.Background(), strings.NewReader(script), &out, Options{
			DB: db, Seed: 3, Games: []commands.Game{tallyGame}, Config: commands.DefaultConfig(), Echo: true,
		})
		if err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	run("alice: /tally challenge opponent:@bob\nbob: click Accept\nwait 3d\n")
	got := run("alice: /game turns\n")
	t.Log(got)
	if strings.Contains(got, "just now") || !strings.Contains(got, "3 days") {
		t.Fatalf("the second console did not go on from the first one's clock:\n%s", got)
	}
}

// A quoted name may hold what a Discord display name may: markdown too.
func TestConsoleTakesQuotedNames(t *testing.T) {
	var out bytes.Buffer
	err := Run(context.Background(), strings.NewReader("\"_zed_\": /tally challenge opponent:@bob\n"), &out, Options{
		DB: filepath.Join(t.TempDir(), "c.db"), Seed: 3, Games: []commands.Game{tallyGame}, Config: commands.DefaultConfig(), Echo: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "[console]") || !strings.Contains(out.String(), "Accept") {
		t.Fatalf("a quoted name was not taken as a user:\n%s", out.String())
	}
}
