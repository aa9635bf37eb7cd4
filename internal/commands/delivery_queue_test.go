package commands

import (
	"context"
	"fmt"
	"testing"
	"time"

	"standoff/internal/delivery"
)

// startTallyIn starts a tally game between two players in a server's
// channel.
func (h *harness) startTallyIn(guild, channel, a, b string) {
	h.t.Helper()
	mustEphemeral(h.t, h.run(guild, channel, a, "tally", "challenge", "opponent="+b), "Challenge sent")
	lobby := h.rec.last(channel, "")
	for _, row := range lobby.m.Rows {
		for _, btn := range row.Buttons {
			if btn.Label == "Accept" {
				in := Interaction{Type: ComponentClick, Guild: guild, Channel: channel, User: User{ID: b, Name: NameOf(b)}, CustomID: btn.CustomID, MessageID: lobby.id}
				if r := h.r.Handle(context.Background(), in); r.Kind != Ack {
					h.t.Fatalf("accept: %+v", r)
				}
				return
			}
		}
	}
	h.t.Fatal("no Accept button")
}

// Fairness between servers (issue 35): one server floods while another
// plays quietly. The limits hold back the first DM of every game (the
// rest of each game's DMs wait with it); once they allow, the quiet
// server's game is served second, not after the whole flood: the queue
// takes the servers in turn. Order, not latency, is asserted.
func TestQuietServersDMsAreNotStarvedByAFlood(t *testing.T) {
	h := newHarness(t)
	h.r.send.Queue().SetWorkers(1) // one at a time: the order is the queue's
	h.r.send.Queue().SetRedoWait(func(int, time.Time, time.Time) time.Duration { return 0 })
	h.r.send.Queue().Hold(true) // the limits' shortage
	const flood = 6
	h.rec.mu.Lock()
	h.rec.limitDMs = flood + 1
	h.rec.mu.Unlock()
	for i := 0; i < flood; i++ {
		h.startTallyIn("busy", fmt.Sprintf("busy-%d", i), fmt.Sprintf("b%da", i), fmt.Sprintf("b%db", i))
	}
	h.startTallyIn("quiet", "quiet-0", "qa", "qb")
	waiting := h.r.send.Queue().Waiting()
	if len(waiting) != flood+1 {
		t.Fatalf("%d redos waiting, want one per game (%d): %v", len(waiting), flood+1, waiting)
	}
	h.r.send.Queue().Hold(false)
	h.r.Wait()
	var order []string
	h.rec.mu.Lock()
	for _, m := range h.rec.msgs {
		if m.dm != "" {
			order = append(order, m.dm)
		}
	}
	h.rec.mu.Unlock()
	if len(order) != 2*(flood+1) {
		t.Fatalf("%d DMs sent once the limits allowed, want %d: %v", len(order), 2*(flood+1), order)
	}
	quietAt := -1
	for i, u := range order {
		if u == "qa" || u == "qb" {
			quietAt = i
			break
		}
	}
	// Busy's first game goes first (it waited first), then quiet's.
	if quietAt != 2 {
		t.Fatalf("the quiet server's first DM was number %d of %d, want 3 (after one busy game's two): %v", quietAt+1, len(order), order)
	}
}

// Each owed thing waits at its priority: the first turn message that pings
// the player who must act, and a private decision, as act; an edit of the
// living message that pings nobody, as update; a clean-up, as clean-up.
func TestOwedWorkIsQueuedAtItsPriority(t *testing.T) {
	h := newHarness(t)
	h.r.send.Queue().Hold(true)
	defer func() {
		h.r.send.Queue().Hold(false)
		h.r.Wait()
	}()
	h.acceptWithPostHeldNoWait() // alice begins: her first turn message pings her
	if w := h.r.send.Queue().Waiting(); len(w) != 1 || w[0].Priority != delivery.Act {
		t.Fatalf("a held-back turn message that pings waits as %v, want act", w)
	}
	h.r.send.Later("", func(context.Context) error { return nil })
	w := h.r.send.Queue().Waiting()
	if len(w) != 2 || w[1].Priority != delivery.Cleanup {
		t.Fatalf("a clean-up waits as %v, want clean-up after the act", w)
	}
}

// A held-back private decision is an act; an edit of the living message
// (the same players go on) an update.
func TestHeldBackDecisionActsHeldBackEditUpdates(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	h.r.Wait()
	h.r.send.Queue().Hold(true)
	h.rec.mu.Lock()
	h.rec.limitDMs = 1
	h.rec.mu.Unlock()
	h.cmd("alice", "tally", "move", "move=add 2") // bob must confirm by DM
	if w := h.r.send.Queue().Waiting(); len(w) != 1 || w[0].Priority != delivery.Act {
		t.Fatalf("a held-back DM decision waits as %v, want act", w)
	}
	h.r.send.Queue().Hold(false)
	h.r.Wait()
	h.click("bob", h.rec.last("", "bob"), "OK")
	h.r.Wait()
	h.r.send.Queue().Hold(true)
	h.rec.mu.Lock()
	h.rec.limitEdits = 1
	h.rec.mu.Unlock()
	h.cmd("bob", "tally", "move", "move=add 1") // the living message is edited
	if w := h.r.send.Queue().Waiting(); len(w) != 1 || w[0].Priority != delivery.Update {
		t.Fatalf("a held-back edit waits as %v, want update", w)
	}
	h.r.send.Queue().Hold(false)
	h.r.Wait()
}
