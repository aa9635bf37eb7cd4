package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"standoff/storage"
)

// A challenge waits on the players it names as a turn waits on its
// player: it is listed in their /game turns (the seats say since when,
// like a turn's), they are reminded in the same rhythm (remind_after, then
// remind_every, the gaps doubling), and a challenge nobody accepted within
// close_after expires: its message loses its buttons and says so, the
// challenger is told their way, and the channel is free again.

// challenged lists the seats a challenge still waits on to accept.
func challenged(t *table) []int {
	var out []int
	for i, s := range t.row.Seats {
		if !s.Accepted && s.BotLevel == 0 {
			out = append(out, i)
		}
	}
	return out
}

// markChallenged writes on a challenge's seats who it waits on, since
// when: what /game turns reads.
func markChallenged(row *storage.Game, now time.Time) {
	for i := range row.Seats {
		s := &row.Seats[i]
		switch {
		case s.Accepted || s.BotLevel > 0:
			s.WaitingSince = time.Time{}
		case s.WaitingSince.IsZero():
			s.WaitingSince = now
		}
	}
}

// challengeExpiresAt is when a challenge made at start expires unanswered;
// zero when it never does (close_after 0).
func (c Config) challengeExpiresAt(start time.Time) time.Time {
	if c.CloseAfter <= 0 {
		return time.Time{}
	}
	return start.Add(c.CloseAfter)
}

// tickChallenge does what the clock owes a challenge: expire it, or remind
// the players it waits on. The caller holds the game's lock.
func (ck *clock) tickChallenge(ctx context.Context, t *table) {
	seats := challenged(t)
	if len(seats) == 0 {
		return // an open lobby waits on nobody
	}
	now := ck.now()
	if end := ck.cfg.challengeExpiresAt(t.row.TurnStartedAt); !end.IsZero() && !now.Before(end) {
		ck.expireChallenge(ctx, t, seats)
		return
	}
	idle := now.Sub(t.row.TurnStartedAt)
	if ck.cfg.RemindAfter <= 0 || idle < ck.cfg.RemindAfter {
		return
	}
	if !t.row.RemindedAt.IsZero() && now.Sub(t.row.RemindedAt) < ck.cfg.remindGap(t.row, t.row.RemindedAt) {
		return
	}
	inChannel, byDM := ck.reminderPlan(ctx, t, seats, ck.lazyPlayers(ctx, t, seats)(), now)
	expires := ""
	if end := ck.cfg.challengeExpiresAt(t.row.TurnStartedAt); !end.IsZero() {
		expires = fmt.Sprintf(" It expires in %s.", spokenDuration(end.Sub(now)))
	}
	by := t.row.Seats[0].Name
	for _, s := range byDM {
		text := fmt.Sprintf("Reminder: %s's challenge to %s in <#%s> has been waiting for you to accept for %s.%s Accept or decline with its buttons.",
			by, ck.games.gameName(t.row.Kind, t.row.ID), t.row.Channel, spokenDuration(idle), expires)
		if ck.votes.dmAboutSeat(ctx, t, t.row.Seats[s], text) {
			inChannel = append(inChannel, s)
		}
	}
	if len(inChannel) > 0 {
		var who, ids []string
		for _, s := range inChannel {
			who = append(who, mention(t.row.Seats[s].UserID))
			ids = append(ids, t.row.Seats[s].UserID)
		}
		msg := Message{Content: fmt.Sprintf("%s\nReminder: %s, %s's challenge has been waiting for you to accept for %s.%s Accept or decline with the buttons on the challenge message.",
			t.header(), strings.Join(who, " and "), by, spokenDuration(idle), expires), Mentions: ids}
		if _, err := ck.out.Send(ctx, t.row.Channel, msg); err != nil {
			ck.log.Warn("could not remind of a challenge", "game", t.row.ID, "err", err)
			return
		}
	}
	ck.reminded(ctx, t, now)
}

// expireChallenge closes a challenge nobody accepted in time.
func (ck *clock) expireChallenge(ctx context.Context, t *table, seats []int) {
	var names []string
	for _, s := range seats {
		names = append(names, t.row.Seats[s].Name)
	}
	base := t.row.Version
	t.row.Status, t.row.UpdatedAt = storage.Abandoned, ck.now()
	if err := ck.store.Save(ctx, t.row, base, nil); err != nil {
		if !errors.Is(err, storage.ErrConflict) {
			ck.log.Error("could not expire a challenge", "game", t.row.ID, "err", err)
		}
		return
	}
	why := fmt.Sprintf("%s did not accept within %s.", andList(names), spokenDuration(ck.cfg.CloseAfter))
	if t.row.MessageID != "" {
		text := fmt.Sprintf("%s\n%s challenged %s to %s%s.\n**The challenge expired:** %s", t.header(), t.row.Seats[0].Name,
			andList(t.row.Names()[1:]), t.game.Kind.Title, t.optionText(), why)
		if err := ck.out.Edit(ctx, t.row.Channel, t.row.MessageID, Message{Content: text}); err != nil {
			ck.log.Warn("could not mark a challenge expired", "game", t.row.ID, "err", err)
		}
	}
	ck.votes.tellSeat(ctx, t, t.row.Seats[0], fmt.Sprintf("your challenge expired: %s %s", why, ck.freeAgain(ctx, t.row.Channel)))
}
