package discord_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/catalog"
	"standoff/internal/discordtest"
)

// registered is what the bot recorded as registered ("" until the scope
// not in use was cleared too).
func (e *env) registered() string {
	e.t.Helper()
	v, err := e.store.BotState(context.Background(), "commands")
	if err != nil {
		e.t.Fatal(err)
	}
	return v
}

// commandCalls counts the requests on the routes of slash commands.
func (e *env) commandCalls() map[string]int {
	out := map[string]int{}
	for _, r := range []string{discordtest.RouteOverwriteGlobal, discordtest.RouteOverwriteGuild,
		discordtest.RouteGlobalCommands, discordtest.RouteGuildCommands} {
		out[r] = e.fake.Calls(r)
	}
	return out
}

// TestStartupCommands: the router answers from the first interaction, even
// while the commands are being registered; the commands are registered
// only when they changed (the database remembers what was registered,
// and where); and the scope no longer in use is cleared after start-up
// with one request, where the database says the commands were, never a
// look at every server's.
func TestStartupCommands(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	// A first start knows nothing of earlier ones: global commands, and a
	// look at each server's (one here) with spare budget.
	e.eventually("the registration to be recorded", func() bool { return e.registered() != "" })
	first := e.commandCalls()

	e.restart()
	e.router.Wait()
	if got := e.commandCalls(); !sameCounts(got, first) {
		t.Errorf("a restart with the same commands made command requests: %v, was %v", got, first)
	}

	// To a dev guild, its registration slow: /game (still registered
	// globally) is answered by the router meanwhile, not "starting up".
	e.fake.SetDelay(discordtest.RouteOverwriteGuild, time.Second)
	answered := make(chan string, 1)
	go func() {
		if e.fake.WaitUntil(wait, func() bool { return e.fake.Calls(discordtest.RouteOverwriteGuild) > 0 }) != nil {
			answered <- "the guild registration never started"
			return
		}
		in, err := e.fake.RunCommand(alice, general, "game", "help")
		if err != nil {
			answered <- err.Error()
			return
		}
		msg, err := in.WaitOriginal(wait)
		if err != nil {
			answered <- err.Error()
			return
		}
		answered <- msg.Content
	}()
	e.opts.DevGuildID = guild
	e.restart()
	if s := <-answered; !strings.Contains(s, "/game") || strings.Contains(s, "starting up") {
		t.Errorf("/game help during the registration: %q", s)
	}
	e.fake.SetDelay(discordtest.RouteOverwriteGuild, 0)
	e.eventually("the global commands to be cleared", func() bool { return len(e.fake.Commands("")) == 0 })
	e.eventually("the registration to be recorded", func() bool { return strings.Contains(e.registered(), "guild:"+guild) })
	toGuild := e.commandCalls()
	want := map[string]int{discordtest.RouteOverwriteGlobal: first[discordtest.RouteOverwriteGlobal] + 1,
		discordtest.RouteOverwriteGuild: first[discordtest.RouteOverwriteGuild] + 1,
		discordtest.RouteGlobalCommands: first[discordtest.RouteGlobalCommands], discordtest.RouteGuildCommands: first[discordtest.RouteGuildCommands]}
	if !sameCounts(toGuild, want) {
		t.Errorf("moving to a dev guild: %v, want %v (one registration, one clearing)", toGuild, want)
	}
	if len(e.fake.Commands(guild)) == 0 {
		t.Error("no commands in the dev guild")
	}

	// Back to global: the dev guild's commands cleared with one request.
	e.opts.DevGuildID = ""
	e.restart()
	e.eventually("the dev guild's commands to be cleared", func() bool { return len(e.fake.Commands(guild)) == 0 })
	e.eventually("the registration to be recorded", func() bool { return strings.HasPrefix(strings.Fields(e.registered())[1], "global") })
	want[discordtest.RouteOverwriteGlobal]++
	want[discordtest.RouteOverwriteGuild]++
	if got := e.commandCalls(); !sameCounts(got, want) {
		t.Errorf("moving back to global: %v, want %v", got, want)
	}
	e.noErrorLogs()
}

func sameCounts(a, b map[string]int) bool {
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return len(a) == len(b)
}

// TestCommandContexts: game commands are offered in servers only (in the
// bot's DM they could only be refused), but for a game with a daily run,
// which plays in the bot's DM and is moved there with /<game> move; /game,
// whose help and rules work anywhere, in the bot's DM too; all for a server
// install.
func TestCommandContexts(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	daily := map[string]bool{}
	for _, g := range catalog.Games() {
		daily[g.Kind.Name] = g.Kind.Daily != nil
	}
	dms := 0
	for _, c := range e.fake.Commands("") {
		want := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
		if c.Name == "game" || daily[c.Name] {
			want = append(want, discordgo.InteractionContextBotDM)
			dms++
		}
		if c.Contexts == nil || !slices.Equal(*c.Contexts, want) {
			t.Errorf("/%s contexts %v, want %v", c.Name, c.Contexts, want)
		}
		if c.IntegrationTypes == nil || !slices.Equal(*c.IntegrationTypes, []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}) {
			t.Errorf("/%s integration types %v, want a server install", c.Name, c.IntegrationTypes)
		}
	}
	dm := e.fake.DMChannelID(alice)
	if _, err := e.fake.RunCommand(alice, dm, "hijack", "challenge", discordtest.Opt("opponent", bob)); err == nil {
		t.Error("Discord offered /hijack in the bot's DM")
	}
	if s := e.reply(alice, dm, "game", "rules"); !strings.Contains(s.Content, "Hijack") {
		t.Errorf("/game rules in the bot's DM: %q", s.Content)
	}
	if dms < 2 {
		t.Errorf("%d commands offered in the bot's DM, want /game and the games with a daily run", dms)
	}
	// A game with a daily run is offered there; without a run in the DM,
	// its move is refused, saying where games are played.
	if s := e.reply(alice, dm, "hunted", "move", discordtest.Opt("move", "draw")); !strings.Contains(s.Content, "this DM holds no game") {
		t.Errorf("/hunted move in a DM without a run: %q", s.Content)
	}
}

// TestSettingsForManageServer: Discord hides a command from members without
// its default_member_permissions only as a whole command, so changing the
// server's settings is /standoff settings (Manage Server), while /game
// settings shows them to everyone.
func TestSettingsForManageServer(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var found bool
	for _, c := range e.fake.Commands("") {
		if c.Name != "standoff" {
			if c.DefaultMemberPermissions != nil {
				t.Errorf("/%s is hidden from members without permissions %d", c.Name, *c.DefaultMemberPermissions)
			}
			continue
		}
		found = true
		if c.DefaultMemberPermissions == nil || *c.DefaultMemberPermissions != discordtest.PermManageGuild {
			t.Errorf("/standoff default_member_permissions %v, want Manage Server", c.DefaultMemberPermissions)
		}
	}
	if !found {
		t.Fatal("no /standoff command registered")
	}
	if _, err := e.fake.RunCommand(bob, general, "standoff", "settings", discordtest.Opt("turn_limit", "24h")); err == nil {
		t.Error("Discord offered /standoff to a member without Manage Server")
	}
	if s := e.reply(bob, general, "game", "settings"); !strings.Contains(s.Content, "/standoff settings") {
		t.Errorf("/game settings does not say how to change them: %q", s.Content)
	}
	e.fake.SetPermissions(alice, discordtest.DefaultMemberPermissions|discordtest.PermManageGuild)
	if s := e.reply(alice, general, "standoff", "settings", discordtest.Opt("turn_limit", "24h")); !strings.Contains(s.Content, "24 hours") {
		t.Errorf("/standoff settings turn_limit:24h by a server manager: %q", s.Content)
	}
	if s := e.reply(bob, general, "game", "settings"); !strings.Contains(s.Content, "24 hours") {
		t.Errorf("/game settings after the change: %q", s.Content)
	}
}
