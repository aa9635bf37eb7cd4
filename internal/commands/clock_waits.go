package commands

import (
	"context"
	"slices"
	"time"

	"standoff/internal/games"
	"standoff/internal/rhythm"
)

// markWaiting writes on the seats, before a save, who the table waits on
// and since when, whom each player is next after, and what the mover's
// turn took from a time bank: what /game turns, the digest and the clock's
// time banks read without decoding any state (storage.Turns). saveOwed
// calls it for every save that may change who must act.
//
// The state being saved is t.state when a move was just applied to it;
// a game that begins (t.state still nil) or an undo (replayed apart) is
// decoded from the row being saved.
func (ck *clock) markWaiting(ctx context.Context, t *table, move *games.SeatMove) {
	if t.row.State == nil {
		return
	}
	waited, onTurn, asked := waitedNow(t, move)
	now := ck.now()
	if move != nil && t.row.TurnBank > 0 && move.Seat >= 0 && move.Seat < len(t.row.Seats) &&
		move.Move != games.UndoMove && move.Move != games.ResignMove {
		ck.spendBank(ctx, t, move.Seat, now)
	}
	next, nextAfter := -1, ""
	if len(onTurn) == 1 {
		on := onTurn[0]
		n := games.NextSeat(len(t.row.Seats), on, 1, func(s int) bool {
			return !automated(t.row.Seats[s]) && !slices.Contains(waited, s)
		})
		if n != on {
			next, nextAfter = n, t.row.Seats[on].Name
		}
	}
	for i := range t.row.Seats {
		s := &t.row.Seats[i]
		switch {
		case !slices.Contains(waited, i):
			s.WaitingSince = time.Time{}
		case s.WaitingSince.IsZero() || (move != nil && move.Seat == i):
			// Newly waited on, or waited on again after their own move.
			s.WaitingSince = now
		}
		s.NextAfter = ""
		if i == next {
			s.NextAfter = nextAfter
		}
		// A seat the bot took over is free to take back until the game
		// asks it again after another seat's move: its next turn.
		if !s.Away || (move != nil && move.Seat != i && slices.Contains(asked, i)) {
			s.RejoinFree = false
		}
	}
}

// waitedNow lists the human seats the state being saved waits on, the
// seats on turn (people or bots), and every seat it waits on (asked).
func waitedNow(t *table, move *games.SeatMove) (waited, onTurn, asked []int) {
	state, prompts := t.state, []games.Prompt(nil)
	if state == nil || (move != nil && move.Move == games.UndoMove) {
		s, err := t.game.Kind.Decode(t.row.State)
		if err != nil {
			return nil, nil, nil
		}
		state, prompts = s, s.Prompts()
	} else {
		prompts = t.prompts()
	}
	if state.Outcome() != nil {
		return nil, nil, nil
	}
	for _, p := range prompts {
		if p.Seat < 0 || p.Seat >= len(t.row.Seats) || !waitedFor(p, prompts) {
			continue
		}
		if p.Turn && !slices.Contains(onTurn, p.Seat) {
			onTurn = append(onTurn, p.Seat)
		}
		if !slices.Contains(asked, p.Seat) {
			asked = append(asked, p.Seat)
		}
		if !automated(t.row.Seats[p.Seat]) && !slices.Contains(waited, p.Seat) {
			waited = append(waited, p.Seat)
		}
	}
	return waited, onTurn, asked
}

// spendBank takes from the mover's time bank what the wait on them took
// (their time away aside) and puts back the refill of a move.
func (ck *clock) spendBank(ctx context.Context, t *table, seat int, now time.Time) {
	s := &t.row.Seats[seat]
	took, waited := ck.countedWait(ctx, t, seat, now)
	s.BankSpent = rhythm.Bank{Size: t.row.TurnBank}.AfterMove(s.BankSpent, took, waited)
}

// countedWait is how long the table has waited on a seat's player, their
// time away aside; waited is false when it does not wait on them.
func (ck *clock) countedWait(ctx context.Context, t *table, seat int, now time.Time) (took time.Duration, waited bool) {
	s := t.row.Seats[seat]
	if s.WaitingSince.IsZero() {
		return 0, false
	}
	p, err := ck.store.Player(ctx, s.UserID)
	if err != nil {
		ck.log.Warn("could not read a player's time away", "user", s.UserID, "err", err)
	}
	return rhythm.Counted(p.Settings, s.WaitingSince, now), true
}
