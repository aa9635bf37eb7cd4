package commands_test

import (
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/storage"
)

// Every part of every hosted game's rules, as the rules menu shows it,
// fits Discord's 2,000 characters whole (no part clipped), the menu holds
// them all within its 25 entries, and together they hold the whole text.
func TestEveryGamesRulesPartFitsAMessage(t *testing.T) {
	st, err := storage.Open(filepath.Join(t.TempDir(), "rules.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	r := commands.New(commands.Deps{Store: st, Games: catalog.Games(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))}, commands.DefaultConfig())
	for _, g := range catalog.Games() {
		k := g.Kind
		first := r.Handle(t.Context(), commands.Interaction{Type: commands.SlashCommand, DM: true, Channel: "dm-a", User: commands.User{ID: "a", Name: commands.NameOf("a")},
			Command: "game", Sub: "rules", Options: map[string]string{"game": k.Name}})
		if !first.Message.Ephemeral || len(first.Message.Rows) != 1 || first.Message.Rows[0].Select == nil {
			t.Fatalf("%s: /game rules in a DM answered %+v", k.Name, first)
		}
		menu := first.Message.Rows[0].Select
		if n := len(menu.Options); n > 25 || n < 3 {
			t.Fatalf("%s: the rules menu has %d entries", k.Name, n)
		}
		shown := first.Message.Content
		for _, o := range menu.Options {
			if len(o.Label) > 100 || len(o.Value) > 100 || o.Label == "" {
				t.Fatalf("%s: menu entry %+v breaks Discord's limits", k.Name, o)
			}
			resp := r.Handle(t.Context(), commands.Interaction{Type: commands.ComponentClick, DM: true, Channel: "dm-a", User: commands.User{ID: "a", Name: commands.NameOf("a")},
				CustomID: menu.CustomID, Values: []string{o.Value}})
			c := resp.Message.Content
			if resp.Kind != commands.Update || len(c) > 2000 || strings.HasSuffix(c, "…") {
				t.Fatalf("%s: part %q is %d characters (kind %d): %q", k.Name, o.Label, len(c), resp.Kind, c)
			}
			if testing.Verbose() {
				t.Logf("%s / %s: %d characters", k.Name, o.Label, len(c))
			}
			shown += " " + c
		}
		flat := strings.Join(strings.Fields(shown), " ")
		for _, want := range append(strings.Split(k.Rules, "\n"), k.MoveHelp) {
			if want = strings.Join(strings.Fields(want), " "); !strings.Contains(flat, want) {
				t.Fatalf("%s: no part shows %q", k.Name, want)
			}
		}
	}
}
