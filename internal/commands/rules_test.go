package commands

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// Every page of the rules fits one message and together they hold the
// whole text: a rules page used to end mid-word at 2,000 characters.
func TestRulesPagesHoldTheWholeText(t *testing.T) {
	long := &games.Kind{Name: "long", Title: "Long", MinPlayers: 2, MaxPlayers: 4,
		Rules:    strings.Repeat("A paragraph of rules that goes on and on. ", 30) + "\n\n" + strings.Repeat("Another one, also long. ", 60) + "\n\nThe last sentence.",
		MoveHelp: strings.Repeat("`move x` does x. ", 50) + "The end of the syntax."}
	for _, k := range []*games.Kind{tallyKind, long} {
		pages := rulesPages(k)
		var all []string
		for i := range pages {
			resp := rulesPage(k, i)
			if n := len(resp.Message.Content); n > maxContent {
				t.Fatalf("%s page %d is %d characters", k.Name, i, n)
			}
			if strings.HasSuffix(resp.Message.Content, "…") {
				t.Fatalf("%s page %d is cut: %q", k.Name, i, resp.Message.Content)
			}
			buttons := 0
			for _, row := range resp.Message.Rows {
				buttons += len(row.Buttons)
			}
			if buttons != len(pages)-1 {
				t.Fatalf("%s page %d has %d buttons for %d other pages", k.Name, i, buttons, len(pages)-1)
			}
			all = append(all, pages[i].text)
		}
		joined := strings.Join(strings.Fields(strings.Join(all, " ")), " ")
		for _, want := range []string{k.Rules, k.MoveHelp} {
			if !strings.Contains(joined, strings.Join(strings.Fields(want), " ")) {
				t.Fatalf("%s: the pages lose part of %q", k.Name, want[:40])
			}
		}
	}
}

func TestRulesButtonsShowTheirPage(t *testing.T) {
	h := newHarness(t)
	first := h.cmd("alice", "game", "rules", "game=tally")
	mustEphemeral(t, first, "How to play")
	if len(first.Message.Rows) != 1 || first.Message.Rows[0].Buttons[0].Label != "Typed moves" {
		t.Fatalf("page 1 should offer the typed moves: %+v", first.Message.Rows)
	}
	second := h.clickID("alice", nil, first.Message.Rows[0].Buttons[0].CustomID)
	mustEphemeral(t, second, tallyKind.MoveHelp)
	// A rules button is read-only: it works where the bot may not post.
	in := Interaction{Type: ComponentClick, Channel: chanID, User: User{ID: "bob", Name: "bob"}, CustomID: rulesID("tally", 1), CannotPost: "I cannot post here."}
	if h.r.postsInChannel(in) {
		t.Fatal("a rules button should not need the channel")
	}
	mustEphemeral(t, h.clickID("bob", nil, "rules:nosuch:0"), "no longer host")
}
