package commands

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/internal/games/hijack"
	"standoff/internal/games/hunted"
	"standoff/storage"
)

// withRealGames serves Hijack and Hunted beside the test game.
func (h *harness) withRealGames() {
	h.r = New(Deps{Store: h.store, Transport: h.rec, Games: []Game{tallyGame, {Kind: hijack.Kind}, {Kind: hunted.Kind}},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
}

func (h *harness) move(user, kind, move string) {
	h.t.Helper()
	mustEphemeral(h.t, h.cmd(user, kind, "move", "move="+move), "Played")
}

// Issue 21: "Draws count as wins in /game stats and the leaderboard (a drawn
// Hijack game: '1 played, 1 won'). Count draws as draws, shared victories as
// shared." and "Losing tables rank oddly: everyone lost -> '3. alice / 3.
// bob / 3. carol'; a lost co-op run ranks both '2.'. A loss for all is
// reported as such." Also: "The co-op score is credited to one player
// only."
func TestStatsCountDrawsSharedWinsAndLossesForAll(t *testing.T) {
	h := newHarness(t)
	h.withRealGames()

	// A Hijack game drawn by agreement.
	mustEphemeral(t, h.cmd("alice", "hijack", "challenge", "opponent=bob"), "Challenge sent")
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	first := h.game().Seats[0].UserID
	second := h.game().Seats[1].UserID
	h.move(first, "hijack", "draw")
	h.move(second, "hijack", "draw")
	if g := h.game(); g.Status != storage.Finished {
		t.Fatalf("the agreed draw did not end the game: %s", g.Status)
	}
	end := h.turn().m.Content
	if !strings.Contains(end, "Drawn: ") || strings.Contains(end, "1. ") {
		t.Fatalf("a draw is shown with places: %q", end)
	}
	mustEphemeral(t, h.cmd("alice", "game", "stats"), "Hijack: 1 played, 0 won, 1 drawn, 0 lost")

	// A co-op Hunted run given up: both players lost, with the team's score.
	mustEphemeral(t, h.cmd("alice", "hunted", "challenge", "opponent=bob"), "Challenge sent")
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	mustEphemeral(t, h.confirmed(h.cmdIn("bob", "game", "resign")), "")
	if g := h.game(); g.Status != storage.Finished {
		t.Fatalf("the resigned co-op run is %s", g.Status)
	}
	end = h.turn().m.Content
	if !strings.Contains(end, "Everyone lost: ") || strings.Contains(end, "2. ") || strings.Contains(end, "1. ") {
		t.Fatalf("a loss for all is shown with places: %q", end)
	}
	// Both players lost; the run's score (all health and time kept, given
	// up at once) is no best score.
	lost := 0
	for _, res := range mustResults(t, h) {
		if res.Kind == "hunted" {
			if res.Outcome != string(games.Lost) || res.Score != nil {
				t.Fatalf("co-op result %+v", res)
			}
			lost++
		}
	}
	if lost != 2 {
		t.Fatalf("%d results for a co-op run", lost)
	}
	mustEphemeral(t, h.cmd("bob", "game", "stats"), "**Bob** on this server: 2 games, 0 won, 1 drawn, 1 lost.")

	// A shared victory counts as a win, shown as shared.
	if err := h.store.AddResults(context.Background(), []storage.Result{
		{GameID: 1, Seat: 5, Guild: "g", Channel: chanID, Kind: "hijack", UserID: "carol", Rank: 1, Players: 2, FinishedAt: h.now, Outcome: string(games.Shared)},
	}); err != nil {
		t.Fatal(err)
	}
	lb := h.cmd("alice", "game", "leaderboard").Message.Content
	lines := strings.Split(lb, "\n")
	if len(lines) != 4 || lines[1] != "1. <@carol>: 1 won (1 shared) of 1" || !strings.Contains(lb, "<@alice>: 0 won, 1 drawn of 2") {
		t.Fatalf("leaderboard %q", lb)
	}

	// Results kept before outcomes were: the draw is labelled again, and
	// the lost run loses the score it was credited with then.
	old := 36
	for _, seat := range []int{0, 1} {
		if err := h.store.SetOutcome(context.Background(), 1, seat, "", nil); err != nil {
			t.Fatal(err)
		}
		if err := h.store.SetOutcome(context.Background(), 2, seat, "", &old); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.r.Backfill(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, res := range mustResults(t, h) {
		if res.GameID == 1 && res.UserID != "carol" && (res.Outcome != string(games.Drew) || res.Score == nil) {
			t.Fatalf("old result not labelled as a draw: %+v", res)
		}
		if res.GameID == 2 && (res.Outcome != string(games.Lost) || res.Score != nil) {
			t.Fatalf("old result of a lost run not labelled: %+v", res)
		}
	}
}
