package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// What the crash and power-cut suites check after each kill or cut.

// verify checks the database the killed bot left behind.
func (d *crashDriver) verify() {
	t := d.t
	ctx := context.Background()
	for _, cg := range d.all {
		row, err := d.store.Game(ctx, cg.id)
		if err != nil {
			t.Fatalf("game #%d: %v", cg.id, err)
		}
		log, err := d.store.Moves(ctx, cg.id)
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := games.Replay(cg.kind, row.Setup(), log)
		if err != nil {
			t.Errorf("game #%d (%s): its log does not replay: %v", cg.id, cg.kind.Name, err)
			continue
		}
		enc, err := replayed.Encode()
		if err != nil {
			t.Fatal(err)
		}
		d.replays++
		if !bytes.Equal(enc, row.State) {
			t.Errorf("game #%d (%s): stored state differs from the replay of its %d logged moves (half-applied move?)", cg.id, cg.kind.Name, len(log))
		}
		if over := replayed.Outcome() != nil; over != (row.Status == storage.Finished) {
			t.Errorf("game #%d: status %s but the replay says over=%v", cg.id, row.Status, over)
		}
		var human []games.SeatMove
		for _, m := range log {
			if row.Seats[m.Seat].BotLevel == 0 {
				human = append(human, m)
			}
		}
		want := cg.acked
		switch {
		case equalMoves(human, want):
		case d.inflight == cg && equalMoves(human, append(append([]games.SeatMove(nil), want...), d.inflightMove)):
			// Saved but killed before it was acknowledged: whole, and kept.
			if d.inflightRefused {
				t.Errorf("game #%d (%s): the bot answered that nothing was changed, yet the move %v is in the log", cg.id, cg.kind.Name, d.inflightMove)
			}
			cg.acked = human
			d.inflightCommitted++
		default:
			t.Errorf("game #%d (%s): log has human moves %v, acknowledged %v (in flight: %v)", cg.id, cg.kind.Name, human, want, d.inflight == cg)
		}
		d.verified += len(cg.acked)
		cg.pending = row.Status == storage.Active && row.PostPending
		cg.version = row.Version
	}
	d.inflight, d.inflightRefused = nil, false
}

func equalMoves(a, b []games.SeatMove) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// checkReposted checks a restart: the restarted console knows none of the
// messages the dead one posted, so on start it shows every open game's
// controls again, those that owed a turn message at the kill included (the
// first command's output holds what it printed on start). Then /game status
// in one of them still answers.
func (d *crashDriver) checkReposted() {
	out, ok := d.p.do("wait 1m")
	if !ok {
		d.t.Fatalf("the restarted bot died:\n%s", d.p.stderr.String())
	}
	var shown []*crashGame
	for _, cg := range d.all {
		if cg.done {
			continue
		}
		if hasLine(out, "[#"+cg.channel+"] ", fmt.Sprintf("game #%d", cg.id)) {
			shown = append(shown, cg)
			if cg.pending {
				d.reposted++
			}
			continue
		}
		if row, _ := d.store.Game(context.Background(), cg.id); row != nil && row.Open() {
			d.t.Errorf("game #%d is open, but the restarted console did not show its controls again (owed a turn message: %v):\n%s", cg.id, cg.pending, strings.Join(out, "\n"))
		}
	}
	if len(shown) == 0 {
		return
	}
	cg := shown[d.rng.Intn(len(shown))]
	out, ok = d.p.do(append(d.in(cg.channel), cg.users[0]+": /game status")...)
	if !ok {
		d.t.Fatalf("the restarted bot died on /game status:\n%s", d.p.stderr.String())
	}
	if !hasLine(out, "[ephemeral "+cg.users[0]+"] ", fmt.Sprintf("game #%d", cg.id)) {
		if row, _ := d.store.Game(context.Background(), cg.id); row != nil && row.Status == storage.Active {
			d.t.Errorf("/game status after a restart did not answer for game #%d:\n%s", cg.id, strings.Join(out, "\n"))
		}
		return
	}
	d.statusReposts++
}

func hasLine(lines []string, prefix, contains string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) && strings.Contains(l, contains) {
			return true
		}
	}
	return false
}
