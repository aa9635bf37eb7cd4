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

// bankLimit is how a server's turn_limit setting says "a time bank": a
// stored turn limit cannot be negative otherwise.
const bankLimit = -time.Second

// bankChoice is turn_limit's choice of a time bank.
var bankChoice = Suggestion{Name: "a time bank (the server's size)", Value: "bank"}

// gameClock is a new game's turn limit or time bank: its turn_limit
// option, else the server's setting, else the bot's default.
func (r *Router) gameClock(ctx context.Context, in Interaction) (limit, bank time.Duration, err error) {
	if raw, ok := in.Options["turn_limit"]; !ok || !isBank(raw) {
		if limit, err = r.turnLimit(ctx, in); err != nil || limit != bankLimit {
			return limit, 0, err
		}
	}
	bank, err = r.bankSize(ctx, in.Guild)
	return 0, bank, err
}

func isBank(raw string) bool { return strings.EqualFold(strings.TrimSpace(raw), "bank") }

// bankSize is the size of a time bank on a server.
func (r *Router) bankSize(ctx context.Context, guild string) (time.Duration, error) {
	if guild == "" {
		return rhythm.DefaultBank, nil
	}
	g, err := r.store.GuildRhythm(ctx, guild)
	if err != nil || g.Bank <= 0 {
		return rhythm.DefaultBank, err
	}
	return g.Bank, nil
}
