package discord_test

import (
	"testing"

	"standoff/internal/discordtest"
)

// Accept and Start are clicks like a move's: the lobby's controls come off
// and the first turn message is posted through the click's interaction,
// which Discord does not count against the bot's 50 requests a second.
// Before, both went out with the bot token.
func TestLobbyClicksAnswerThroughTheirInteraction(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode)
		botRequestsAfter := func(from int) []discordtest.Request {
			var out []discordtest.Request
			for _, r := range e.fake.Requests()[from:] {
				if r.BotToken && r.Channel == general {
					out = append(out, r)
				}
			}
			return out
		}
		followUpsAfter := func(from int) int {
			n := 0
			for _, r := range e.fake.Requests()[from:] {
				if r.Route == discordtest.RouteFollowup && r.Channel == general {
					n++
				}
			}
			return n
		}

		// A challenge accepted.
		e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob))
		lobby, _ := e.fake.LastMessage(general)
		row, _ := e.game(general)
		accept, ok := findID(lobby, "accept:")
		if !ok {
			t.Fatalf("lobby without Accept: %v", lobby.CustomIDs())
		}
		from := len(e.fake.Requests())
		if s := e.click(bob, lobby.ID, accept); s != "" {
			t.Fatalf("bob's Accept answered %q", s)
		}
		e.settle(general, row)
		e.router.Wait()
		if got := botRequestsAfter(from); len(got) != 0 {
			t.Errorf("Accept made %d bot-token requests in the channel: %+v", len(got), got)
		}
		if n := followUpsAfter(from); n != 1 {
			t.Errorf("Accept posted %d follow-ups, want the first turn message as one", n)
		}
		if _, err := e.fake.Click(bob, lobby.ID, accept); err == nil {
			t.Error("the lobby kept its Accept button after the game began")
		}
		turn := e.turnMessage(general)
		if len(turn.Attachments) != 1 {
			t.Errorf("first turn message has %d pictures", len(turn.Attachments))
		}
		e.reply(alice, general, "game", "abandon")
		e.router.Wait()

		// A lobby started by its creator, in another channel.
		e.reply(carol, other, "hijack", "start")
		lobby, _ = e.fake.LastMessage(other)
		join, _ := findID(lobby, "join:")
		if s := e.click(dave, lobby.ID, join); s != "" {
			t.Fatalf("dave's Join answered %q", s)
		}
		lobby, _ = e.fake.Message(lobby.ID)
		start, ok := findID(lobby, "start:")
		if !ok {
			t.Fatalf("lobby without Start: %v", lobby.CustomIDs())
		}
		row, _ = e.game(other)
		from = len(e.fake.Requests())
		if s := e.click(carol, lobby.ID, start); s != "" {
			t.Fatalf("carol's Start answered %q", s)
		}
		e.settle(other, row)
		e.router.Wait()
		for _, r := range e.fake.Requests()[from:] {
			if r.BotToken && r.Channel == other {
				t.Errorf("Start made a bot-token request in the channel: %+v", r)
			}
		}
	})
}
