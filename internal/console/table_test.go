package console

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"standoff/internal/commands"
	"standoff/storage"
)

// The table's behaviour seen as players see it, through the console.

// "_zed_ abandoned the game." rendered italic: every public line shows a
// display name in its plain form (a mention, @_zed_ in the console, is
// Discord's own rendering and stays).
func TestPublicLinesShowPlainNames(t *testing.T) {
	var out bytes.Buffer
	script := "\"_zed_\": /tally challenge opponent:@bob\n" +
		"\"_zed_\": /game abandon\n" +
		"\"_zed_\": click Abandon the game\n" +
		"\"_zed_\": /tally start\n" +
		"\"**amy**\": click Join\n" +
		"\"**amy**\": click Leave\n" +
		"\"_zed_\": click Leave\n"
	err := Run(context.Background(), strings.NewReader(script), &out, Options{
		DB: filepath.Join(t.TempDir(), "c.db"), Seed: 3, Games: []commands.Game{tallyGame}, Config: commands.DefaultConfig(),
	})
	if err != nil {
		t.Fatal(err)
	}
	raw := regexp.MustCompile(`(^|[^@])(_zed_|\*\*amy\*\*)`)
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "[#") && raw.MatchString(line) {
			t.Errorf("a public line shows a name as typed: %q", line)
		}
	}
	if !strings.Contains(out.String(), "zed abandoned the game") {
		t.Errorf("the abandon line is missing:\n%s", out.String())
	}
}

// Play-testing: "/game turns entries do not name the opponents (Hijack
// game #4 in #hijack-4)": each entry names them as the game does (no
// mention, nobody pinged) and, for a game in its own thread, the thread's
// name and the channel it hangs from.
func TestTurnsNameTheOpponentsAndTheThread(t *testing.T) {
	out := consoleRun(t, filepath.Join(t.TempDir(), "t.db"), "", strings.Join([]string{
		"alice: /tally challenge opponent:@bob opponent2:@carol",
		"bob: click Accept",
		"carol: click Accept",
		"alice: /game turns",
	}, "\n")+"\n")
	want := "[ephemeral alice] 1. Tally game #1 against bob and carol, thread “Tally #1: alice vs bob vs carol” in #general: waiting for you since just now"
	if !strings.Contains(out, want) {
		t.Fatalf("the list lacks %q:\n%s", want, out)
	}
	if i := strings.Index(out, "> alice: /game turns"); strings.Contains(out[i:], "@bob") || strings.Contains(out[i:], "@carol") {
		t.Fatalf("the list pings a player:\n%s", out[i:])
	}
}

// On the console a new game starts a thread named after it and the console
// follows it there; the thread is recorded under its channel (whose best
// scores count it); a game started in the thread stays in it; threads:off
// keeps the next game in its channel.
func TestConsoleThreads(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	out := consoleRun(t, db, "", strings.Join([]string{
		"alice: /tally challenge opponent:@bob",
		"carol: /tally challenge opponent:@dave",
		"channel general",
		"carol: /game status",
		"admin erin",
		"erin: /standoff settings threads:off",
		"erin: /tally challenge opponent:@fay",
	}, "\n")+"\n")
	for _, want := range []string{
		"[#general] New game of **Tally**: @alice vs @bob.",
		`[#general] standoff started thread "Tally #1: alice vs bob" → #tally-1`,
		"[#tally-1] Waiting for @bob to accept.",
		"[ephemeral alice] Challenge sent for Tally game #1. It is played in its thread, #tally-1.",
		"[channel #tally-1] now in the game's thread (`channel general` goes back)",
		"[ephemeral carol] This channel already has a game.",
		"[ephemeral carol] This channel's games are played in their threads: #tally-1 (Tally #1). Run the command there.",
		"New games stay in the channel they are created in (threads:off).",
		"[#general] **Tally** · game #2",
		"[ephemeral erin] Challenge sent for Tally game #2.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the console lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "started thread") != 1 {
		t.Errorf("threads started: %d, want 1:\n%s", strings.Count(out, "started thread"), out)
	}
	st, err := storage.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	if p, ok, err := st.ThreadParent(ctx, "tally-1"); p != "general" || !ok || err != nil {
		t.Errorf("the thread's channel: %q %v %v", p, ok, err)
	}
	for ch, id := range map[string]int64{"tally-1": 1, "general": 2} {
		if g, err := st.OpenGame(ctx, ch); err != nil || g.ID != id {
			t.Errorf("the game in #%s: %+v, %v; want #%d", ch, g, err, id)
		}
	}
}

// The issue: in #general after a game played in its thread, "/game replay
// → There is no such game on this server, /game history → No game has
// been played in this channel yet". Asked in the channel, both find the
// games of its threads: the newest, naming the others.
func TestChannelFindsTheGamesOfItsThreads(t *testing.T) {
	out := consoleRun(t, filepath.Join(t.TempDir(), "t.db"), t.TempDir(), strings.Join([]string{
		"alice: /tally challenge opponent:@bob target:5",
		"bob: click Accept",
		"alice: /tally move move:\"add 3\"",
		"bob: /tally move move:ok",
		"bob: /tally move move:\"add 3\"",
		"channel general",
		"alice: /game status",
		"carol: /tally challenge opponent:@dave",
		"channel general",
		"alice: /game replay",
		"alice: /game history",
		"alice: /game history id:1",
	}, "\n")+"\n")
	for _, want := range []string{
		"[ephemeral alice] No game is open in this channel or its threads. The last one finished in #tally-1 (Tally #1): /game history id:1 shows its moves, /game replay id:1 its replay.",
		"[#general] **Tally** · game #1 · replay in",
		"· played in #tally-1",
		"[ephemeral alice] **Tally** · game #2 · lobby · 0 moves · played in #tally-2",
		"Other games of this channel: Tally #1 in #tally-1. See one with /game history id:1.",
		"[ephemeral alice] **Tally** · game #1 · finished · 3 moves · played in #tally-1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the console lacks %q:\n%s", want, out)
		}
	}
	for _, refused := range []string{"There is no such game", "No game has been played"} {
		if strings.Contains(out, refused) {
			t.Errorf("the channel still says %q:\n%s", refused, out)
		}
	}
}
