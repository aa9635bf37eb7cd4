package commands

import (
	"context"
	"fmt"

	"standoff/internal/delivery"
	"standoff/internal/games"
)

// Publishing is the presenter's decisions handed to delivery
// (internal/delivery), which sends them and re-decides nothing: the
// presenter reads what it needs first (readPresentation), so that it does
// no I/O itself.

// publish shows what a change did and returns the trouble notice, if any.
func (r *Router) publish(ctx context.Context, t *table, events []games.Event) string {
	r.readPresentation(ctx, t)
	trouble := r.send.Deliver(ctx, t.row, t.origin, present(t, events)).Trouble
	// A daily run that ended posts its result where it was asked for.
	r.daily.ended(ctx, t)
	return trouble
}

// repost brings a game's controls back: it posts the turn message anew when
// one is owed or the current one is gone, or refreshes the living one. The
// notice says what was done or went wrong; failed is true when the channel
// could still not be updated.
func (r *Router) repost(ctx context.Context, t *table) (notice string, failed bool) {
	r.readPresentation(ctx, t)
	d := r.send.Deliver(ctx, t.row, t.origin, delivery.Publication{Turn: presentAgain(t)})
	switch {
	case d.Trouble != "":
		return d.Trouble, true
	case d.Posted:
		return fmt.Sprintf("The game's controls were missing, so I posted them again (game #%d).", t.row.ID), false
	}
	return "", false
}

// readPresentation reads what the presenter needs besides the game: the
// channel's best score for a finished game, the players' own settings,
// whom an owed turn message was to ping, and the time. Reading it here
// keeps the presenter free of I/O and clocks.
func (r *Router) readPresentation(ctx context.Context, t *table) {
	r.records.readBest(ctx, t)
	t.ratings = readRatingChanges(ctx, r.store, r.log, t)
	if o := r.send.Owed(ctx, t.row); o != nil && o.PingsKnown {
		t.owedPings, t.owedPingsKnown = append([]string(nil), o.Pings...), true
	} else {
		t.owedPings, t.owedPingsKnown = nil, false
	}
	t.now = r.now()
	players, err := tablePlayers(ctx, r.store, t)
	if err != nil {
		// Everyone is then told the default way (a mention).
		r.log.Error("could not read the players' settings", "game", t.row.ID, "err", err)
	}
	t.players = players
}

// showOwed is how a redo of what a game owes shows the game again, under
// its lock: each seat's private message that says something new, with the
// pings decided when they were held back, and the turn message when one
// is owed and the channel is reachable.
func (r *Router) showOwed(ctx context.Context, game int64) {
	ctx, unlock := r.lock(ctx, game)
	defer unlock()
	t, err := r.reload(ctx, game)
	if err != nil || t.state == nil {
		return
	}
	r.readPresentation(ctx, t)
	t.redoPings = map[string]bool{}
	if o := t.row.Owed; o != nil {
		for u, p := range o.Private {
			t.redoPings[u] = p.Ping
		}
	}
	var pub delivery.Publication
	for seat := range t.row.Seats {
		if p, ok := presentPrivate(t, seat, nil); ok {
			pub.Private = append(pub.Private, p)
		}
	}
	turn := (t.row.PostPending || t.row.RefreshPending) && t.row.UnreachableAt.IsZero()
	if turn {
		pub.Turn = presentAgain(t)
	}
	r.send.Redo(ctx, t.row, pub, turn)
}
