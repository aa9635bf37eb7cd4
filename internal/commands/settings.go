package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// serverRhythmOptions are /standoff settings's options beside turn_limit: the
// size of a time bank and the most days /game away may ask.
var serverRhythmOptions = []CommandOption{
	{Name: "bank", Description: "the time bank of each player in games with turn_limit:bank", Type: StringOption, Choices: []Suggestion{
		{Name: "72 hours", Value: "72h"}, {Name: "7 days", Value: "7d"}, {Name: "14 days", Value: "14d"}, {Name: "the bot's default", Value: "default"},
	}},
	{Name: "away_days", Description: "the most days a player may be away with /game away", Type: IntegerOption, Min: 1, Max: rhythm.MaxAwayDays},
	threadsOption,
	dailyPlaceOption,
}

// settings is /game settings and /standoff settings: the rules a server
// sets for its new games.
type settings struct {
	*base
	// setThreads and describeThreads are the threads room's own setting.
	setThreads      func(ctx context.Context, in Interaction) error
	describeThreads func(ctx context.Context, guild string) (string, error)
	// setDaily and describeDaily are the daily room's: where daily runs
	// are played.
	setDaily      func(ctx context.Context, in Interaction) error
	describeDaily func(ctx context.Context, guild string) (string, error)
}

// show shows this server's settings to anyone: the turn limit that new
// games take unless they name one with turn_limit, the size of a time bank,
// and the cap of /game away.
func (st *settings) show(ctx context.Context, in Interaction) (Response, error) {
	if in.DM || in.Guild == "" {
		return Response{}, refusef("Settings belong to a server: run /game settings in one of its channels.")
	}
	now, err := st.describeServer(ctx, in.Guild)
	if err != nil {
		return Response{}, err
	}
	return ephemeral(now + "\n" + changeHint), nil
}

const changeHint = "Someone with the Manage Server permission can change them: `/standoff settings turn_limit:24h|72h|7d|none|bank|default`, `bank:`, `away_days:`, `threads:on|off`, `daily:dm|thread`."

// changeSettings changes this server's settings, for someone with the
// Manage Server permission. Discord offers /standoff only to them by
// default; a server may grant the command to others in its Integrations
// settings, and the permission is checked here all the same, as the
// answers say. Games already open keep their limit.
func (st *settings) change(ctx context.Context, in Interaction) (Response, error) {
	if in.DM || in.Guild == "" {
		return Response{}, refusef("Settings belong to a server: run /standoff settings in one of its channels.")
	}
	raw, change := in.Options["turn_limit"]
	_, bank := in.Options["bank"]
	_, away := in.Options["away_days"]
	_, threads := in.Options["threads"]
	_, dailyPlace := in.Options["daily"]
	if !change && !bank && !away && !threads && !dailyPlace {
		return st.show(ctx, in)
	}
	if !in.CanManageServer {
		now, err := st.describeServerTurnLimit(ctx, in.Guild)
		if err != nil {
			return Response{}, err
		}
		return Response{}, refusef("Only someone with the Manage Server permission can change this server's settings. %s", now)
	}
	if bank || away {
		if err := st.setServerRhythm(ctx, in); err != nil {
			return Response{}, err
		}
	}
	if threads {
		if err := st.setThreads(ctx, in); err != nil {
			return Response{}, err
		}
	}
	if dailyPlace {
		if err := st.setDaily(ctx, in); err != nil {
			return Response{}, err
		}
	}
	if change {
		if err := st.setServerTurnLimit(ctx, in.Guild, raw); err != nil {
			return Response{}, err
		}
	}
	now, err := st.describeServer(ctx, in.Guild)
	if err != nil {
		return Response{}, err
	}
	return ephemeral(now + " Games already open keep theirs."), nil
}

// setServerTurnLimit sets the turn limit of a server's new games.
func (st *settings) setServerTurnLimit(ctx context.Context, guild, raw string) error {
	var limit *time.Duration
	switch {
	case isBank(raw):
		b := bankLimit
		limit = &b
	case !strings.EqualFold(strings.TrimSpace(raw), "default"):
		d, err := parseTurnLimit(raw)
		if err != nil {
			return refusef("Option turn_limit is 24h, 72h, 7d, none, bank or default, not %q.", raw)
		}
		limit = &d
	}
	return st.store.SetGuildTurnLimit(ctx, guild, limit)
}

// setServerRhythm changes a server's time bank size or away cap.
func (st *settings) setServerRhythm(ctx context.Context, in Interaction) error {
	g, err := st.store.GuildRhythm(ctx, in.Guild)
	if err != nil {
		return err
	}
	if raw, ok := in.Options["bank"]; ok {
		switch strings.ToLower(strings.TrimSpace(raw)) {
		case "default":
			g.Bank = 0
		case "72h", "3d":
			g.Bank = 72 * time.Hour
		case "7d", "168h":
			g.Bank = 7 * 24 * time.Hour
		case "14d", "336h":
			g.Bank = 14 * 24 * time.Hour
		default:
			return refusef("Option bank is 72h, 7d, 14d or default, not %q.", raw)
		}
	}
	if raw, ok := in.Options["away_days"]; ok {
		var days int
		if _, err := fmt.Sscan(raw, &days); err != nil || days < 1 || days > rhythm.MaxAwayDays {
			return refusef("Option away_days is a number of days from 1 to %d, not %q.", rhythm.MaxAwayDays, raw)
		}
		g.AwayDays = days
	}
	return st.store.SetGuildRhythm(ctx, in.Guild, g)
}

// describeServer says all of a server's settings.
func (st *settings) describeServer(ctx context.Context, guild string) (string, error) {
	limit, err := st.describeServerTurnLimit(ctx, guild)
	if err != nil {
		return "", err
	}
	g, err := st.store.GuildRhythm(ctx, guild)
	if err != nil {
		return "", err
	}
	threads, err := st.describeThreads(ctx, guild)
	if err != nil {
		return "", err
	}
	daily, err := st.describeDaily(ctx, guild)
	if err != nil {
		return "", err
	}
	return limit + "\n" + describeServerRhythm(g) + "\n" + threads + "\n" + daily, nil
}

// describeServerRhythm says what a time bank holds and how long players
// may be away on a server.
func describeServerRhythm(g storage.GuildRhythm) string {
	size, whose := g.Bank, "this server's setting"
	if size <= 0 {
		size, whose = rhythm.DefaultBank, "the bot's default"
	}
	days, daysWhose := g.AwayDays, "this server's setting"
	if days <= 0 {
		days, daysWhose = rhythm.DefaultAwayDays, "the bot's default"
	}
	return fmt.Sprintf("A time bank (turn_limit:bank) gives each player %s for all their turns (%s); each move puts back %s. "+
		"Players may be away with /game away for up to %s (%s).",
		spokenDuration(size), whose, spokenDuration(rhythm.Bank{Size: size}.Refill()), count(days, "day"), daysWhose)
}

// describeServerTurnLimit says what new games on a server get.
func (st *settings) describeServerTurnLimit(ctx context.Context, guild string) (string, error) {
	limit, set, err := st.serverTurnLimit(ctx, guild)
	if err != nil {
		return "", err
	}
	what := "no turn limit"
	switch {
	case limit == bankLimit:
		what = "a time bank"
	case limit > 0:
		what = "a turn limit of " + spokenDuration(limit)
	}
	whose := "the bot's default"
	if set {
		whose = "this server's setting"
	}
	return fmt.Sprintf("New games on this server get %s (%s) unless they name one with turn_limit.", what, whose), nil
}

// turnLimit is a new game's turn limit: its turn_limit option, else the
// server's setting (/standoff settings), else the bot's default.
func (st *settings) turnLimit(ctx context.Context, in Interaction) (time.Duration, error) {
	if raw, ok := in.Options["turn_limit"]; ok {
		return parseTurnLimit(raw)
	}
	limit, _, err := st.serverTurnLimit(ctx, in.Guild)
	return limit, err
}

// serverTurnLimit is the turn limit a server's new games take, and whether
// the server chose it (false: the bot's default).
func (st *settings) serverTurnLimit(ctx context.Context, guild string) (time.Duration, bool, error) {
	if guild == "" {
		return st.cfg.TurnLimit, false, nil
	}
	limit, set, err := st.store.GuildTurnLimit(ctx, guild)
	if err != nil || !set {
		return st.cfg.TurnLimit, false, err
	}
	return limit, true, nil
}
