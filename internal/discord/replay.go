package discord

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// A signed interaction request proves that Discord sent it, not when nor
// how often: its signature's timestamp may be five minutes off, and a
// captured request (a typed move carries no game version) would be taken
// again if sent again. So an HTTP interaction must also be recent by its
// id, which is a snowflake holding its creation time, and new: the first
// process to claim its id in the database takes it.

// DefaultInteractionMaxAge is how old an interaction may be when its
// request arrives: Discord allows three seconds for the first response,
// and the rest is room for clocks that disagree.
const DefaultInteractionMaxAge = 10 * time.Second

// interactionMemory is how long claimed ids are kept: far longer than an
// interaction can be accepted.
const interactionMemory = 10 * time.Minute

// discordEpoch is the start of Discord's snowflakes (2015-01-01), in Unix
// milliseconds.
const discordEpoch = 1420070400000

// snowflakeTime is when a snowflake id was made.
func snowflakeTime(id string) (time.Time, bool) {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil || n == 0 {
		return time.Time{}, false
	}
	return time.UnixMilli(int64(n>>22) + discordEpoch), true
}

// Refusals of interactions that are stale or taken already.
var (
	errOldInteraction   = errors.New("interaction too old (or from the future) by its id")
	errTakenInteraction = errors.New("interaction already taken")
)

// admit claims an HTTP interaction for this process: it must be recent by
// its id and not claimed before by any process sharing the database. It
// returns the HTTP status to refuse it with (0 to take it) and why.
func (b *Bot) admit(ctx context.Context, id string, now time.Time) (int, error) {
	created, ok := snowflakeTime(id)
	if age := now.Sub(created); !ok || age > b.opts.InteractionMaxAge || age < -b.opts.InteractionMaxAge {
		return http.StatusUnauthorized, errOldInteraction
	}
	claimed, err := b.state.ClaimInteraction(ctx, id, now, interactionMemory)
	switch {
	case err != nil:
		return http.StatusServiceUnavailable, err
	case !claimed:
		return http.StatusConflict, errTakenInteraction
	}
	return 0, nil
}
