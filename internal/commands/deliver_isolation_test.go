package commands

import (
	"context"
	"sync"
	"testing"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/pacing"
)

// budgetSeen is a transport that records, for each DM-channel opening and
// DM, how long the request would have been let wait for Discord's limits
// and at which rank and server it would have waited.
type budgetSeen struct {
	*recorder
	mu   sync.Mutex
	seen []budgetWait
}

type budgetWait struct {
	route    string
	user     string
	maxWait  time.Duration
	bounded  bool
	budget   time.Duration // pacing.WithBudgetWait's bound
	budgeted bool
	rank     pacing.Rank
	server   string
	priority pacing.Priority
}

func (b *budgetSeen) note(ctx context.Context, route, user string) {
	d, ok := pacing.MaxWaitOf(ctx)
	bd, bok := pacing.BudgetWaitOf(ctx)
	b.mu.Lock()
	b.seen = append(b.seen, budgetWait{route, user, d, ok, bd, bok, pacing.RankOf(ctx), pacing.ServerOf(ctx), pacing.PriorityOf(ctx)})
	b.mu.Unlock()
}

func (b *budgetSeen) OpenDM(ctx context.Context, user string) error {
	b.note(ctx, "open", user)
	return nil
}

func (b *budgetSeen) DM(ctx context.Context, user string, m Message) error {
	b.note(ctx, "dm", user)
	return b.recorder.DM(ctx, user, m)
}

// Issue 35: "work that waits for the budget never holds a game's lock ...
// (a move's own DM-channel opening must not wait under its lock: hand it
// to the queue at Act priority instead)". A move's DMs go with the bot
// token under the game's lock: they may not wait for the limits at all
// (what they hold back is owed and queued), and they say their rank (a
// decision the game waits on: act) and their server, for the transport's
// order among the requests that do wait.
func TestMovesDMsNeverWaitForTheBudgetUnderTheLock(t *testing.T) {
	h := newHarness(t)
	seen := &budgetSeen{recorder: h.rec}
	h.r = New(Deps{Store: h.store, Transport: seen, Games: []Game{tallyGame}, Log: h.r.log,
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	h.startTally()
	h.r.Wait()
	seen.mu.Lock()
	seen.seen = nil
	seen.mu.Unlock()
	h.cmd("alice", "tally", "move", "move=add 2") // bob must confirm by DM
	h.r.Wait()
	seen.mu.Lock()
	defer seen.mu.Unlock()
	var bobs []budgetWait
	for _, w := range seen.seen {
		if w.user == "bob" {
			bobs = append(bobs, w)
		}
	}
	if len(bobs) != 2 {
		t.Fatalf("bob's decision went through %v, want his DM channel opened and his DM sent", seen.seen)
	}
	for _, w := range bobs {
		if !w.budgeted || w.budget != 0 {
			t.Errorf("%s for bob under the game's lock could wait %v for the global budget (bounded %v), want none", w.route, w.budget, w.budgeted)
		}
		if w.route == "open" && (!w.bounded || w.maxWait != 0) {
			t.Errorf("opening bob's DM channel under the game's lock could wait %v for the bot's one DM-channel bucket (bounded %v), want none", w.maxWait, w.bounded)
		}
		if w.rank != pacing.RankAct {
			t.Errorf("%s of a decision the game waits on ranks %v, want act", w.route, w.rank)
		}
		if w.server != "g" {
			t.Errorf("%s waits in server %q's turn, want the game's server g", w.route, w.server)
		}
	}
}

// What the limits hold back of a move's DM-channel opening is owed and
// queued at act, and goes once they allow, once.
func TestHeldBackDMChannelOpeningIsQueuedAtAct(t *testing.T) {
	h := newHarness(t)
	op := &opening{recorder: h.rec}
	h.r = New(Deps{Store: h.store, Transport: op, Games: []Game{tallyGame}, Log: h.r.log,
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	h.startTally()
	h.r.Wait()
	before := h.dmsTo("bob")
	h.r.send.Queue().Hold(true)
	op.mu.Lock()
	op.limitOpens = 1
	op.mu.Unlock()
	h.cmd("alice", "tally", "move", "move=add 2") // bob must confirm by DM
	if w := h.r.send.Queue().Waiting(); len(w) != 1 || w[0].Priority != delivery.Act {
		t.Fatalf("a held-back DM-channel opening of a decision waits as %v, want act", w)
	}
	if n := h.dmsTo("bob"); n != before {
		t.Fatalf("bob got %d DMs while his DM channel was held back, want %d", n, before)
	}
	h.r.send.Queue().Hold(false)
	h.r.Wait()
	if n := h.dmsTo("bob"); n != before+1 {
		t.Fatalf("bob got %d DMs once the limits allowed, want one more than %d", n, before)
	}
}
