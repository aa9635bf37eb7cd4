package commands

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
)

// dmReplier records what goes back through a click in a DM; fail makes
// its follow-ups fail, as an expired interaction token would.
type dmReplier struct {
	mu        sync.Mutex
	followUps []Message
	cleared   int
	fail      bool
}

func (d *dmReplier) EditOriginal(context.Context, Message) error { return errors.New("not expected") }

func (d *dmReplier) ClearOriginal(context.Context) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.cleared++
	return nil
}

func (d *dmReplier) FollowUp(_ context.Context, m Message) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.fail {
		return "", errors.New("Unknown Webhook")
	}
	d.followUps = append(d.followUps, m)
	return "f1", nil
}

// clickInDM clicks the labelled button of a DM through an interaction that
// carries rep.
func (h *harness) clickInDM(user string, dm *recMsg, label string, rep Replier) Response {
	h.t.Helper()
	for _, row := range dm.m.Rows {
		for _, b := range row.Buttons {
			if b.Label == label {
				in := Interaction{Type: ComponentClick, Channel: "dm-" + user, DM: true, User: User{ID: user, Name: NameOf(user)},
					CustomID: b.CustomID, MessageID: dm.id, Reply: rep}
				return h.r.Handle(context.Background(), in)
			}
		}
	}
	h.t.Fatalf("DM %s has no button %q", dm.id, label)
	return Response{}
}

// A private decision answered in a DM: the player's next private message
// goes back through their click (a follow-up in the DM) and the clicked
// DM loses its controls through it too; nothing goes by the bot's own DM.
func TestPrivateDecisionAnsweredThroughTheClick(t *testing.T) {
	h := newHarness(t)
	h.startTally("target=8")
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 2"), "Played `add 2`")
	dm := h.rec.last("", "bob")
	before := h.rec.count()
	rep := &dmReplier{}
	if r := h.clickInDM("bob", dm, "Peek", rep); r.Kind != Ack {
		t.Fatalf("peek: %+v", r)
	}
	h.r.Wait()
	if len(rep.followUps) != 1 || !strings.Contains(rep.followUps[0].Content, "Alice's secret is") {
		t.Fatalf("bob's next private message through his click: %+v", rep.followUps)
	}
	if rep.cleared != 1 || len(dm.m.Rows) == 0 {
		t.Errorf("the clicked DM's controls: cleared %d times through the click, %d rows left by the bot's own edit", rep.cleared, len(dm.m.Rows))
	}
	for _, m := range h.rec.msgs[before:] {
		if m.dm == "bob" {
			t.Errorf("bob also got a DM by the bot's own token: %q", m.m.Content)
		}
	}
}

// When the click cannot carry it, the private message goes as a DM all the
// same: a follow-up that fails loses nothing.
func TestPrivateMessageFallsBackToADM(t *testing.T) {
	h := newHarness(t)
	h.startTally("target=8")
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 2"), "Played `add 2`")
	dm := h.rec.last("", "bob")
	if r := h.clickInDM("bob", dm, "Peek", &dmReplier{fail: true}); r.Kind != Ack {
		t.Fatalf("peek: %+v", r)
	}
	h.r.Wait()
	if peek := h.rec.last("", "bob"); peek == dm || !strings.Contains(peek.m.Content, "Alice's secret is") {
		t.Fatalf("bob's private message after a failed follow-up: %q", peek.m.Content)
	}
}
