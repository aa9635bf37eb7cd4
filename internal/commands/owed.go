package commands

import (
	"context"
	"errors"
	"sync"
	"time"

	"standoff/internal/pacing"
)

// What Discord's rate limits held back is owed. Under a game's lock a
// paced transport refuses rather than wait past lockedWait, and what it
// refused is kept in the game's row: the turn message as PostPending (a
// new message, for players still to be pinged) or RefreshPending (an edit
// of the living one), a private message as its seat's old fingerprint. The
// next change sends what is owed with it. A game waiting on a message
// that cannot come would wait for a change that never comes, so the owed
// parts of a game are also redone on their own once the budget allows:
// from the game as it stands then, so that a newer message is never
// overtaken by an older one. After a restart the clock does it.
type owedDelivery struct {
	mu      sync.Mutex
	pending map[int64]bool // a redo waits to run
	tries   map[int64]int  // redos of the game in a row
}

// redoTries bounds the redos of one game in a row; redoRetry bounds the
// wait before each.
const (
	redoTries = 10
	redoRetry = 30 * time.Second
)

// redoLater schedules the game's owed messages, after the time the rate
// limit said (err), unless a redo waits already.
func (r *Router) redoLater(game int64, err error) {
	until := time.Now().Add(time.Second)
	var limited *pacing.LimitedError
	if errors.As(err, &limited) {
		until = limited.Until
	}
	o := &r.owed
	o.mu.Lock()
	if o.pending == nil {
		o.pending, o.tries = map[int64]bool{}, map[int64]int{}
	}
	if o.pending[game] {
		o.mu.Unlock()
		return
	}
	if o.tries[game] == redoTries {
		o.tries[game]++ // said once
		o.mu.Unlock()
		r.log.Warn("messages held back by Discord's rate limits; left to the next change or the clock", "game", game)
		return
	}
	if o.tries[game] > redoTries {
		o.mu.Unlock()
		return
	}
	o.pending[game] = true
	o.tries[game]++
	o.mu.Unlock()
	r.work.Add(1)
	go func() {
		defer r.work.Done()
		waited := r.pause(min(max(time.Until(until), 10*time.Millisecond), redoRetry))
		o.mu.Lock()
		delete(o.pending, game)
		o.mu.Unlock()
		if !waited {
			return // stopping: what is owed stays owed (Stop)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		r.redoOwed(ctx, game)
	}()
}

// sentOwed says a message of the game went through: a later hold-up
// starts its tries afresh.
func (r *Router) sentOwed(game int64) {
	o := &r.owed
	o.mu.Lock()
	if !o.pending[game] {
		delete(o.tries, game)
	}
	o.mu.Unlock()
}

// redoOwed sends what the game owes: its turn message, when a post or an
// edit is owed, and each seat's private message that says something its
// seat has not been shown; and records it. Held back again, delivery
// schedules the next try.
func (r *Router) redoOwed(ctx context.Context, game int64) {
	ctx, unlock := r.lock(ctx, game)
	defer unlock()
	defer func() {
		// Done, unless a new hold-up scheduled the next try.
		o := &r.owed
		o.mu.Lock()
		if !o.pending[game] {
			delete(o.tries, game)
		}
		o.mu.Unlock()
	}()
	t, err := r.reload(ctx, game)
	if err != nil || t.state == nil {
		return
	}
	var posts []privatePost
	for seat := range t.row.Seats {
		if p, ok := presentPrivate(t, seat, nil); ok {
			posts = append(posts, p)
		}
	}
	if (t.row.PostPending || t.row.RefreshPending) && t.row.UnreachableAt.IsZero() {
		r.readPresentation(ctx, t)
		r.deliver(ctx, t, publication{turn: presentAgain(t), private: posts})
		return
	}
	if seats := r.deliverPrivate(ctx, t, posts, false); len(seats) > 0 {
		if err := r.store.RecordDelivery(ctx, t.row, seats, false); err != nil {
			r.log.Error("could not record what was shown", "game", game, "err", err)
		}
	}
}
