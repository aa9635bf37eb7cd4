package commands

import (
	"context"
	"strings"
	"testing"

	"standoff/storage"
)

// hasButton reports whether a message offers a button with that label.
func hasButton(m *recMsg, label string) bool {
	for _, row := range m.m.Rows {
		for _, b := range row.Buttons {
			if b.Label == label {
				return true
			}
		}
	}
	return false
}

// Restore is what a transport that lost its messages calls: a lobby's
// message comes back and becomes the game's; the turn message comes back;
// an open private decision's DM comes back only when asked for.
func TestRestoreShowsTheControlsAgain(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob"), "Challenge sent")
	first := h.game().MessageID
	if done, err := h.r.Restore(ctx, h.game().ID, Restoring{}); err != nil || done != (Restored{}) {
		t.Fatalf("a lobby restored without Lobby: %+v, %v", done, err)
	}
	if h.game().MessageID != first {
		t.Fatalf("a lobby's message was posted again without Lobby")
	}
	if _, err := h.r.Restore(ctx, h.game().ID, Restoring{Lobby: true}); err != nil {
		t.Fatal(err)
	}
	lobby := h.rec.last(chanID, "")
	if g := h.game(); g.MessageID == first || g.MessageID != lobby.id || !hasButton(lobby, "Accept") {
		t.Fatalf("the lobby's message was not posted again as the game's (%s, was %s): %+v", g.MessageID, first, lobby.m)
	}
	if r := h.click("bob", lobby, "Accept"); r.Kind != Ack || h.game().Status != storage.Active {
		t.Fatalf("the restored lobby's Accept: %+v", r)
	}

	h.click("alice", h.turn(), "Add 3")
	peek := h.rec.last("", "bob")
	if peek == nil || !hasButton(peek, "Peek") {
		t.Fatalf("bob was not asked to react by DM: %+v", peek)
	}
	dms := h.rec.count()
	if _, err := h.r.Restore(ctx, h.game().ID, Restoring{}); err != nil {
		t.Fatal(err)
	}
	if h.rec.last("", "bob") != peek || h.rec.count() != dms {
		t.Fatalf("a private decision's DM was sent again without Private")
	}
	if _, err := h.r.Restore(ctx, h.game().ID, Restoring{Private: true}); err != nil {
		t.Fatal(err)
	}
	again := h.rec.last("", "bob")
	if again == peek || !hasButton(again, "Peek") || !strings.Contains(again.m.Content, "private to you") {
		t.Fatalf("bob's decision was not sent again: %+v", again.m)
	}
	if h.rec.last("", "alice") != nil && hasButton(h.rec.last("", "alice"), "Peek") {
		t.Fatalf("alice, who decides nothing, was sent bob's controls")
	}
}

// A turn message that could not be posted is owed; Restore posts it and
// says so.
func TestRestorePostsAnOwedTurnMessage(t *testing.T) {
	ctx := context.Background()
	h := newHarness(t)
	h.startTally()
	g := h.game()
	g.PostPending, g.MessageID = true, ""
	if err := h.store.Save(ctx, g, g.Version, nil); err != nil {
		t.Fatal(err)
	}
	done, err := h.r.Restore(ctx, g.ID, Restoring{})
	if err != nil || done.Failed || !strings.Contains(done.Notice, "posted them again") {
		t.Fatalf("Restore of an owed turn message: %+v, %v", done, err)
	}
	if g := h.game(); g.PostPending || g.MessageID == "" || !hasButton(h.turn(), "Add 3") {
		t.Fatalf("the turn message is still owed: %+v", g)
	}
}
