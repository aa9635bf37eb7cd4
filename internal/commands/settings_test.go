package commands

import (
	"context"
	"testing"
	"time"
)

// settingsCmd runs /standoff settings as user, in guild, with or without the
// Manage Server permission; value "" only asks.
func (h *harness) settingsCmd(user, guild, value string, admin bool) Response {
	in := Interaction{Type: SlashCommand, Guild: guild, Channel: chanID, User: User{ID: user, Name: NameOf(user)},
		Command: "standoff", Sub: "settings", Options: map[string]string{}, CanManageServer: admin}
	if value != "" {
		in.Options["turn_limit"] = value
	}
	if guild == "" {
		in.DM = true
	}
	return h.r.Handle(context.Background(), in)
}

// "A per-server or per-game turn time limit (e.g. turn_limit:24h|72h|7d|none)":
// a server's admins set the limit its new games take; a game that names
// its own keeps it, games already open keep theirs, "default" goes back to
// the bot's configured one, and only Manage Server may change it.
func TestServerTurnLimit(t *testing.T) {
	h := newHarness(t)
	h.cfg.TurnLimit = 24 * time.Hour
	h.open()
	limitOfNewGame := func(opts ...string) time.Duration {
		t.Helper()
		h.startTally(opts...)
		g := h.game()
		mustEphemeral(t, h.confirmed(h.cmdIn("alice", "game", "abandon")), "abandoned")
		return g.TurnLimit
	}
	mustEphemeral(t, h.settingsCmd("bob", "g", "", false), "24 hours (the bot's default)")
	mustEphemeral(t, h.settingsCmd("bob", "g", "72h", false), "Only someone with the Manage Server permission")
	if got := limitOfNewGame(); got != 24*time.Hour {
		t.Fatalf("a refused setting changed new games: %v", got)
	}
	mustEphemeral(t, h.settingsCmd("alice", "g", "72h", true), "3 days (this server's setting)")
	if got := limitOfNewGame(); got != 72*time.Hour {
		t.Fatalf("new game after the server chose 72h: %v", got)
	}
	if got := limitOfNewGame("turn_limit=none"); got != 0 {
		t.Fatalf("a game naming none: %v", got)
	}
	mustEphemeral(t, h.settingsCmd("carol", "other", "", false), "the bot's default")
	mustEphemeral(t, h.settingsCmd("alice", "g", "none", true), "no turn limit (this server's setting)")
	if got := limitOfNewGame(); got != 0 {
		t.Fatalf("new game after the server chose none: %v", got)
	}
	mustEphemeral(t, h.settingsCmd("alice", "g", "5 minutes", true), "24h, 72h, 7d, none, bank or default")
	mustEphemeral(t, h.settingsCmd("alice", "g", "default", true), "24 hours (the bot's default)")
	if got := limitOfNewGame(); got != 24*time.Hour {
		t.Fatalf("new game after going back to the default: %v", got)
	}
	mustEphemeral(t, h.settingsCmd("alice", "", "72h", true), "Run /standoff settings in a channel of your server")
}
