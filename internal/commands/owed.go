package commands

import (
	"context"
	"errors"
	"slices"
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
//
// Who an owed message was to ping is decided with the change that made it
// and kept beside it here: a redo cannot tell anew who was newly waited
// on, or who acted. After a restart only the row is left, and an owed
// post pings whoever it waits on and is told in the channel.
type owedDelivery struct {
	mu      sync.Mutex
	pending map[int64]bool // a redo waits to run
	tries   map[int64]int  // redos of the game in a row
	// wait is redoWait, or a shorter one in tests that exhaust the tries.
	wait func(try int, until time.Time) time.Duration
	// pings are whom a game's owed turn message was to ping.
	pings map[int64][]string
	// closedPings: for each player whose private message is owed, whether
	// its DM, should it prove closed, is said in the channel with a ping.
	closedPings map[int64]map[string]bool
}

// owePings keeps whom a game's owed turn message was to ping.
func (r *Router) owePings(game int64, users []string) {
	o := &r.owed
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.pings == nil {
		o.pings = map[int64][]string{}
	}
	for _, u := range users {
		if !slices.Contains(o.pings[game], u) {
			o.pings[game] = append(o.pings[game], u)
		}
	}
	if o.pings[game] == nil {
		o.pings[game] = []string{} // known: nobody
	}
}

// owedPingsOf is whom the game's owed turn message was to ping; known is
// false when this process does not know (it owes none, or it restarted).
func (r *Router) owedPingsOf(game int64) (users []string, known bool) {
	o := &r.owed
	o.mu.Lock()
	defer o.mu.Unlock()
	users, known = o.pings[game]
	return slices.Clone(users), known
}

// clearOwedPings forgets them once a turn message went out.
func (r *Router) clearOwedPings(game int64) {
	o := &r.owed
	o.mu.Lock()
	defer o.mu.Unlock()
	delete(o.pings, game)
}

// oweClosedPing keeps, for a player whose private message is held back,
// whether a closed DM is to be said with a ping; once true it stays so
// until said.
func (r *Router) oweClosedPing(game int64, user string, ping bool) {
	o := &r.owed
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closedPings == nil {
		o.closedPings = map[int64]map[string]bool{}
	}
	if o.closedPings[game] == nil {
		o.closedPings[game] = map[string]bool{}
	}
	o.closedPings[game][user] = o.closedPings[game][user] || ping
}

// settleClosedPing forgets it once the player's private message went out
// or its closed DM was said.
func (r *Router) settleClosedPing(game int64, user string) {
	o := &r.owed
	o.mu.Lock()
	defer o.mu.Unlock()
	delete(o.closedPings[game], user)
	if len(o.closedPings[game]) == 0 {
		delete(o.closedPings, game)
	}
}

// closedPingsOf is a copy of what oweClosedPing kept for the game.
func (r *Router) closedPingsOf(game int64) map[string]bool {
	o := &r.owed
	o.mu.Lock()
	defer o.mu.Unlock()
	out := map[string]bool{}
	for u, ping := range o.closedPings[game] {
		out[u] = ping
	}
	return out
}

// redoTries bounds the redos of one game in a row. Before each it waits at
// least what the limit said, and longer the more it was held back in a row
// (from redoFirst, doubling up to redoRetry), so that many games held back
// by one busy bucket (opening DM channels for players new to the bot) do
// not all try again at once, and still get through within about half an
// hour of a lasting shortage.
const (
	redoTries = 60
	redoFirst = 100 * time.Millisecond
	redoRetry = 30 * time.Second
)

// redoWait is how long the try-th redo of a game in a row waits when the
// limit said until.
func redoWait(try int, until time.Time) time.Duration {
	backoff := redoRetry
	if try < 16 {
		backoff = min(redoFirst<<try, redoRetry)
	}
	return min(max(time.Until(until), backoff), redoRetry)
}

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
		r.log.Warn("messages held back by Discord's rate limits; left to the next change (a turn message also to the clock)", "game", game)
		return
	}
	if o.tries[game] > redoTries {
		o.mu.Unlock()
		return
	}
	o.pending[game] = true
	waitFor := redoWait
	if o.wait != nil {
		waitFor = o.wait
	}
	wait := waitFor(o.tries[game], until)
	o.tries[game]++
	o.mu.Unlock()
	r.work.Add(1)
	go func() {
		defer r.work.Done()
		waited := r.pause(wait)
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

// sentOwed says a message of the game went through, or its redo ended: a
// later hold-up starts its tries afresh, unless one waits already.
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
	defer r.sentOwed(game) // done, unless a new hold-up scheduled the next try
	t, err := r.reload(ctx, game)
	if err != nil || t.state == nil {
		return
	}
	t.redoPings = r.closedPingsOf(game)
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
	if seats := r.deliverPrivate(ctx, t, posts, nil); len(seats) > 0 {
		if err := r.store.RecordDelivery(ctx, t.row, seats, false); err != nil {
			r.log.Error("could not record what was shown", "game", game, "err", err)
		}
	}
}
