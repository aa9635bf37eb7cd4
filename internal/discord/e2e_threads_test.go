package discord_test

import (
	"slices"
	"strings"
	"testing"

	"standoff/internal/discordtest"
	"standoff/storage"
)

// botRequestsSince lists the bot-token requests the fake answered after
// the first n it logged (the ones Discord's global limit counts).
func (e *env) botRequestsSince(n int) []string {
	var out []string
	for _, r := range e.fake.Requests()[n:] {
		if r.BotToken {
			out = append(out, r.Route)
		}
	}
	return out
}

// onlyClearedControls checks that the bot-token requests since the first n
// are at most edits in channel: a guided move takes the old turn message's
// controls off on spare budget, as it does in a channel; everything the
// move shows goes through its interactions.
func (e *env) onlyClearedControls(n int, channel string) {
	e.t.Helper()
	for _, r := range e.fake.Requests()[n:] {
		if r.BotToken && (r.Route != discordtest.RouteEditMessage || r.Channel != channel) {
			e.t.Errorf("a move in the thread made a bot-token request %s in %s", r.Route, r.Channel)
		}
	}
}

// playByButtons plays one move of user's through the guided controls of
// the game's turn message in channel, and waits for the game to move on.
func (e *env) playByButtons(user, channel string) {
	e.t.Helper()
	row, _ := e.game(channel)
	msg, id, value := e.guided(user, e.turnMessage(channel))
	if value != "" {
		e.choose(user, msg.ID, id, value)
	} else {
		e.click(user, msg.ID, id)
	}
	e.settle(channel, row)
}

// A challenge starts a thread from a starter message that pings nobody;
// the challenge in the thread pings the challenged player, once; the game
// is the thread's, is played there by interactions in the thread (no
// bot-token request per move), and its players become the thread's
// members.
func TestChallengeStartsAThread(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode, withThreads)
		from := len(e.fake.Requests())
		ans := e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("num_pieces", 3))
		e.router.Wait()
		ths := e.fake.Threads()
		if len(ths) != 1 {
			t.Fatalf("threads %+v, want one", ths)
		}
		th := ths[0]
		if th.ParentID != general || th.Name != "Hijack #1: alice vs bob" || th.AutoArchive != 10080 || th.Starter != th.ID {
			t.Errorf("thread %+v", th)
		}
		if !strings.Contains(ans.Content, "Challenge sent") || !strings.Contains(ans.Content, "<#"+th.ID+">") || !ans.Ephemeral {
			t.Errorf("the answer does not link the thread: %+v", ans)
		}
		// Starting it cost three bot-token requests: the starter, the
		// thread, the challenge in it.
		if got := e.botRequestsSince(from); !slices.Equal(got, []string{discordtest.RouteSendMessage,
			discordtest.RouteStartThreadFromMessage, discordtest.RouteSendMessage}) {
			t.Errorf("bot-token requests of a challenge in a thread: %v", got)
		}
		starter, _ := e.fake.Message(th.Starter)
		if ms := e.fake.Messages(general); len(ms) != 1 || ms[0].ID != starter.ID {
			t.Errorf("the channel holds %d messages, want the starter alone", len(ms))
		}
		if len(starter.Mentions) != 0 || !strings.Contains(starter.Content, "<@"+bob+">") || !strings.Contains(starter.Content, "Hijack") {
			t.Errorf("starter %q pings %v; it should name the players and ping nobody", starter.Content, starter.Mentions)
		}
		row, _ := e.game(th.ID)
		if row.Channel != th.ID || row.Guild != guild {
			t.Fatalf("the game lives in %s, want its thread %s", row.Channel, th.ID)
		}
		lobby, _ := e.fake.LastMessage(th.ID)
		accept, ok := findID(lobby, "accept:")
		if !ok {
			t.Fatalf("no Accept in the thread: %q", lobby.Content)
		}
		if n := e.fake.NotificationsOf(bob); len(n) != 1 || n[0].Channel != th.ID || n[0].Message != lobby.ID {
			t.Errorf("bob's notifications %+v, want the challenge in the thread, once", n)
		}
		if n := e.fake.NotificationsOf(alice); len(n) != 0 {
			t.Errorf("alice was notified of her own challenge: %+v", n)
		}
		e.click(bob, lobby.ID, accept)
		e.settle(th.ID, row)
		if mem := e.fake.ThreadMembers(th.ID); !slices.Contains(mem, bob) || !slices.Contains(mem, alice) {
			t.Errorf("thread members %v, want both players", mem)
		}
		from = len(e.fake.Requests())
		e.playByButtons(alice, th.ID)
		e.playByButtons(bob, th.ID)
		e.router.Wait()
		e.onlyClearedControls(from, th.ID)
		if ms := e.fake.Messages(general); len(ms) != 1 {
			t.Errorf("the game posted in the channel: %d messages there", len(ms))
		}
		if n := e.fake.Threads(); len(n) != 1 {
			t.Errorf("%d threads after the moves", len(n))
		}
		e.noErrorLogs()
	})
}

// A solo Hunted run gets its thread too and is played there.
func TestHuntedSoloInAThread(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode, withThreads)
		ans := e.reply(alice, general, "hunted", "solo")
		e.router.Wait()
		ths := e.fake.Threads()
		if len(ths) != 1 || ths[0].Name != "Hunted #1: alice" {
			t.Fatalf("threads %+v", ths)
		}
		th := ths[0]
		if !strings.Contains(ans.Content, "started") || !strings.Contains(ans.Content, "<#"+th.ID+">") {
			t.Errorf("answer %q", ans.Content)
		}
		if n := e.fake.NotificationsOf(alice); len(n) != 1 || n[0].Channel != th.ID {
			t.Errorf("alice's notifications %+v, want her first turn in the thread", n)
		}
		from := len(e.fake.Requests())
		row, _ := e.game(th.ID)
		turn := e.turnMessage(th.ID)
		draw, ok := findID(turn, "m:")
		if !ok {
			t.Fatalf("no move button on %q", turn.Content)
		}
		e.click(alice, turn.ID, draw)
		e.settle(th.ID, row)
		e.router.Wait()
		if got := e.botRequestsSince(from); len(got) != 0 {
			t.Errorf("a move by its button in the thread made bot-token requests: %v", got)
		}
		if ms := e.fake.Messages(general); len(ms) != 1 {
			t.Errorf("%d messages in the channel, want the starter alone", len(ms))
		}
		e.noErrorLogs()
	})
}

// Without Create Public Threads (or Send Messages in Threads) the game is
// played in the channel as before, and the server is told why once.
func TestNoThreadPermission(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode, withThreads, withFake(func(f *discordtest.Server) {
			f.DenyBot(general, discordtest.PermCreatePublicThreads, true)
			f.DenyBot(other, discordtest.PermSendMessagesInThread, true)
		}))
		ans := e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob))
		if !strings.Contains(ans.Content, "Challenge sent") || !strings.Contains(ans.Content, "Create Public Threads") {
			t.Errorf("the first game without threads does not say why: %q", ans.Content)
		}
		if row, _ := e.game(general); row.Channel != general {
			t.Errorf("the game is in %s", row.Channel)
		}
		ans = e.reply(carol, other, "hijack", "challenge", discordtest.Opt("opponent", dave))
		if !strings.Contains(ans.Content, "Challenge sent") || strings.Contains(ans.Content, "thread") {
			t.Errorf("the second game without threads says it again: %q", ans.Content)
		}
		if _, err := e.store.OpenGame(t.Context(), other); err != nil {
			t.Errorf("the second game is not in its channel: %v", err)
		}
		if n := e.fake.Calls(discordtest.RouteStartThreadFromMessage); n != 0 {
			t.Errorf("%d thread starts tried without the permission", n)
		}
		if n := e.fake.NotificationsOf(bob); len(n) != 1 || n[0].Channel != general {
			t.Errorf("bob's notifications %+v", n)
		}
		e.noErrorLogs()
	})
}

// /standoff settings threads:off keeps new games in their channel, threads:on
// brings threads back; a game created inside a thread stays in it.
func TestThreadsSettingAndGamesInAThread(t *testing.T) {
	inModes(t, func(t *testing.T, mode envOption) {
		e := newEnv(t, mode, withThreads, withFake(func(f *discordtest.Server) {
			f.SetPermissions(alice, discordtest.DefaultMemberPermissions|discordtest.PermAdministrator)
			f.AddThread(guild, other, "911")
		}))
		if _, err := e.fake.RunCommand(bob, general, "standoff", "settings", discordtest.Opt("threads", "off")); err == nil {
			t.Error("Discord offered bob /standoff settings without Manage Server")
		}
		s := e.reply(alice, general, "standoff", "settings", discordtest.Opt("threads", "off"))
		if !strings.Contains(s.Content, "threads:off") {
			t.Errorf("settings answered %q", s.Content)
		}
		ans := e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob))
		if strings.Contains(ans.Content, "thread") || len(e.fake.Threads()) != 0 {
			t.Errorf("threads:off, yet %q and %d threads", ans.Content, len(e.fake.Threads()))
		}
		if row, _ := e.game(general); row.Channel != general {
			t.Errorf("the game is in %s", row.Channel)
		}
		e.reply(alice, general, "standoff", "settings", discordtest.Opt("threads", "on"))
		ans = e.reply(carol, other, "hijack", "challenge", discordtest.Opt("opponent", dave))
		e.router.Wait()
		if ths := e.fake.Threads(); len(ths) != 1 || ths[0].ParentID != other || !strings.Contains(ans.Content, "<#"+ths[0].ID+">") {
			t.Errorf("threads:on again: %+v, %q", ths, ans.Content)
		}
		ans = e.reply(eve, "911", "hunted", "solo")
		e.router.Wait()
		if len(e.fake.Threads()) != 1 || strings.Contains(ans.Content, "<#") {
			t.Errorf("a game started in a thread got a thread of its own: %q", ans.Content)
		}
		if row, _ := e.game("911"); row.Channel != "911" || row.Kind != "hunted" {
			t.Errorf("the game started in the thread is in %s", row.Channel)
		}
		e.noErrorLogs()
	})
}

// A game's thread that Discord archived (a week without a message) is
// reopened when the game next posts there with the bot's token: here the
// first turn message, once the challenge is accepted.
func TestArchivedGameThreadReopens(t *testing.T) {
	e := newEnv(t, withThreads)
	e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob))
	e.router.Wait()
	ths := e.fake.Threads()
	if len(ths) != 1 || ths[0].Name != "Hijack #1: alice vs bob" {
		t.Fatalf("threads %+v", ths)
	}
	th := ths[0].ID
	lobby, _ := e.fake.LastMessage(th)
	accept, _ := findID(lobby, "accept:")
	e.fake.ArchiveThread(th, true)
	e.click(bob, lobby.ID, accept)
	e.router.Wait()
	if e.fake.ThreadArchived(th) {
		t.Error("the game's thread is still archived")
	}
	if row, _ := e.game(th); row.Status != storage.Active || row.MessageID == lobby.ID {
		t.Errorf("the game's first turn was not posted in the reopened thread: %v, message %q", row.Status, row.MessageID)
	} else if _, ok := e.fake.Message(row.MessageID); !ok {
		t.Errorf("the first turn message %s is not in the thread", row.MessageID)
	}
	e.noErrorLogs()
}

// A thread start Discord made although it answered 502 is found by the
// retry (160004: the message has its thread) and used; one Discord
// refuses leaves the game in the channel, saying so.
func TestThreadStartFaults(t *testing.T) {
	e := newEnv(t, withThreads)
	e.fake.FailAfterNext(discordtest.RouteStartThreadFromMessage, 1, 502)
	ans := e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob))
	e.router.Wait()
	ths := e.fake.Threads()
	if len(ths) != 1 || !strings.Contains(ans.Content, "<#"+ths[0].ID+">") {
		t.Fatalf("after a 502 that took effect: threads %+v, answer %q", ths, ans.Content)
	}
	if row, _ := e.game(ths[0].ID); row.Channel != ths[0].ID {
		t.Errorf("the game is in %s", row.Channel)
	}

	e.fake.FailNext(discordtest.RouteStartThreadFromMessage, 1, 403)
	ans = e.reply(carol, other, "hijack", "challenge", discordtest.Opt("opponent", dave))
	e.router.Wait()
	if len(e.fake.Threads()) != 1 || !strings.Contains(ans.Content, "could not start a thread") {
		t.Errorf("a refused thread start: %d threads, answer %q", len(e.fake.Threads()), ans.Content)
	}
	row, _ := e.game(other)
	if row.Channel != other || row.Status != storage.Lobby {
		t.Errorf("the game is in %s (%s), want the channel's lobby", row.Channel, row.Status)
	}
	lobby, _ := e.fake.LastMessage(other)
	if _, ok := findID(lobby, "accept:"); !ok {
		t.Errorf("no challenge in the channel: %q", lobby.Content)
	}
	e.noErrorLogs()
}
