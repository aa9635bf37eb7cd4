package commands

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Where a daily run is played: nobody may see its cards before they play
// their own run, so never in the channel. The player's DM with the bot is
// the default: it needs no permission on the server and keeps the server's
// channels free of runs. A server may choose a private thread of the
// channel instead (/standoff settings daily:thread): the run stays on the
// server, for players whose DMs are closed to it. Where the bot may not
// create a private thread there, the run falls back to the DM and the
// answer says why.

// PrivateThreadStarter is what a Transport that can create private threads
// implements too (threads.go has ThreadStarter for public ones).
type PrivateThreadStarter interface {
	// StartPrivateThread creates a private thread named name in channel,
	// which only its members and the server's moderators see, that
	// members cannot invite others to; the bot is its first member.
	StartPrivateThread(ctx context.Context, channel, name string, archive time.Duration) (string, error)
	// AddThreadMember adds a user to a thread.
	AddThreadMember(ctx context.Context, thread, userID string) error
}

// dailyPlaceOption is /standoff settings's daily:dm|thread.
var dailyPlaceOption = CommandOption{Name: "daily", Description: "where daily runs are played: the player's DM (default) or a private thread",
	Type: StringOption, Choices: []Suggestion{{Name: "dm", Value: "dm"}, {Name: "thread", Value: "thread"}}}

// setServerDaily sets where a server's daily runs are played.
func (d *daily) setServerDaily(ctx context.Context, in Interaction) error {
	var thread bool
	switch raw := strings.ToLower(strings.TrimSpace(in.Options["daily"])); raw {
	case "dm":
	case "thread":
		thread = true
	default:
		return refusef("Option daily is dm or thread, not %q.", in.Options["daily"])
	}
	return d.store.SetGuildDailyThread(ctx, in.Guild, thread)
}

// describeServerDaily says where a server's daily runs are played.
func (d *daily) describeServerDaily(ctx context.Context, guild string) (string, error) {
	g, err := d.store.GuildThreads(ctx, guild)
	if err != nil {
		return "", err
	}
	if g.DailyThread {
		return "Daily runs are played in a private thread of the channel they are asked in, where I may create one (daily:thread).", nil
	}
	return "Daily runs are played in the player's DM with me (daily:dm, the default).", nil
}

// privateThread is where a daily run goes when its server chose threads:
// the private thread made for it, or "" with why not (then it is played
// in the DM).
func (d *daily) privateThread(ctx context.Context, in Interaction, kindTitle string) (thread, why string, err error) {
	g, err := d.store.GuildThreads(ctx, in.Guild)
	if err != nil || !g.DailyThread {
		return "", "", err
	}
	pts, ok := d.out.(PrivateThreadStarter)
	switch {
	case !ok:
		return "", "This connection cannot create private threads, so your run is in your DMs with me.", nil
	case in.InThread:
		return "", "A thread holds no threads: asked here, your run is in your DMs with me. Ask in a channel to play it in a private thread.", nil
	case in.CannotPrivateThread != "":
		return "", in.CannotPrivateThread, nil
	}
	name := dailyThreadName(kindTitle, in.User.Name.String())
	thread, err = pts.StartPrivateThread(ctx, in.Channel, name, threadArchive)
	if err == nil {
		err = pts.AddThreadMember(ctx, thread, in.User.ID)
	}
	if err != nil {
		d.log.Warn("could not make a daily run's private thread", "channel", in.Channel, "err", err)
		return "", "I could not create a private thread for your run here (this server or channel may not allow them), so it is in your DMs with me.", nil
	}
	return thread, "", nil
}

// dailyThreadName names a run's private thread, e.g. "Hunted daily: alice".
func dailyThreadName(kindTitle, player string) string {
	title, _, _ := strings.Cut(kindTitle, ":")
	name := fmt.Sprintf("%s daily: %s", title, player)
	if rs := []rune(name); len(rs) > maxThreadName {
		name = string(rs[:maxThreadName-1]) + "…"
	}
	return name
}
