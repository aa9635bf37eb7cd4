package delivery

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"standoff/internal/pacing"
	"standoff/storage"
)

// What Discord's rate limits held back is owed. Under a game's lock a
// paced transport refuses rather than wait past its bound, and what it
// refused is kept in storage, never in a process: the turn message as the
// game's PostPending (a new message) or RefreshPending (an edit of the
// living one), a private message as its seat's old fingerprint; and what
// was decided with the change that made them, which a redo cannot decide
// anew (who was newly waited on, who acted): whom the owed turn message
// pings and, for each owed private message, whether a closed DM is said
// with a mention (storage.Owed, written with the delivery's record). The
// next change sends what is owed with it; a redo in the one queue sends
// it on its own once the budget allows, from the game as it stands then,
// so that a newer message is never overtaken by an older one; after a
// restart, or in another process, the clock queues it again
// (RedoOwedGames).

// Owed is what the game owes, read once per row (nil: nothing).
func (s *Sender) Owed(ctx context.Context, row *storage.Game) *storage.Owed {
	if row.Owed == nil && row.HasOwed {
		o, err := s.store.LoadOwed(ctx, row.ID)
		if err != nil {
			s.log.Error("could not read what the game owes", "game", row.ID, "err", err)
			return nil
		}
		row.Owed = o
	}
	return row.Owed
}

// owing is what the game owes, to be changed: the delivery's record
// writes it.
func (s *Sender) owing(ctx context.Context, row *storage.Game) *storage.Owed {
	if s.Owed(ctx, row) == nil {
		row.Owed = &storage.Owed{}
	}
	return row.Owed
}

// owePings keeps whom a game's owed turn message was to ping.
func (s *Sender) owePings(ctx context.Context, row *storage.Game, users []string) {
	o := s.owing(ctx, row)
	o.PingsKnown = true
	for _, u := range users {
		if !slices.Contains(o.Pings, u) {
			o.Pings = append(o.Pings, u)
		}
	}
}

// clearOwedPings forgets them once a turn message went out.
func (s *Sender) clearOwedPings(ctx context.Context, row *storage.Game) {
	if o := s.Owed(ctx, row); o != nil && (o.PingsKnown || len(o.Pings) > 0) {
		o.Pings, o.PingsKnown = nil, false
	}
}

// owePrivate keeps, for a player whose private message is held back,
// whether a closed DM is to be said with a ping (once true it stays so
// until said) and whether it brings a decision the game waits on.
func (s *Sender) owePrivate(ctx context.Context, row *storage.Game, user string, ping, urgent bool) {
	o := s.owing(ctx, row)
	if o.Private == nil {
		o.Private = map[string]storage.OwedPrivate{}
	}
	was := o.Private[user]
	o.Private[user] = storage.OwedPrivate{Ping: was.Ping || ping, Urgent: was.Urgent || urgent}
}

// settlePrivate forgets it once the player's private message went out or
// its closed DM was said.
func (s *Sender) settlePrivate(ctx context.Context, row *storage.Game, user string) {
	if o := s.Owed(ctx, row); o != nil {
		delete(o.Private, user)
	}
}

// redoKey names a game's one redo in the queue.
func redoKey(game int64) string { return "game " + strconv.FormatInt(game, 10) }

// RedoLater queues the game's owed messages, after the time the rate
// limit said (err), unless a redo waits already (then it takes prio if
// that is more urgent).
func (s *Sender) RedoLater(game int64, guild string, prio Priority, err error) {
	until := time.Now().Add(time.Second)
	var limited *pacing.LimitedError
	if errors.As(err, &limited) {
		until = limited.Until
	}
	s.queue.Add(Job{Key: redoKey(game), Guild: guild, Priority: prio, Until: until, Run: func(ctx context.Context) error {
		// The queue's context carries the job's rank and server.
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		return s.redo(ctx, game)
	}})
}

// settle says a message of the game went through, or its redo ended: a
// later hold-up starts its tries afresh, unless one waits already.
func (s *Sender) settle(game int64) { s.queue.Settle(redoKey(game)) }

// RedoOwedGames queues a redo for every game that owes a private message:
// after a restart, or when the process that owed it stopped, nothing else
// would send it before the game's next change. (An owed turn message is
// the clock's own, through the game's row.)
func (s *Sender) RedoOwedGames(ctx context.Context) {
	owed, err := s.store.OwedGames(ctx)
	if err != nil {
		s.log.Error("could not list the games that owe messages", "err", err)
		return
	}
	for _, g := range owed {
		prio := Update
		if g.Urgent {
			prio = Act
		}
		s.RedoLater(g.ID, g.Guild, prio, nil)
	}
}

// redo sends what the game owes. The DM channels it needs are opened
// first, outside the game's lock, waiting for their bucket there and
// never under the lock; its place in the budget's line is kept before the
// lock is taken. Then the game shows again what it owes (again, then
// Redo), under its lock; held back again there, delivery queues the next
// try.
func (s *Sender) redo(ctx context.Context, game int64) error {
	// A DM channel the limits still hold shut does not hold up the rest of
	// what the game owes (its turn message, the other players' DMs): the
	// redo goes on, and the DMs that still cannot go are owed again.
	_ = s.openOwedDMs(ctx, game)
	if rs, ok := s.out.(pacing.Reserver); ok {
		// Under the lock nothing waits, and what the moves send meanwhile,
		// not waiting either, cannot take every request the budget frees
		// before it.
		reserved, release, err := rs.Reserve(ctx)
		if err != nil {
			return err
		}
		defer release()
		ctx = reserved
	}
	defer s.settle(game) // done, unless a new hold-up scheduled the next try
	s.again(ctx, game)
	return nil
}

// Redo sends what a game owes, as the game stands now, under its lock:
// its turn message, when a post or an edit is owed and turn is set, and
// each seat's private message that says something its seat has not been
// shown; and records it. The private posts were presented with the pings
// decided when they were held back (storage.Owed).
func (s *Sender) Redo(ctx context.Context, row *storage.Game, pub Publication, turn bool) {
	if owed := row.Owed; owed != nil {
		for u := range owed.Private {
			if !sends(pub.Private, u) {
				delete(owed.Private, u) // nothing new to show them any more
			}
		}
	}
	if turn {
		s.Deliver(ctx, row, Origin{}, pub)
		return
	}
	seats := s.private(pacing.WithServer(ctx, row.Guild), row, Origin{}, pub.Private, nil)
	if len(seats) > 0 || row.Owed != nil {
		s.record(ctx, row, seats, false)
	}
}

func sends(posts []PrivatePost, user string) bool {
	for _, p := range posts {
		if p.User == user && p.Send {
			return true
		}
	}
	return false
}

// redoOpenWait bounds how long a redo waits for the DM-channel bucket, in
// its line, before the game's lock is taken: the moves' own openings do not
// wait, so a redo that never waited would lose to them every time.
const redoOpenWait = 2 * time.Second

// openOwedDMs opens the DM channels of the game's owed private messages
// before its lock is taken, waiting for their bucket no longer than
// redoOpenWait: the limits holding one back longer are reported, for the
// queue to try again when they said.
func (s *Sender) openOwedDMs(ctx context.Context, game int64) error {
	o, ok := s.out.(DMOpener)
	if !ok {
		return nil
	}
	owed, err := s.store.LoadOwed(ctx, game)
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
