package commands

import (
	"context"
	"errors"

	"standoff/internal/delivery"
	"standoff/internal/games"
	"standoff/storage"
)

// A game's controls can go missing: a post that failed and is owed, a
// message a moderator deleted, a console whose messages went with its
// process. Restore is the one way back, shared by /game status, the clock
// and the console: take the game's lock, read the game afresh, show its
// controls again, and let the automated seats make the moves they owe
// (a crash between a save and the bots' moves leaves them owed).

// Restoring says what Restore shows again besides the turn message.
type Restoring struct {
	// Lobby posts an open lobby's message again (its Accept and Join
	// buttons) and makes it the game's message.
	Lobby bool
	// Private sends again the DM of each open private decision: a
	// decision made in a DM needs that DM's controls.
	Private bool
	// clock shows again only what the stored game says is owed (or a turn
	// message it lacks), and knocks on a channel that went away only every
	// delivery.UnreachableRetry: the clock's rhythm, not a player's request.
	clock bool
}

// Restored says what Restore did.
type Restored struct {
	// Notice says what was done to the turn message (posted again) or
	// what went wrong; "" when nothing was worth saying.
	Notice string
	// Failed: the channel could still not be updated.
	Failed bool
	// BotsMoved: automated seats the game waited on have moved.
	BotsMoved bool
	// Unreachable: the clock left the game alone, its channel having gone
	// away lately.
	Unreachable bool
}

// Restore shows game id's controls again (see Restoring) under its lock.
func (r *Router) Restore(ctx context.Context, id int64, how Restoring) (Restored, error) {
	_, done, err := r.restoring.restore(ctx, id, how, nil)
	return done, err
}

// restoring is the room of Restore: the lock, the game read afresh, its
// controls shown again, the automated seats' owed moves.
type restoring struct {
	*base
	lock         func(ctx context.Context, id int64) (context.Context, func())
	reload       func(ctx context.Context, id int64) (*table, error)
	repost       func(ctx context.Context, t *table) (notice string, failed bool)
	lobbyMessage func(t *table) Message
	runBots      func(ctx context.Context, t *table) []games.Event
	publish      func(ctx context.Context, t *table, events []games.Event) string
}

// restore is Restore returning the table it read; then, when set, goes on
// under the same lock with what restore did (the clock's other duties).
func (rs *restoring) restore(ctx context.Context, id int64, how Restoring, then func(context.Context, *table, Restored)) (*table, Restored, error) {
	ctx, unlock := rs.lock(ctx, id)
	defer unlock()
	t, err := rs.reload(ctx, id)
	if err != nil {
		return nil, Restored{}, err
	}
	done, err := rs.showAgain(ctx, t, how)
	if err == nil && then != nil {
		then(ctx, t, done)
	}
	return t, done, err
}

// showAgain is Restore's work once the game is locked and read.
func (rs *restoring) showAgain(ctx context.Context, t *table, how Restoring) (Restored, error) {
	var done Restored
	if t.row.Status == storage.Lobby {
		if !how.Lobby {
			return done, nil
		}
		id, _ := rs.out.Send(ctx, t.row.Channel, rs.lobbyMessage(t))
		return done, rs.store.SetMessage(ctx, t.row.ID, id)
	}
	if t.state == nil {
		return done, nil
	}
	if how.clock {
		if !t.row.UnreachableAt.IsZero() && rs.now().Sub(t.row.UnreachableAt) < delivery.UnreachableRetry {
			done.Unreachable = true
			return done, nil
		}
		owed := t.row.PostPending || t.row.RefreshPending
		if t.row.Status != storage.Active || t.state.Outcome() != nil {
			// Ended: only its last message may be owed (the result).
			if owed {
				done.Notice, done.Failed = rs.repost(ctx, t)
			}
			return done, nil
		}
		if owed || t.row.MessageID == "" {
			done.Notice, done.Failed = rs.repost(ctx, t)
		}
	} else if t.row.Status == storage.Active {
		done.Notice, done.Failed = rs.repost(ctx, t)
	}
	if t.row.Status != storage.Active {
		return done, nil
	}
	if !done.Failed {
		done.BotsMoved = rs.moveOwedBots(ctx, t)
	}
	if how.Private {
		return done, rs.resendPrivate(ctx, t)
	}
	return done, nil
}

// resendPrivate sends each human seat the DM of its open private decision
// again; a closed DM is no error (the seat has /game hand).
func (rs *restoring) resendPrivate(ctx context.Context, t *table) error {
	var err error
	for i, seat := range t.row.Seats {
		if seat.BotLevel > 0 {
			continue
		}
		if m, _, ok := privateMessage(t, i, nil, true); ok && len(m.Rows) > 0 {
			rs.send.Draw(t.row.ID, &m)
			if derr := rs.out.DM(ctx, seat.UserID, m); derr != nil && !errors.Is(derr, ErrDMClosed) {
				err = derr
			}
		}
	}
	return err
}

// moveOwedBots lets a bot that was to move (a crash between a save and the
// bots' moves) move once its table's turn message is shown again: the
// clock would not look at the game until reminder time. It reports
// whether an automated seat was due. The caller holds the game's lock.
func (rs *restoring) moveOwedBots(ctx context.Context, t *table) bool {
	_, due := t.botToAct()
	if due {
		if events := rs.runBots(ctx, t); len(events) > 0 {
			rs.publish(ctx, t, events)
		}
	}
	return due
}
