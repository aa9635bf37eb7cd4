package commands

import (
	"context"
	"errors"
	"fmt"
	"time"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// The clock's part of a player's rhythm: turn limits and time banks that
// pause while a player is away, reminders sent the way each player chose
// (or held through their quiet hours), and, per player, what was held
// released at its time as one message, and the daily digest.

// lazyPlayers reads the settings of a game's waited-on players the first
// time they are needed: most ticks of a game need none.
func (ck *clock) lazyPlayers(ctx context.Context, t *table, seats []int) func() map[string]storage.Player {
	var players map[string]storage.Player
	return func() map[string]storage.Player {
		if players == nil {
			var ids []string
			for _, s := range seats {
				ids = append(ids, t.row.Seats[s].UserID)
			}
			var err error
			if players, err = ck.store.Players(ctx, ids); err != nil {
				ck.log.Error("could not read players' settings", "game", t.row.ID, "err", err)
				players = map[string]storage.Player{}
			}
		}
		return players
	}
}

// allowance is how long a seat may keep the table waiting, from when: the
// game's turn limit from the start of the turn, or what is left of the
// seat's time bank from when the game began waiting on it.
func allowance(t *table, seat int) (since time.Time, allowed time.Duration, bank bool) {
	s := t.row.Seats[seat]
	if t.row.TurnBank > 0 {
		since = s.WaitingSince
		if since.IsZero() {
			since = t.row.TurnStartedAt
		}
		return since, rhythm.Bank{Size: t.row.TurnBank}.Left(s.BankSpent), true
	}
	return t.row.TurnStartedAt, t.row.TurnLimit, false
}

// lateSeats are the waited-on seats whose turn limit or time bank has run
// out, the time their players were away not counted; none when the game
// is not limited.
func lateSeats(t *table, seats []int, players func() map[string]storage.Player, now time.Time, limited bool) []int {
	if !limited {
		return nil
	}
	var late []int
	for _, s := range seats {
		since, allowed, _ := allowance(t, s)
		if now.Sub(since) < allowed {
			continue // not even counting time away
		}
		if rhythm.Counted(players()[t.row.Seats[s].UserID].Settings, since, now) >= allowed {
			late = append(late, s)
		}
	}
	return late
}

// timeLeft is the least time any of the seats has before the bot takes
// over.
func timeLeft(t *table, seats []int, players map[string]storage.Player, now time.Time) time.Duration {
	least := time.Duration(-1)
	for _, s := range seats {
		since, allowed, _ := allowance(t, s)
		left := rhythm.Deadline(players[t.row.Seats[s].UserID].Settings, since, allowed).Sub(now)
		if least < 0 || left < least {
			least = left
		}
	}
	return max(least, 0)
}

// lateNote is what the table reads when seats ran out of time.
func lateNote(t *table, names string, several bool) string {
	back := "their seat back"
	if several {
		back = "their seats back"
	}
	if t.row.TurnBank > 0 {
		return fmt.Sprintf("%s ran out of their time bank of %s, so the bot plays for them from now on. They can ask for %s with /game rejoin.", names, spokenDuration(t.row.TurnBank), back)
	}
	return fmt.Sprintf("%s did not act within the turn limit of %s, so the bot plays for them from now on. They can ask for %s with /game rejoin.", names, spokenDuration(t.row.TurnLimit), back)
}

// reminderPlan splits the seats due a reminder by how each player is to
// get it now (rhythm.Decide); a reminder held through quiet hours is
// recorded for its release.
func (ck *clock) reminderPlan(ctx context.Context, t *table, seats []int, players map[string]storage.Player, now time.Time) (inChannel, byDM []int) {
	for _, s := range seats {
		id := t.row.Seats[s].UserID
		plan := rhythm.Decide(players[id].Settings, now, rhythm.Reminder)
		if !plan.Hold.IsZero() {
			if err := ck.store.Hold(ctx, id, t.row.ID, rhythm.Reminder, now, plan.Hold); err != nil {
				ck.log.Error("could not hold a reminder", "game", t.row.ID, "user", id, "err", err)
			}
		}
		if plan.Mention {
			inChannel = append(inChannel, s)
		}
		if plan.DM {
			byDM = append(byDM, s)
		}
	}
	return inChannel, byDM
}

// remindByDM sends a reminder to each seat by DM; the seats whose DMs are
// closed are returned, to be reminded in the channel instead.
func (ck *clock) remindByDM(ctx context.Context, t *table, seats []int, idle time.Duration, left string) (closed []int) {
	for _, s := range seats {
		text := fmt.Sprintf("Reminder: %s in <#%s> has been waiting for you for %s.%s %s",
			ck.games.gameName(t.row.Kind, t.row.ID), t.row.Channel, spokenDuration(idle), left, ck.jumpHint(t))
		err := ck.out.DM(ctx, t.row.Seats[s].UserID, Message{Content: text, Rows: []Row{{Buttons: []Button{
			{Label: "Open " + ck.games.gameName(t.row.Kind, t.row.ID), URL: channelURL(t.row.Guild, t.row.Channel)}}}}})
		if errors.Is(err, ErrDMClosed) {
			closed = append(closed, s)
		} else if err != nil {
			ck.log.Warn("could not send a reminder by DM", "game", t.row.ID, "seat", s, "err", err)
		} else {
			ck.metrics.Reminder(t.row.Kind, true)
		}
	}
	return closed
}
