package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// /game away lets a player step away for some days without losing their
// seats: their turn limits (and time banks) and reminders pause in all
// their games until they are back, and each table is told until when.
// What became their turn meanwhile reaches them in one message on their
// return (rhythm.Decide holds it).

// pace is how each player takes the games: how they are told a game waits
// on them (/game notify), time away (/game away) and the list of what
// waits on them (/game turns).
type pace struct {
	*base
	threadName func(row *storage.Game) string
}

// awayOption is /game away's one option: a number of days, or off.
var awayOption = CommandOption{Name: "days", Description: "how many days you are away (up to the server's cap), or off when you are back",
	Type: StringOption, Required: true}

// away answers /game away.
func (pc *pace) away(ctx context.Context, in Interaction) (Response, error) {
	raw := strings.ToLower(strings.TrimSpace(in.Options["days"]))
	p, err := pc.store.Player(ctx, in.User.ID)
	if err != nil {
		return Response{}, err
	}
	now := pc.now()
	if raw == "off" || raw == "0" || raw == "back" {
		return pc.backFromAway(ctx, in, p, now)
	}
	capDays, err := pc.awayCap(ctx, in.Guild)
	if err != nil {
		return Response{}, err
	}
	days, err := strconv.Atoi(raw)
	if err != nil || days < 1 || days > capDays {
		return Response{}, refusef("Option days is a number of days from 1 to %d (this server's cap), or off when you are back, not %q.", capDays, in.Options["days"])
	}
	if !p.AwayAt(now) {
		p.AwayFrom = now // a player already away keeps the pause they began
	}
	p.AwayUntil = now.Add(time.Duration(days) * 24 * time.Hour)
	if err := pc.store.SavePlayer(ctx, p); err != nil {
		return Response{}, err
	}
	told := pc.tellTables(ctx, in.User.ID, fmt.Sprintf("%s is away until %s: their turn limit and reminders wait for them until then.",
		in.User.Name, when(p.AwayUntil, rhythm.Settings{})))
	return ephemeral(fmt.Sprintf("You are away until %s (%s). Your turn limits and reminders pause until then %s. "+
		"What becomes your turn meanwhile reaches you in one message when you are back. Back early with `/game away days:off`.",
		when(p.AwayUntil, p.Settings), count(days, "day"), inGamesTold(told))), nil
}

// backFromAway ends a player's time away now.
func (pc *pace) backFromAway(ctx context.Context, in Interaction, p storage.Player, now time.Time) (Response, error) {
	if !p.AwayAt(now) {
		return ephemeral("You are not away. To step away, `/game away days:3` pauses your turn limits and reminders for 3 days."), nil
	}
	// The time they were away stays recorded: it still does not count
	// against the waits it paused.
	p.AwayUntil = now
	if err := pc.store.SavePlayer(ctx, p); err != nil {
		return Response{}, err
	}
	if err := pc.store.ReleaseHeldAt(ctx, in.User.ID, p.Release(now)); err != nil {
		return Response{}, err
	}
	told := pc.tellTables(ctx, in.User.ID, fmt.Sprintf("%s is back: their turn limit and reminders run again.", in.User.Name))
	return ephemeral(fmt.Sprintf("Welcome back: your turn limits and reminders run again %s. `/game turns` lists what waits for you.",
		inGamesTold(told))), nil
}

// inGamesTold says where a pause begins or ends and who was told.
func inGamesTold(n int) string {
	switch n {
	case 0:
		return "in every game you join"
	case 1:
		return "in your game, and its table was told"
	}
	return fmt.Sprintf("in your %d games, and their tables were told", n)
}

// awayCap is the most days /game away may ask on a server (in DMs, the
// bot's default).
func (pc *pace) awayCap(ctx context.Context, guild string) (int, error) {
	if guild == "" {
		return rhythm.DefaultAwayDays, nil
	}
	g, err := pc.store.GuildRhythm(ctx, guild)
	if err != nil || g.AwayDays <= 0 {
		return rhythm.DefaultAwayDays, err
	}
	return g.AwayDays, nil
}

// tellTables posts a notice in the channel of every game the user plays
// and returns how many games that is. A channel that cannot be reached is
// skipped: the notice is a courtesy, the pause holds either way.
func (pc *pace) tellTables(ctx context.Context, userID, notice string) int {
	games, err := pc.store.Playing(ctx, userID)
	if err != nil {
		pc.log.Error("could not list a player's games", "user", userID, "err", err)
		return 0
	}
	for _, g := range games {
		text := pc.games.gameHeader(g.Kind, g.GameID) + "\n" + notice
		if _, err := pc.out.Send(ctx, g.Channel, Message{Content: text}); err != nil {
			pc.log.Warn("could not tell a table about time away", "game", g.GameID, "err", err)
		}
	}
	return len(games)
}

// awayNote is what a vote on a player says when they are away: " (they
// are away until ...)", or "".
func (pc *pace) awayNote(ctx context.Context, userID string) string {
	p, err := pc.store.Player(ctx, userID)
	if err != nil || !p.AwayAt(pc.now()) {
		return ""
	}
	return fmt.Sprintf(" (they are away until %s)", when(p.AwayUntil, rhythm.Settings{}))
}

// awayLines says which of a table's players are away and until when, one
// line for the turn message (the table sees "away until <date>"); "" when
// nobody is. The presenter is pure: the players' settings are read before
// (tablePlayers) and passed in.
func awayLines(seats []storage.Seat, players map[string]storage.Player, now time.Time) string {
	var lines []string
	for _, s := range seats {
		p, ok := players[s.UserID]
		if !ok || s.BotLevel > 0 || !p.AwayAt(now) {
			continue
		}
		lines = append(lines, fmt.Sprintf("%s is away until %s: their turn limit and reminders wait.", s.Name, when(p.AwayUntil, rhythm.Settings{})))
	}
	return strings.Join(lines, "\n")
}

// tablePlayers reads the settings of a table's people, for the presenter
// (awayLines, and how each is told that the game waits on them).
func tablePlayers(ctx context.Context, store *storage.Store, t *table) (map[string]storage.Player, error) {
	var ids []string
	for _, s := range t.row.Seats {
		if s.BotLevel == 0 {
			ids = append(ids, s.UserID)
		}
	}
	return store.Players(ctx, ids)
}
