package discord_test

import (
	"testing"
	"time"

	"standoff/internal/discord"
	"standoff/internal/discordtest"
)

// TestChannelHeldBackIsOwedNotWaitedFor: a Locked Out decision answered in
// a DM changes the channel with the bot's token, which Discord's global
// limit can hold back for seconds. The game must not stay locked that
// long (the bot would wait up to its MaxWait, here two minutes): its
// publishing ends at once with the turn message owed, and the message is
// made on its own once the limit has passed, with no other move.
func TestChannelHeldBackIsOwedNotWaitedFor(t *testing.T) {
	const held = 8 * time.Second
	e := newEnv(t, withPatience(time.Minute), withFake(nil, discordtest.WithLimits(discordtest.NoLimits())),
		withOptions(func(o *discord.Options) { o.MaxWait = 2 * time.Minute }))
	row := e.challengedLockedOut()

	owed := 0
	for tried := 0; owed == 0 && tried < 20; tried++ {
		user, dm, ok := e.nextDMDecision(&row)
		if !ok {
			break
		}
		mark := len(e.fake.Requests())
		e.fake.GlobalRateLimit(held)
		e.playGuided(user, dm) // returns once the move's publishing has ended
		for _, r := range e.fake.Requests()[mark:] {
			if r.Channel == general && r.BotToken && r.Status < 300 {
				t.Fatalf("the channel was updated (%s) before the publishing ended: the game's lock was held through the limit", r.Route)
			}
		}
		after, _ := e.game(general)
		if !after.PostPending && !after.RefreshPending {
			// This decision changed nothing in the channel: let the
			// limit pass and try the next one.
			time.Sleep(held)
			row = e.settle(general, row)
			continue
		}
		owed++
		e.eventually("the owed turn message to be made", func() bool {
			g, _ := e.game(general)
			return !g.PostPending && !g.RefreshPending
		})
		made := false
		for _, r := range e.fake.Requests()[mark:] {
			made = made || r.Channel == general && r.BotToken && r.Status < 300 &&
				(r.Route == discordtest.RouteSendMessage || r.Route == discordtest.RouteEditMessage)
		}
		if !made {
			t.Fatal("the owed turn message was marked made, yet the channel got no message or edit")
		}
		row = e.settle(general, row)
	}
	if owed == 0 {
		t.Fatal("no decision answered in a DM changed the channel: nothing was checked")
	}
	if !e.logs.has("waits for Discord's rate limits") {
		t.Error("the hold-up was not logged")
	}
}
