package discord_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"standoff/internal/discordtest"
	"standoff/storage"
)

// An open lobby's thread is named for its creator's lobby and keeps that
// name as players join; when the lobby starts it is renamed to the game's
// name, once, by a bot-token PATCH the fake counts against its 2 renames
// per 10 minutes. A game started directly is named for its players from
// the start and never renamed, nor is a challenge's thread when it is
// accepted.
func TestLobbyThreadRenamedOnce(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode, withThreads)
		if s := e.reply(alice, general, "hijack", "start", discordtest.Opt("num_pieces", 3)); !strings.Contains(s.Content, "Lobby opened") {
			t.Fatalf("start answered %q", s.Content)
		}
		e.router.Wait()
		ths := e.fake.Threads()
		if len(ths) != 1 || ths[0].Name != "Hijack #1: alice's lobby" {
			t.Fatalf("threads %+v, want alice's lobby", ths)
		}
		th := ths[0].ID
		row := e.joinAndStart(th)
		if got := e.fake.Renames(th); !slices.Equal(got, []string{"Hijack #1: alice vs bob"}) {
			t.Fatalf("renames %q, want the game's name once", got)
		}
		e.playByButtons(alice, th)
		e.playByButtons(bob, th)
		e.router.Wait()
		if got := e.fake.Renames(th); len(got) != 1 {
			t.Errorf("renames after the moves: %q", got)
		}
		if row.Channel != th {
			t.Errorf("the game moved to %s", row.Channel)
		}

		// A challenge's thread is named for its players when it is sent,
		// and keeps that name when it is accepted.
		e.reply(carol, general, "hijack", "challenge", discordtest.Opt("opponent", dave), discordtest.Opt("num_pieces", 3))
		e.router.Wait()
		ths = e.fake.Threads()
		if len(ths) != 2 || ths[1].Name != "Hijack #2: carol vs dave" {
			t.Fatalf("threads %+v", ths)
		}
		ch, _ := e.fake.LastMessage(ths[1].ID)
		accept, _ := findID(ch, "accept:")
		chRow, _ := e.game(ths[1].ID)
		e.click(dave, ch.ID, accept)
		e.settle(ths[1].ID, chRow)
		e.router.Wait()
		if got := e.fake.Renames(ths[1].ID); len(got) != 0 {
			t.Errorf("a challenge's thread was renamed: %q", got)
		}
		// A game that starts as it is created is never renamed.
		e.reply(eve, general, "hunted", "solo")
		e.router.Wait()
		ths = e.fake.Threads()
		if len(ths) != 3 || ths[2].Name != "Hunted #3: eve" {
			t.Fatalf("threads %+v", ths)
		}
		hRow, _ := e.game(ths[2].ID)
		turn := e.turnMessage(ths[2].ID)
		draw, _ := findID(turn, "m:")
		e.click(eve, turn.ID, draw)
		e.settle(ths[2].ID, hRow)
		e.router.Wait()
		if got := e.fake.Renames(ths[2].ID); len(got) != 0 {
			t.Errorf("a game started directly was renamed: %q", got)
		}
		if n := e.fake.Calls(discordtest.RouteModifyChannel); n != 1 {
			t.Errorf("%d channel PATCHes, want the one rename", n)
		}
		e.noErrorLogs()
		e.noErrorsBut()
	})
}

// joinAndStart has bob join alice's lobby in thread th and alice start it,
// checking that the join renamed nothing.
func (e *env) joinAndStart(th string) *storage.Game {
	e.t.Helper()
	lobby, _ := e.fake.LastMessage(th)
	join, _ := findID(lobby, "join:")
	e.click(bob, lobby.ID, join)
	e.router.Wait()
	if got := e.fake.Renames(th); len(got) != 0 {
		e.t.Fatalf("renamed on a join: %q", got)
	}
	lobby, _ = e.fake.Message(lobby.ID)
	start, ok := findID(lobby, "start:")
	if !ok {
		e.t.Fatalf("no Start on %q", lobby.Content)
	}
	lobbyRow, _ := e.game(th)
	e.click(alice, lobby.ID, start)
	row := e.settle(th, lobbyRow)
	e.router.Wait()
	return row
}

// A rename answered 429 waits on spare budget and is made once the limit
// allows; one answered with a server error is not repeated (a repeat could
// spend the second rename of 10 minutes), and the game goes on under the
// lobby's name.
func TestThreadRenameLimitedOrFailed(t *testing.T) {
	e := newEnv(t, withThreads)
	e.reply(alice, general, "hijack", "start", discordtest.Opt("num_pieces", 3))
	e.router.Wait()
	th := e.fake.Threads()[0].ID
	e.fake.RateLimitNext(discordtest.RouteModifyChannel, 1, 50*time.Millisecond)
	e.joinAndStart(th)
	if got := e.fake.Renames(th); !slices.Equal(got, []string{"Hijack #1: alice vs bob"}) {
		t.Fatalf("renames after a 429: %q", got)
	}

	e.fake.FailNext(discordtest.RouteModifyChannel, 1, http.StatusInternalServerError)
	e.reply(alice, other, "hijack", "start", discordtest.Opt("num_pieces", 3))
	e.router.Wait()
	th = e.fake.Threads()[1].ID
	row := e.joinAndStart(th)
	if got := e.fake.Renames(th); len(got) != 0 {
		t.Fatalf("renames after a server error: %q", got)
	}
	if row.Status != storage.Active {
		t.Fatalf("the game after a failed rename: %v", row.Status)
	}
	e.playByButtons(alice, th)
	e.router.Wait()
	if n := e.fake.Calls(discordtest.RouteModifyChannel); n != 3 {
		t.Errorf("%d channel PATCHes, want the 429, the rename and the failed one", n)
	}
	e.noErrorLogs()
}
