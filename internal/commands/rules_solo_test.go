package commands

import (
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"standoff/internal/games/hijacked"
)

// hijackedHarness is a harness hosting Hijacked.
func hijackedHarness(t *testing.T) *harness {
	h := newHarness(t)
	h.r = New(Deps{Store: h.store, Transport: h.rec, Games: []Game{{Kind: hijacked.Kind}}, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	return h
}

// /game rules in a solo Hijacked game opens on the solo mode (the Cybot's
// turn, priorities, dice, tokens, police retreat and score), and the heading
// no longer says only "2-4 players"; in a game between players, and in a
// DM, it opens on the overview.
func TestRulesOpenOnTheSoloModeInASoloGame(t *testing.T) {
	h := hijackedHarness(t)
	mustEphemeral(t, h.cmd("alice", "hijacked", "solo"), "")
	rules := h.cmd("alice", "game", "rules")
	c := rules.Message.Content
	if !strings.HasPrefix(c, "**Hijacked** (2-4 players, or solo against the Cybot) · **Solo against the Cybot**\n") ||
		!strings.Contains(c, "The card lists its actions in order of priority") {
		t.Fatalf("/game rules in a solo game: %q", c)
	}
	if len(c) > maxContent || rules.Message.Rows[0].Select == nil {
		t.Fatalf("%d characters, rows %+v", len(c), rules.Message.Rows)
	}

	h = hijackedHarness(t)
	mustEphemeral(t, h.cmd("alice", "hijacked", "challenge", "opponent=bob"), "Challenge sent")
	if r := h.click("bob", h.rec.last(chanID, ""), "Accept"); r.Kind != Ack {
		t.Fatalf("accept: %+v", r)
	}
	c = h.cmd("alice", "game", "rules").Message.Content
	if !strings.HasPrefix(c, "**Hijacked** (2-4 players, or solo against the Cybot)\nYou are negotiators") {
		t.Fatalf("/game rules in a game between players: %q", c)
	}
}
