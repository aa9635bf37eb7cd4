package discord_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/storage"
	"standoff/storage/pgtest"
)

// unavailableAnswer is what a player is told while the database is down.
const unavailableAnswer = "storage is briefly unavailable"

// TestPostgresKilled runs two bot processes in HTTP mode on one PostgreSQL
// server and plays a game of every catalog kind with random legal moves
// typed by the players, each interaction going to either process. The
// server (the postmaster and every backend) is killed with SIGKILL at a
// random moment while a move is being answered, and started again. Checked:
//
//   - every move answered "Played" is in its game's log, in order; the only
//     other move a log may hold is the one in flight; every stored state is
//     its log's replay;
//   - while the server is down, a typed move, a button and /game status are
//     each answered within Discord's 3 seconds, telling the player the
//     storage is briefly unavailable: never the generic failure, never
//     silence; the move in flight is answered "Played" or the same;
//   - after the restart nothing is done by hand: every game's turn message
//     is posted (none stays owed, the clock redoes what the outage cut
//     off), and play goes on in every game.
//
// Short: 3 kills in go test. Long (docs/reliability.md; 300 kills,
// STANDOFF_PGKILLS=N for another count):
//
//	STANDOFF_LONG=1 go test ./internal/discord -run TestPostgresKilled -v -timeout 2h
func TestPostgresKilled(t *testing.T) {
	t.Parallel()
	kills, between := 3, 3
	if os.Getenv("STANDOFF_LONG") != "" {
		kills, between = 300, 6
		if n := os.Getenv("STANDOFF_PGKILLS"); n != "" {
			fmt.Sscan(n, &kills)
		}
	}
	srv := pgtest.Start(t)
	url := srv.URL(t)
	bin := buildBot(t)
	fake := discordtest.New(t)
	for id, name := range names {
		fake.AddUser(id, name)
	}
	var procs []*process
	var endpoints []string
	for i := 0; i < 2; i++ {
		procs = append(procs, startBot(t, bin, fake, url, i))
	}
	for _, p := range procs {
		p.waitReady(t, fake)
		endpoints = append(endpoints, p.endpoint)
	}
	fake.SetInteractionEndpoints(endpoints...)
	threadsOff(t, url) // each table in the channel named for it
	store, err := storage.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	k := &pgKills{t: t, fake: fake, procs: procs, srv: srv, store: store,
		rng: games.NewRNG(uint64(time.Now().UnixNano())), tables: map[string]*pgTable{}}
	for _, g := range catalog.Games() {
		k.newTable(g)
	}
	for cycle := 0; cycle < kills && !t.Failed(); cycle++ {
		for i := 1 + k.rng.Intn(between); i > 0 && !t.Failed(); i-- {
			k.move(false)
		}
		for !t.Failed() && !k.move(true) { // the kill lands while a move is in flight
		}
		if t.Failed() {
			break
		}
		k.whileDown()
		if err := srv.Restart(); err != nil {
			t.Fatalf("restart PostgreSQL: %v", err)
		}
		k.verify()
		k.resumed()
	}
	for _, tb := range k.all {
		if !t.Failed() && !tb.done {
			k.moveIn(tb, false)
		}
	}
	if t.Failed() {
		t.Logf("the bots' logs:\n%s", allLogs(procs))
	}
	t.Logf("PostgreSQL kills survived: %d; moves acknowledged: %d; acknowledged moves found in the logs after kills: %d; "+
		"moves in flight at the kill: %d answered Played, %d answered unavailable (%d of those found committed); "+
		"interactions while down: %d, each answered unavailable (%d inline, %d after a deferral); "+
		"replays compared: %d; games: %d (finished %d); turn messages owed after a restart and posted by the clock: %d",
		k.kills, k.acked, k.verified, k.inflightPlayed, k.inflightUnavailable, k.inflightCommitted,
		k.down, k.down-k.downDeferred, k.downDeferred, k.replays, len(k.all), k.finished, k.owed)
}

type pgTable struct {
	kind    *games.Kind
	channel string
	id      int64
	acked   []games.SeatMove
	done    bool
	row     *storage.Game // as last read while the server was up
	st      games.State
}

type pgKills struct {
	t      *testing.T
	fake   *discordtest.Server
	procs  []*process
	srv    *pgtest.Server
	store  *storage.Store
	rng    *games.RNG
	tables map[string]*pgTable // kind -> the game being played
	all    []*pgTable
	n      int
	// in flight at the kill
	inflight     *pgTable
	inflightMove games.SeatMove
	// figures
	kills, acked, verified, inflightPlayed, inflightUnavailable, inflightCommitted int
	down, downDeferred, replays, finished, owed                                    int
}

var pgPlayers = []string{alice, bob, carol, dave}

// newTable challenges players to a game of g in a new channel and has
// them accept.
func (k *pgKills) newTable(g commands.Game) {
	t := k.t
	kind := g.Kind
	k.n++
	tb := &pgTable{kind: kind, channel: fmt.Sprint(930 + k.n)}
	k.fake.AddChannel(guild, tb.channel)
	players := max(kind.MinPlayers, min(2, kind.MaxPlayers))
	opts := []discordtest.CommandOption{}
	for i := 1; i < players; i++ {
		name := "opponent"
		if i > 1 {
			name = fmt.Sprintf("opponent%d", i)
		}
		opts = append(opts, discordtest.Opt(name, pgPlayers[i]))
	}
	k.answer(k.fake.RunCommand(pgPlayers[0], tb.channel, kind.Name, "challenge", opts...))
	for i := 1; i < players; i++ {
		lobby, _ := k.fake.LastMessage(tb.channel)
		accept, ok := findID(lobby, "accept:")
		if !ok {
			t.Fatalf("no Accept button in %s's lobby: %q %v", kind.Name, lobby.Content, lobby.CustomIDs())
		}
		k.answer(k.fake.Click(pgPlayers[i], lobby.ID, accept))
	}
	row, err := k.store.LatestGame(context.Background(), tb.channel)
	if err != nil || row.Status != storage.Active {
		t.Fatalf("%s did not start (%v)", kind.Name, err)
	}
	tb.id = row.ID
	k.load(tb)
	k.tables[kind.Name], k.all = tb, append(k.all, tb)
}

// answer waits until the bot has finished with an interaction and returns
// what the player was told. The first response must come within
// Discord's deadline, however the database is doing.
func (k *pgKills) answer(in *discordtest.Interaction, err error) (text string, deferred bool) {
	t := k.t
	t.Helper()
	if err != nil {
		t.Fatalf("interaction: %v", err)
	}
	resp, err := in.Wait(30 * time.Second)
	if err != nil {
		t.Fatalf("%v\n%s", err, allLogs(k.procs))
	}
	if resp.Latency > deadline {
		t.Errorf("first response after %v, beyond Discord's %v", resp.Latency, deadline)
	}
	waitFor(t, "the bot to finish interaction "+in.ID(), func() bool { return finished(k.procs, in.ID()) })
	var texts []string
	for _, m := range answerText(in) {
		texts = append(texts, m.Content)
	}
	deferred = resp.Type == discordtest.CallbackDeferredChannelMessage || resp.Type == discordtest.CallbackDeferredUpdate
	return strings.Join(texts, "\n"), deferred
}

// load reads a table's game while the server is up (a connection the
// outage broke may fail once more: it is read again).
func (k *pgKills) load(tb *pgTable) {
	var err error
	for try := 0; try < 50; try++ {
		if tb.row, err = k.store.Game(context.Background(), tb.id); err == nil {
			break
		}
		if !errors.Is(err, storage.ErrUnavailable) {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		k.t.Fatalf("game #%d: %v", tb.id, err)
	}
	if tb.st, err = tb.kind.Decode(tb.row.State); err != nil {
		k.t.Fatal(err)
	}
	if tb.row.Status != storage.Active || tb.st.Outcome() != nil {
		if !tb.done {
			k.finished++
		}
		tb.done = true
	}
}

// choice is a random legal move of a seat the game waits on.
func choice(rng *games.RNG, tb *pgTable) (string, games.SeatMove, bool) {
	var seats []int
	for _, pr := range tb.st.Prompts() {
		if len(tb.st.Legal(pr.Seat)) > 0 {
			seats = append(seats, pr.Seat)
		}
	}
	if len(seats) == 0 {
		return "", games.SeatMove{}, false
	}
	seat := seats[rng.Intn(len(seats))]
	legal := tb.st.Legal(seat)
	move := legal[rng.Intn(len(legal))]
	return tb.row.Seats[seat].UserID, games.SeatMove{Seat: seat, Move: move}, true
}

// move plays a random legal move in a random game; with kill, the server
// is killed a random 0-5 or 0-30 ms after it was sent. It reports whether
// it killed.
func (k *pgKills) move(kill bool) bool {
	kinds := catalog.Games()
	g := kinds[k.rng.Intn(len(kinds))]
	tb := k.tables[g.Kind.Name]
	if tb.done {
		k.newTable(g)
		tb = k.tables[g.Kind.Name]
	}
	return k.moveIn(tb, kill)
}

func (k *pgKills) moveIn(tb *pgTable, kill bool) bool {
	t := k.t
	k.load(tb)
	if tb.done {
		return false
	}
	user, sm, ok := choice(k.rng, tb)
	if !ok {
		t.Fatalf("game #%d (%s) waits on nobody who can move: prompts %+v", tb.id, tb.kind.Name, tb.st.Prompts())
	}
	in, err := k.fake.RunCommand(user, tb.channel, tb.kind.Name, "move", discordtest.Opt("move", sm.Move))
	if kill {
		// Half the kills within 5 ms, where the move is being saved; the
		// others up to 30 ms, where it is mostly being shown.
		window := []int{5000, 30000}[k.kills%2]
		time.Sleep(time.Duration(k.rng.Intn(window)) * time.Microsecond)
		k.srv.Kill()
		k.kills++
		k.inflight, k.inflightMove = tb, sm
	}
	text, _ := k.answer(in, err)
	switch {
	case strings.HasPrefix(text, "Played `"+sm.Move+"`"):
		tb.acked = append(tb.acked, sm)
		k.acked++
		if kill {
			k.inflightPlayed++
			k.inflight = nil
		}
	case kill && strings.Contains(text, unavailableAnswer):
		k.inflightUnavailable++
	default:
		t.Errorf("game #%d (%s): %s's legal move %q was answered %q (server killed during it: %v)", tb.id, tb.kind.Name, user, sm.Move, text, kill)
	}
	return kill
}

// whileDown sends what players would while the server is down: a typed
// move, a click on a turn message's control and /game status, each in a
// random game. Every one is answered, telling the player to try again.
func (k *pgKills) whileDown() {
	tb := k.all[k.rng.Intn(len(k.all))]
	for try := 0; try < 3; try++ {
		if !tb.done {
			break
		}
		tb = k.all[k.rng.Intn(len(k.all))]
	}
	var tries []func() (*discordtest.Interaction, error)
	if user, sm, ok := choice(k.rng, tb); ok && !tb.done {
		tries = append(tries, func() (*discordtest.Interaction, error) {
			return k.fake.RunCommand(user, tb.channel, tb.kind.Name, "move", discordtest.Opt("move", sm.Move))
		})
	}
	if msg, ok := k.fake.Message(tb.row.MessageID); ok && !tb.done {
		for _, id := range msg.CustomIDs() {
			if strings.HasPrefix(id, "m:") || strings.HasPrefix(id, "r:") {
				user := tb.row.Seats[0].UserID
				tries = append(tries, func() (*discordtest.Interaction, error) { return k.fake.Click(user, msg.ID, id) })
				break
			}
		}
	}
	tries = append(tries, func() (*discordtest.Interaction, error) {
		return k.fake.RunCommand(pgPlayers[0], tb.channel, "game", "status")
	})
	for _, send := range tries {
		in, err := send()
		if errors.Is(err, discordtest.ErrNoComponent) {
			// A clean-up or a newer turn message took the control off
			// between the read above and the click: nobody could press it.
			continue
		}
		text, deferred := k.answer(in, err)
		k.down++
		if deferred {
			k.downDeferred++
		}
		if !strings.Contains(text, unavailableAnswer) {
			k.t.Errorf("game #%d (%s) with PostgreSQL down: an interaction was answered %q, want the storage briefly unavailable", tb.id, tb.kind.Name, text)
		}
	}
}

// verify checks every game after the restart.
func (k *pgKills) verify() {
	t := k.t
	for _, tb := range k.all {
		k.load(tb)
		log, err := k.store.Moves(context.Background(), tb.id)
		if err != nil {
			t.Fatal(err)
		}
		replayed, err := games.Replay(tb.kind, tb.row.Setup(), log)
		if err != nil {
			t.Errorf("game #%d (%s): its log does not replay: %v", tb.id, tb.kind.Name, err)
			continue
		}
		k.replays++
		if enc, _ := replayed.Encode(); !bytes.Equal(enc, tb.row.State) {
			t.Errorf("game #%d (%s): the stored state is not the replay of its %d logged moves", tb.id, tb.kind.Name, len(log))
		}
		want := tb.acked
		switch {
		case equalSeatMoves(log, want):
		case k.inflight == tb && equalSeatMoves(log, append(append([]games.SeatMove(nil), want...), k.inflightMove)):
			// Committed, but the answer was cut off: kept, and the player
			// who tries again is told the position changed.
			tb.acked = log
			k.inflightCommitted++
		default:
			t.Errorf("game #%d (%s): log %v, acknowledged %v (in flight: %v)", tb.id, tb.kind.Name, log, want, k.inflight == tb)
		}
		k.verified += len(tb.acked)
	}
	k.inflight = nil
}

func equalSeatMoves(a, b []games.SeatMove) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// resumed waits, doing nothing, until every game being played shows its
// turn message with nothing owed: the clock of either process posts what
// the outage cut off.
func (k *pgKills) resumed() {
	for _, tb := range k.all {
		if tb.done {
			continue
		}
		if tb.row.PostPending {
			k.owed++
		}
		waitFor(k.t, fmt.Sprintf("game #%d (%s) to show its turn message after the restart", tb.id, tb.kind.Name), func() bool {
			k.load(tb)
			if tb.done {
				return true
			}
			_, shown := k.fake.Message(tb.row.MessageID)
			return !tb.row.PostPending && shown
		})
	}
}
