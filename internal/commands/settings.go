package commands

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// settings shows this server's settings, or changes them for someone with
// the Manage Server permission: the turn limit that new games take unless
// they name one with turn_limit. Games already open keep theirs.
func (r *Router) settings(ctx context.Context, in Interaction) (Response, error) {
	if in.DM || in.Guild == "" {
		return Response{}, refusef("Settings belong to a server: run /game settings in one of its channels.")
	}
	raw, change := in.Options["turn_limit"]
	if !change {
		now, err := r.describeServerTurnLimit(ctx, in.Guild)
		if err != nil {
			return Response{}, err
		}
		return ephemeral(now + "\nSomeone with the Manage Server permission can change it: `/game settings turn_limit:24h|72h|7d|none|default`."), nil
	}
	if !in.CanManageServer {
		now, err := r.describeServerTurnLimit(ctx, in.Guild)
		if err != nil {
			return Response{}, err
		}
		return Response{}, refusef("Only someone with the Manage Server permission can change this server's settings. %s", now)
	}
	var limit *time.Duration
	if !strings.EqualFold(strings.TrimSpace(raw), "default") {
		d, err := parseTurnLimit(raw)
		if err != nil {
			return Response{}, refusef("Option turn_limit is 24h, 72h, 7d, none or default, not %q.", raw)
		}
		limit = &d
	}
	if err := r.store.SetGuildTurnLimit(ctx, in.Guild, limit); err != nil {
		return Response{}, err
	}
	now, err := r.describeServerTurnLimit(ctx, in.Guild)
	if err != nil {
		return Response{}, err
	}
	return ephemeral(now + " Games already open keep theirs."), nil
}

// describeServerTurnLimit says what new games on a server get.
func (r *Router) describeServerTurnLimit(ctx context.Context, guild string) (string, error) {
	limit, set, err := r.serverTurnLimit(ctx, guild)
	if err != nil {
		return "", err
	}
	what := "no turn limit"
	if limit > 0 {
		what = "a turn limit of " + human(limit)
	}
	whose := "the bot's default"
	if set {
		whose = "this server's setting"
	}
	return fmt.Sprintf("New games on this server get %s (%s) unless they name one with turn_limit.", what, whose), nil
}
