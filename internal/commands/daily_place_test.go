package commands

import (
	"context"
	"strings"
	"testing"
)

// "in the player's DM with the bot, or a private thread where the bot may
// create one (`/standoff settings` chooses)": Manage Server chooses, DM
// is the default, /game settings says which, and a wrong value is refused
// with the right ones.
func TestServerChoosesWhereDailyRunsArePlayed(t *testing.T) {
	h := newHarness(t)
	daily := func(user, value string, admin bool) Response {
		in := Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(user)},
			Command: "standoff", Sub: "settings", Options: map[string]string{"daily": value}, CanManageServer: admin}
		return h.r.Handle(context.Background(), in)
	}
	mustEphemeral(t, h.settingsCmd("bob", "g", "", false), "Daily runs are played in the player's DM with me (daily:dm, the default).")
	mustEphemeral(t, daily("bob", "thread", false), "Only someone with the Manage Server permission")
	mustEphemeral(t, daily("ann", "channel", true), `Option daily is dm or thread, not "channel".`)
	mustEphemeral(t, daily("ann", "thread", true), "Daily runs are played in a private thread of the channel they are asked in, where I may create one (daily:thread).")
	mustEphemeral(t, h.settingsCmd("bob", "g", "", false), "daily:thread")
	mustEphemeral(t, h.settingsCmd("bob", "other", "", false), "daily:dm, the default")
	mustEphemeral(t, daily("ann", "dm", true), "daily:dm")
}

// A private thread's name says whose run of which game it is, within
// Discord's 100 characters.
func TestDailyThreadName(t *testing.T) {
	if got := dailyThreadName("Hunted: Kobayashi Tower", "alice"); got != "Hunted daily: alice" {
		t.Fatalf("name %q", got)
	}
	if got := []rune(dailyThreadName("Hijacked", strings.Repeat("é", 200))); len(got) != maxThreadName {
		t.Fatalf("a long name has %d characters", len(got))
	}
}
