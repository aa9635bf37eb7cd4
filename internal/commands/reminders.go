package commands

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Tick runs the clock-driven duties for every game being played: remind the
// players the game waits for, at most once per RemindEvery after RemindAfter
// of silence, and answer reactions that have a default (such as "no swap")
// once they have waited AnswerAfter, so a table is never stuck on one idle
// player. Transports call it periodically; the console calls it on "wait".
func (r *Router) Tick(ctx context.Context) {
	r.work.Add(1)
	defer r.work.Done()
	rows, err := r.store.ActiveGames(ctx)
	if err != nil {
		r.log.Error("reminders: could not list games", "err", err)
		return
	}
	for _, row := range rows {
		r.tickGame(ctx, row.ID)
	}
}

func (r *Router) tickGame(ctx context.Context, id int64) {
	unlock := r.lock(id)
	defer unlock()
	t, err := r.reload(ctx, id)
	if err != nil || t.state == nil || t.state.Outcome() != nil {
		return
	}
	now := r.now()
	idle := now.Sub(t.row.TurnStartedAt)
	if r.cfg.AnswerAfter > 0 && idle >= r.cfg.AnswerAfter {
		for _, p := range t.state.Prompts() {
			if p.Default == "" || t.row.Seats[p.Seat].BotLevel > 0 {
				continue
			}
			note := fmt.Sprintf("%s did not answer within %s, so the default answer was given for them.", t.row.Seats[p.Seat].Name, human(r.cfg.AnswerAfter))
			if err := r.play(ctx, t, p.Seat, p.Default, t.row.Version, note); err != nil {
				r.log.Error("automatic answer failed", "game", id, "seat", p.Seat, "move", p.Default, "err", err)
			}
			return // the next answer, if any, waits its own full time
		}
	}
	if r.cfg.RemindAfter <= 0 || idle < r.cfg.RemindAfter {
		return
	}
	if !t.row.RemindedAt.IsZero() && now.Sub(t.row.RemindedAt) < r.cfg.RemindEvery {
		return
	}
	var who, ids []string
	seen := map[int]bool{}
	for _, p := range t.state.Prompts() {
		s := t.row.Seats[p.Seat]
		if seen[p.Seat] || s.BotLevel > 0 {
			continue
		}
		seen[p.Seat] = true
		who = append(who, mention(s.UserID))
		ids = append(ids, s.UserID)
	}
	if len(who) == 0 {
		return
	}
	msg := Message{
		Content:  fmt.Sprintf("%s\nReminder: %s, the game has been waiting for you for %s. %s", t.header(), strings.Join(who, " and "), human(idle), r.jumpHint(t)),
		Mentions: ids,
	}
	if _, err := r.out.Send(ctx, t.row.Channel, msg); err != nil {
		r.log.Error("could not post a reminder", "game", id, "err", err)
		return
	}
	if err := r.store.SetReminded(ctx, id, now); err != nil {
		r.log.Error("could not record a reminder", "game", id, "err", err)
	}
}

func (r *Router) jumpHint(t *table) string {
	for _, p := range t.state.Prompts() {
		if p.Private {
			return "Your decision is private: see your DMs, or /game hand here."
		}
	}
	return fmt.Sprintf("Use the buttons on the latest game message or /%s move.", t.row.Kind)
}

// human writes a duration the way a player would say it.
func human(d time.Duration) string {
	switch {
	case d >= 48*time.Hour:
		return fmt.Sprintf("%d days", int(d/(24*time.Hour)))
	case d >= 2*time.Hour:
		return fmt.Sprintf("%d hours", int(d/time.Hour))
	case d >= 2*time.Minute:
		return fmt.Sprintf("%d minutes", int(d/time.Minute))
	}
	return d.Round(time.Second).String()
}
