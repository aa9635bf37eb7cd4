package commands

import (
	"context"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/storage"
)

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
