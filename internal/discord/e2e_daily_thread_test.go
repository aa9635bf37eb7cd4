package discord_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"standoff/internal/discordtest"
	"standoff/storage"
)

// "A player's daily run is played where others cannot see its cards before
// they play their own: in the player's DM with the bot, or a private thread
// where the bot may create one (`/standoff settings` chooses)". A server
// set to daily:thread gets a private thread (type 12, not invitable) per
// run in the channel it was asked in, with the player its only member
// beside the bot; the run is played there by buttons, nobody else may act
// in it, and nothing of it reaches the channel before its end, when the
// channel gets its spoiler-free result alone.
func TestDailyRunInAPrivateThread(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode)
		e.fake.SetPermissions(carol, discordtest.DefaultMemberPermissions|discordtest.PermManageGuild)
		if ans := e.reply(carol, general, "standoff", "settings", discordtest.Opt("daily", "thread")); !strings.Contains(ans.Content, "daily:thread") {
			t.Fatalf("the setting answered %q", ans.Content)
		}
		before := len(e.fake.Messages(general))
		from := len(e.fake.Requests())
		ans := e.reply(alice, general, "hunted", "daily")
		e.router.Wait()
		// The player is added before anything of the run is posted there.
		if got := e.botRequestsSince(from); len(got) < 3 || !slices.Equal(got[:3], []string{discordtest.RouteStartThread,
			discordtest.RouteAddThreadMember, discordtest.RouteSendMessage}) {
			t.Errorf("bot-token requests of a run in a private thread: %v", got)
		}
		ths := e.fake.Threads()
		if len(ths) != 1 {
			t.Fatalf("threads %+v, want one", ths)
		}
		th := ths[0]
		if th.Type != discordtest.ChannelPrivateThread || th.ParentID != general || th.Invitable || th.Name != "Hunted daily: alice" || th.Starter != "" {
			t.Fatalf("thread %+v, want a private, not invitable thread of #general", th)
		}
		if !ans.Ephemeral || !strings.Contains(ans.Content, "private thread <#"+th.ID+">") {
			t.Errorf("the answer does not link the private thread: %+v", ans)
		}
		if mem := e.fake.ThreadMembers(th.ID); !slices.Equal(mem, []string{discordtest.DefaultBotID, alice}) {
			t.Errorf("members %v, want the bot and alice alone", mem)
		}
		if e.fake.CanSee(bob, th.ID) || !e.fake.CanSee(alice, th.ID) {
			t.Error("the thread is not alice's alone")
		}
		row, _ := e.game(th.ID)
		turn := e.turnMessage(th.ID)
		draw, ok := findID(turn, "m:")
		if !ok {
			t.Fatalf("no move on the run's turn message: %v", turn.CustomIDs())
		}
		if _, err := e.fake.Click(bob, turn.ID, draw); err == nil || !strings.Contains(err.Error(), "private thread") {
			t.Errorf("bob clicked in alice's private thread: %v", err)
		}
		for i := 0; i < 2; i++ {
			turn = e.turnMessage(th.ID)
			draw, _ = findID(turn, "m:")
			e.click(alice, turn.ID, draw)
			row = e.settle(th.ID, row)
		}
		if e.moves(row.ID) != 2 {
			t.Fatalf("%d moves, want 2", e.moves(row.ID))
		}
		if n := len(e.fake.Messages(general)); n != before {
			t.Errorf("the run posted %d messages in the channel before its end", n-before)
		}
		// Played to its end by buttons: a move on offer if there is one,
		// else the guided menus to one.
		for n := 0; row.Status != storage.Finished; n++ {
			if n == 600 {
				t.Fatalf("the run did not end in %d moves", n)
			}
			turn = e.turnMessage(th.ID)
			if id, ok := findID(turn, "m:"); ok {
				e.click(alice, turn.ID, id)
				row = e.settle(th.ID, row)
				continue
			}
			msg, id, value := e.guided(alice, turn)
			if value != "" {
				e.choose(alice, msg.ID, id, value)
			} else {
				e.click(alice, msg.ID, id)
			}
			row = e.settle(th.ID, row)
			if row.Status != storage.Finished && len(e.fake.Messages(general)) != before {
				t.Fatalf("the run posted in the channel before its end, at move %d", e.moves(row.ID))
			}
		}
		t.Logf("the run ended after %d moves", e.moves(row.ID))
		e.router.Wait()
		e.eventually("the run's result in the channel", func() bool { return len(e.fake.Messages(general)) == before+1 })
		res := e.fake.Messages(general)[before]
		head, _, _ := strings.Cut(res.Content, "||")
		if !strings.Contains(head, "daily run of") || !strings.Contains(head, "'s run: ") || len(res.Attachments) != 0 {
			t.Errorf("the channel's result %q", res.Content)
		}
		if mem := e.fake.ThreadMembers(th.ID); !slices.Equal(mem, []string{discordtest.DefaultBotID, alice}) {
			t.Errorf("members at the end %v", mem)
		}
		e.noErrorLogs()
	})
}

// A player who sends /hunted daily twice before the first is answered (a
// double tap on a phone) gets one run in one private thread: the second is
// told the run is being set up, or, when it comes after, shown the run.
// Thread creation is slowed so that the second comes while the first is
// still making its thread.
func TestADoubleDailyMakesOneThread(t *testing.T) {
	e := newEnv(t)
	e.fake.SetPermissions(carol, discordtest.DefaultMemberPermissions|discordtest.PermManageGuild)
	e.reply(carol, general, "standoff", "settings", discordtest.Opt("daily", "thread"))
	e.fake.SetDelay(discordtest.RouteStartThread, 300*time.Millisecond)
	first := e.must(e.fake.RunCommand(alice, general, "hunted", "daily"))
	second := e.must(e.fake.RunCommand(alice, general, "hunted", "daily"))
	_, a := e.answered(first)
	_, b := e.answered(second)
	e.router.Wait()
	if ths := e.fake.Threads(); len(ths) != 1 {
		t.Fatalf("%d threads for one run: %+v", len(ths), ths)
	}
	begun := 0
	for _, ans := range []discordtest.Message{a, b} {
		switch {
		case strings.Contains(ans.Content, "has begun"):
			begun++
		case strings.Contains(ans.Content, "being set up"), strings.Contains(ans.Content, "daily run"):
		default:
			t.Errorf("an answer says neither: %q", ans.Content)
		}
		if !ans.Ephemeral {
			t.Errorf("an answer is public: %q", ans.Content)
		}
	}
	if begun != 1 {
		t.Errorf("%d answers say the run has begun, want 1: %q, %q", begun, a.Content, b.Content)
	}
	e.noErrorLogs()
}

// Where the bot may not create a private thread (no Create Private
// Threads in the channel), the run is played in the DM, and the answer
// says why.
func TestDailyRunFallsBackToTheDM(t *testing.T) {
	e := newEnv(t)
	e.fake.SetPermissions(carol, discordtest.DefaultMemberPermissions|discordtest.PermManageGuild)
	e.reply(carol, general, "standoff", "settings", discordtest.Opt("daily", "thread"))
	e.fake.DenyBot(general, discordtest.PermCreatePrivateThreads, true)
	ans := e.reply(alice, general, "hunted", "daily")
	e.router.Wait()
	if !strings.Contains(ans.Content, "in your DMs with me") || !strings.Contains(ans.Content, "Create Private Threads") {
		t.Errorf("the answer does not say the run is in the DM and why: %q", ans.Content)
	}
	if ths := e.fake.Threads(); len(ths) != 0 {
		t.Errorf("threads %+v", ths)
	}
	if n := len(e.fake.Messages(general)); n != 0 {
		t.Errorf("%d messages in the channel", n)
	}
	e.noErrorLogs()
}
