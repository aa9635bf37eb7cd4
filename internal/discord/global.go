package discord

import (
	"context"
	"strconv"
	"sync"
	"time"

	"standoff/internal/pacing"
)

// GlobalLimit paces the requests made with one bot token to Discord's
// global rate limit: at most Limit in any Window (Discord: 50 a second).
// A request counts from the moment it is sent until Window after its
// answer came back: Discord counted it at some moment in between, so no
// window of Discord's, fixed or sliding, however late the network carried
// the request, ever sees more than Limit. Interaction endpoints are exempt
// and never take from it.
type GlobalLimit struct {
	window time.Duration

	mu      sync.Mutex
	limit   int
	reserve int // kept for urgent requests
	// A share found with the other processes (share.go) holds only until
	// shareUntil (zero: for ever); after it the limit is floor, which is
	// safe whatever the others do.
	shareUntil time.Time
	floor      int
	inflight   int
	done       []time.Time // when the answers of the last requests came, oldest first
	blocked    time.Time   // a global 429 holds every request until then
	changed    chan struct{}
	// line holds the urgent requests waiting for the budget: it goes to
	// them by rank, then to the servers in turn, never to whoever wakes
	// first.
	line line
}

// DefaultRequestsPerSecond is Discord's global limit per bot token.
const DefaultRequestsPerSecond = 50

// NewGlobalLimit makes a limit of n requests per window. A fifth of it is
// kept for urgent requests: spare-priority ones go only while more than
// that is free.
func NewGlobalLimit(n int, window time.Duration) *GlobalLimit {
	n = max(n, 1)
	return &GlobalLimit{limit: n, window: window, reserve: n / 5, floor: n, changed: make(chan struct{})}
}

// SetShare makes the limit n requests per window until until, and floor
// after it unless set again before: a process's share of the token's
// limit is only as good as its last count of the live processes.
func (g *GlobalLimit) SetShare(n int, until time.Time, floor int) {
	g.mu.Lock()
	n = max(n, 1)
	g.limit, g.reserve, g.shareUntil, g.floor = n, n/5, until, max(floor, 1)
	close(g.changed) // a raised limit lets waiting requests go
	g.changed = make(chan struct{})
	g.mu.Unlock()
}

// effective applies an expired share. Call with g.mu held.
func (g *GlobalLimit) effective(now time.Time) {
	if !g.shareUntil.IsZero() && !now.Before(g.shareUntil) {
		g.limit, g.reserve, g.shareUntil = g.floor, g.floor/5, time.Time{}
	}
}

// sharedLimits holds one GlobalLimit per bot token and rate in this
// process: every Bot with the same token spends the same budget.
var sharedLimits = struct {
	sync.Mutex
	m map[string]*GlobalLimit
}{m: map[string]*GlobalLimit{}}

func sharedLimit(token string, perSecond int) *GlobalLimit {
	sharedLimits.Lock()
	defer sharedLimits.Unlock()
	key := token + "\x00" + strconv.Itoa(perSecond)
	g := sharedLimits.m[key]
	if g == nil {
		g = NewGlobalLimit(perSecond, time.Second)
		sharedLimits.m[key] = g
	}
	return g
}

// prune forgets answers older than the window, and a share that expired.
// Call with g.mu held.
func (g *GlobalLimit) prune(now time.Time) {
	g.effective(now)
	i := 0
	for i < len(g.done) && !g.done[i].Add(g.window).After(now) {
		i++
	}
	if i > 0 {
		g.done = g.done[:copy(g.done, g.done[i:])]
	}
}

// next is when k more requests will be free, zero when that depends on
// requests still in flight. Call with g.mu held, after prune.
func (g *GlobalLimit) next(k int) time.Time {
	if k <= 0 || k > len(g.done) {
		return time.Time{}
	}
	return g.done[k-1].Add(g.window)
}

// acquire takes one request from the budget, waiting while it is used up,
// but not past deadline (nor at all for a spare request: it fails at once
// with a *pacing.LimitedError). done must be called once the answer came.
// While the budget is short the requests waiting for it go in order
// (ahead): by rank (pacing.WithRank: act, update, clean-up), then one of
// each server's in turn (pacing.WithServer), then by arrival; a request
// that arrives while others wait takes its place among them, so one that
// may not wait (a deadline of now) goes only if nothing ahead of it waits.
func (g *GlobalLimit) acquire(ctx context.Context, prio pacing.Priority, deadline time.Time, route string) (done func(), err error) {
	g.mu.Lock()
	w := g.line.arrive(pacing.RankOf(ctx), pacing.ServerOf(ctx))
	g.mu.Unlock()
	defer g.leave(w)
	for {
		g.mu.Lock()
		now := time.Now()
		g.prune(now)
		need := 1
		if prio == pacing.Spare {
			need += g.reserve
		}
		free := g.limit - g.inflight - len(g.done)
		ahead := g.line.ahead(w)
		var until time.Time
		switch {
		case g.blocked.After(now):
			until = g.blocked
		case free-ahead >= need:
			g.inflight++
			g.line.grant(w)
			g.mu.Unlock()
			return g.release, nil
		default:
			until = g.next(need + ahead - free)
		}
		changed := g.changed
		g.mu.Unlock()
		if err := waitFor(ctx, prio, deadline, until, changed, pacing.ScopeGlobal, route, g.window); err != nil {
			return nil, err
		}
	}
}

// leave takes a request out of the line, granted or given up: those
// behind it move up.
func (g *GlobalLimit) leave(w *waiter) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.line.leave(w)
	g.notifyLocked()
}

func (g *GlobalLimit) notifyLocked() {
	close(g.changed)
	g.changed = make(chan struct{})
}

// waiting is how many requests wait for the budget now.
func (g *GlobalLimit) waiting() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.line.len()
}

// check fails at once a request the budget certainly cannot serve in
// time: a global 429 holds requests past its deadline, or it is spare and
// nothing is. It lets a request fail fast before it waits for its bucket.
func (g *GlobalLimit) check(prio pacing.Priority, deadline time.Time, route string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := time.Now()
	g.prune(now)
	until := g.blocked
	if !until.After(deadline) {
		// Spare budget is what neither the reserve nor the urgent
		// requests waiting for it will take.
		free := g.limit - g.inflight - len(g.done) - g.line.len()
		if prio != pacing.Spare || free > g.reserve {
			return nil
		}
		until = g.next(g.reserve + 1 - free)
		if until.IsZero() {
			until = now.Add(g.window)
		}
	}
	return &pacing.LimitedError{Scope: pacing.ScopeGlobal, Route: route, Until: until, Priority: prio}
}

// unreserve gives back a request taken from the budget and never sent.
func (g *GlobalLimit) unreserve() {
	g.mu.Lock()
	g.inflight--
	g.notifyLocked()
	g.mu.Unlock()
}

// release records a request's answer.
func (g *GlobalLimit) release() {
	g.mu.Lock()
	g.inflight--
	g.done = append(g.done, time.Now())
	g.notifyLocked()
	g.mu.Unlock()
}

// block holds every request until t (a global 429).
func (g *GlobalLimit) block(t time.Time) {
	g.mu.Lock()
	if t.After(g.blocked) {
		g.blocked = t
	}
	g.mu.Unlock()
}

// budget is the limit's state now.
func (g *GlobalLimit) budget() pacing.Budget {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := time.Now()
	g.prune(now)
	b := pacing.Budget{Limit: g.limit, Window: g.window, Reserve: g.reserve, Free: max(g.limit-g.inflight-len(g.done), 0)}
	if g.blocked.After(now) {
		b.Free, b.Next = 0, g.blocked.Sub(now)
	} else if t := g.next(1); !t.IsZero() {
		b.Next = t.Sub(now)
	}
	return b
}

// waitFor waits for a limit to let a request go: until a known time, or
// for changed (a request in flight answered) when the time depends on
// answers still to come. A spare request never waits, and an urgent one
// that could not go before its deadline fails at once: both with a
// *pacing.LimitedError. estimate is how far away an unknown time is
// reported.
func waitFor(ctx context.Context, prio pacing.Priority, deadline, until time.Time, changed <-chan struct{},
	scope, route string, estimate time.Duration) error {
	limited := func() error {
		u := until
		if u.IsZero() {
			u = time.Now().Add(estimate)
		}
		return &pacing.LimitedError{Scope: scope, Route: route, Until: u, Priority: prio}
	}
	if prio == pacing.Spare || (!until.IsZero() && until.After(deadline)) {
		return limited()
	}
	wake := deadline
	if !until.IsZero() {
		wake = until
	}
	t := time.NewTimer(time.Until(wake))
	defer t.Stop()
	select {
	case <-t.C:
		if until.IsZero() && !time.Now().Before(deadline) {
			return limited()
		}
		return nil
	case <-changed:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
