package commands

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

func FuzzCustomID(f *testing.F) {
	for _, s := range []string{"m:1:2:add 3", "r:9:0:add", "s:1:1", "join:3:4", "m:1", "m:-1:0:x", "m:1:2:a:b:c", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := parseCustomID(s)
		if err != nil {
			return
		}
		back, err := parseCustomID(id.String())
		if err != nil || back != id {
			t.Fatalf("%q parsed as %+v but its string %q parses as %+v (%v)", s, id, id.String(), back, err)
		}
	})
}

// panicLog records whether the router ever recovered from a panic.
type panicLog struct{ buf bytes.Buffer }

func (p *panicLog) Write(b []byte) (int, error) { return p.buf.Write(b) }

// FuzzRouterInput feeds arbitrary lines, as typed moves and custom ids, to
// a live game: nothing may panic, and a refused input must leave the game
// as it was. (Whole console lines: internal/console's FuzzConsoleLine.)
func FuzzRouterInput(f *testing.F) {
	for _, s := range []string{"add 1", "add 9", "ok", "m:1:1:add 3", "r:1:1:add", "s:1:1", "alice: /tally move move:x", "bob: click Peek", "wait 1h", "alice: select x y,z", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h := newHarness(t)
		var logs panicLog
		h.r.log = slog.New(slog.NewTextHandler(&logs, nil))
		h.startTally()
		before := h.snapshot()
		r := h.cmd("bob", "tally", "move", "move="+s) // bob is not on turn: always refused
		if r.Kind != Reply || !r.Message.Ephemeral {
			t.Fatalf("off-turn move %q not refused: %+v", s, r)
		}
		r = h.clickID("carol", nil, s) // carol is not playing: never applied
		if r.Kind == Ack && !strings.HasPrefix(s, "join:") {
			t.Fatalf("a stranger's click %q was acknowledged", s)
		}
		if h.snapshot() != before && !strings.HasPrefix(s, "join:") {
			t.Fatalf("input %q changed the game", s)
		}
		h.cmd("alice", "tally", "move", "move="+s)
		if strings.Contains(logs.buf.String(), "panic") {
			t.Fatalf("input %q made the router panic:\n%s", s, logs.buf.String())
		}
	})
}

func BenchmarkTypedMove(b *testing.B) {
	t := &testing.T{}
	h := newHarness(t)
	b.Cleanup(func() { h.store.Close() })
	h.cfg.AnswerAfter = 0
	for i := 0; i < b.N; i++ {
		if i%4 == 0 {
			h.confirmed(h.cmdIn("alice", "game", "abandon"))
			h.cmd("alice", "tally", "challenge", "opponent=bob", "target=30")
			h.click("bob", h.rec.last(chanID, ""), "Accept")
		}
		g := h.game()
		seat := 0
		for _, p := range h.turnPrompts() {
			seat = p
		}
		h.cmd(g.Seats[seat].UserID, "tally", "move", "move=add 1")
		h.cmd(g.Seats[1-seat].UserID, "tally", "move", "move=ok")
	}
}

func (h *harness) turnPrompts() []int {
	t, err := h.r.channelTable(context.Background(), chanID, "")
	if err != nil || t.state == nil {
		return nil
	}
	var seats []int
	for _, p := range t.state.Prompts() {
		seats = append(seats, p.Seat)
	}
	return seats
}
