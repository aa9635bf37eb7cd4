package discord_test

import (
	"strings"
	"testing"

	"standoff/internal/discordtest"
)

// TestPrivateDecisionAnsweredThroughItsInteraction: a Locked Out player who
// answers a private decision in their DM gets their next private message
// as a follow-up of that click, and the clicked message's controls come
// off through it too. Neither is a request with the bot's token, which
// Discord's global limit of 50 a second counts: the actor's own DM costs
// the bot nothing. It runs in both modes: over HTTP the first answer is
// the HTTP response, and the follow-up must still come after it.
func TestPrivateDecisionAnsweredThroughItsInteraction(t *testing.T) {
	inModes(t, testPrivateDecisionAnsweredThroughItsInteraction)
}

func testPrivateDecisionAnsweredThroughItsInteraction(t *testing.T, mode envOption) {
	e := newEnv(t, mode, withFake(nil, discordtest.WithLimits(discordtest.NoLimits())))
	row := e.challengedLockedOut()

	decisions, followed := 0, 0
	for decisions < 6 {
		user, dm, ok := e.nextDMDecision(&row)
		if !ok {
			break
		}
		mark := len(e.fake.Requests())
		e.playGuided(user, dm)
		row = e.settle(general, row)
		decisions++
		for _, r := range e.fake.Requests()[mark:] {
			if r.User != user || r.Channel != e.fake.DMChannelID(user) {
				continue
			}
			if r.BotToken && (r.Route == discordtest.RouteSendMessage || r.Route == discordtest.RouteEditMessage) {
				t.Errorf("decision %d: %s's own DM was answered with the bot's token: %s", decisions, names[user], r.Route)
			}
			if r.Route == discordtest.RouteFollowup && r.Status < 300 {
				followed++
			}
		}
		if after, _ := e.fake.Message(dm.ID); len(after.CustomIDs()) != 0 {
			t.Errorf("decision %d: the clicked DM kept its controls %v", decisions, after.CustomIDs())
		}
	}
	if decisions == 0 || followed == 0 {
		t.Fatalf("%d private decisions answered in DMs, %d private messages as follow-ups: the game gave nothing to check", decisions, followed)
	}
	for _, u := range []string{alice, bob, carol} {
		for _, m := range e.fake.DMs(u) {
			if m.ChannelID != e.fake.DMChannelID(u) || !strings.Contains(m.Content, "private to you") {
				t.Errorf("DM to %s: %q in %s", names[u], m.Content, m.ChannelID)
			}
		}
	}
	e.noErrorLogs()
}
