package commands

import (
	"strings"
	"testing"
)

// dmsTo counts the DMs a user got that show their secret.
func (h *harness) dmsTo(user string) int {
	h.rec.mu.Lock()
	defer h.rec.mu.Unlock()
	n := 0
	for _, m := range h.rec.msgs {
		if m.dm == user && strings.Contains(shown(m.m), "Your secret number") {
			n++
		}
	}
	return n
}

// A DM that Discord's rate limits held back is sent on its own once the
// budget allows, without waiting for another move: a decision the game
// waits on must reach its player. It is sent once, and recorded, so the
// next change does not send it again.
func TestHeldBackDMIsSentAgain(t *testing.T) {
	h := newHarness(t)
	h.rec.mu.Lock()
	h.rec.limitDMs = 2 // both players' first DMs
	h.rec.mu.Unlock()
	h.startTally()
	h.r.Wait()
	for _, u := range []string{"alice", "bob"} {
		if n := h.dmsTo(u); n != 1 {
			t.Errorf("%s got %d DMs with their secret after the limit passed, want 1", u, n)
		}
	}
	for _, s := range h.game().Seats {
		if s.DMHash == "" {
			t.Errorf("seat %d: the resent DM was not recorded", s.Seat)
		}
	}
}

// A resend held back again tries again, and gives up after resendTries in
// a row, leaving the DM to the next change.
func TestHeldBackDMRetriesThenWaitsForTheNextChange(t *testing.T) {
	h := newHarness(t)
	h.rec.mu.Lock()
	// Every try of the first player's DM; once one is held back the
	// others of that try are not tried (they would wait too).
	h.rec.limitDMs = 1 + resendTries
	h.rec.mu.Unlock()
	h.startTally()
	h.r.Wait()
	h.rec.mu.Lock()
	left := h.rec.limitDMs
	h.rec.mu.Unlock()
	if left != 0 {
		t.Fatalf("%d held-back DMs were never tried again", left)
	}
	if n := h.dmsTo("alice") + h.dmsTo("bob"); n != 0 {
		t.Fatalf("%d DMs went through while every try was held back", n)
	}
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 1"), "Played")
	h.r.Wait()
	if h.dmsTo("bob") != 1 {
		t.Errorf("bob's owed DM did not come with the next change")
	}
}
