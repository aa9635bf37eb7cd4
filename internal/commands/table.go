package commands

import (
	"context"
	"errors"
	"fmt"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/games"
	"standoff/internal/telemetry"
	"standoff/storage"
)

// table is a stored game with its decoded state.
type table struct {
	row   *storage.Game
	game  Game
	state games.State // nil in the lobby
	// prompts caches state.Prompts() until the state changes (changed).
	promptCache  []games.Prompt
	promptsKnown bool
	// resignedSeats is filled by loadResigned where votes need it.
	resignedSeats []int
	// best is the channel's best-score line for a finished game's message,
	// read (readBest) before the message is built: building a message
	// does no I/O.
	best string
	// ratings is a rated game's line of rating changes for its final
	// message, read with best (readRatingChanges).
	ratings string
	// origin is the interaction this change comes from, if any, and who
	// acted: delivery answers through it first.
	origin delivery.Origin
	// before is whom the game waited on before this table's first change
	// (pace_notify.go).
	before      map[string]int
	beforeKnown bool
	// players are the table's people's own settings (/game notify, time
	// away) and now the time they are read against; both are read before
	// presenting (readPresentation), so the presenter reads no clock.
	players map[string]storage.Player
	now     time.Time
	// owedPings are whom an owed turn message was to ping (internal/delivery), when
	// this process knows (owedPingsKnown); read with the players.
	owedPings      []string
	owedPingsKnown bool
	// redoPings, while owed private messages are redone, says for each
	// player whether a closed DM is to be said with a mention: decided
	// when the message was held back, against the change that made it.
	redoPings map[string]bool
}

// from remembers the interaction that acts on the table: one in the
// game's channel carries the channel's messages, one in the actor's DM
// only the actor's private message (it answers there, not in the channel).
func (t *table) from(in Interaction) {
	t.origin.Actor = in.User.ID
	switch {
	case in.Reply == nil:
	case in.Channel == t.row.Channel:
		// A daily run's channel is the player's DM.
		t.origin.Reply, t.origin.Clicked = in.Reply, in.MessageID
	case in.DM:
		t.origin.Private = in.Reply
	}
}

func (r *Router) table(row *storage.Game) (*table, error) {
	g, ok := r.games.find(row.Kind)
	if !ok {
		return nil, fmt.Errorf("game %d is of unknown kind %q", row.ID, row.Kind)
	}
	r.kinds.note(row.ID, row.Kind)
	t := &table{row: row, game: g}
	if row.State != nil {
		s, err := g.Kind.Decode(row.State)
		if err != nil {
			return nil, fmt.Errorf("decode game %d: %w", row.ID, err)
		}
		t.state = s
	}
	return t, nil
}

// channelTable loads the channel's open game.
func (r *Router) channelTable(ctx context.Context, channel, asked string) (*table, error) {
	row, err := r.threads.openGame(ctx, channel, asked)
	if err != nil {
		return nil, err
	}
	telemetry.SetKind(ctx, row.Kind)
	return r.table(row)
}

// prompts is the state's prompts, computed once per change of the state:
// publishing a move reads them many times (who is waited on, the controls,
// every seat's DM) and some games compute them at a cost.
func (t *table) prompts() []games.Prompt {
	if !t.promptsKnown {
		t.promptCache, t.promptsKnown = t.state.Prompts(), true
	}
	return t.promptCache
}

// changed forgets what was derived from the state; call it whenever the
// state changes or is replaced.
func (t *table) changed() { t.promptCache, t.promptsKnown = nil, false }

func (t *table) promptsFor(seat int) []games.Prompt {
	var out []games.Prompt
	for _, p := range t.prompts() {
		if p.Seat == seat {
			out = append(out, p)
		}
	}
	return out
}

// lockedChannelTable loads the channel's open game under its lock, so that
// nothing else moves it until unlock is called; what is sent meanwhile
// goes with the context it returns (underLock).
func (r *Router) lockedChannelTable(ctx context.Context, channel, asked string) (context.Context, *table, func(), error) {
	id, err := r.store.OpenGameID(ctx, channel)
	if err != nil {
		return ctx, nil, nil, r.threads.noGameIn(ctx, channel, asked, err)
	}
	return r.lockedGame(ctx, id)
}

// lockedGame loads a game under its lock; unlock is never nil when err is.
func (r *Router) lockedGame(ctx context.Context, id int64) (context.Context, *table, func(), error) {
	ctx, unlock := r.lock(ctx, id)
	// Load under the lock (another move may have landed meanwhile).
	t, err := r.reload(ctx, id)
	if err != nil {
		unlock()
		return ctx, nil, nil, err
	}
	return ctx, t, unlock, nil
}

func (r *Router) reload(ctx context.Context, id int64) (*table, error) {
	row, err := r.store.Game(ctx, id)
	if errors.Is(err, storage.ErrNoGame) {
		return nil, refusef("That game no longer exists.")
	}
	if err != nil {
		return nil, err
	}
	telemetry.SetKind(ctx, row.Kind)
	return r.table(row)
}
