package commands

import (
	"context"
	"strings"
	"time"

	"standoff/internal/rhythm"
)

// A time bank is a turn limit of a different shape (turn_limit:bank): each
// player has a bank of hours (the server's setting) that their slow turns
// spend and each of their moves refills a little (rhythm.Bank); when a
// player's bank is empty, the bot takes their seat as when a turn limit
// runs out. The seats keep what each spent (markWaiting).
//
// The bot taking a seat over charges the bank with the wait so far (the
// wait that ran it out, or the wait a vote ended), so the bank is not
// full again afterwards; a player who takes their seat back (/game rejoin)
// gets what one move puts back, not a full bank: they come back with a
// day of a 7-day bank to play their next turn in, and a seventh more with
// each move, as anyone else.

// bankLimit is how a server's turn_limit setting says "a time bank": a
// stored turn limit cannot be negative otherwise.
const bankLimit = -time.Second

// bankChoice is turn_limit's choice of a time bank.
var bankChoice = Suggestion{Name: "a time bank (the server's size)", Value: "bank"}

// gameClock is a new game's turn limit or time bank: its turn_limit
// option, else the server's setting, else the bot's default.
func (ck *clock) gameClock(ctx context.Context, in Interaction) (limit, bank time.Duration, err error) {
	if raw, ok := in.Options["turn_limit"]; !ok || !isBank(raw) {
		if limit, err = ck.turnLimit(ctx, in); err != nil || limit != bankLimit {
			return limit, 0, err
		}
	}
	bank, err = ck.bankSize(ctx, in.Guild)
	return 0, bank, err
}

func isBank(raw string) bool { return strings.EqualFold(strings.TrimSpace(raw), "bank") }

// bankSize is the size of a time bank on a server.
func (ck *clock) bankSize(ctx context.Context, guild string) (time.Duration, error) {
	if guild == "" {
		return rhythm.DefaultBank, nil
	}
	g, err := ck.store.GuildRhythm(ctx, guild)
	if err != nil || g.Bank <= 0 {
		return rhythm.DefaultBank, err
	}
	return g.Bank, nil
}

// chargeBank takes from the seat's time bank the wait on it so far,
// without the refill of a move: the bot is taking the seat over.
func (ck *clock) chargeBank(ctx context.Context, t *table, seat int, now time.Time) {
	if t.row.TurnBank <= 0 {
		return
	}
	took, _ := ck.countedWait(ctx, t, seat, now)
	s := &t.row.Seats[seat]
	s.BankSpent = min(t.row.TurnBank, s.BankSpent+took)
}

// refillOnRejoin puts back into a seat's time bank what one move would:
// its player takes the seat back from the bot.
func refillOnRejoin(t *table, seat int) {
	if t.row.TurnBank <= 0 {
		return
	}
	s := &t.row.Seats[seat]
	s.BankSpent = max(0, s.BankSpent-rhythm.Bank{Size: t.row.TurnBank}.Refill())
}
