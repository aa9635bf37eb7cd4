package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
	"standoff/storage"
)

// The crash suite builds the real bot, plays every catalog game through its
// console on one database file, and kills it with SIGKILL at random moments
// (often while a move is being saved or posted). After each kill it checks
// the database the dead process left: every acknowledged move is in the log,
// the only other move there may be the one in flight, each game's state is
// byte for byte the replay of its log, and after the restart play goes on
// and every turn message owed at the kill is posted again by the clock.
//
// Short: a few kills in go test. Long (docs/reliability.md):
//
//	STANDOFF_LONG=1 go test ./cmd/bot -run TestCrashRecovery -v -timeout 2h
func TestCrashRecovery(t *testing.T) {
	kills, steps := 3, 8
	if raceEnabled {
		kills, steps = 2, 6
	}
	if long() {
		kills, steps = 300, 25
		if n := os.Getenv("STANDOFF_KILLS"); n != "" {
			fmt.Sscan(n, &kills)
		}
	}
	bin := buildBot(t)
	db := filepath.Join(t.TempDir(), "crash.db")
	store, err := storage.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	d := &crashDriver{t: t, bin: bin, db: db, store: store, rng: games.NewRNG(uint64(time.Now().UnixNano())),
		current: map[string]*crashGame{}}
	d.start()
	for k := 0; k < kills; k++ {
		n := 1 + d.rng.Intn(steps)
		for i := 0; i < n && !t.Failed(); i++ {
			d.step(false)
			if i == n/2 {
				d.backupDuringMove()
			}
		}
		if t.Failed() {
			break
		}
		for !d.step(true) { // the kill lands while a move is in flight
		}
		d.verify()
		if t.Failed() {
			break
		}
		d.start()
		d.checkReposted()
	}
	d.p.stop()
	d.verify()
	d.restore()
	t.Logf("kills survived: %d; moves acknowledged: %d; moves verified in the logs after kills: %d; in-flight moves found committed: %d; "+
		"games replayed and compared: %d; owed turn messages re-posted at restart: %d; status answers after restarts: %d; games played: %d (finished %d); "+
		"online backups taken mid-move and replay-checked: %d",
		d.kills, d.acked, d.verified, d.inflightCommitted, d.replays, d.reposted, d.statusReposts, len(d.all), d.finished, d.backups)
}

// buildBot compiles this command into the test's temporary directory.
func buildBot(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "standoff-bot")
	args := []string{"build", "-o", bin}
	if raceEnabled {
		args = append(args, "-race")
	}
	cmd := exec.Command("go", append(args, ".")...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// botProc is one running bot in console mode.
type botProc struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr bytes.Buffer
	sync   int
}

func (p *botProc) send(lines ...string) string {
	p.sync++
	marker := fmt.Sprintf("# sync %d", p.sync)
	p.stdin.Write([]byte(strings.Join(append(lines, marker), "\n") + "\n"))
	return marker
}

// collect reads output up to the marker's echo; ok is false when the
// process ended first.
func (p *botProc) collect(marker string) (out []string, ok bool) {
	for l := range p.lines {
		if l == "> "+marker {
			return out, true
		}
		out = append(out, l)
	}
	return out, false
}

func (p *botProc) do(lines ...string) ([]string, bool) { return p.collect(p.send(lines...)) }

func (p *botProc) kill() {
	p.cmd.Process.Kill()
	p.stdin.Close()
}

func (p *botProc) stop() {
	p.stdin.Close()
	for range p.lines {
	}
	p.cmd.Wait()
}

type crashGame struct {
	kind    *games.Kind
	channel string
	users   []string // console user of each seat; "standoff" is the bot
	id      int64
	acked   []games.SeatMove // human moves acknowledged, in order
	done    bool
	pending bool // a turn message was owed when the bot was killed
	version int
	waits   int // clock ticks in a row that found no person to move
}

type crashDriver struct {
	t       *testing.T
	bin, db string
	store   *storage.Store
	rng     *games.RNG
	p       *botProc
	channel string // the console's current channel
	n       int
	current map[string]*crashGame // kind -> the game being played
	all     []*crashGame
	// in flight when the bot was killed
	inflight     *crashGame
	inflightMove games.SeatMove
	// the bot answered the move in flight that nothing was changed (the
	// power-cut suite: the disk went before the process)
	inflightRefused bool
	// figures
	kills, acked, verified, inflightCommitted, replays, reposted, statusReposts, finished, backups int
	lobbiesCopied                                                                                  int
	lastBackup                                                                                     string
	// moment, if set, waits for the moment of the kill instead of a random
	// sleep (the power-cut suite cuts the power there).
	moment func()
	logs   bytes.Buffer // every bot process\'s log (STANDOFF_LOG)
}

var crashNames = []string{"ann", "bob", "cat", "dan", "eve", "fay"}

func (d *crashDriver) start() {
	cmd := exec.Command(d.bin, "play", "-db", d.db, "-seed", fmt.Sprint(d.rng.Uint64()%1000))
	// Under -race a bot that exits would wait a second for nothing.
	cmd.Env = append(os.Environ(), "STANDOFF_LOG=1", "GORACE="+strings.TrimSpace(os.Getenv("GORACE")+" atexit_sleep_ms=0"))
	p := &botProc{cmd: cmd, lines: make(chan string, 4096)}
	var err error
	if p.stdin, err = cmd.StdinPipe(); err != nil {
		d.t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		d.t.Fatal(err)
	}
	cmd.Stderr = io.MultiWriter(&p.stderr, &d.logs)
	if err := cmd.Start(); err != nil {
		d.t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64*1024), 4<<20)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	d.p, d.channel = p, "general"
}

func (d *crashDriver) in(channel string) []string {
	if d.channel == channel {
		return nil
	}
	d.channel = channel
	return []string{"channel " + channel}
}

// newGame challenges players for a game of kind in a fresh channel and
// has them accept. Kinds with a bot seat it in every other game.
func (d *crashDriver) newGame(g commands.Game) {
	k := g.Kind
	d.n++
	players := k.MinPlayers
	if players < 2 && k.MaxPlayers >= 2 {
		players = 2
	}
	cg := &crashGame{kind: k, channel: fmt.Sprintf("%s-%d", k.Name, d.n)}
	for i := 0; i < players; i++ {
		cg.users = append(cg.users, crashNames[i])
	}
	if k.Bot != nil && d.n%2 == 0 {
		cg.users[players-1] = "standoff"
	}
	line := fmt.Sprintf("%s: /%s challenge", cg.users[0], k.Name)
	for i, u := range cg.users[1:] {
		opt := "opponent"
		if i > 0 {
			opt = fmt.Sprintf("opponent%d", i+1)
		}
		line += fmt.Sprintf(" %s:@%s", opt, u)
	}
	lines := append(d.in(cg.channel), line)
	if d.n == 1 {
		// Each game stays in the fresh channel the driver names for it.
		lines = append([]string{"admin alice", "alice: /standoff settings threads:off"}, lines...)
	}
	for _, u := range cg.users[1:] {
		if u != "standoff" {
			lines = append(lines, u+": click Accept")
		}
	}
	out, ok := d.p.do(lines...)
	if !ok {
		d.t.Fatalf("the bot died starting %s:\n%s\n%s", k.Name, strings.Join(out, "\n"), d.p.stderr.String())
	}
	row, err := d.store.OpenGame(context.Background(), cg.channel)
	if err != nil || row.Status != storage.Active {
		d.t.Fatalf("%s did not start (%v):\n%s", k.Name, err, strings.Join(out, "\n"))
	}
	cg.id = row.ID
	d.current[k.Name], d.all = cg, append(d.all, cg)
}

// step plays one human move in a random game; with kill, it kills the bot
// at a random moment after sending it. It reports whether it killed.
func (d *crashDriver) step(kill bool) bool {
	kinds := catalog.Games()
	g := kinds[d.rng.Intn(len(kinds))]
	cg := d.current[g.Kind.Name]
	if cg == nil || cg.done {
		d.newGame(g)
		cg = d.current[g.Kind.Name]
	}
	return d.stepGame(cg, kill)
}

// stepGame plays one human move in cg (see step).
func (d *crashDriver) stepGame(cg *crashGame, kill bool) bool {
	t := d.t
	g := commands.Game{Kind: cg.kind}
	row, err := d.store.Game(context.Background(), cg.id)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.Kind.Decode(row.State)
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != storage.Active || st.Outcome() != nil {
		cg.done = true
		d.finished++
		return false
	}
	var seats []int
	for _, pr := range st.Prompts() {
		if row.Seats[pr.Seat].BotLevel == 0 && len(st.Legal(pr.Seat)) > 0 {
			seats = append(seats, pr.Seat)
		}
	}
	if len(seats) == 0 {
		d.waitForBot(cg, row, st)
		return false
	}
	cg.waits = 0
	seat := seats[d.rng.Intn(len(seats))]
	legal := st.Legal(seat)
	move := legal[d.rng.Intn(len(legal))]
	if strings.ContainsAny(move, "\"\n") {
		return false
	}
	user := cg.users[seat]
	line := fmt.Sprintf(`%s: /%s move move:"%s"`, user, g.Kind.Name, move)
	marker := d.p.send(append(d.in(cg.channel), line)...)
	sm := games.SeatMove{Seat: seat, Move: move}
	if kill {
		if d.moment != nil {
			d.moment()
		} else {
			// Most moves take milliseconds (rendering the board is most of
			// it): kill anywhere from before the save to after the post.
			time.Sleep(time.Duration(d.rng.Intn(40000)) * time.Microsecond)
		}
		d.p.kill()
		d.kills++
		d.inflight, d.inflightMove = cg, sm
	}
	out, ok := d.p.collect(marker)
	played := false
	for _, l := range out {
		if strings.HasPrefix(l, "[ephemeral "+user+"] Played `"+move+"`") {
			played = true
		}
	}
	if played {
		cg.acked = append(cg.acked, sm)
		d.acked++
		if kill {
			d.inflight = nil
		}
	} else if ok && kill && d.moment != nil && hasLine(out, "[ephemeral "+user+"] ", "nothing was changed") {
		// The power went while the bot still ran: it found the disk gone
		// and said so before it was killed. The move must then be lost.
		d.inflightRefused = true
	} else if ok {
		t.Errorf("game #%d (%s): %s's legal move %q was not played:\n%s", cg.id, g.Kind.Name, user, move, strings.Join(out, "\n"))
	} else if !kill {
		t.Fatalf("the bot died on %q, unkilled:\n%s\n%s", line, strings.Join(out, "\n"), d.p.stderr.String())
	}
	if kill {
		d.p.cmd.Wait()
	}
	return kill
}

// waitForBot lets the clock move a game where only a bot is due (it
// stopped short at a kill), and fails the test when it does not.
func (d *crashDriver) waitForBot(cg *crashGame, row *storage.Game, st games.State) {
	t := d.t
	cg.waits++
	if cg.waits > 3 {
		t.Fatalf("game #%d (%s) still waits on nobody who can move after 3 clock ticks: status %s, post_pending %v, prompts %+v\nthe bot's log:\n%s",
			cg.id, cg.kind.Name, row.Status, row.PostPending, st.Prompts(), d.gameLog(cg.id))
	}
	if _, ok := d.p.do(append(d.in(cg.channel), "wait 1m")...); !ok {
		t.Fatalf("the bot died on wait:\n%s", d.p.stderr.String())
	}
}

// gameLog is every bot's log lines about one game.
func (d *crashDriver) gameLog(id int64) string {
	var out []string
	for _, l := range strings.Split(d.logs.String(), "\n") {
		if strings.Contains(l, fmt.Sprintf("game=%d ", id)) || strings.HasSuffix(l, fmt.Sprintf("game=%d", id)) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
