// Package pacing is what the Discord transport and the code that sends
// through it (the router's delivery) share about Discord's rate limits: how
// urgent a request is, the error a request fails with instead of waiting
// past its deadline, and how much of the bot token's global budget is free.
// It sits apart from both so that the router can speak of pacing without
// importing the transport.
//
// A bot token may make 50 requests a second across all its processes;
// interaction endpoints (the response to an interaction, its follow-ups and
// edits) are exempt. The transport paces every bot-token request to that
// limit and to each rate-limit bucket before Discord has to answer 429.
package pacing

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"time"
)

// Priority says whether a request must go now or may wait for spare budget.
type Priority int

const (
	// Urgent requests (the default) wait for their bucket and the global
	// limit, but never past their context's deadline nor the transport's
	// ceiling: a request that could not go by then fails at once with a
	// *LimitedError instead of waiting in vain.
	Urgent Priority = iota
	// Spare requests go only on budget left over: while the global limit
	// has more free requests than its reserve for urgent ones and their
	// bucket has room. They never wait; otherwise they fail at once with a
	// *LimitedError whose Until says when to try again. A queue of work
	// that may wait (taking controls off an old message, refreshing an
	// unchanged view) sends with this priority.
	Spare
)

func (p Priority) String() string {
	if p == Spare {
		return "spare"
	}
	return "urgent"
}

type priorityKey struct{}

// WithPriority marks the requests made with ctx.
func WithPriority(ctx context.Context, p Priority) context.Context {
	return context.WithValue(ctx, priorityKey{}, p)
}

// PriorityOf is the priority of requests made with ctx (Urgent unless
// marked).
func PriorityOf(ctx context.Context) Priority {
	p, _ := ctx.Value(priorityKey{}).(Priority)
	return p
}

type maxWaitKey struct{}

// WithMaxWait bounds how long the requests made with ctx may wait for a
// rate limit before failing with a *LimitedError, apart from the
// context's own deadline: a slow answer from Discord still completes,
// while a request that would queue behind the limits is refused at once.
// Work done under a game's lock sends this way.
func WithMaxWait(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, maxWaitKey{}, d)
}

// MaxWaitOf is the bound WithMaxWait set; ok is false without one.
func MaxWaitOf(ctx context.Context) (d time.Duration, ok bool) {
	d, ok = ctx.Value(maxWaitKey{}).(time.Duration)
	return d, ok
}

type budgetWaitKey struct{}

// WithBudgetWait bounds, like WithMaxWait, how long the requests made with
// ctx may wait for a rate limit, but only those made with the bot's token:
// requests on a player's interaction (its answer, follow-ups and edits)
// keep their own bound, as they take nothing from the budget another
// game's shortage can use up. A game's delivery under its lock sends with
// 0: what the bot token's limits hold back is owed and queued, never
// waited for holding the lock.
func WithBudgetWait(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, budgetWaitKey{}, d)
}

// BudgetWaitOf is the bound WithBudgetWait set; ok is false without one.
func BudgetWaitOf(ctx context.Context) (d time.Duration, ok bool) {
	d, ok = ctx.Value(budgetWaitKey{}).(time.Duration)
	return d, ok
}

// ErrLimited matches every *LimitedError (errors.Is).
var ErrLimited = errors.New("Discord's rate limit leaves no room for this request now")

// Scopes of a LimitedError.
const (
	ScopeGlobal = "global" // the bot token's requests per second
	ScopeBucket = "bucket" // the route's own bucket (e.g. messages in a channel)
)

// LimitedError is a request that was not sent because a rate limit would
// hold it past its deadline (urgent) or leaves no spare budget (spare).
// Nothing reached Discord: the caller may queue the work and try again at
// Until.
type LimitedError struct {
	Scope    string // ScopeGlobal or ScopeBucket
	Route    string // method and path, interaction tokens left out
	Until    time.Time
	Priority Priority
}

func (e *LimitedError) Error() string {
	return fmt.Sprintf("not sent: Discord's %s rate limit holds %s %s for %v more", e.Scope, e.Priority, e.Route,
		time.Until(e.Until).Round(time.Millisecond))
}

// Is makes errors.Is(err, ErrLimited) true.
func (e *LimitedError) Is(target error) bool { return target == ErrLimited }

// Budget is the state of the bot token's global limit in this process.
type Budget struct {
	Limit  int           // requests per Window
	Window time.Duration // Discord's: one second
	// Free is how many bot-token requests may start now without waiting.
	Free int
	// Reserve is kept for urgent requests: spare ones go only while Free
	// is above it.
	Reserve int
	// Next is how long until one more request is free (0 when none was
	// answered within the window: only answers still to come free one).
	Next time.Duration
}

// Spare is how many spare-priority requests may start now.
func (b Budget) Spare() int { return max(b.Free-b.Reserve, 0) }

// Rank orders the urgent requests that wait for the bot token's global
// budget when it is short: a request of a better rank always goes before
// one of a worse rank, whatever came first. Requests marked with no rank
// rank Act: what a player just did and is waiting to see.
type Rank int

const (
	// Act: what a waited-on player must see to act (their private
	// decision, the turn message that pings them).
	RankAct Rank = iota
	// Update: other private updates and owed edits of a living message.
	RankUpdate
	// Cleanup: what may wait (controls off a replaced message); spare
	// requests always rank here.
	RankCleanup
)

func (r Rank) String() string {
	switch r {
	case RankAct:
		return "act"
	case RankUpdate:
		return "update"
	}
	return "cleanup"
}

type rankKey struct{}

// WithRank marks the requests made with ctx.
func WithRank(ctx context.Context, r Rank) context.Context {
	return context.WithValue(ctx, rankKey{}, r)
}

// RankOf is the rank of requests made with ctx: RankCleanup for a spare
// one, else the rank WithRank set (RankAct unless marked).
func RankOf(ctx context.Context) Rank {
	if PriorityOf(ctx) == Spare {
		return RankCleanup
	}
	r, _ := ctx.Value(rankKey{}).(Rank)
	return r
}

type serverKey struct{}

// WithServer says which server (guild) the requests made with ctx are
// for. Among requests of one rank waiting for the global budget, the
// servers are served in turn: one server's burst waits behind the others'
// next request, it cannot take the whole budget.
func WithServer(ctx context.Context, guild string) context.Context {
	return context.WithValue(ctx, serverKey{}, guild)
}

// ServerOf is the server WithServer set ("" for none: one line of its own).
func ServerOf(ctx context.Context) string {
	s, _ := ctx.Value(serverKey{}).(string)
	return s
}

// Reserver is a transport that can keep a place in the bot token's global
// budget for work about to run: Reserve waits in the budget's line (at the
// rank and server ctx says, outside any lock) until a request may go, and
// keeps that request for the first bot-token request made with the
// context it returns, which then goes without waiting again. release gives
// the place back if no request took it. Work the limits held back (the
// queue's redos) reserves so, or requests that may not wait, arriving all
// the time, would take every request the budget frees before it.
type Reserver interface {
	Reserve(ctx context.Context) (reserved context.Context, release func(), err error)
}

// Reservation is a place in the global budget kept by Reserve.
type Reservation struct{ taken atomic.Bool }

// Take takes the reservation; false when it was taken already.
func (r *Reservation) Take() bool { return r != nil && r.taken.CompareAndSwap(false, true) }

type reservationKey struct{}

// WithReservation gives the requests made with ctx the reservation.
func WithReservation(ctx context.Context, r *Reservation) context.Context {
	return context.WithValue(ctx, reservationKey{}, r)
}

// ReservationOf is the reservation of the requests made with ctx (nil:
// none).
func ReservationOf(ctx context.Context) *Reservation {
	r, _ := ctx.Value(reservationKey{}).(*Reservation)
	return r
}
