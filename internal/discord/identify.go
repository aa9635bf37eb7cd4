package discord

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// identifyGate lets the shards' identifies through as Discord allows them.
// Shards whose shard_id % max_concurrency is the same share a bucket, and
// a bucket takes one identify per IdentifyEvery (Discord: 5 s; more is
// answered with Invalid Session). Every identify also spends one of the
// day's session starts (session_start_limit: 1,000 a day for most bots),
// and "upon hitting this limit, all active sessions for the app will be
// terminated, the bot token will be reset": the gate stops the bot with a
// SessionLimitError while a reserve is left instead, so that its operator,
// not Discord, decides what happens next.
type identifyGate struct {
	every       time.Duration
	concurrency int
	reserve     int
	log         *slog.Logger
	// refresh reads GET /gateway/bot again: other processes may have
	// spent session starts too, and the budget resets once a day.
	refresh func(context.Context) (gatewayBot, error)

	mu        sync.Mutex
	last      map[int]time.Time // by rate-limit key: when its last identify went
	remaining int
	resetAt   time.Time
	fetched   time.Time
}

// sent marks the moment a shard's identify went out: its bucket's next
// identify waits IdentifyEvery from then, not from when the gate let this
// one through (dialing and Hello came in between).
func (g *identifyGate) sent(shard int) {
	g.mu.Lock()
	g.last[shard%g.concurrency] = time.Now()
	g.mu.Unlock()
}

// refreshAfter is how old the session start count may be before an
// identify reads it again.
const refreshAfter = 30 * time.Second

// DefaultIdentifyReserve is how many session starts the bot leaves unspent.
const DefaultIdentifyReserve = 10

// SessionLimitError stops the bot before Discord's daily budget of
// gateway session starts runs out.
type SessionLimitError struct {
	Remaining  int           // session starts left today
	Reserve    int           // kept unspent
	ResetAfter time.Duration // until the budget is whole again
}

func (e *SessionLimitError) Error() string {
	return fmt.Sprintf("Discord's daily budget of gateway session starts is nearly spent (%d left, %d kept in reserve; it resets in %v): "+
		"not identifying again, since at the limit Discord resets the bot token; find what makes the bot reconnect so often, "+
		"then start it again after the reset", e.Remaining, e.Reserve, e.ResetAfter.Round(time.Second))
}

func newIdentifyGate(gb gatewayBot, every time.Duration, reserve int, log *slog.Logger,
	refresh func(context.Context) (gatewayBot, error)) *identifyGate {
	g := &identifyGate{every: every, concurrency: max(gb.SessionStartLimit.MaxConcurrency, 1), reserve: reserve, log: log,
		refresh: refresh, last: map[int]time.Time{}}
	g.learn(gb)
	return g
}

// learn takes in what GET /gateway/bot says. Call with g.mu held (or
// before the gate is shared).
func (g *identifyGate) learn(gb gatewayBot) {
	sl := gb.SessionStartLimit
	g.remaining = sl.Remaining
	g.resetAt = time.Now().Add(time.Duration(sl.ResetAfter) * time.Millisecond)
	g.fetched = time.Now()
	if sl.MaxConcurrency > 0 {
		g.concurrency = sl.MaxConcurrency
	}
}

// check refuses to start n sessions that would eat into the reserve.
func (g *identifyGate) check(n int) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.remaining-n < g.reserve {
		return g.errorLocked()
	}
	return nil
}

func (g *identifyGate) errorLocked() error {
	return &SessionLimitError{Remaining: g.remaining, Reserve: g.reserve, ResetAfter: time.Until(g.resetAt)}
}

// wait holds a shard's identify until its bucket lets it go, then spends
// one session start, or fails with a SessionLimitError when that would
// touch the reserve.
func (g *identifyGate) wait(ctx context.Context, shard int) error {
	key := shard % g.concurrency
	for {
		g.mu.Lock()
		next := g.last[key].Add(g.every)
		if now := time.Now(); !now.Before(next) {
			g.last[key] = now
			g.mu.Unlock()
			break
		}
		g.mu.Unlock()
		if err := sleep(ctx, time.Until(next)); err != nil {
			return err
		}
	}
	g.mu.Lock()
	stale := time.Since(g.fetched) > refreshAfter
	g.mu.Unlock()
	if stale && g.refresh != nil {
		gb, err := g.refresh(ctx)
		g.mu.Lock()
		if err == nil {
			g.learn(gb)
		}
		g.mu.Unlock()
		if err != nil {
			g.log.Warn("could not read the session start budget again; counting on", "err", err)
		}
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.remaining-1 < g.reserve {
		err := g.errorLocked()
		g.log.Error("not identifying: the daily session start budget is nearly spent", "remaining", g.remaining,
			"reserve", g.reserve, "reset_after", time.Until(g.resetAt).Round(time.Second))
		return err
	}
	g.remaining--
	g.log.Info("identifying", "shard", shard, "session_starts_left", g.remaining, "reset_after", time.Until(g.resetAt).Round(time.Second))
	return nil
}
