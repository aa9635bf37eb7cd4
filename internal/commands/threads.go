package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"standoff/storage"
)

// A thread per game: where the bot may start threads, a new game gets a
// short starter message in the channel (what game, who; it pings nobody,
// the lobby or turn message in the thread does) and a public thread from
// it, and the game lives in the thread as if it had been created there:
// its row's channel is the thread. A channel then hosts many games, and
// the players of each are its thread's members.

// threads puts each new game in a thread of its own where it may, and
// finds a channel's games in its threads again.
type threads struct {
	*base
}

// ThreadStarter is what a Transport that can start threads implements too.
type ThreadStarter interface {
	// StartThread starts a public thread named name from the message
	// messageID in channel, archived by Discord after archive without
	// activity, and returns the thread's id (on Discord, the message's).
	StartThread(ctx context.Context, channel, messageID, name string, archive time.Duration) (string, error)
}

// threadArchive is how long a game's thread may stay quiet before Discord
// archives it: the longest Discord offers, since a game goes on for days
// (an archived thread is reopened when the game posts there again).
const threadArchive = 7 * 24 * time.Hour

// maxThreadName is Discord's limit for a thread's name, in characters.
const maxThreadName = 100

// home is where a new game went: its thread, or the channel it was
// created in with a note saying why not a thread (said once per server).
type home struct {
	thread string
	note   string
}

// answer is what the creator's answer adds about where the game is.
func (h home) answer() string {
	switch {
	case h.thread != "":
		return " It is played in its thread, " + channelMention(h.thread) + "."
	case h.note != "":
		return "\n" + h.note
	}
	return ""
}

func channelMention(id string) string { return "<#" + id + ">" }

func (th *threads) create(ctx context.Context, row *storage.Game) error {
	err := th.store.CreateGame(ctx, row)
	if errors.Is(err, storage.ErrChannelBusy) {
		return refusef("This channel already has a game. Finish it, or ask its creator to /game abandon it, or play in another channel or thread.")
	}
	return err
}

// createHome stores a new game: in a thread of its own where the server
// and the bot's permissions allow one, else in the interaction's channel
// as before.
func (th *threads) createHome(ctx context.Context, in Interaction, row *storage.Game) (home, error) {
	ts, tell := th.threadPlace(ctx, in)
	if ts == nil {
		if err := th.create(ctx, row); err != nil {
			return home{}, err
		}
		return home{note: th.tellOnce(ctx, in, tell)}, nil
	}
	parent := row.Channel
	starter, err := th.out.Send(ctx, parent, th.starterMessage(row))
	if err != nil {
		// The lobby would not be posted either; its own refusal says so.
		th.log.Warn("could not post a game's thread starter", "channel", parent, "err", err)
		return home{}, th.create(ctx, row)
	}
	// Until its thread exists the game is filed under the starter message,
	// whose id Discord gives the thread: a channel of its own, never busy.
	row.Channel = starter
	if err := th.create(ctx, row); err != nil {
		row.Channel = parent
		return home{}, err
	}
	thread, err := ts.StartThread(ctx, parent, starter, th.threadName(row), threadArchive)
	if err == nil && thread != starter {
		err = th.store.MoveGame(ctx, row.ID, thread)
	}
	if err != nil {
		th.log.Warn("could not start a game's thread; it stays in the channel", "game", row.ID, "err", err)
		return th.stayInChannel(ctx, row, parent)
	}
	row.Channel = thread
	if err := th.store.RecordThread(ctx, row.ID, thread, parent); err != nil {
		// Only the channel's best scores miss this game.
		th.log.Warn("could not record a game's thread", "game", row.ID, "err", err)
	}
	return home{thread: thread}, nil
}

// scoreChannel is the channel whose results a game's best-score line
// reads: the channel its thread hangs from, with all of that channel's
// threads, so a run in a thread of its own is compared with the others.
func (th *threads) scoreChannel(ctx context.Context, channel string) storage.ResultFilter {
	f := storage.ResultFilter{Channel: channel, WithThreads: true}
	parent, ok, err := th.store.ThreadParent(ctx, channel)
	if err != nil {
		th.log.Warn("could not read a thread's channel", "channel", channel, "err", err)
	}
	if ok {
		f.Channel = parent
	}
	return f
}

// stayInChannel moves a game whose thread could not be started back to the
// channel it was created in.
func (th *threads) stayInChannel(ctx context.Context, row *storage.Game, parent string) (home, error) {
	if err := th.store.MoveGame(ctx, row.ID, parent); err != nil {
		row.Status = storage.Abandoned
		if serr := th.store.Save(ctx, row, row.Version, nil); serr != nil {
			th.log.Error("could not close a game without a home", "game", row.ID, "err", serr)
		}
		if errors.Is(err, storage.ErrChannelBusy) {
			return home{}, refusef("I could not start a thread for this game, and this channel already has a game. Finish it, or play in another channel.")
		}
		return home{}, err
	}
	row.Channel = parent
	return home{note: "I could not start a thread for it, so it is played here."}, nil
}

// threadPlace decides whether a new game gets a thread: the transport can
// start one, the game is created in a server's channel that is not itself
// a thread, the server did not turn threads off, and the bot may start
// threads and post in them there. Otherwise tell is why not, when the
// server should hear it (the bot lacks the permission).
func (th *threads) threadPlace(ctx context.Context, in Interaction) (ts ThreadStarter, tell string) {
	ts, ok := th.out.(ThreadStarter)
	if !ok || in.DM || in.Guild == "" || in.InThread {
		return nil, ""
	}
	g, err := th.store.GuildThreads(ctx, in.Guild)
	if err != nil {
		th.log.Error("could not read the server's thread setting", "guild", in.Guild, "err", err)
		return nil, ""
	}
	switch {
	case g.Off:
		return nil, ""
	case in.CannotThread != "" && !g.Told:
		return nil, in.CannotThread
	case in.CannotThread != "":
		return nil, ""
	}
	return ts, ""
}

// tellOnce returns why a game got no thread the first time a server is
// told, and "" ever after.
func (th *threads) tellOnce(ctx context.Context, in Interaction, why string) string {
	if why == "" {
		return ""
	}
	first, err := th.store.TellNoThreadsOnce(ctx, in.Guild)
	if err != nil {
		th.log.Error("could not record that the server was told about threads", "guild", in.Guild, "err", err)
		return ""
	}
	if !first {
		return ""
	}
	return why + " (I say this once; `/standoff settings threads:off` keeps games in their channel without it.)"
}

// starterMessage is the channel's line about a new game, which its thread
// hangs from (Discord shows it atop the thread too, so it announces rather
// than repeats the lobby). It names the players without pinging them: the
// lobby or turn message in the thread pings whom it waits for, once.
func (th *threads) starterMessage(row *storage.Game) Message {
	title := row.Kind
	if g, ok := th.games.find(row.Kind); ok {
		title = g.Kind.Title
	}
	var who []string
	for _, s := range row.Seats {
		who = append(who, seatMention(s))
	}
	var text string
	switch {
	case len(row.Seats) == 1 && th.opensLobby(row):
		text = fmt.Sprintf("New game of **%s**: %s's lobby, open to join in its thread.", title, who[0])
	case len(row.Seats) == 1:
		text = fmt.Sprintf("New game of **%s**: %s, alone.", title, who[0])
	default:
		text = fmt.Sprintf("New game of **%s**: %s.", title, th.sides(row, who))
	}
	return Message{Content: text}
}

// coOpKinds are the kinds whose players play together, against the game
// (Hunted's co-op): they are announced as partners, not opponents. The
// games contract has no such mark yet; a kind is listed here by name.
var coOpKinds = map[string]bool{"hunted": true}

// sides names a game's players as a title does: "alice vs bob", or, for
// players on the same side, "alice and bob (co-op)".
func (th *threads) sides(row *storage.Game, names []string) string {
	if coOpKinds[row.Kind] && len(names) > 1 {
		return strings.Join(names, " and ") + " (co-op)"
	}
	return strings.Join(names, " vs ")
}

// opensLobby tells an open lobby from a game one person plays alone.
func (th *threads) opensLobby(row *storage.Game) bool {
	g, ok := th.games.find(row.Kind)
	return ok && g.Kind.MinPlayers > 1
}

// threadName is the name a player recognises the game's thread by, e.g.
// "Hijack #12: alice vs bob", cut to Discord's 100 characters.
func (th *threads) threadName(row *storage.Game) string {
	title := row.Kind
	if g, ok := th.games.find(row.Kind); ok {
		title = g.Kind.Title
	}
	// "Hunted: Kobayashi Tower" is "Hunted" before a game number.
	title, _, _ = strings.Cut(title, ":")
	var names []string
	for _, s := range row.Seats {
		names = append(names, s.Name)
	}
	who := th.sides(row, names)
	if len(row.Seats) == 1 && th.opensLobby(row) {
		who = row.Seats[0].Name + "'s lobby"
	}
	name := fmt.Sprintf("%s #%d: %s", title, row.ID, who)
	if rs := []rune(name); len(rs) > maxThreadName {
		name = string(rs[:maxThreadName-1]) + "…"
	}
	return name
}

// threadsOption is /standoff settings's threads:on|off.
var threadsOption = CommandOption{Name: "threads", Description: "a thread for each new game (on), or games in their channel (off)",
	Type: StringOption, Choices: []Suggestion{{Name: "on", Value: "on"}, {Name: "off", Value: "off"}}}

// setServerThreads turns a thread per game on or off for a server's new
// games (the threads option of the server's settings); games already open
// stay where they are.
func (th *threads) setServerThreads(ctx context.Context, in Interaction) error {
	var off bool
	switch raw := strings.ToLower(strings.TrimSpace(in.Options["threads"])); raw {
	case "on":
	case "off":
		off = true
	default:
		return refusef("Option threads is on or off, not %q.", in.Options["threads"])
	}
	return th.store.SetGuildThreadsOff(ctx, in.Guild, off)
}

// describeServerThreads says where a server's new games are played.
func (th *threads) describeServerThreads(ctx context.Context, guild string) (string, error) {
	g, err := th.store.GuildThreads(ctx, guild)
	if err != nil {
		return "", err
	}
	if g.Off {
		return "New games stay in the channel they are created in (threads:off).", nil
	}
	return "Each new game gets a thread of its own where I may start one (threads:on, the default).", nil
}

// freeAgain says that the place of a game that ended early may hold a new
// one: the channel, or the game's own thread.
func (th *threads) freeAgain(ctx context.Context, channel string) string {
	if _, thread, err := th.store.ThreadParent(ctx, channel); err == nil && thread {
		return "This thread is free for a new game."
	}
	return "The channel is free for a new one."
}

// threadGames are the games, newest first, played in the threads of a
// channel that keep accepts: a channel whose games all live in their
// threads answers for them (a replay, the moves) as its own.
func (th *threads) threadGames(ctx context.Context, channel string, keep func(storage.ThreadGame) bool) []storage.ThreadGame {
	all, err := th.store.GamesInThreadsOf(ctx, channel, threadsScanned)
	if err != nil {
		th.log.Warn("could not list the games in a channel's threads", "channel", channel, "err", err)
		return nil
	}
	var out []storage.ThreadGame
	for _, g := range all {
		if keep(g) {
			out = append(out, g)
		}
	}
	return out
}

// threadsScanned bounds the threads' games read for a channel.
const threadsScanned = 50

// otherThreadGames names a few more of a channel's games in threads and the
// command that shows one of them; "" when there are none.
func (th *threads) otherThreadGames(gs []storage.ThreadGame, what, command string) string {
	if len(gs) == 0 {
		return ""
	}
	var names []string
	for _, g := range gs[:min(len(gs), threadsListed)] {
		names = append(names, fmt.Sprintf("%s #%d in <#%s>", th.games.title(g.Kind), g.ID, g.Thread))
	}
	return fmt.Sprintf("\nOther %s of this channel: %s. See one with %s id:%d.", what, strings.Join(names, ", "), command, gs[0].ID)
}

// openGame reads the channel's open game, or says there is none (and where
// the channel's games are).
func (th *threads) openGame(ctx context.Context, channel, asked string) (*storage.Game, error) {
	row, err := th.store.OpenGame(ctx, channel)
	return row, th.noGameIn(ctx, channel, asked, err)
}

// threadsListed bounds the games' threads listed for a channel.
const threadsListed = 5

// noGameIn is noGame for a channel whose games may live in its threads:
// a player asking in the channel is pointed to them, and one asking where
// a game has ended (its thread) is told so. asked is the command they ran.
func (th *threads) noGameIn(ctx context.Context, channel, asked string, err error) error {
	if !errors.Is(err, storage.ErrNoGame) {
		return err
	}
	games, lerr := th.store.OpenGamesInThreadsOf(ctx, channel, threadsListed)
	if lerr == nil && len(games) == 0 {
		// None open: the ended ones can still be looked at from here.
		if ended := th.threadGames(ctx, channel, func(g storage.ThreadGame) bool { return g.Status == storage.Finished }); len(ended) > 0 {
			g := ended[0]
			return refusef("No game is open in this channel or its threads. The last one finished in <#%s> (%s #%d): /game history id:%d shows its moves, /game replay id:%d its replay. Start a new one with %s.",
				g.Thread, th.games.title(g.Kind), g.ID, g.ID, g.ID, th.games.startHintOr(asked, g.Kind))
		}
		// The game of this channel (a game's own thread) that has ended.
		if last, err := th.store.LatestGame(ctx, channel); err == nil && !last.Open() {
			return refusef("%s here is over: /game history shows its moves, /game replay its replay. Start a new one with %s.",
				th.games.gameName(last.Kind, last.ID), th.games.startHintOr(asked, last.Kind))
		}
	}
	if lerr != nil || len(games) == 0 {
		return th.games.noGame(err, asked)
	}
	var where []string
	for _, g := range games {
		where = append(where, fmt.Sprintf("<#%s> (%s #%d)", g.Thread, th.games.title(g.Kind), g.ID))
	}
	return refusef("This channel's games are played in their threads: %s. Run the command there.", strings.Join(where, ", "))
}
