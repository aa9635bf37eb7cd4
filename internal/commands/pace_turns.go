package commands

import (
	"context"
	"fmt"
	"strings"
	"time"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// /game turns lists, for the player alone, every game waiting on them: on
// the server where they ask, or on every server from the bot's DM. What
// the games wait on is read from the seats (storage.Turns), never from a
// decoded state, so a player of many games costs one indexed query.

// maxTurnLines is how many games the list names; Discord allows 25 link
// buttons, and a longer list would not fit in one message anyway.
const maxTurnLines = 20

// turns answers /game turns.
func (pc *pace) turns(ctx context.Context, in Interaction) (Response, error) {
	guild := in.Guild
	if in.DM {
		guild = "" // the bot's DM lists every server
	}
	list, err := pc.store.Turns(ctx, in.User.ID, guild)
	if err != nil {
		return Response{}, err
	}
	p, err := pc.store.Player(ctx, in.User.ID)
	if err != nil {
		return Response{}, err
	}
	m := pc.turnsMessage(list, p, pc.now(), guild == "")
	m.Ephemeral = true
	return Response{Kind: Reply, Message: m}, nil
}

// turnsMessage is the list of a player's games waiting on them (the games
// they are next in after), with a link button to each: /game turns's
// answer and the daily digest's DM.
func (pc *pace) turnsMessage(list []storage.Turn, p storage.Player, now time.Time, everywhere bool) Message {
	where := "on this server"
	if everywhere {
		where = "on any server"
	}
	var b strings.Builder
	if p.AwayAt(now) {
		fmt.Fprintf(&b, "You are away until %s: your turn limits and reminders are paused. Back early with `/game away days:off`.\n", when(p.AwayUntil, p.Settings))
	}
	var mine, next []storage.Turn
	for _, t := range list {
		if t.Since.IsZero() {
			next = append(next, t)
		} else {
			mine = append(mine, t)
		}
	}
	if len(mine) == 0 {
		fmt.Fprintf(&b, "No game %s is waiting for you.\n", where)
	} else {
		fmt.Fprintf(&b, "**Your turn** in %s %s, newest first:\n", count(len(mine), "game"), where)
	}
	var buttons []Button
	n := 0
	line := func(t storage.Turn, text string) {
		n++
		if n > maxTurnLines {
			return
		}
		fmt.Fprintf(&b, "%d. %s: %s\n", n, pc.turnWhere(t), text)
		buttons = append(buttons, Button{Label: clip(pc.games.gameName(t.Kind, t.GameID), 80), URL: channelURL(t.Guild, t.Channel)})
	}
	for _, t := range mine {
		if t.Challenge {
			line(t, pc.challengeText(t, now))
			continue
		}
		line(t, fmt.Sprintf("waiting for you %s; %s.", waitedText(now.Sub(t.Since)), deadlineText(t, p.Settings, now)))
	}
	if len(next) > 0 {
		fmt.Fprintf(&b, "**You are next** in %s:\n", count(len(next), "game"))
	}
	for _, t := range next {
		line(t, fmt.Sprintf("you are next after %s.", t.NextAfter))
	}
	if n > maxTurnLines {
		fmt.Fprintf(&b, "…and %d more.\n", n-maxTurnLines)
	}
	m := Message{Content: clip(strings.TrimSpace(b.String()), maxContent)}
	for i := 0; i < len(buttons); i += 5 {
		m.Rows = append(m.Rows, Row{Buttons: buttons[i:min(i+5, len(buttons))]})
	}
	return m
}

// turnWhere names a listed game, whom it is against (their names as the
// game shows them: no mention, so nobody is pinged) and where it is: its
// channel, or the name of its own thread (a thread a player has not
// opened may show as "#unknown") and the channel the thread hangs from.
func (pc *pace) turnWhere(t storage.Turn) string {
	text := pc.games.gameName(t.Kind, t.GameID)
	if opp := t.Opponents(); len(opp) > 0 {
		text += " against " + andList(opp)
	}
	if t.Parent != "" {
		row := &storage.Game{Kind: t.Kind, ID: t.GameID}
		for _, n := range t.Names {
			row.Seats = append(row.Seats, storage.Seat{Name: n})
		}
		return fmt.Sprintf("%s, thread “%s” in <#%s>", text, pc.threadName(row), t.Parent)
	}
	return fmt.Sprintf("%s in <#%s>", text, t.Channel)
}

// andList writes "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// challengeText is a challenge's entry: who challenged, since when it
// waits on the player to accept, and when it expires.
func (pc *pace) challengeText(t storage.Turn, now time.Time) string {
	by := "a challenge"
	if len(t.Names) > 0 {
		by = t.Names[0] + "'s challenge"
	}
	text := fmt.Sprintf("%s, waiting for you to accept %s", by, waitedText(now.Sub(t.Since)))
	if end := pc.cfg.challengeExpiresAt(t.TurnStartedAt); !end.IsZero() {
		text += fmt.Sprintf("; it expires in %s", spokenDuration(end.Sub(now)))
	}
	return text + "."
}

// waitedText says how long a game has waited on a player.
func waitedText(d time.Duration) string {
	if d < time.Minute {
		return "since just now"
	}
	return "for " + spokenDuration(d)
}

// deadlineText says when a waiting game's turn limit or time bank runs
// out for the player, their time away counted out.
func deadlineText(t storage.Turn, s rhythm.Settings, now time.Time) string {
	var kind string
	var end time.Time
	switch {
	case t.People <= 1:
		// Alone at a table the limit never applies (clock_reminders.go).
		return "no turn limit"
	case t.TurnBank > 0:
		bank := rhythm.Bank{Size: t.TurnBank}
		kind, end = "time bank", rhythm.Deadline(s, t.Since, bank.Left(t.BankSpent))
	case t.TurnLimit > 0:
		kind, end = "turn limit", rhythm.Deadline(s, t.TurnStartedAt, t.TurnLimit)
	default:
		return "no turn limit"
	}
	if !end.After(now) {
		return kind + " run out"
	}
	paused := ""
	if s.AwayAt(now) {
		paused = ", paused while you are away"
	}
	return fmt.Sprintf("%s: %s left (until %s%s)", kind, spokenDuration(end.Sub(now)), when(end, s), paused)
}

// channelURL opens a channel or thread in Discord.
func channelURL(guild, channel string) string {
	if guild == "" {
		guild = "@me"
	}
	return "https://discord.com/channels/" + guild + "/" + channel
}

// when writes a moment in the player's own zone.
func when(t time.Time, s rhythm.Settings) string {
	return t.In(s.Location()).Format("Mon 2 Jan 15:04 MST")
}

// count writes "1 game", "3 games".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
