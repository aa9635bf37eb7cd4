package commands

import (
	"context"
	"errors"
	"sync"
	"time"

	"standoff/internal/pacing"
)

// A private message that Discord's rate limits held back (a paced
// transport refuses rather than wait past pacing.MaxWait under the game's
// lock) is owed: its seat's record keeps the old fingerprint, so the next
// change sends it. A decision the game then waits on would wait for a
// change that cannot come, so the owed messages of a game are also sent
// again on their own once the budget allows: from the game as it stands
// then, so that a newer message is never overtaken by an older one.
type owedPrivate struct {
	mu      sync.Mutex
	pending map[int64]bool // a resend waits to run
	tries   map[int64]int  // resends of the game in a row
}

// resendTries bounds the resends of one game's private messages in a row;
// resendRetry bounds the wait before each.
const (
	resendTries = 10
	resendRetry = 30 * time.Second
)

// resendPrivateLater schedules the game's owed private messages, after the
// time the rate limit said (err), unless a resend waits already.
func (r *Router) resendPrivateLater(game int64, err error) {
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
	if o.tries[game] == resendTries {
		o.tries[game]++ // said once
		o.mu.Unlock()
		r.log.Warn("private messages held back by Discord's rate limits; left to the next change", "game", game)
		return
	}
	if o.tries[game] > resendTries {
		o.mu.Unlock()
		return
	}
	o.pending[game] = true
	o.tries[game]++
	o.mu.Unlock()
	r.work.Add(1)
	go func() {
		defer r.work.Done()
		time.Sleep(min(max(time.Until(until), 10*time.Millisecond), resendRetry))
		o.mu.Lock()
		delete(o.pending, game)
		o.mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		r.resendPrivate(ctx, game)
	}()
}

// privateSent says a DM of the game went through: a later hold-up starts
// its tries afresh.
func (r *Router) privateSent(game int64) {
	o := &r.owed
	o.mu.Lock()
	if !o.pending[game] {
		delete(o.tries, game)
	}
	o.mu.Unlock()
}

// resendPrivate sends each seat's private message that says something its
// seat has not been shown, and records it. Held back again, it schedules
// the next try (deliverPrivate); else the game's tries start afresh.
func (r *Router) resendPrivate(ctx context.Context, game int64) {
	unlock := r.lock(game)
	defer unlock()
	defer func() {
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
	if seats := r.deliverPrivate(ctx, t, posts, false); len(seats) > 0 {
		if err := r.store.RecordDelivery(ctx, t.row, seats, false); err != nil {
			r.log.Error("could not record what was shown", "game", game, "err", err)
		}
	}
}
