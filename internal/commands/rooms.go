package commands

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/telemetry"
	"standoff/storage"
)

// The router routes, locks, runs the move pipeline and wires the rooms:
// each table feature is a room of its own (votes, clock, pace, lobbies,
// records, threads, settings, leaving, daily, showing, restoring), a type
// holding only what it uses.
// A room is given the shared base and, for the few services of another
// room or of the pipeline it needs, function fields set in wire: a room
// never holds the router.

// rooms are the router's rooms, wired by wire.
type rooms struct {
	threads   *threads
	settings  *settings
	records   *records
	pace      *pace
	lobbies   *lobbies
	votes     *votes
	clock     *clock
	leaving   *leaving
	daily     *daily
	showing   *showing
	restoring *restoring
}

// wire gives each room what it uses. The rooms share the router's base by
// pointer, so a test that swaps the transport or the log swaps it for all.
// Every room exists before any is filled: some need each other (the clock
// hands a seat over by the votes' rules; a vote charges the clock's bank).
func wire(r *Router) {
	b := &r.base
	r.rooms = rooms{threads: &threads{}, settings: &settings{}, records: &records{}, pace: &pace{},
		lobbies: &lobbies{}, votes: &votes{}, clock: &clock{}, leaving: &leaving{}, daily: &daily{}, showing: &showing{}, restoring: &restoring{}}
	*r.threads = threads{base: b}
	*r.settings = settings{base: b,
		setThreads: r.threads.setServerThreads, describeThreads: r.threads.describeServerThreads,
		setDaily: r.daily.setServerDaily, describeDaily: r.daily.describeServerDaily}
	*r.records = records{base: b, threads: r.threads, reload: r.reload}
	*r.pace = pace{base: b, threadName: r.threads.threadName}
	*r.lobbies = lobbies{base: b, threads: r.threads, seed: r.seed, table: r.table,
		gameClock: r.clock.gameClock, runBots: r.runBots, saveOwed: r.saveOwed, publish: r.publish,
		publishSaved: r.publishSaved}
	*r.votes = votes{base: b, lockedTable: r.lockedChannelTable, reload: r.reload, play: r.play, runBots: r.runBots, saveOwed: r.saveOwed,
		publish: r.publish, awayNote: r.pace.awayNote, chargeBank: r.clock.chargeBank}
	*r.clock = clock{base: b, votes: r.votes, closeLobby: r.lobbies.closeLobby, freeAgain: r.threads.freeAgain,
		turnsMessage: r.pace.turnsMessage, play: r.play, turnLimit: r.settings.turnLimit, restore: r.restoring.restore}
	*r.leaving = leaving{base: b, lockedTable: r.lockedChannelTable, loadResigned: r.votes.loadResigned,
		closeLobby: r.lobbies.closeLobby, freeAgain: r.threads.freeAgain, commit: r.commit, runBots: r.runBots,
		readPresentation: r.readPresentation}
	*r.showing = showing{base: b, records: r.records, lobbyMessage: r.lobbies.lobbyMessage, channelTable: r.channelTable,
		reload: r.reload, restore: r.restoring.restore, helpText: r.helpText}
	*r.restoring = restoring{base: b, lock: r.lock, reload: r.reload, repost: r.repost, lobbyMessage: r.lobbies.lobbyMessage,
		runBots: r.runBots, publish: r.publish}
	*r.daily = daily{base: b, table: r.table, lock: r.lock, reload: r.reload, saveOwed: r.saveOwed,
		publishSaved: r.publishSaved, botSeat: r.lobbies.botSeat, settingUp: &settingUp{}}
}

// base is what every room reads: storage, the transport, the game kinds,
// the config, the log and the clock.
type base struct {
	store *storage.Store
	out   Transport
	games gameSet
	cfg   Config
	log   *slog.Logger
	now   func() time.Time
	// metrics counts moves, boards and the clock's work (nil: not).
	metrics *telemetry.Metrics
	// send delivers what the presenter decided (internal/delivery).
	send *delivery.Sender
}

// gameSet is the game kinds this bot hosts, sorted by name.
type gameSet []Game

func (gs gameSet) find(kind string) (Game, bool) {
	for _, g := range gs {
		if g.Kind.Name == kind {
			return g, true
		}
	}
	return Game{}, false
}

// title is a stored kind's display name.
func (gs gameSet) title(kind string) string {
	if g, ok := gs.find(kind); ok {
		return g.Kind.Title
	}
	return kind
}

// startHint is the commands that start a game, for "Start one with ...":
// a game of the kind the player asked about (/hunted move where no game
// is), else of any kind.
func (gs gameSet) startHint(asked string) string {
	if _, ok := gs.find(asked); ok {
		return fmt.Sprintf("/%s start or /%s challenge", asked, asked)
	}
	var starts []string
	for _, g := range gs {
		starts = append(starts, "/"+g.Kind.Name+" start")
	}
	if len(starts) < 2 {
		return strings.Join(starts, "") + " (or challenge players)"
	}
	return fmt.Sprintf("%s or %s (each game can also challenge players)", strings.Join(starts[:len(starts)-1], ", "), starts[len(starts)-1])
}

// gameName is how a list names a game: its title and number.
func (gs gameSet) gameName(kind string, id int64) string {
	return fmt.Sprintf("%s game #%d", gs.title(kind), id)
}

// gameHeader is a game's header line in a channel, as its turn message has it.
func (gs gameSet) gameHeader(kind string, id int64) string {
	return fmt.Sprintf("**%s** · game #%d", gs.title(kind), id)
}

// startHintOr is startHint for a command of kind's game where the player
// asked with another command (/game status in a Hijack game's thread).
func (gs gameSet) startHintOr(asked, kind string) string {
	if _, ok := gs.find(asked); !ok {
		asked = kind
	}
	return gs.startHint(asked)
}

// noGame turns storage's "no game" into what the player reads; asked is
// the command they ran (a game's, or "game").
func (gs gameSet) noGame(err error, asked string) error {
	if errors.Is(err, storage.ErrNoGame) {
		return refusef("There is no game in this channel. Start one with %s.", gs.startHint(asked))
	}
	return err
}
