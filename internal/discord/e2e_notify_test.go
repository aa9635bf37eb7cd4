package discord_test

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/storage"
)

// The notification contract (DESIGN.md, "Notifications"), held to what
// Discord itself would do: random games of every kind played end to end
// through discordgo against the fake, by clicking what the bot shows, and
// checked against the fake's record of who was notified
// (discordtest.Server.Notifications: a new message that mentions a user
// as its allowed_mentions permit, or a DM; never an edit). After each
// action the test works out from the game's states alone who is newly
// waited on, and holds the record to it:
//   - each of them is notified exactly once: a mention in a new channel
//     message, or the DM that carries a private decision (a mention when
//     their DMs are closed);
//   - nobody else is pinged, and nobody twice; the player who just acted
//     is not pinged for their own turn going on;
//   - a DM to someone not newly waited on is their private view, never a
//     bare "it is your turn".
//
// Votes (an undo asked of the other players) are part of it: the players
// asked are pinged once by the vote, and nobody is pinged while it fills.

// notifyTable is one kind of table the contract is played at.
type notifyTable struct {
	kind   string
	humans int
	// bot is the bot the kind's rules name, for the solo game against it
	// (Hijacked's Cybot); empty for a table of humans.
	bot string
	// partner: a game that can be played alone starts with its second
	// player by /<game> start partner:, accepted by button (no lobby).
	partner bool
	// closedDM closes one player's DMs (a different one each game).
	closedDM bool
}

func (nt notifyTable) String() string {
	switch {
	case nt.bot != "":
		return nt.kind + "-" + strings.ToLower(nt.bot)
	case nt.closedDM:
		return fmt.Sprintf("%s-%d-closed-dm", nt.kind, nt.humans)
	}
	return fmt.Sprintf("%s-%d", nt.kind, nt.humans)
}

// kindsByName is the catalog's kinds in the order of their names, which
// gives each table the same games (their seeds go by the table's place)
// whatever order the catalog lists them in.
func kindsByName() []*games.Kind {
	var ks []*games.Kind
	for _, g := range catalog.Games() {
		ks = append(ks, g.Kind)
	}
	slices.SortFunc(ks, func(a, b *games.Kind) int { return strings.Compare(a.Name, b.Name) })
	return ks
}

// tableOf is a table of n humans of k.
func tableOf(k *games.Kind, n int) notifyTable {
	return notifyTable{kind: k.Name, humans: n, partner: k.MinPlayers == 1 && n > 1}
}

// notifyTables are every kind of the catalog at every size it is played
// at, and against the bot its rules name, if they name one.
func notifyTables() []notifyTable {
	var out []notifyTable
	for _, k := range kindsByName() {
		for n := k.MinPlayers; n <= k.MaxPlayers; n++ {
			out = append(out, tableOf(k, n))
		}
		if k.BotName != "" {
			out = append(out, notifyTable{kind: k.Name, humans: 1, bot: k.BotName})
		}
	}
	return out
}

// The players of the contract's tables: the usual four and two more, for
// Locked Out's six.
const (
	frank = "105"
	grace = "106"
)

var notifyPlayers = []string{alice, bob, carol, dave, frank, grace}

// notifyChannel is the channel of a table's n-th game: a game to a channel.
func notifyChannel(n int) string { return fmt.Sprint(910 + n) }

func TestNotificationContractOnDiscord(t *testing.T) {
	playNotifyTables(t, notifyTables(), false)
}

// The contract holds when Discord's global limit holds the bot's requests
// back for longer than a game's lock may wait (now and then, before an
// action): what the action owed the channel or a DM is made on its own
// once the limit passes, and still notifies each newly waited player once
// (an owed edit pings nobody; an owed post pings whom the lost one was to
// ping).
func TestNotificationContractWithRequestsHeldBack(t *testing.T) {
	// Each kind once, at a middle size of at least two humans (someone
	// besides the actor to notify), against the bot its rules name, and
	// Locked Out with a player's DMs closed (its private decisions are
	// asked in the channel then).
	var tables []notifyTable
	for _, k := range kindsByName() {
		tables = append(tables, tableOf(k, min(k.MaxPlayers, max(2, (k.MinPlayers+k.MaxPlayers)/2))))
		if k.BotName != "" {
			tables = append(tables, notifyTable{kind: k.Name, humans: 1, bot: k.BotName})
		}
	}
	tables = append(tables, notifyTable{kind: "lockedout", humans: 3, closedDM: true})
	playNotifyTables(t, tables, true)
}

// A player of Locked Out whose DMs are closed is asked a private decision
// in the channel, by a mention in a new message; the contract holds for
// them too.
func TestNotificationContractClosedDMs(t *testing.T) {
	var tables []notifyTable
	for n := 3; n <= 6; n++ {
		tables = append(tables, notifyTable{kind: "lockedout", humans: n, closedDM: true})
	}
	playNotifyTables(t, tables, false)
}

// heldBack is how long the global limit holds the bot's requests when a
// test holds them back: past lockedWait (1 s), so what a game's lock was
// sending is owed, not waited for.
const heldBack = 1500 * time.Millisecond

func playNotifyTables(t *testing.T, tables []notifyTable, hold bool) {
	// Short: a few games per table, each cut after some actions; long:
	// more games, each to its end.
	perTable, steps := 2, 30
	if os.Getenv("STANDOFF_LONG") != "" {
		perTable, steps = 6, 2000
	}
	for ti, nt := range tables {
		t.Run(nt.String(), func(t *testing.T) {
			t.Parallel()
			world := func(f *discordtest.Server) {
				for n := 0; n < perTable; n++ {
					f.AddChannel(guild, notifyChannel(n))
				}
			}
			// Discord's per-channel limits would only make these games
			// minutes long (their 429s are waited out); the limits have
			// their own tests.
			e := newEnv(t, withFake(world, discordtest.WithLimits(discordtest.NoLimits())))
			for n := 0; n < perTable; n++ {
				seed := uint64(1000*ti + n + 1)
				e.playForNotifications(nt, notifyChannel(n), seed, steps, hold)
			}
			e.noErrorLogs()
		})
	}
}

// notifyGame is one game of the contract being played.
type notifyGame struct {
	e       *env
	channel string
	rng     *games.RNG
	closed  map[string]bool // players whose DMs are closed
	// hold: now and then Discord's global limit holds the bot's requests
	// back (heldBack) before an action.
	hold    bool
	actions int
	votes   int
	held    int // actions with the bot's requests held back
	anytime int
	forms   int
}

func (e *env) playForNotifications(nt notifyTable, channel string, seed uint64, steps int, hold bool) {
	e.t.Helper()
	g := &notifyGame{e: e, channel: channel, rng: games.NewRNG(seed), closed: map[string]bool{}, hold: hold}
	players := notifyPlayers[:nt.humans]
	if nt.closedDM {
		u := players[g.rng.Intn(len(players))]
		e.fake.SetDMsClosed(u, true)
		g.closed[u] = true
		defer e.fake.SetDMsClosed(u, false)
	}
	g.begin(nt, players)
	last := ""
	for g.actions < steps {
		row, st := e.game(channel)
		if row.Status != storage.Active {
			break
		}
		if nt.humans > 1 && last != "" && g.rng.Intn(10) == 0 {
			g.askUndo(last)
			continue
		}
		if g.rng.Intn(8) == 0 && g.anyTime(row, st) {
			continue
		}
		prompts := actable(row, st)
		if len(prompts) == 0 {
			e.t.Fatalf("%s game #%d waits on nobody who can move: %+v", nt, row.ID, st.Prompts())
		}
		p := prompts[g.rng.Intn(len(prompts))]
		user := row.Seats[p.Seat].UserID
		g.act(row, st, user, func() { g.play(row, st, user, p) })
		last = user
	}
	row, _ := e.game(channel)
	e.t.Logf("%s in %s: %d actions (%d votes, %d any-time actions, %d typed in the form, %d with requests held back), %s", nt, channel, g.actions, g.votes, g.anytime, g.forms, g.held, row.Status)
}

// begin starts a table of the players: alone, against the Cybot, or a
// lobby (or a partner's challenge) the others join by button. The start
// is held to the contract as any action is: whoever the first turn waits
// on hears of it once, the player whose click started it included.
func (g *notifyGame) begin(nt notifyTable, players []string) {
	e := g.e
	e.t.Helper()
	creator, actor := players[0], players[0]
	before := &storage.Game{Version: -1}
	mark := len(e.fake.Notifications())
	switch {
	case nt.bot != "" || nt.humans == 1:
		if s := e.reply(creator, g.channel, nt.kind, "solo"); !strings.Contains(s.Content, "started") {
			e.t.Fatalf("/%s solo answered %q", nt.kind, s.Content)
		}
	case nt.partner:
		e.reply(creator, g.channel, nt.kind, "start", discordtest.Opt("partner", players[1]))
		lobby, _ := e.fake.LastMessage(g.channel)
		accept, _ := findID(lobby, "accept:")
		before, _ = e.game(g.channel)
		mark, actor = len(e.fake.Notifications()), players[1]
		if s := e.click(actor, lobby.ID, accept); s != "" {
			e.t.Fatalf("Accept answered %q", s)
		}
	default:
		e.reply(creator, g.channel, nt.kind, "start")
		lobby, _ := e.fake.LastMessage(g.channel)
		for _, u := range players[1:] {
			lobby, _ = e.fake.Message(lobby.ID)
			join, _ := findID(lobby, "join:")
			if s := e.click(u, lobby.ID, join); s != "" {
				e.t.Fatalf("%s's Join answered %q", names[u], s)
			}
		}
		lobby, _ = e.fake.Message(lobby.ID)
		start, _ := findID(lobby, "start:")
		before, _ = e.game(g.channel)
		mark = len(e.fake.Notifications())
		if s := e.click(creator, lobby.ID, start); s != "" {
			e.t.Fatalf("Start answered %q", s)
		}
	}
	row := e.settle(g.channel, before)
	_, st := e.game(g.channel)
	g.check("the game's start", nil, row, st, actor, mark)
}

// anyTime has a player play an action open at any moment (Hijacked's
// freeing a passenger, cashing a demand), typed in the turn message's
// form: the game waits on nobody new for it, so nobody may be pinged, the
// player on turn above all. It reports whether one was played.
func (g *notifyGame) anyTime(row *storage.Game, st games.State) bool {
	e := g.e
	e.t.Helper()
	for _, p := range st.Prompts() {
		s := row.Seats[p.Seat]
		legal := st.Legal(p.Seat)
		if !p.Standing || s.BotLevel > 0 || len(legal) == 0 {
			continue
		}
		turn := e.turnMessage(g.channel)
		form, ok := findID(turn, "type:")
		if !ok {
			return false
		}
		g.act(row, st, s.UserID, func() { g.typeMove(s.UserID, turn.ID, form, legal[g.rng.Intn(len(legal))]) })
		g.anytime++
		return true
	}
	return false
}

// actable lists the prompts a person may answer now that the game waits
// for (see notifycheck.WaitedOn).
func actable(row *storage.Game, st games.State) []games.Prompt {
	var out []games.Prompt
	prompts := st.Prompts()
	anyTurn := slices.ContainsFunc(prompts, func(p games.Prompt) bool { return p.Turn })
	for _, p := range prompts {
		s := row.Seats[p.Seat]
		if p.Standing || s.BotLevel > 0 || s.Away || (!p.Turn && p.Default == "" && anyTurn) || len(st.Legal(p.Seat)) == 0 {
			continue
		}
		out = append(out, p)
	}
	return out
}

// act runs one action of user's that changes the game, and holds what it
// notified to the contract.
func (g *notifyGame) act(row *storage.Game, st games.State, user string, do func()) {
	e := g.e
	e.t.Helper()
	mark := len(e.fake.Notifications())
	if g.hold && g.rng.Intn(3) == 0 {
		e.fake.GlobalRateLimit(heldBack)
		g.held++
	}
	do()
	after := e.settle(g.channel, row) // the redos of what was owed included
	if after.PostPending || after.RefreshPending {
		e.t.Fatalf("action %d left its turn message owed after every redo", g.actions+1)
	}
	_, afterSt := e.game(g.channel)
	g.actions++
	g.check(fmt.Sprintf("action %d (%s)", g.actions, names[user]), &gameAt{row, st}, after, afterSt, user, mark)
}

// gameAt is a game as it stood before an action.
type gameAt struct {
	row *storage.Game
	st  games.State
}
