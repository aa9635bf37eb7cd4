package commands

import (
	"context"
	"errors"
	"strconv"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/pacing"
	"standoff/storage"
)

// What Discord's rate limits held back is owed. Under a game's lock a
// paced transport refuses rather than wait past lockedWait, and what it
// refused is kept in storage, never in a process: the turn message as the
// game's PostPending (a new message) or RefreshPending (an edit of the
// living one), a private message as its seat's old fingerprint; and what
// was decided with the change that made them, which a redo cannot decide
// anew (who was newly waited on, who acted): whom the owed turn message
// pings and, for each owed private message, whether a closed DM is said
// with a mention (storage.Owed, written with the delivery's record). The
// next change sends what is owed with it; a redo in the one queue
// (internal/delivery) sends it on its own once the budget allows, from
// the game as it stands then, so that a newer message is never overtaken
// by an older one; after a restart, or in another process, the clock
// queues it again (Tick, redoOwedGames).

// owed is what the game owes, read once per table (nil: nothing).
func (r *Router) loadOwed(ctx context.Context, t *table) *storage.Owed {
	if t.row.Owed == nil && t.row.HasOwed {
		o, err := r.store.LoadOwed(ctx, t.row.ID)
		if err != nil {
			r.log.Error("could not read what the game owes", "game", t.row.ID, "err", err)
			return nil
		}
		t.row.Owed = o
	}
	return t.row.Owed
}

// owing is what the game owes, to be changed: RecordDelivery writes it.
func (r *Router) owing(ctx context.Context, t *table) *storage.Owed {
	if r.loadOwed(ctx, t) == nil {
		t.row.Owed = &storage.Owed{}
	}
	return t.row.Owed
}

// owePings keeps whom a game's owed turn message was to ping.
func (r *Router) owePings(ctx context.Context, t *table, users []string) {
	o := r.owing(ctx, t)
	o.PingsKnown = true
	for _, u := range users {
		if !contains(o.Pings, u) {
			o.Pings = append(o.Pings, u)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// clearOwedPings forgets them once a turn message went out.
func (r *Router) clearOwedPings(ctx context.Context, t *table) {
	if o := r.loadOwed(ctx, t); o != nil && (o.PingsKnown || len(o.Pings) > 0) {
		o.Pings, o.PingsKnown = nil, false
	}
}

// owePrivate keeps, for a player whose private message is held back,
// whether a closed DM is to be said with a ping (once true it stays so
// until said) and whether it brings a decision the game waits on.
func (r *Router) owePrivate(ctx context.Context, t *table, user string, ping, urgent bool) {
	o := r.owing(ctx, t)
	if o.Private == nil {
		o.Private = map[string]storage.OwedPrivate{}
	}
	was := o.Private[user]
	o.Private[user] = storage.OwedPrivate{Ping: was.Ping || ping, Urgent: was.Urgent || urgent}
}

// settlePrivate forgets it once the player's private message went out or
// its closed DM was said.
func (r *Router) settlePrivate(ctx context.Context, t *table, user string) {
	if o := r.loadOwed(ctx, t); o != nil {
		if _, ok := o.Private[user]; ok {
			delete(o.Private, user)
		}
	}
}

// redoKey names a game's one redo in the queue.
func redoKey(game int64) string { return "game " + strconv.FormatInt(game, 10) }

// redoLater queues the game's owed messages, after the time the rate
// limit said (err), unless a redo waits already (then it takes prio if
// that is more urgent).
func (r *Router) redoLater(game int64, guild string, prio delivery.Priority, err error) {
	until := time.Now().Add(time.Second)
	var limited *pacing.LimitedError
	if errors.As(err, &limited) {
		until = limited.Until
	}
	r.queue.Add(delivery.Job{Key: redoKey(game), Guild: guild, Priority: prio, Until: until, Run: func(ctx context.Context) error {
		// The queue's context carries the job's rank and server.
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		return r.redoOwed(ctx, game)
	}})
}

// sentOwed says a message of the game went through, or its redo ended: a
// later hold-up starts its tries afresh, unless one waits already.
func (r *Router) sentOwed(game int64) { r.queue.Settle(redoKey(game)) }

// redoOwedGames queues a redo for every game that owes a private message:
// after a restart, or when the process that owed it stopped, nothing else
// would send it before the game's next change. (An owed turn message is
// the clock's own, through the game's row.)
func (r *Router) redoOwedGames(ctx context.Context) {
	owed, err := r.store.OwedGames(ctx)
	if err != nil {
		r.log.Error("could not list the games that owe messages", "err", err)
		return
	}
	for _, g := range owed {
		prio := delivery.Update
		if g.Urgent {
			prio = delivery.Act
		}
		r.redoLater(g.ID, g.Guild, prio, nil)
	}
}

// redoOwed sends what the game owes: its turn message, when a post or an
// edit is owed, and each seat's private message that says something its
// seat has not been shown; and records it. The DM channels it needs are
// opened first, outside the game's lock, waiting for their bucket there
// and never under the lock. Held back again under the lock, delivery
// queues the next try.
func (r *Router) redoOwed(ctx context.Context, game int64) error {
	// A DM channel the limits still hold shut does not hold up the rest of
	// what the game owes (its turn message, the other players' DMs): the
	// redo goes on, and the DMs that still cannot go are owed again.
	_ = r.openOwedDMs(ctx, game)
	if rs, ok := r.out.(pacing.Reserver); ok {
		// Its place in the budget's line is kept before the game's lock
		// is taken: under it nothing waits, and what the moves send
		// meanwhile, not waiting either, cannot take every request the
		// budget frees before it.
		reserved, release, err := rs.Reserve(ctx)
		if err != nil {
			return err
		}
		defer release()
		ctx = reserved
	}
	ctx, unlock := r.lock(ctx, game)
	defer unlock()
	defer r.sentOwed(game) // done, unless a new hold-up scheduled the next try
	t, err := r.reload(ctx, game)
	if err != nil || t.state == nil {
		return nil
	}
	r.readPresentation(ctx, t)
	t.redoPings = map[string]bool{}
	owed := t.row.Owed
	var posts []delivery.PrivatePost
	for seat := range t.row.Seats {
		if p, ok := presentPrivate(t, seat, nil); ok {
			posts = append(posts, p)
		}
	}
	if owed != nil {
		for u, p := range owed.Private {
			t.redoPings[u] = p.Ping
			if !postFor(posts, u) {
				delete(owed.Private, u) // nothing new to show them any more
			}
		}
	}
	if (t.row.PostPending || t.row.RefreshPending) && t.row.UnreachableAt.IsZero() {
		r.deliver(ctx, t, delivery.Publication{Turn: presentAgain(t), Private: posts})
		return nil
	}
	seats := r.deliverPrivate(ctx, t, posts, nil)
	if len(seats) > 0 || t.row.Owed != nil {
		if err := r.store.RecordDelivery(ctx, t.row, seats, false); err != nil {
			r.log.Error("could not record what was shown", "game", game, "err", err)
		} else {
			r.recordedOwed(t)
		}
	}
	return nil
}

func postFor(posts []delivery.PrivatePost, user string) bool {
	for _, p := range posts {
		if p.User == user && p.Send {
			return true
		}
	}
	return false
}

// recordedOwed notes that what the game owes was written.
func (r *Router) recordedOwed(t *table) {
	if t.row.Owed != nil {
		t.row.HasOwed = !t.row.Owed.Empty()
		if !t.row.HasOwed {
			t.row.Owed = nil
		}
	}
}

// redoOpenWait bounds how long a redo waits for the DM-channel bucket, in
// its line, before the game's lock is taken: the moves' own openings do not
// wait, so a redo that never waited would lose to them every time.
const redoOpenWait = 2 * time.Second

// openOwedDMs opens the DM channels of the game's owed private messages
// before its lock is taken, waiting for their bucket no longer than
// redoOpenWait: the limits holding one back longer are reported, for the
// queue to try again when they said.
func (r *Router) openOwedDMs(ctx context.Context, game int64) error {
	o, ok := r.out.(DMOpener)
	if !ok {
		return nil
	}
	owed, err := r.store.LoadOwed(ctx, game)
	if err != nil {
		return nil // the redo reads the game anyway, and says so
	}
	ctx = pacing.WithMaxWait(ctx, redoOpenWait)
	for u := range owed.Private {
		if err := o.OpenDM(ctx, u); errors.Is(err, pacing.ErrLimited) {
			return err
		}
	}
	return nil
}
