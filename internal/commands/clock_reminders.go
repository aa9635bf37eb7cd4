package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"standoff/internal/delivery"
	"standoff/storage"
)

// Tick runs the clock-driven duties for every game being played: remind the
// players the game waits for after RemindAfter of silence, then less and
// less often (see remindGap), and answer reactions that have a default
// (such as "no swap") once they have waited AnswerAfter, so a table is never
// stuck on one idle player. Transports call it periodically; the console calls it on "wait".
func (r *Router) Tick(ctx context.Context) {
	r.work.Add(1)
	defer r.work.Done()
	r.clock.tick(ctx)
	// The day's end ends the daily runs left unfinished.
	r.daily.closeDays(ctx)
}

// clock is what time does to the games: reminders and their rhythm, turn
// limits and time banks, default answers, idle games closed, challenges
// that expire, and each player's held notices and daily digest.
type clock struct {
	*base
	votes *votes
	// closeLobby, freeAgain and turnsMessage are the lobbies', threads' and
	// pace rooms'.
	closeLobby   func(ctx context.Context, t *table, text string, mentions ...string) error
	freeAgain    func(ctx context.Context, channel string) string
	turnsMessage func(list []storage.Turn, p storage.Player, now time.Time, everywhere bool) Message
	// The move pipeline's.
	play      func(ctx context.Context, t *table, seat int, move string, base int, note string) (string, error)
	turnLimit func(ctx context.Context, in Interaction) (time.Duration, error)
	// restore shows a game again under its lock (restore.go), then runs
	// the clock's own duties.
	restore func(ctx context.Context, id int64, how Restoring, then func(context.Context, *table, Restored)) (*table, Restored, error)
}

func (ck *clock) tick(ctx context.Context) {
	// Only the games something may be due for are read, not every game.
	ids, err := ck.store.Due(ctx, ck.now(), ck.shortestWait(), ck.cfg.CloseAfter, delivery.UnreachableRetry)
	if err != nil {
		ck.log.Error("reminders: could not list the games due", "err", err)
		return
	}
	for _, id := range ids {
		ck.tickGame(ctx, id)
	}
	ck.send.RedoOwedGames(ctx)
	ck.tickPlayers(ctx)
}

// shortestWait is the least idle time after which the clock acts on a game
// (a game's own turn limit is asked of the database separately).
func (ck *clock) shortestWait() time.Duration {
	least := time.Duration(0)
	for _, d := range []time.Duration{ck.cfg.RemindAfter, ck.cfg.AnswerAfter, ck.cfg.TurnLimit} {
		if d > 0 && (least == 0 || d < least) {
			least = d
		}
	}
	return least
}

// tickGame first shows again what a game owes (restore.go): a channel that
// is gone is knocked on again only now and then (anyone acting in the game
// clears the mark at once), and an automated seat that stopped short (a
// long game, an error) goes on. The clock's own duties follow under the
// same lock.
func (ck *clock) tickGame(ctx context.Context, id int64) {
	ck.restore(ctx, id, Restoring{clock: true}, ck.tickTable)
}

// tickTable is the clock's work on a game once restore has shown again
// what it owed; the caller holds the game's lock.
func (ck *clock) tickTable(ctx context.Context, t *table, done Restored) {
	if t.row.Status == storage.Lobby {
		ck.tickChallenge(ctx, t)
		return
	}
	if t.state == nil || t.row.Status != storage.Active || t.state.Outcome() != nil {
		return
	}
	if done.Unreachable || done.Failed || done.BotsMoved {
		// A channel still unreachable is tried again on a later tick; a
		// game whose bots just moved has a new turn to wait for.
		return
	}
	now := ck.now()
	if ck.cfg.CloseAfter > 0 && now.Sub(t.row.UpdatedAt) >= ck.cfg.CloseAfter {
		ck.closeIdle(ctx, t)
		return
	}
	idle := now.Sub(t.row.TurnStartedAt)
	seats := t.waitedSeats()
	players := ck.lazyPlayers(ctx, t, seats)
	// The turn limit never hands over the only person's seat (a solo game,
	// a game against the bot): there nobody else is kept waiting.
	limited := (t.row.TurnLimit > 0 || t.row.TurnBank > 0) && t.humanSeats() > 1
	if late := lateSeats(t, seats, players, now, limited); len(late) > 0 {
		ck.handOverLate(ctx, t, late)
		return
	}
	if ck.cfg.AnswerAfter > 0 && idle >= ck.cfg.AnswerAfter && ck.answerIdle(ctx, t) {
		return
	}
	ck.remind(ctx, t, idle, seats, limited, players)
}

// handOverLate gives the seats that let the turn limit run out to the bot.
func (ck *clock) handOverLate(ctx context.Context, t *table, seats []int) {
	var names []string
	for _, s := range seats {
		names = append(names, t.row.Seats[s].Name)
	}
	note := lateNote(t, strings.Join(names, " and "), len(names) > 1)
	before := slices.Clone(t.row.Seats)
	if _, err := ck.votes.handOver(ctx, t, seats, note); err != nil {
		ck.log.Error("could not hand a seat to the bot", "game", t.row.ID, "err", err)
		return
	}
	ck.metrics.TurnLimit(t.row.Kind, len(seats))
	what := "your turn limit ran out"
	if t.row.TurnBank > 0 {
		what = "your time bank ran out"
	}
	for _, s := range seats {
		ck.votes.tellSeat(ctx, t, before[s], what+", so the bot plays your seat. Take it back with /game rejoin: at once, without a vote, until the bot has played a turn of yours.")
	}
}

// answerIdle gives the default answer of one reaction a player left
// unanswered past answer_after; it reports whether it gave one.
func (ck *clock) answerIdle(ctx context.Context, t *table) bool {
	for _, p := range t.waited() {
		if p.Default == "" || automated(t.row.Seats[p.Seat]) {
			continue
		}
		note := fmt.Sprintf("%s did not answer within %s, so the default answer was given for them.", t.row.Seats[p.Seat].Name, spokenDuration(ck.cfg.AnswerAfter))
		if _, err := ck.play(ctx, t, p.Seat, p.Default, t.row.Version, note); err != nil {
			ck.log.Error("automatic answer failed", "game", t.row.ID, "seat", p.Seat, "move", p.Default, "err", err)
		} else {
			ck.metrics.DefaultAnswer(t.row.Kind)
		}
		return true // the next answer, if any, waits its own full time
	}
	return false
}

// remind reminds the waited-for players when a reminder is due, each the
// way they chose (a mention, a DM, both, held through quiet hours, or
// nothing while away or taking a digest).
func (ck *clock) remind(ctx context.Context, t *table, idle time.Duration, seats []int, limited bool, players func() map[string]storage.Player) {
	now := ck.now()
	if ck.cfg.RemindAfter <= 0 || idle < ck.cfg.RemindAfter || len(seats) == 0 {
		return
	}
	if !t.row.RemindedAt.IsZero() && now.Sub(t.row.RemindedAt) < ck.cfg.remindGap(t.row, t.row.RemindedAt) {
		return
	}
	inChannel, byDM := ck.reminderPlan(ctx, t, seats, players(), now)
	left := ""
	if limited {
		left = fmt.Sprintf(" %s left before the bot takes over.", spokenDuration(timeLeft(t, slices.Concat(inChannel, byDM), players(), now)))
	}
	inChannel = append(inChannel, ck.remindByDM(ctx, t, byDM, idle, left)...)
	if len(inChannel) == 0 {
		ck.reminded(ctx, t, now)
		return
	}
	var who, ids []string
	for _, s := range inChannel {
		who = append(who, mention(t.row.Seats[s].UserID))
		ids = append(ids, t.row.Seats[s].UserID)
	}
	// The last reminder before the game closes for inactivity says so;
	// none comes after it.
	closing := ""
	if ck.cfg.CloseAfter > 0 {
		closeAt := t.row.UpdatedAt.Add(ck.cfg.CloseAfter)
		if !now.Add(ck.cfg.remindGap(t.row, now)).Before(closeAt) {
			closing = fmt.Sprintf(" If nobody moves, the game closes in %s.", spokenDuration(closeAt.Sub(now)))
		}
	}
	msg := Message{
		Content:  fmt.Sprintf("%s\nReminder: %s, the game has been waiting for you for %s.%s %s%s", t.header(), strings.Join(who, " and "), spokenDuration(idle), left, ck.jumpHint(t), closing),
		Mentions: ids,
	}
	if _, err := ck.out.Send(ctx, t.row.Channel, msg); err != nil {
		ck.send.Trouble(t.row, err)
		if at := t.row.UnreachableAt; !at.IsZero() {
			if err := ck.store.SetUnreachable(ctx, t.row.ID, at); err != nil {
				ck.log.Error("could not mark the channel unreachable", "game", t.row.ID, "err", err)
			}
		}
		return
	}
	ck.metrics.Reminder(t.row.Kind, false)
	ck.reminded(ctx, t, now)
}

// reminded records that the waiting players were reminded (or held, or
// left alone by their choice) at now, so the next reminder waits its gap.
func (ck *clock) reminded(ctx context.Context, t *table, now time.Time) {
	if err := ck.store.SetReminded(ctx, t.row.ID, now); err != nil {
		ck.log.Error("could not record a reminder", "game", t.row.ID, "err", err)
	}
}

// remindGap is how long after a reminder sent at "at" the next one is due:
// RemindEvery plus all the time since the first reminder of this wait, so
// the gaps double (12h, then 1, 2, 4, 8 days later with the defaults) and a
// player who is away is not pinged every day until the game closes.
func (c Config) remindGap(g *storage.Game, at time.Time) time.Duration {
	first := g.TurnStartedAt.Add(c.RemindAfter)
	return c.RemindEvery + max(0, at.Sub(first))
}

// closeIdle ends a game nobody moved in for CloseAfter, saying so.
func (ck *clock) closeIdle(ctx context.Context, t *table) {
	base := t.row.Version
	t.row.Status = storage.Abandoned
	t.row.UpdatedAt = ck.now()
	if err := ck.store.Save(ctx, t.row, base, nil); err != nil {
		ck.log.Error("could not close an idle game", "game", t.row.ID, "err", err)
		return
	}
	ck.closeLobby(ctx, t, fmt.Sprintf("Nobody moved in this game for %s, so it was closed. %s", spokenDuration(ck.cfg.CloseAfter), ck.freeAgain(ctx, t.row.Channel)))
}

func (ck *clock) jumpHint(t *table) string {
	for _, p := range t.prompts() {
		if p.Private {
			return "Your decision is private: see your DMs, or /game hand here."
		}
	}
	return fmt.Sprintf("Use the buttons on the latest game message or /%s move.", t.row.Kind)
}

// spokenDuration writes a duration the way a player would say it: in its
// largest unit that reads as at least two ("2 days", "36 hours", "90
// minutes") and the next one down when it is not zero ("2 days 23 hours"),
// rounded down, so a time left is never shown longer than it is.
func spokenDuration(d time.Duration) string {
	d = max(d, 0)
	units := []struct {
		size time.Duration
		name string
	}{{24 * time.Hour, "day"}, {time.Hour, "hour"}, {time.Minute, "minute"}, {time.Second, "second"}}
	for i, u := range units {
		if d < 2*u.size && i < len(units)-1 {
			continue
		}
		text := count(int(d/u.size), u.name)
		if i+1 < len(units) {
			if n := int(d % u.size / units[i+1].size); n > 0 {
				text += " " + count(n, units[i+1].name)
			}
		}
		return text
	}
	return ""
}
