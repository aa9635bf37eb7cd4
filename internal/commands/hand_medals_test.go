package commands

import (
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"standoff/internal/games/hijacked"
)

// Hijacked hides the value of a medal a player wins ("places it face-down
// in his personal supply"), so /game hand before any medal must not claim
// the game has nothing hidden: it speaks of what the seat holds now.
func TestHandWithoutMedalsSpeaksOfTheSeat(t *testing.T) {
	h := newHarness(t)
	h.r = New(Deps{Store: h.store, Transport: h.rec, Games: []Game{{Kind: hijacked.Kind}}, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	mustEphemeral(t, h.cmd("alice", "hijacked", "challenge", "opponent=bob"), "Challenge sent")
	if r := h.click("bob", h.rec.last(chanID, ""), "Accept"); r.Kind != Ack {
		t.Fatalf("accept: %+v", r)
	}
	hand := h.cmd("bob", "game", "hand")
	mustEphemeral(t, hand, "You hold nothing hidden in this Hijacked game now")
	if strings.Contains(hand.Message.Content, "Hijacked has nothing hidden") {
		t.Fatalf("reply %q", hand.Message.Content)
	}
}
