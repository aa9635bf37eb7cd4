package commands

import (
	"context"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// How a change of turn reaches each player it concerns, by their own
// settings (/game notify). The presenter writes the turn message; these
// say, per player, whether it mentions them, whether a DM goes too, and
// record what must wait for their quiet hours or their return (the clock
// sends it then, coalesced, players_clock.go). The delivery step calls
// them once per new turn message:
//
//	players, _ := r.tablePlayers(ctx, t)
//	act := r.actNotices(ctx, t, players, waitedUserIDs)  // who must act now, newly
//	next := r.headsUpNotice(ctx, t, players, moverUserID) // the player next after them
//	text += awayLines(t.row.Seats, players, r.now())      // "bob is away until ..."
//
// A player missing from players gets the defaults (a mention).

// actNotices decides how each player who must now act is told.
func (r *Router) actNotices(ctx context.Context, t *table, players map[string]storage.Player, users []string) map[string]rhythm.Plan {
	return r.notices(ctx, t, players, users, rhythm.MustAct)
}

// headsUpNotice decides the heads-up of the player next after the one on
// turn (storage.Seat.NextAfter, written by markWaiting), unless they made
// the move that began this turn: they know already.
func (r *Router) headsUpNotice(ctx context.Context, t *table, players map[string]storage.Player, mover string) (string, rhythm.Plan) {
	for _, s := range t.row.Seats {
		if s.NextAfter != "" && s.BotLevel == 0 && !s.Away && s.UserID != mover {
			return s.UserID, r.notices(ctx, t, players, []string{s.UserID}, rhythm.HeadsUp)[s.UserID]
		}
	}
	return "", rhythm.Plan{}
}

func (r *Router) notices(ctx context.Context, t *table, players map[string]storage.Player, users []string, e rhythm.Event) map[string]rhythm.Plan {
	now := r.now()
	out := make(map[string]rhythm.Plan, len(users))
	for _, id := range users {
		plan := rhythm.Decide(players[id].Settings, now, e)
		if !plan.Hold.IsZero() {
			if err := r.store.Hold(ctx, id, t.row.ID, e, now, plan.Hold); err != nil {
				r.log.Error("could not hold a notification", "game", t.row.ID, "user", id, "err", err)
			}
		}
		out[id] = plan
	}
	return out
}
