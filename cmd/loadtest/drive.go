package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/internal/games/hijack"
	"standoff/storage"
)

// config is one load test.
type config struct {
	games     int
	duration  time.Duration
	echo      time.Duration // how long the echo baseline runs
	images    bool
	seed      uint64
	dir       string    // for the database and the bot's log
	self      []string  // how to start this program again as the server
	log       io.Writer // progress lines
	kinds     []string  // the kinds to play; empty for every kind
	stored    int       // games stored before the bot starts, to measure it at rest
	cpuProf   string    // the bot's CPU profile, if set
	heapProf  string    // the bot's heap profile at the end, if set
	stacks    string    // the bot's goroutines when the play ends, if set
	blockProf string    // where the bot's goroutines waited during play, if set
	selfProf  string    // this process's CPU profile during play, if set
	// rate is the moves per second offered across all games (the open
	// loop, see schedule.go); 0 plays each game back to back.
	rate float64
	// kindRates are the shares of rate some kinds' games offer together
	// (-kind-rate); the other games share the rest.
	kindRates map[string]float64
	// noLimits turns the fake's rate limits off (default: Discord's).
	noLimits bool
	// servers spreads the games over this many servers (guilds), game i
	// in server i mod servers (at least 1).
	servers int
	// timeline prints the board latency of each second of play.
	timeline bool
}

const guild = "900"

// serverOf is the guild of the i-th game among n servers: the first is
// guild, as with one server.
func serverOf(i, n int) string {
	if n <= 1 {
		return guild
	}
	return strconv.Itoa(900 + i%n)
}

func (c config) offer() offer { return offer{total: c.rate, byKind: c.kindRates} }

// table is one channel with its game and players.
type table struct {
	channel string
	server  string // the guild
	game    commands.Game
	users   []string // user ids, seat order as challenged
	rng     *rand.Rand
	lastAt  map[string]time.Time // a user's last move, for pacing
	clock   *rand.Rand           // the open loop's intervals, apart from the moves
	// The player's copy of the game. A person sees the board and does not
	// read the bot's database: the copy is read once per game and kept by
	// applying each move the bot accepted (the engines are deterministic,
	// their randomness inside the state). It is read again whenever it may
	// differ: a refusal, a move it could not apply, a board whose buttons
	// carry another version, the game's end.
	row     *storage.Game
	state   games.State
	version int
}

// userGap paces each user below the bot's per-user rate limit
// (commands.DefaultRateLimit allows 2 actions a second): the load is many
// players, not one flooding.
var userGap = time.Duration(float64(time.Second) / commands.DefaultRateLimit.PerSecond * 1.1)

// run drives a fresh fake Discord: the bot as a child process plays
// cfg.games games of every kind for cfg.duration, then the echo bot
// answers the same kind of traffic for cfg.echo.
func run(cfg config, tb testing.TB) (*result, error) {
	fake := newFake(tb, cfg)
	var gs []commands.Game
	for _, g := range catalog.Games() {
		if len(cfg.kinds) == 0 || slices.Contains(cfg.kinds, g.Kind.Name) {
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		return nil, fmt.Errorf("no game kind among %v", cfg.kinds)
	}
	var playing []string
	for _, g := range gs {
		playing = append(playing, g.Kind.Name)
	}
	if err := cfg.offer().check(playing); err != nil {
		return nil, err
	}
	tables := make([]*table, cfg.games)
	uid := 20000
	for i := range tables {
		g := gs[i%len(gs)]
		players := min(max(2, g.Kind.MinPlayers), g.Kind.MaxPlayers)
		t := &table{channel: strconv.Itoa(10000 + i), game: g, rng: rand.New(rand.NewPCG(cfg.seed, uint64(i))), lastAt: map[string]time.Time{},
			clock: rand.New(rand.NewPCG(cfg.seed^0x5bd1e995, uint64(i)))}
		t.server = serverOf(i, cfg.servers)
		fake.AddChannel(t.server, t.channel)
		for j := 0; j < players; j++ {
			id := strconv.Itoa(uid)
			uid++
			fake.AddUser(id, fmt.Sprintf("p%d_%d", i, j))
			t.users = append(t.users, id)
		}
		tables[i] = t
	}
	addr := strings.TrimPrefix(fake.URL(), "http://")
	token := strings.TrimPrefix(fake.Token(), "Bot ")
	db := filepath.Join(cfg.dir, "loadtest.db")

	res := &result{cfg: cfg, refused: map[string]int{}}
	for _, t := range tables {
		res.kinds = append(res.kinds, t.game.Kind.Name)
	}
	if cfg.stored > 0 {
		fmt.Fprintf(cfg.log, "storing %d games...\n", cfg.stored)
		if err := storeGames(db, cfg.stored); err != nil {
			return nil, err
		}
	}
	t0 := time.Now()
	bot, err := startChild(cfg, "bot", addr, token, db)
	if err != nil {
		return nil, err
	}
	defer bot.kill()
	if cfg.stored > 0 {
		// At rest: started, then idle through several runs of the clock
		// (every second here), sampling memory.
		res.rest = &restFigures{start: time.Since(t0)}
		for end := time.Now().Add(restFor); time.Now().Before(end); time.Sleep(100 * time.Millisecond) {
			res.rest.rss = max(res.rest.rss, currentRSS(bot.cmd.Process.Pid))
		}
		res.rest.peak = peakRSS(bot.cmd.Process.Pid)
		res.rest.cpu = processCPU(bot.cmd.Process.Pid)
	}
	store, err := storage.Open(db)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	// Each table plays in the channel named for it, where the driver and
	// the cost report look (a thread per game costs two bot-token requests
	// at its start, none per move: internal/discord/e2e_threads_test.go).
	for i := range max(cfg.servers, 1) {
		if err := store.SetGuildThreadsOff(context.Background(), serverOf(i, cfg.servers), true); err != nil {
			return nil, err
		}
	}

	fmt.Fprintf(cfg.log, "starting %d games...\n", len(tables))
	started := time.Now()
	p := &player{fake: fake, store: store}
	if err := parallel(tables, 4, p.startGame); err != nil {
		return nil, err
	}
	res.setup = time.Since(started)
	fmt.Fprintf(cfg.log, "games started in %v; playing for %v\n", res.setup.Round(time.Millisecond), cfg.duration)

	var mu sync.Mutex
	started = time.Now()
	cpu0, self0 := processCPU(bot.cmd.Process.Pid), selfCPU()
	calls0 := fake.Calls(discordtest.RouteAny)
	stopProf, err := startSelfProfile(cfg.selfProf)
	if err != nil {
		return nil, err
	}
	p.reads.Store(0)
	if _, err := io.WriteString(bot.stdin, "play\n"); err != nil { // its waits for the limits count from here
		return nil, err
	}
	res.end = started.Add(cfg.duration)
	stopSampling := func() {}
	if cfg.timeline {
		stopSampling = res.sampleCPU(bot.cmd.Process.Pid, started)
	}
	res.offered = schedule(tables, cfg.offer(), started, res.end, func(t *table, due time.Time) {
		o, err := p.playOne(t, due)
		mu.Lock()
		if err != nil {
			res.driverErrors++
			if res.driverErrors <= 5 {
				fmt.Fprintf(cfg.log, "driver %s: %v\n", t.channel, err)
			}
		} else {
			res.add(o)
		}
		mu.Unlock()
		if err != nil {
			time.Sleep(50 * time.Millisecond)
		}
	})
	res.elapsed = time.Since(started)
	stopSampling()
	res.reads = p.reads.Load()
	res.peakRSS = peakRSS(bot.cmd.Process.Pid)
	res.botCPU = processCPU(bot.cmd.Process.Pid) - cpu0
	res.selfCPU = selfCPU() - self0
	res.requests = fake.Calls(discordtest.RouteAny) - calls0
	res.selfRSS = peakRSS(os.Getpid())
	res.dmLatencies(fake, tables)
	res.discord = measureCost(fake, tables, started, started.Add(res.elapsed), !cfg.noLimits, res.movesByKind())
	stopProf()
	sum, err := bot.stop()
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	res.logErrors = sum.LogErrors
	res.budget = sum.Budget

	if cfg.echo > 0 {
		fmt.Fprintf(cfg.log, "echo baseline for %v...\n", cfg.echo)
		fake.SetLimits(fake.Limits()) // counts and any ban start afresh
		echo, err := startChild(cfg, "echo", addr, token, db)
		if err != nil {
			return nil, err
		}
		defer echo.kill()
		// At the same offered rate as the play, so that the ratio of
		// the two compares like with like.
		res.echo = &latencies{}
		echoStart := time.Now()
		schedule(tables, cfg.offer(), echoStart, echoStart.Add(cfg.echo), func(t *table, due time.Time) {
			user := t.users[t.rng.IntN(len(t.users))]
			t.pace(user)
			t0 := time.Now()
			behind := lateStart(due, t0)
			in, err := fake.RunCommand(user, t.channel, t.game.Kind.Name, "move", discordtest.Opt("move", "echo"))
			var resp discordtest.Response
			var msg discordtest.Message
			if err == nil {
				if resp, err = in.Wait(30 * time.Second); err == nil {
					msg, err = in.WaitOriginal(30 * time.Second)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if behind {
				res.echoBehind++
			}
			if err != nil || resp.Latency > 3*time.Second {
				res.echoLate++
			}
			if err == nil {
				res.echo.add(answeredAt(msg).Sub(t0))
			}
		})
		res.echoRSS = peakRSS(echo.cmd.Process.Pid)
		if _, err := echo.stop(); err != nil {
			return nil, fmt.Errorf("echo: %w", err)
		}
		if res.commit, err = commitProbe(cfg.dir); err != nil {
			return nil, fmt.Errorf("commit probe: %w", err)
		}
	}
	return res, nil
}

// pace waits until the user may act again without reaching the rate limit.
func (t *table) pace(user string) {
	if last, ok := t.lastAt[user]; ok {
		if wait := userGap - time.Since(last); wait > 0 {
			time.Sleep(wait)
		}
	}
	t.lastAt[user] = time.Now()
}

// startGame challenges the table's other players, has them accept, and
// reads the game once it is being played.
func (p *player) startGame(t *table) error {
	fake := p.fake
	t.state = nil
	var opts []discordtest.CommandOption
	for i, u := range t.users[1:] {
		name := "opponent"
		if i > 0 {
			name = fmt.Sprintf("opponent%d", i+1)
		}
		opts = append(opts, discordtest.Opt(name, u))
	}
	in, err := fake.RunCommand(t.users[0], t.channel, t.game.Kind.Name, "challenge", opts...)
	if err != nil {
		return err
	}
	msg, err := in.WaitOriginal(60 * time.Second)
	if err != nil {
		return fmt.Errorf("challenge: %w", err)
	}
	if !strings.Contains(msg.Content, "Challenge sent") {
		return fmt.Errorf("challenge answered %q", msg.Content)
	}
	var game int64
	for _, u := range t.users[1:] {
		lobby, ok := fake.LastMessage(t.channel)
		if !ok {
			return errors.New("no lobby message")
		}
		accept := ""
		for _, id := range lobby.CustomIDs() {
			if strings.HasPrefix(id, "accept:") {
				accept = id
			}
		}
		if accept == "" {
			return fmt.Errorf("lobby without Accept: %q", lobby.Content)
		}
		// "accept:<game>:<version>": the game is then read by its id, not
		// looked up by channel among every game stored.
		if parts := strings.Split(accept, ":"); len(parts) >= 2 {
			game, _ = strconv.ParseInt(parts[1], 10, 64)
		}
		in, err := fake.Click(u, lobby.ID, accept)
		if err != nil {
			return err
		}
		if _, err := in.Wait(60 * time.Second); err != nil {
			return fmt.Errorf("accept: %w", err)
		}
		// The lobby message is edited with a new version of its buttons.
		if err := fake.WaitUntil(60*time.Second, func() bool {
			m, ok := fake.Message(lobby.ID)
			return !ok || m.Edits != lobby.Edits || len(m.CustomIDs()) == 0
		}); err != nil {
			return fmt.Errorf("lobby after accept: %w", err)
		}
	}
	if game == 0 {
		return fmt.Errorf("no game id in the lobby's buttons in %s", t.channel)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		p.reads.Add(1)
		row, err := p.store.Game(context.Background(), game)
		if err == nil && row.Status == storage.Active && row.MessageID != "" {
			return t.take(row)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("game %d in %s never became active (%v)", game, t.channel, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// take makes a row read from the database the player's copy of the game.
func (t *table) take(row *storage.Game) error {
	st, err := t.game.Kind.Decode(row.State)
	if err != nil {
		return err
	}
	t.row, t.state, t.version = row, st, row.Version
	return nil
}

// outcome is one move as the player saw it.
type outcome struct {
	latency time.Duration // from the command to the finished answer
	board   time.Duration // from the command to the channel showing the move; 0 if never
	first   time.Duration // from dispatch to the first response (Discord's 3 s)
	late    bool          // no first response in time
	refused string        // the answer when it was not "Played ..."
	over    bool          // the game ended and a new one was started
	noBoard bool          // played, yet the channel did not show it
	resync  bool          // the board disagreed with the player's copy of the game
	behind  bool          // the open loop could not start it on time
	lag     time.Duration // how late it started (open loop)
	doneAt  time.Time     // when the answer was finished
	kind    string        // the game's kind
	server  string        // the game's server
	inDM    bool          // clicked in the player's DM, not typed
	table   *table
	t0      time.Time // when the command was sent
}

// waitedOn finds a seat the game waits on that the load test plays (not
// a bot's, not one away), whether its prompt is private, and its legal
// moves but resigning.
func waitedOn(st games.State, row *storage.Game) (seat int, private bool, legal []string) {
	for _, pr := range st.Prompts() {
		if pr.Standing || row.Seats[pr.Seat].BotLevel > 0 || row.Seats[pr.Seat].Away {
			continue
		}
		for _, m := range st.Legal(pr.Seat) {
			if m != games.ResignMove {
				legal = append(legal, m)
			}
		}
		if len(legal) > 0 {
			return pr.Seat, pr.Private, legal
		}
	}
	return 0, false, nil
}

// typeMove plays a move by its slash command in the game's channel and
// waits for the answer.
func (p *player) typeMove(t *table, user, move string, t0 time.Time, o *outcome) error {
	in, err := p.fake.RunCommand(user, t.channel, t.game.Kind.Name, "move", discordtest.Opt("move", move))
	if err != nil {
		return err
	}
	resp, ok := firstAnswer(in, t, t0, o)
	if !ok {
		return nil
	}
	msg, err := in.WaitOriginal(30 * time.Second)
	o.first, o.late = resp.Latency, resp.Latency > 3*time.Second
	switch {
	case err != nil:
		o.latency, o.refused = time.Since(t0), "answer never completed"
	case !strings.HasPrefix(msg.Content, "Played"):
		o.latency, o.refused = answeredAt(msg).Sub(t0), reason(msg.Content)
	default:
		o.latency, o.doneAt = answeredAt(msg).Sub(t0), answeredAt(msg)
	}
	return nil
}

// firstAnswer waits for the interaction's first response; without one,
// the move is counted as unanswered and the player's copy of the game
// read again before the next move.
func firstAnswer(in *discordtest.Interaction, t *table, t0 time.Time, o *outcome) (discordtest.Response, bool) {
	resp, err := in.Wait(30 * time.Second)
	if err != nil {
		t.state = nil
		o.late, o.latency, o.refused = true, time.Since(t0), "no answer within Discord's 3 s"
		return resp, false
	}
	return resp, true
}

// boardWait is how long a player waits for the channel to show a move
// that was answered "Played".
const boardWait = 30 * time.Second

// player makes the moves of every table.
type player struct {
	fake  *discordtest.Server
	store *storage.Store
	reads atomic.Int64 // games read from the database
}

// playOne plays a random legal move for a seat the table's game waits on,
// as a player on a phone would: a private decision by its button or menu
// in the player's DM when the DM offers the move, anything else by typing
// it; then it waits for the answer and for the board: due is when the
// open loop wanted it started (zero in the closed loop).
func (p *player) playOne(t *table, due time.Time) (outcome, error) {
	if t.state == nil {
		over, err := p.read(t)
		if err != nil || over {
			return outcome{over: over}, err
		}
	}
	st, row := t.state, t.row
	seat, private, legal := waitedOn(st, row)
	if len(legal) == 0 {
		t.state = nil
		time.Sleep(10 * time.Millisecond)
		return outcome{}, fmt.Errorf("no seat to move in game %d", row.ID)
	}
	move := legal[t.rng.IntN(len(legal))]
	user := row.Seats[seat].UserID
	var click *dmChoice
	if private {
		if c, ok := p.dmChoice(t, user, legal); ok {
			click, move = &c, c.move
		}
	}
	t.pace(user)
	t0 := time.Now()
	o := outcome{behind: lateStart(due, t0), kind: t.game.Kind.Name, server: t.server, table: t, t0: t0}
	if !due.IsZero() {
		o.lag = max(t0.Sub(due), 0)
	}
	var err error
	if click != nil {
		err = p.clickMove(t, user, *click, t0, &o)
	} else {
		err = p.typeMove(t, user, move, t0, &o)
	}
	if err != nil {
		return outcome{}, err
	}
	if o.refused != "" {
		t.state = nil
		return o, nil
	}
	if _, err := st.Apply(seat, move); err != nil || st.Outcome() != nil {
		t.state = nil // out of step, or over: read how the table stands
	} else {
		t.version++
	}
	// The board: the channel's newest message posted or edited since the
	// command. One still showing an older version is the previous move's
	// publishing finishing late, not this move's.
	since, until := t0, t0.Add(boardWait)
	for {
		board, at, err := p.fake.WaitChannelUpdate(t.channel, since, max(time.Until(until), time.Millisecond))
		if err != nil {
			t.state, o.noBoard = nil, true
			return o, nil
		}
		v, ok := versionOf(board)
		if ok && t.state != nil && v < t.version {
			since = at.Add(time.Nanosecond)
			continue
		}
		o.board = at.Sub(t0)
		if ok && t.state != nil && v != t.version {
			t.state, o.resync = nil, true
		}
		return o, nil
	}
}

// read loads the table's game from the database again; over is true when
// it had ended and a new one was started instead.
func (p *player) read(t *table) (over bool, err error) {
	p.reads.Add(1)
	row, err := p.store.Game(context.Background(), t.row.ID)
	if err != nil {
		return false, err
	}
	if row.Status != storage.Active {
		return true, p.startGame(t)
	}
	if err := t.take(row); err != nil {
		return false, err
	}
	if t.state.Outcome() != nil {
		t.state = nil
		time.Sleep(10 * time.Millisecond) // finishing; the row follows
		return false, errors.New("state over, row active")
	}
	return false, nil
}

// versionOf is the game version the message's controls were made for
// (custom ids "action:game:version[:arg]"); ok is false for a message
// without such controls (the game over, or only private prompts).
func versionOf(m discordtest.Message) (version int, ok bool) {
	for _, id := range m.CustomIDs() {
		parts := strings.SplitN(id, ":", 4)
		if len(parts) < 3 {
			continue
		}
		if v, err := strconv.Atoi(parts[2]); err == nil {
			return v, true
		}
	}
	return 0, false
}

// answeredAt is when the fake had the finished answer: the deferred
// message filled in, or the message sent at once. It is the server's time,
// so a busy player goroutine that wakes late does not add to latency.
func answeredAt(m discordtest.Message) time.Time {
	if m.Edits > 0 {
		return m.EditedAt
	}
	return m.CreatedAt
}

// reason groups refusals: the answer's first line, numbers taken out.
func reason(content string) string {
	line, _, _ := strings.Cut(content, "\n")
	if strings.Contains(line, "went wrong") {
		return "something went wrong on the bot's side"
	}
	var b strings.Builder
	for _, r := range line {
		if r >= '0' && r <= '9' {
			r = '#'
		}
		b.WriteRune(r)
	}
	s := b.String()
	if len(s) > 70 {
		s = s[:70] + "…"
	}
	return s
}

// parallel runs f for every table, at most n at once, and returns the
// first error.
func parallel(tables []*table, n int, f func(*table) error) error {
	sem := make(chan struct{}, max(n, 1))
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	for _, t := range tables {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			if err := f(t); err != nil {
				once.Do(func() { first = err })
			}
		}()
	}
	wg.Wait()
	return first
}

// child is the serving process.
type child struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Reader
}

func startChild(cfg config, mode, addr, token, db string) (*child, error) {
	cmd := exec.Command(cfg.self[0], cfg.self[1:]...)
	cmd.Env = os.Environ()
	if mode == "bot" {
		cmd.Env = append(cmd.Env, envCPU+"="+cfg.cpuProf, envHeap+"="+cfg.heapProf, envStacks+"="+cfg.stacks, envBlock+"="+cfg.blockProf)
		if cfg.stored > 0 {
			cmd.Env = append(cmd.Env, envTick+"="+restTick.String())
		}
	}
	cmd.Env = append(cmd.Env, envServe+"="+mode, envAddr+"="+addr, envToken+"="+token, envDB+"="+db, envImages+"="+map[bool]string{true: "1", false: "0"}[cfg.images])
	logf, err := os.Create(filepath.Join(cfg.dir, mode+".log"))
	if err != nil {
		return nil, err
	}
	cmd.Stderr = logf
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	c := &child{cmd: cmd, stdin: stdin, out: bufio.NewReader(stdout)}
	line, err := c.out.ReadString('\n')
	if err != nil || strings.TrimSpace(line) != "ready" {
		c.kill()
		return nil, fmt.Errorf("%s did not start (%q, %v); see %s", mode, line, err, logf.Name())
	}
	return c, nil
}

// stop closes the child's stdin, the signal to finish, and reads its summary.
func (c *child) stop() (childSummary, error) {
	c.stdin.Close()
	var sum childSummary
	line, err := c.out.ReadString('\n')
	if err == nil {
		err = json.Unmarshal([]byte(line), &sum)
	}
	if werr := c.cmd.Wait(); err == nil {
		err = werr
	}
	return sum, err
}

func (c *child) kill() {
	if c.cmd.ProcessState == nil {
		_ = c.cmd.Process.Kill()
		_ = c.cmd.Wait()
	}
}

// startSelfProfile starts the CPU profile of this process (nothing when
// path is ""); the returned function stops it.
func startSelfProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// restFor is how long the bot is watched at rest; restTick how often its
// clock runs meanwhile (every minute in production).
const (
	restFor  = 5 * time.Second
	restTick = time.Second
)

// storeGames writes n Hijack games in progress, none due for anything, as
// a bot that has hosted many games holds them.
func storeGames(db string, n int) error {
	store, err := storage.Open(db)
	if err != nil {
		return err
	}
	defer store.Close()
	opts, err := hijack.Kind.Resolve(nil)
	if err != nil {
		return err
	}
	ctx := context.Background()
	now := time.Now()
	for i := 0; i < n; i++ {
		st, err := hijack.Kind.New(games.Setup{Players: []string{"a", "b"}, Options: opts, Seed: uint64(i)})
		if err != nil {
			return err
		}
		data, err := st.Encode()
		if err != nil {
			return err
		}
		g := &storage.Game{Guild: guild, Channel: fmt.Sprintf("stored%d", i), Kind: hijack.Kind.Name, Options: opts,
			Status: storage.Active, Creator: "1", Seed: uint64(i), State: data, MessageID: "1",
			CreatedAt: now, UpdatedAt: now, TurnStartedAt: now,
			Seats: []storage.Seat{{Seat: 0, UserID: "1", Name: "a", Accepted: true}, {Seat: 1, UserID: "2", Name: "b", Accepted: true}}}
		if err := store.CreateGame(ctx, g); err != nil {
			return err
		}
	}
	return nil
}
