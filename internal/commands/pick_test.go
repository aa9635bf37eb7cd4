package commands

import (
	"context"
	"strings"
	"testing"
)

// A vote about a player without typing @name: /game skip alone offers the
// players the game waits on (never the asker, never a bot), and picking
// one opens the same vote as naming them.
func TestSkipPicksThePlayerFromAMenu(t *testing.T) {
	h := newHarness(t)
	tallyThree(h) // alice is on turn
	resp := h.cmd("bob", "game", "skip")
	if !resp.Message.Ephemeral || len(resp.Message.Rows) != 1 || resp.Message.Rows[0].Select == nil {
		t.Fatalf("/game skip alone should answer bob with a menu, got %+v", resp)
	}
	sel := resp.Message.Rows[0].Select
	if len(sel.Options) != 1 || sel.Options[0].Label != "Alice" {
		t.Fatalf("the game waits on alice alone: the menu offers %+v", sel.Options)
	}
	if r := h.cmd("bob", "game", "replace"); len(r.Message.Rows) != 1 || len(r.Message.Rows[0].Select.Options) != 1 {
		t.Fatalf("/game replace alone offers the players the game waits on (alice): %+v", r.Message)
	}
	h.hours(12) // a vote on a player opens once they were waited on and reminded
	in := Interaction{Type: ComponentClick, Guild: "g", Channel: chanID, User: User{ID: "bob", Name: NameOf("Bob")}, CustomID: sel.CustomID, Values: []string{sel.Options[0].Value}}
	mustEphemeral(t, h.r.Handle(context.Background(), in), "Vote opened: Bob asks to skip Alice's turn")
	if v := h.rec.last(chanID, ""); !strings.Contains(v.m.Content, "asks to skip Alice's turn") {
		t.Fatalf("the vote's message: %q", v.m.Content)
	}
	in.Values = []string{"7"}
	if r := h.r.Handle(context.Background(), in); !strings.Contains(r.Message.Content, "not one of the table's players") && !strings.Contains(r.Message.Content, "already open") {
		t.Fatalf("a forged entry answered %q", r.Message.Content)
	}
}
