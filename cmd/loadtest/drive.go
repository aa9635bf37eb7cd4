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
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
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
	games    int
	duration time.Duration
	echo     time.Duration // how long the echo baseline runs
	images   bool
	seed     uint64
	dir      string    // for the database and the bot's log
	self     []string  // how to start this program again as the server
	log      io.Writer // progress lines
	kinds    []string  // the kinds to play; empty for every kind
	stored   int       // games stored before the bot starts, to measure it at rest
	cpuProf  string    // the bot's CPU profile, if set
	heapProf string    // the bot's heap profile at the end, if set
	stacks   string    // the bot's goroutines when the play ends, if set
}

const guild = "900"

// table is one channel with its game and players.
type table struct {
	channel string
	game    commands.Game
	users   []string // user ids, seat order as challenged
	rng     *rand.Rand
	lastAt  map[string]time.Time // a user's last move, for pacing
}

// userGap paces each user below the bot's per-user rate limit
// (commands.DefaultRateLimit allows 2 actions a second): the load is many
// players, not one flooding.
var userGap = time.Duration(float64(time.Second) / commands.DefaultRateLimit.PerSecond * 1.1)

// run drives a fresh fake Discord: the bot as a child process plays
// cfg.games games of every kind for cfg.duration, then the echo bot
// answers the same kind of traffic for cfg.echo.
func run(cfg config, tb testing.TB) (*result, error) {
	fake := discordtest.New(tb)
	var gs []commands.Game
	for _, g := range catalog.Games() {
		if len(cfg.kinds) == 0 || slices.Contains(cfg.kinds, g.Kind.Name) {
			gs = append(gs, g)
		}
	}
	if len(gs) == 0 {
		return nil, fmt.Errorf("no game kind among %v", cfg.kinds)
	}
	tables := make([]*table, cfg.games)
	uid := 20000
	for i := range tables {
		g := gs[i%len(gs)]
		players := min(max(2, g.Kind.MinPlayers), g.Kind.MaxPlayers)
		t := &table{channel: strconv.Itoa(10000 + i), game: g, rng: rand.New(rand.NewPCG(cfg.seed, uint64(i))), lastAt: map[string]time.Time{}}
		fake.AddChannel(guild, t.channel)
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

	fmt.Fprintf(cfg.log, "starting %d games...\n", len(tables))
	started := time.Now()
	if err := parallel(tables, 4, func(t *table) error { return startGame(fake, store, t) }); err != nil {
		return nil, err
	}
	res.setup = time.Since(started)
	fmt.Fprintf(cfg.log, "games started in %v; playing for %v\n", res.setup.Round(time.Millisecond), cfg.duration)

	end := time.Now().Add(cfg.duration)
	var mu sync.Mutex
	started = time.Now()
	cpu0, self0 := processCPU(bot.cmd.Process.Pid), selfCPU()
	_ = parallel(tables, len(tables), func(t *table) error {
		for time.Now().Before(end) {
			o, err := playOne(fake, store, t)
			if err != nil {
				mu.Lock()
				res.driverErrors++
				if res.driverErrors <= 5 {
					fmt.Fprintf(cfg.log, "driver %s: %v\n", t.channel, err)
				}
				mu.Unlock()
				time.Sleep(50 * time.Millisecond)
				continue
			}
			mu.Lock()
			res.add(o)
			mu.Unlock()
		}
		return nil
	})
	res.elapsed = time.Since(started)
	res.peakRSS = peakRSS(bot.cmd.Process.Pid)
	res.botCPU = processCPU(bot.cmd.Process.Pid) - cpu0
	res.selfCPU = selfCPU() - self0
	sum, err := bot.stop()
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	res.logErrors = sum.LogErrors

	if cfg.echo > 0 {
		fmt.Fprintf(cfg.log, "echo baseline for %v...\n", cfg.echo)
		echo, err := startChild(cfg, "echo", addr, token, db)
		if err != nil {
			return nil, err
		}
		defer echo.kill()
		end := time.Now().Add(cfg.echo)
		res.echo = &latencies{}
		_ = parallel(tables, len(tables), func(t *table) error {
			for time.Now().Before(end) {
				user := t.users[t.rng.IntN(len(t.users))]
				t.pace(user)
				t0 := time.Now()
				in, err := fake.RunCommand(user, t.channel, t.game.Kind.Name, "move", discordtest.Opt("move", "echo"))
				if err != nil {
					return err
				}
				resp, err := in.Wait(30 * time.Second)
				if err == nil {
					_, err = in.WaitOriginal(30 * time.Second)
				}
				mu.Lock()
				if err != nil || resp.Latency > 3*time.Second {
					res.echoLate++
				}
				if err == nil {
					res.echo.add(time.Since(t0))
				}
				mu.Unlock()
			}
			return nil
		})
		res.echoRSS = peakRSS(echo.cmd.Process.Pid)
		if _, err := echo.stop(); err != nil {
			return nil, fmt.Errorf("echo: %w", err)
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

// startGame challenges the table's other players and has them accept.
func startGame(fake *discordtest.Server, store *storage.Store, t *table) error {
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
	deadline := time.Now().Add(60 * time.Second)
	for {
		row, err := store.LatestGame(context.Background(), t.channel)
		if err == nil && row.Status == storage.Active && row.MessageID != "" {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("game in %s never became active (%v)", t.channel, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// outcome is one move as the player saw it.
type outcome struct {
	latency time.Duration // from the command to the finished answer
	first   time.Duration // from dispatch to the first response (Discord's 3 s)
	late    bool          // no first response in time
	refused string        // the answer when it was not "Played ..."
	over    bool          // the game ended and a new one was started
}

// playOne reads the table's game, plays a random legal move for a seat it
// waits on by typing it, and waits for the answer.
func playOne(fake *discordtest.Server, store *storage.Store, t *table) (outcome, error) {
	ctx := context.Background()
	row, err := store.LatestGame(ctx, t.channel)
	if err != nil {
		return outcome{}, err
	}
	if row.Status != storage.Active {
		if err := startGame(fake, store, t); err != nil {
			return outcome{}, err
		}
		return outcome{over: true}, nil
	}
	st, err := t.game.Kind.Decode(row.State)
	if err != nil {
		return outcome{}, err
	}
	if st.Outcome() != nil {
		time.Sleep(10 * time.Millisecond) // finishing; the row follows
		return outcome{}, errors.New("state over, row active")
	}
	var seat int
	var legal []string
	for _, p := range st.Prompts() {
		if p.Standing || row.Seats[p.Seat].BotLevel > 0 || row.Seats[p.Seat].Away {
			continue
		}
		for _, m := range st.Legal(p.Seat) {
			if m != games.ResignMove {
				legal = append(legal, m)
			}
		}
		if len(legal) > 0 {
			seat = p.Seat
			break
		}
	}
	if len(legal) == 0 {
		time.Sleep(10 * time.Millisecond)
		return outcome{}, fmt.Errorf("no seat to move in game %d", row.ID)
	}
	move := legal[t.rng.IntN(len(legal))]
	user := row.Seats[seat].UserID
	t.pace(user)
	t0 := time.Now()
	in, err := fake.RunCommand(user, t.channel, t.game.Kind.Name, "move", discordtest.Opt("move", move))
	if err != nil {
		return outcome{}, err
	}
	resp, err := in.Wait(30 * time.Second)
	if err != nil {
		return outcome{late: true, latency: time.Since(t0), refused: "no answer within Discord's 3 s"}, nil
	}
	msg, err := in.WaitOriginal(30 * time.Second)
	o := outcome{latency: time.Since(t0), first: resp.Latency, late: resp.Latency > 3*time.Second}
	switch {
	case err != nil:
		o.refused = "answer never completed"
	case !strings.HasPrefix(msg.Content, "Played"):
		o.refused = reason(msg.Content)
	}
	return o, nil
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
		cmd.Env = append(cmd.Env, envCPU+"="+cfg.cpuProf, envHeap+"="+cfg.heapProf, envStacks+"="+cfg.stacks)
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

// processCPU is the CPU time a process has used (user + system), from
// /proc/PID/stat; 0 when unknown.
func processCPU(pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The command name may hold spaces: fields count from after ")".
	s := string(data)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / 100 // USER_HZ is 100 on Linux
}

// selfCPU is this process's CPU time: the fake Discord and the players.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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

// currentRSS is a process's resident set size now (VmRSS), in bytes.
func currentRSS(pid int) int64 { return procStatus(pid, "VmRSS:") }

// peakRSS is a process's peak resident set size (VmHWM), in bytes.
func peakRSS(pid int) int64 { return procStatus(pid, "VmHWM:") }

func procStatus(pid int, field string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, field) {
			f := strings.Fields(line)
			if len(f) >= 2 {
				kb, _ := strconv.ParseInt(f[1], 10, 64)
				return kb * 1024
			}
		}
	}
	return -1
}
