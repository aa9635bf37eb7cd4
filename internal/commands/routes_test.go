package commands

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// A new subcommand is one declaration: registered once, it is in the
// schema Discord gets, in /game help, in the dispatch, and its flags say
// where its answers go.
func TestOneDeclarationMakesASubcommand(t *testing.T) {
	saved := gameRoutes
	t.Cleanup(func() { gameRoutes = saved })
	called := 0
	gameRoutes = append(slices.Clone(gameRoutes), route{
		Subcommand: Subcommand{Name: "ping", Description: "check that the bot answers", Options: []CommandOption{
			{Name: "loud", Description: "answer in the channel", Type: BooleanOption},
		}},
		group: groupTable, note: "is the bot there?", public: true, anywhere: true,
		handle: shared(func(r *Router, _ context.Context, in Interaction) (Response, error) {
			called++
			return ephemeral("pong"), nil
		}),
	})
	h := newHarness(t)

	var schema *Subcommand
	for _, c := range h.r.Commands() {
		if c.Name == "game" {
			if s, ok := c.Sub("ping"); ok {
				schema = &s
			}
		}
	}
	if schema == nil || schema.Description != "check that the bot answers" {
		t.Fatalf("the schema lacks /game ping: %+v", schema)
	}
	if _, ok := schema.Option("loud"); !ok {
		t.Fatal("the schema lacks ping's option")
	}
	if help := h.cmd("alice", "game", "help").Message.Content; !strings.Contains(help, "The table: ") || !strings.Contains(help, "`/game ping` (is the bot there?)") {
		t.Fatalf("/game help does not list ping:\n%s", help)
	}
	mustEphemeral(t, h.cmd("alice", "game", "ping"), "pong")
	in := Interaction{Type: SlashCommand, Command: "game", Sub: "ping", DM: true, User: User{ID: "alice", Name: NameOf("alice")}, Options: map[string]string{}}
	if r := h.r.Handle(context.Background(), in); r.Message.Content != "pong" || called != 2 {
		t.Fatalf("ping in a DM: %+v (%d calls)", r, called)
	}
	if c := h.r.Route(in); !c.Public || c.posts {
		t.Fatal("ping's flags: its answer is public, and it posts nothing")
	}
	// Without the declaration, nothing of it is left.
	gameRoutes = saved
	mustEphemeral(t, h.cmd("alice", "game", "ping"), `/game has no subcommand "ping"`)
}

// The schema and the dispatch are the same table: every registered
// subcommand has a handler, and only /game rules, turns, notify, away, help and settings work
// in DMs.
func TestEverySubcommandIsDispatched(t *testing.T) {
	h := newHarness(t)
	var anywhere []string
	for _, c := range h.r.Commands() {
		for _, s := range c.Subs {
			rt, _, ok := h.r.games.routeOf(Interaction{Command: c.Name, Sub: s.Name})
			if !ok || rt.handle == nil && rt.act == nil {
				t.Errorf("/%s %s is registered but not dispatched", c.Name, s.Name)
			}
			if rt.anywhere {
				anywhere = append(anywhere, c.Name+" "+s.Name)
			}
		}
	}
	if want := []string{"game rules", "game turns", "game notify", "game away", "game help", "game daily", "game settings"}; !slices.Equal(anywhere, want) {
		t.Errorf("subcommands that work in DMs: %v, want %v", anywhere, want)
	}
}
