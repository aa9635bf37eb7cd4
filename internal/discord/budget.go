package discord

import (
	"context"
	"errors"
	"maps"
	"sync"
	"time"

	"standoff/internal/pacing"
)

// budget is what the bot tells of the bot token's global budget and keeps
// in it: its state (Budget), places kept for held-back work
// (pacing.Reserver), and how long the requests waited for the limits
// (BudgetWaits). The pacing itself is rest's (global.go, buckets.go).
type budget struct{ api *rest }

var _ pacing.Reserver = (*budget)(nil)

// Budget is the state of the bot token's global rate limit: how many
// requests may start now, and how many of them spare-priority requests
// (pacing.WithPriority(ctx, pacing.Spare)) may take.
func (b *budget) Budget() pacing.Budget { return b.api.global.budget() }

// BudgetWaits is how long the bot's requests waited for Discord's rate
// limits before they were sent (their bucket and, with the bot's token,
// the global budget), by rank, and how many were refused instead of
// waiting past their deadline (what was refused is owed and queued).
// Requests on interaction endpoints are counted apart: they never wait
// for the bot token's budget, only for their own interaction's bucket.
type BudgetWaits struct {
	Bot         [pacing.RankCleanup + 1]WaitTally `json:"bot"` // by rank: act, update, clean-up
	Interaction WaitTally                         `json:"interaction"`
	// RefusedBy counts the refused requests by scope (global or bucket)
	// and route template: which limit held what back.
	RefusedBy map[string]int `json:"refused_by,omitempty"`
}

// WaitTally sums the waits of some requests.
type WaitTally struct {
	Sent     int           `json:"sent"`     // requests sent
	Reserved int           `json:"reserved"` // places kept in the budget for held-back work (Reserve)
	Waited   int           `json:"waited"`   // of the requests and places, those that waited a millisecond or more
	Total    time.Duration `json:"total"`    // the time they waited, together
	Max      time.Duration `json:"max"`      // the longest
	Refused  int           `json:"refused"`  // not sent: the limits would have held them too long
}

type budgetWaits struct {
	mu sync.Mutex
	BudgetWaits
}

func (b *budgetWaits) tally(exempt bool, rank pacing.Rank) *WaitTally {
	if exempt {
		return &b.Interaction
	}
	return &b.Bot[min(max(rank, pacing.RankAct), pacing.RankCleanup)]
}

func (b *budgetWaits) sent(exempt bool, rank pacing.Rank, waited time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	t := b.tally(exempt, rank)
	t.Sent++
	if waited >= time.Millisecond {
		t.Waited++
	}
	t.Total += waited
	t.Max = max(t.Max, waited)
}

// reserved counts a wait for a place kept in the budget (Reserve): the
// request that takes it waits no more.
func (b *budgetWaits) reserved(rank pacing.Rank, waited time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	t := b.tally(false, rank)
	t.Reserved++
	if waited >= time.Millisecond {
		t.Waited++
	}
	t.Total += waited
	t.Max = max(t.Max, waited)
}

func (b *budgetWaits) refused(exempt bool, rank pacing.Rank, template string, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.tally(exempt, rank).Refused++
	var le *pacing.LimitedError
	if errors.As(err, &le) {
		if b.RefusedBy == nil {
			b.RefusedBy = map[string]int{}
		}
		if len(b.RefusedBy) < 100 {
			b.RefusedBy[le.Scope+" "+template]++
		}
	}
}

// Reserve keeps a place in the bot token's global budget for the first
// bot-token request made with the returned context (pacing.Reserver): it
// waits in the budget's line at ctx's rank and server, outside any lock,
// no longer than a request made with ctx would.
func (b *budget) Reserve(ctx context.Context) (context.Context, func(), error) {
	start := time.Now()
	rank := pacing.RankOf(ctx)
	if _, err := b.api.global.acquire(ctx, pacing.PriorityOf(ctx), b.api.deadline(ctx, true), "reserve"); err != nil {
		b.api.waits.refused(false, rank, "reserve", err)
		return ctx, func() {}, rateWaitError(err)
	}
	b.api.waits.reserved(rank, time.Since(start))
	res := &pacing.Reservation{}
	return pacing.WithReservation(ctx, res), func() {
		if res.Take() {
			b.api.global.unreserve()
		}
	}, nil
}

// BudgetWaits is how long the bot's requests have waited for the limits
// since it started, or since the last reset.
func (b *budget) BudgetWaits(reset bool) BudgetWaits {
	b.api.waits.mu.Lock()
	defer b.api.waits.mu.Unlock()
	w := b.api.waits.BudgetWaits
	w.RefusedBy = maps.Clone(w.RefusedBy)
	if reset {
		b.api.waits.BudgetWaits = BudgetWaits{}
	}
	return w
}
