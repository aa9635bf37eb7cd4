package commands

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// messagesSince lists the messages recorded after the n-th: "#channel: text"
// or "DM user: text".
func (h *harness) messagesSince(n int) []string {
	h.rec.mu.Lock()
	defer h.rec.mu.Unlock()
	var out []string
	for _, m := range h.rec.msgs[n:] {
		if m.dm != "" {
			out = append(out, "DM "+m.dm+": "+m.m.Content)
		} else {
			out = append(out, "#"+m.channel+": "+m.m.Content)
		}
	}
	return out
}

// hours advances the clock an hour at a time, ticking as the bot does.
func (h *harness) hours(n int) {
	for i := 0; i < n; i++ {
		h.now = h.now.Add(time.Hour)
		h.tick()
	}
}

// A player who asked for DMs is reminded by DM, not mentioned in the
// channel; one whose DMs are closed is mentioned after all.
func TestReminderTheWayThePlayerChose(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.run("g", "c1", "alice", "game", "notify", "how=dm"), "Saved")
	h.tallyIn("g", "c1")
	n := h.rec.count()
	h.hours(12)
	got := h.messagesSince(n)
	if len(got) != 1 || !strings.HasPrefix(got[0], "DM alice: Reminder: Tally game #1 in <#c1> has been waiting for you for 12 hours.") {
		t.Fatalf("the reminder: %q", got)
	}
	if m := h.rec.last("", "alice"); len(links(m.m)) != 1 {
		t.Fatalf("the reminder has no link to the game: %+v", m.m.Rows)
	}
	h.rec.closed["alice"] = true
	n = h.rec.count()
	h.hours(24)
	got = h.messagesSince(n)
	if len(got) != 1 || !strings.HasPrefix(got[0], "#c1: **Tally** · game #1\nReminder: <@alice>") {
		t.Fatalf("DMs closed: %q", got)
	}
}

// Quiet hours: no reminder then; what was due comes when they end, as one
// message (a mention in the channel, for a player who asked for mentions).
func TestQuietHoursHoldTheReminder(t *testing.T) {
	h := newHarness(t) // 12:00 UTC
	mustEphemeral(t, h.run("g", "c1", "alice", "game", "notify", "quiet=22:00-07:00", "zone=UTC"), "Saved")
	h.tallyIn("g", "c1")
	n := h.rec.count()
	h.hours(18) // to 06:00: the reminder came due at midnight, in quiet hours
	if got := h.messagesSince(n); len(got) != 0 {
		t.Fatalf("during quiet hours: %q", got)
	}
	h.hours(1) // 07:00
	got := h.messagesSince(n)
	want := "#c1: **Tally** · game #1\n<@alice>: Tally game #1 has been waiting for you for 19 hours; no turn limit.\n(Held through your quiet hours or time away.)"
	if len(got) != 1 || got[0] != want {
		t.Fatalf("at the end of quiet hours: %q\nwant %q", got, want)
	}
	h.hours(2)
	if got := h.messagesSince(n); len(got) != 1 {
		t.Fatalf("released twice: %q", got)
	}
}

// What a move held for a player in quiet hours (the presenter decides it
// from her settings, delivery keeps it back) comes at their end as one DM over every game, naming only
// what still waits on them.
func TestHeldNotificationsComeAsOneMessage(t *testing.T) {
	h := newHarness(t)
	h.now = time.Date(2026, 3, 1, 23, 0, 0, 0, time.UTC)
	mustEphemeral(t, h.run("g", "c1", "alice", "game", "notify", "how=dm", "quiet=22:00-07:00"), "Saved")
	ctx := context.Background()
	var games []*table
	for _, c := range []string{"c1", "c2", "c3"} {
		row := h.tallyIn("g", c)
		tb, err := h.r.reload(ctx, row.ID)
		if err != nil {
			t.Fatal(err)
		}
		games = append(games, tb)
	}
	for _, tb := range games {
		// Each game's first turn is alice's: in her quiet hours it pinged
		// nobody and told her nothing (her hand's DM is her private view,
		// not a notice); it waits for 07:00.
		for _, m := range h.rec.msgs {
			if m.dm == "alice" && strings.Contains(m.m.Content, "waiting for you") || slices.Contains(m.m.Mentions, "alice") {
				t.Fatalf("alice was told during her quiet hours in game #%d: %+v", tb.row.ID, m)
			}
		}
	}
	h.typed("g", "c2", "alice", "add 1") // alice played c2 herself meanwhile
	n := h.rec.count()
	h.hours(7) // to 06:00
	if got := h.messagesSince(n); len(got) != 0 {
		t.Fatalf("before the end of quiet hours: %q", got)
	}
	h.hours(1)
	got := h.messagesSince(n)
	if len(got) != 1 || !strings.HasPrefix(got[0], "DM alice: Held for you while you were not to be disturbed, and still waiting:") ||
		!strings.Contains(got[0], "Tally game #1") || !strings.Contains(got[0], "Tally game #3") || strings.Contains(got[0], "game #2") {
		t.Fatalf("the release: %q", got)
	}
}

// A daily digest instead of pings: no reminder, one DM a day at the time
// asked listing the games waiting (none on a day nothing waits).
func TestDailyDigest(t *testing.T) {
	h := newHarness(t) // Sun 1 Mar 12:00 UTC
	mustEphemeral(t, h.run("g", "c1", "alice", "game", "notify", "digest=08:00", "zone=Europe/Paris"), "the next on Mon 2 Mar 08:00 CET")
	h.tallyIn("g", "c1")
	h.tallyIn("g", "c2")
	n := h.rec.count()
	h.hours(19) // 07:00 UTC = 08:00 in Paris
	got := h.messagesSince(n)
	if len(got) != 1 || !strings.HasPrefix(got[0], "DM alice: **Your daily digest**\n**Your turn** in 2 games on any server") {
		t.Fatalf("the first digest, and no reminder: %q", got)
	}
	h.typed("g", "c1", "alice", "add 1")
	h.typed("g", "c2", "alice", "add 1")
	n = h.rec.count()
	h.hours(24)
	for _, m := range h.messagesSince(n) {
		if strings.HasPrefix(m, "DM alice") {
			t.Fatalf("a digest on a day nothing waits: %q", m)
		}
	}
	if p, _ := h.store.Player(context.Background(), "alice"); !p.DigestNext.Equal(time.Date(2026, 3, 4, 7, 0, 0, 0, time.UTC)) {
		t.Fatalf("the next digest: %v", p.DigestNext)
	}
}

// The heads-up goes to the player next after the one on turn, unless they
// made the move themselves.
func TestHeadsUpNotice(t *testing.T) {
	h := newHarness(t)
	h.run("g", chanID, "bob", "game", "notify", "next=true", "how=dm")
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "opponent2=carol"), "Challenge sent")
	for _, who := range []string{"bob", "carol"} {
		h.click(who, h.rec.last(chanID, ""), "Accept")
	}
	// alice's turn began: bob, next after her, asked to hear it by DM.
	if m := h.rec.last("", "bob"); m == nil || !strings.Contains(m.m.Content, "you are next, after Alice") {
		t.Fatalf("bob's heads-up: %+v", m)
	}
	if m := h.rec.last("", "carol"); m != nil && strings.Contains(m.m.Content, "you are next") {
		t.Fatalf("carol asked for no heads-up: %q", m.m.Content)
	}
	ctx := context.Background()
	tb, _ := h.r.reload(ctx, h.game().ID)
	if line := awayLines(tb.row.Seats, map[string]storage.Player{"carol": {Settings: rhythm.Settings{AwayFrom: h.now, AwayUntil: h.now.Add(48 * time.Hour)}}}, h.now); line != "Carol is away until Tue 3 Mar 12:00 UTC: their turn limit and reminders wait." {
		t.Fatalf("away line: %q", line)
	}
}

// "Decision DMs ignore quiet hours" (play-test): a DM notifies as a ping
// does, so the ones sent in a player's quiet hours come silently (the
// notice that the game waits on her is held to their end), while another
// player's, outside his, notify as before.
func TestDMsInQuietHoursComeSilently(t *testing.T) {
	h := newHarness(t)
	h.now = time.Date(2026, 3, 1, 23, 0, 0, 0, time.UTC)
	mustEphemeral(t, h.run("g", "c1", "alice", "game", "notify", "quiet=22:00-07:00", "zone=UTC"), "Saved")
	h.tallyIn("g", "c1")
	h.typed("g", "c1", "alice", "add 1")
	dms := func(user string) []Message {
		h.rec.mu.Lock()
		defer h.rec.mu.Unlock()
		var out []Message
		for _, m := range h.rec.msgs {
			if m.dm == user {
				out = append(out, m.m)
			}
		}
		return out
	}
	for user, silent := range map[string]bool{"alice": true, "bob": false} {
		got := dms(user)
		if len(got) == 0 {
			t.Fatalf("%s was sent no DM: the test checks nothing", user)
		}
		for _, m := range got {
			if m.Silent != silent {
				t.Fatalf("%s's DM comes silently: %v, want %v: %q", user, m.Silent, silent, m.Content)
			}
		}
	}
}
