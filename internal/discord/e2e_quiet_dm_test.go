package discord_test

import (
	"strings"
	"testing"
	"time"

	"standoff/internal/discordtest"
)

// "Decision DMs ignore quiet hours" (play-test): through discordgo and the
// fake, the DMs sent in their reader's quiet hours carry
// SUPPRESS_NOTIFICATIONS, so Discord notifies her of none of them; another
// player's DMs notify as before.
func TestDMsInQuietHoursAreSilentOnDiscord(t *testing.T) {
	e := newEnv(t, withFake(nil, discordtest.WithLimits(discordtest.NoLimits())))
	// Quiet hours around now, wide enough that the test ends inside them.
	now := time.Now().UTC()
	quiet := now.Add(-time.Hour).Format("15:04") + "-" + now.Add(3*time.Hour).Format("15:04")
	if s := e.reply(alice, general, "game", "notify", discordtest.Opt("quiet", quiet), discordtest.Opt("zone", "UTC")); !strings.Contains(s.Content, "Saved") {
		t.Fatalf("notify answered %q", s.Content)
	}
	e.reply(alice, general, "lockedout", "start")
	for _, who := range []string{bob, carol} {
		lobby, _ := e.fake.LastMessage(general)
		join, _ := findID(lobby, "join:")
		if s := e.click(who, lobby.ID, join); s != "" {
			t.Fatalf("Join answered %q", s)
		}
	}
	lobby, _ := e.fake.LastMessage(general)
	lobbyRow, _ := e.game(general)
	start, _ := findID(lobby, "start:")
	if s := e.click(alice, lobby.ID, start); s != "" {
		t.Fatalf("Start answered %q", s)
	}
	e.settle(general, lobbyRow)
	e.eventually("every player's first DM", func() bool {
		return len(e.fake.DMs(alice)) > 0 && len(e.fake.DMs(bob)) > 0
	})
	for _, m := range e.fake.DMs(alice) {
		if m.Flags&discordtest.FlagSilent == 0 {
			t.Errorf("a DM in alice's quiet hours notifies: %q", m.Content)
		}
	}
	for _, n := range e.fake.NotificationsOf(alice) {
		if n.Cause == discordtest.CauseDM {
			t.Errorf("Discord notified alice of a DM in her quiet hours: %q", n.Content)
		}
	}
	for _, m := range e.fake.DMs(bob) {
		if m.Flags&discordtest.FlagSilent != 0 {
			t.Errorf("bob's DM, outside any quiet hours, comes silently: %q", m.Content)
		}
	}
	e.noErrorLogs()
}
