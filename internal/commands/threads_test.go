package commands

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/storage"
)

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

// The best score of a game in a thread is read over the thread's channel
// and all its threads; a channel that is no thread reads its own.
func TestScoreChannel(t *testing.T) {
	h := newHarness(t)
	ctx := context.Background()
	if err := h.store.RecordThread(ctx, 1, "t1", chanID); err != nil {
		t.Fatal(err)
	}
	if f := h.r.threads.scoreChannel(ctx, "t1"); f.Channel != chanID || !f.WithThreads {
		t.Errorf("a thread's filter: %+v", f)
	}
	if f := h.r.threads.scoreChannel(ctx, chanID); f.Channel != chanID || !f.WithThreads {
		t.Errorf("a channel's filter: %+v", f)
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

// The issue: "Hunted co-op announced as "@ivy vs @jack" (they play
// together)".
func TestCoOpIsAnnouncedAsPartners(t *testing.T) {
	th := &threads{base: &base{games: gameSet{{Kind: &games.Kind{Name: "hunted", Title: "Hunted: Kobayashi Tower", MinPlayers: 1, MaxPlayers: 2}}, tallyGame}}}
	row := &storage.Game{ID: 3, Kind: "hunted", Seats: []storage.Seat{{UserID: "ivy", Name: "ivy"}, {UserID: "jack", Name: "jack"}}}
	if got := th.threadName(row); got != "Hunted #3: ivy and jack (co-op)" {
		t.Errorf("thread name %q", got)
	}
	if got := th.starterMessage(row).Content; strings.Contains(got, " vs ") || !strings.Contains(got, "and <@jack> (co-op)") {
		t.Errorf("starter %q", got)
	}
	row.Kind = "tally"
	if got := th.threadName(row); got != "Tally #3: ivy vs jack" {
		t.Errorf("a game of opponents: %q", got)
	}
}
