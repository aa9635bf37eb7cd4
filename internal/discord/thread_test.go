package discord

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A game's thread is archived after the longest of Discord's durations not
// past what the router asks; anything shorter than an hour is an hour.
func TestArchiveMinutes(t *testing.T) {
	for d, want := range map[time.Duration]int{
		7 * 24 * time.Hour: 10080, 30 * 24 * time.Hour: 10080, 3 * 24 * time.Hour: 4320,
		24 * time.Hour: 1440, 2 * time.Hour: 60, time.Minute: 60,
	} {
		if got := archiveMinutes(d); got != want {
			t.Errorf("archiveMinutes(%v) = %d, want %d", d, got, want)
		}
	}
}

// The bot may start a game's thread with Create Public Threads and Send
// Messages in Threads (or Administrator); otherwise the reason names what
// it lacks. Permissions not sent are taken as the invite's.
func TestCannotThread(t *testing.T) {
	both := int64(discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads | discordgo.PermissionViewChannel)
	for _, c := range []struct {
		perms int64
		lacks []string
	}{
		{0, nil},
		{both, nil},
		{discordgo.PermissionAdministrator, nil},
		{both &^ discordgo.PermissionCreatePublicThreads, []string{"Create Public Threads"}},
		{both &^ discordgo.PermissionSendMessagesInThreads, []string{"Send Messages in Threads"}},
		{discordgo.PermissionViewChannel, []string{"Create Public Threads", "Send Messages in Threads"}},
	} {
		got := cannotThread(c.perms)
		if (got == "") != (len(c.lacks) == 0) {
			t.Errorf("perms %b: %q", c.perms, got)
		}
		for _, l := range c.lacks {
			if !strings.Contains(got, l) {
				t.Errorf("perms %b: %q does not name %s", c.perms, got, l)
			}
		}
	}
}

// Only a slash command from a thread reads as one: the interaction's
// partial channel says so, which discordgo does not decode.
func TestInThread(t *testing.T) {
	slash := &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{Type: discordgo.InteractionApplicationCommand}}
	click := &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{Type: discordgo.InteractionMessageComponent}}
	thread := []byte(`{"type":2,"channel":{"id":"9","type":11}}`)
	if !inThread(slash, thread) || inThread(click, thread) {
		t.Error("a slash command in a thread: not read as one, or a click read")
	}
	for _, raw := range []string{`{"type":2,"channel":{"id":"9","type":0}}`, `{"type":2}`, `not json`} {
		if inThread(slash, []byte(raw)) {
			t.Errorf("%s read as a thread", raw)
		}
	}
}
