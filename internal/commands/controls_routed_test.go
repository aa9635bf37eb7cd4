package commands_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
	"standoff/storage"
)

// Every control the bot can show (each button, each select menu, each
// form it opens) is routed by the click table: seeded games of every kind
// in the catalog are played from their lobby to votes and a resignation,
// every custom id they show is routed through the table, parsed back to
// the same id, and every route of the table is met at least once.
func TestEveryControlIsRoutedByTheTable(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "controls.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := t.Context()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	rng := games.NewRNG(7)
	out := &controlsSeen{ids: map[string]commands.InteractionType{}}
	r := commands.New(commands.Deps{Store: st, Transport: out, Games: catalog.Games(), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return now }, Seed: rng.Uint64}, commands.DefaultConfig())
	users := []string{"alice", "bob", "carol", "dave"}
	do := func(in commands.Interaction) commands.Response {
		in.Guild = "g"
		in.User = commands.User{ID: in.User.ID, Name: commands.NameOf(in.User.ID)}
		resp := r.Handle(ctx, in)
		out.message(resp.Message)
		if resp.Form != nil {
			out.saw(commands.FormSubmit, resp.Form.CustomID)
		}
		return resp
	}
	cmd := func(channel, user, command, sub string, opts map[string]string) commands.Response {
		names := map[string]commands.Name{}
		for _, u := range users {
			names[u] = commands.NameOf(u)
		}
		return do(commands.Interaction{Type: commands.SlashCommand, Channel: channel, User: commands.User{ID: user}, Command: command, Sub: sub, Options: opts, Users: names})
	}
	click := func(channel, user, id string, values ...string) commands.Response {
		return do(commands.Interaction{Type: commands.ComponentClick, Channel: channel, User: commands.User{ID: user}, CustomID: id, Values: values, MessageID: "clicked"})
	}

	for _, g := range catalog.Games() {
		k := g.Kind
		cmd("rules-"+k.Name, "alice", "game", "rules", map[string]string{"game": k.Name})
		cmd("menu-"+k.Name, "alice", k.Name, "challenge", map[string]string{})
		cmd("lobby-"+k.Name, "alice", k.Name, "start", map[string]string{})
		// A table of people: the challenge is accepted by button.
		channel, players := "game-"+k.Name, users[:min(max(k.MinPlayers, 2), k.MaxPlayers)]
		opts := map[string]string{}
		for i, u := range players[1:] {
			key := "opponent"
			if i > 0 {
				key = fmt.Sprintf("opponent%d", i+1)
			}
			opts[key] = u
		}
		cmd(channel, "alice", k.Name, "challenge", opts)
		for _, u := range players[1:] {
			if id, ok := out.lastID(channel, "accept:"); ok {
				click(channel, u, id)
			}
		}
		// Moves: each step, the players' hands and guided choices are
		// opened, and one legal move is played.
		for step := 0; step < 25; step++ {
			moved := false
			for _, u := range players {
				cmd(channel, u, "game", "hand", nil)
				for _, id := range out.fresh("r:") {
					click(channel, u, id)
				}
				s := do(commands.Interaction{Type: commands.Autocomplete, Channel: channel, User: commands.User{ID: u}, Command: k.Name, Sub: "move",
					Focused: "move", Options: map[string]string{"move": ""}}).Suggestions
				if len(s) > 0 && !moved {
					cmd(channel, u, k.Name, "move", map[string]string{"move": s[rng.Intn(len(s))].Value})
					moved = true
				}
			}
			if !moved {
				break
			}
		}
		for _, prefix := range []string{"type:", "full:"} {
			if id, ok := out.lastID(channel, prefix); ok {
				for _, u := range players {
					click(channel, u, id)
				}
			}
		}
		// The table waits, reminded: votes on a player open.
		for range 36 {
			now = now.Add(time.Hour)
			r.Tick(ctx)
		}
		for _, u := range players {
			for _, sub := range []string{"skip", "replace"} {
				if resp := cmd(channel, u, "game", sub, nil); len(resp.Message.Rows) > 0 && resp.Message.Rows[0].Select != nil {
					sel := resp.Message.Rows[0].Select
					click(channel, u, sel.CustomID, sel.Options[0].Value)
				}
			}
		}
		cmd(channel, "alice", "game", "resign", nil)
		cmd(channel, "alice", "game", "abandon", nil)
		r.Wait()
	}

	seen := map[string]int{}
	for id, on := range out.ids {
		name, again, ok := commands.RouteControl(on, id)
		if !ok {
			t.Errorf("the click table routes no control %q", id)
			continue
		}
		if first, _, _ := strings.Cut(id, ":"); name != first || again != id {
			t.Errorf("control %q went to route %q and reads back as %q", id, name, again)
		}
		seen[name]++
	}
	var missed []string
	for _, name := range commands.ClickRoutes() {
		if seen[name] == 0 {
			missed = append(missed, name)
		}
	}
	if len(missed) > 0 {
		t.Errorf("no control met routes %v: the games played showed %v", missed, seen)
	}
	if testing.Verbose() {
		var names []string
		for n := range seen {
			names = append(names, fmt.Sprintf("%s:%d", n, seen[n]))
		}
		sort.Strings(names)
		t.Logf("controls by route: %v", names)
	}
}

// controlsSeen is a transport that keeps every custom id it is given, and
// which message of a channel showed it last.
type controlsSeen struct {
	mu   sync.Mutex
	ids  map[string]commands.InteractionType
	news []string
	last map[string][]string // channel -> the ids of its newest messages, newest last
	n    int
}

func (c *controlsSeen) saw(on commands.InteractionType, id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.ids[id]; !ok {
		c.ids[id] = on
		c.news = append(c.news, id)
	}
}

func (c *controlsSeen) message(m commands.Message) []string {
	var ids []string
	for _, row := range m.Rows {
		if row.Select != nil {
			ids = append(ids, row.Select.CustomID)
		}
		for _, b := range row.Buttons {
			if b.URL == "" {
				ids = append(ids, b.CustomID)
			}
		}
	}
	for _, id := range ids {
		c.saw(commands.ComponentClick, id)
	}
	return ids
}

func (c *controlsSeen) posted(channel string, m commands.Message) {
	ids := c.message(m)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last == nil {
		c.last = map[string][]string{}
	}
	c.last[channel] = append(c.last[channel], ids...)
}

// last is the newest control of the channel whose id starts with prefix.
func (c *controlsSeen) lastID(channel, prefix string) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ids := c.last[channel]
	for i := len(ids) - 1; i >= 0; i-- {
		if strings.HasPrefix(ids[i], prefix) {
			return ids[i], true
		}
	}
	return "", false
}

// fresh takes the ids first seen since the last call that start with
// prefix.
func (c *controlsSeen) fresh(prefix string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, id := range c.news {
		if strings.HasPrefix(id, prefix) && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	c.news = nil
	return out
}

func (c *controlsSeen) Send(_ context.Context, channel string, m commands.Message) (string, error) {
	c.posted(channel, m)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	return fmt.Sprintf("m%d", c.n), nil
}

func (c *controlsSeen) Edit(_ context.Context, channel, _ string, m commands.Message) error {
	c.posted(channel, m)
	return nil
}

func (c *controlsSeen) ClearControls(context.Context, string, string) error { return nil }

func (c *controlsSeen) DM(_ context.Context, user string, m commands.Message) error {
	c.posted("dm-"+user, m)
	return nil
}

// What a transport must know before an answer exists comes with the
// routed call: the form a "Type a move" click opens (from its id alone)
// and whether the answer is public; nothing else opens a form.
func TestRouteTellsTheTransport(t *testing.T) {
	r := commands.New(commands.Deps{Games: catalog.Games(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, commands.DefaultConfig())
	typed := r.Route(commands.Interaction{Type: commands.ComponentClick, CustomID: "type:12:3"})
	if typed.Form == nil || typed.Form.CustomID != "typed:12" || typed.Public {
		t.Fatalf("a Type a move click: form %+v, public %v", typed.Form, typed.Public)
	}
	for _, id := range []string{"m:12:3:pass", "full:12:3", "rules:hijack:s", "typed:12", "type:x:3"} {
		if c := r.Route(commands.Interaction{Type: commands.ComponentClick, CustomID: id}); c.Form != nil || c.Public {
			t.Errorf("%q: form %+v, public %v", id, c.Form, c.Public)
		}
	}
	if c := r.Route(commands.Interaction{Type: commands.SlashCommand, Command: "game", Sub: "replay"}); !c.Public {
		t.Error("/game replay answers in the channel, but its call says not")
	}
}
