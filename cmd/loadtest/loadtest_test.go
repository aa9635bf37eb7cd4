package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
)

// TestMain lets this test binary serve as the bot's process when the load
// test starts it again, as the real program does.
func TestMain(m *testing.M) {
	if os.Getenv(envServe) != "" {
		if err := serveChild(); err != nil {
			os.Stderr.WriteString("loadtest server: " + err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// A short load test of every kind of game, so CI keeps the command
// working: moves are played and answered, none refused, each shown on the
// board, nothing logged as an error, the echo baseline answers, and the
// report names every figure.
func TestShortLoad(t *testing.T) {
	var progress bytes.Buffer
	cfg := config{games: 4, duration: 3 * time.Second, echo: time.Second, images: true, seed: 3,
		dir: t.TempDir(), self: []string{os.Args[0]}, log: &progress}
	if raceOn {
		// The pictures have their own tests; here the path matters.
		cfg.duration, cfg.images = 2*time.Second, false
	}
	res, err := run(cfg, t)
	if err != nil {
		t.Fatalf("%v\n%s", err, progress.String())
	}
	var out bytes.Buffer
	res.print(&out)
	t.Log("\n" + out.String())
	checkSane(t, res)
	if res.commit == nil || len(res.commit.d) != probeCommits || res.commit.p(0.5) <= 0 {
		t.Errorf("the commit probe did not time %d commits: %+v", probeCommits, res.commit)
	}
	for _, want := range []string{"moves/s", "p50", "p90", "p99", "latency, answer", "latency, board", "refused moves",
		"after Discord's 3 s", "peak RSS", "echo bot", "per move", "rate limits: enforced", "bot-token requests while playing",
		"went through, by route", "429s while playing by scope", "notifications while playing",
		"one durable commit", "against echo p50 + one commit + 1 ms"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

// checkSane checks a run's figures against each other and against what
// the fake saw.
func checkSane(t *testing.T, res *result) {
	t.Helper()
	if res.moves == 0 {
		t.Fatalf("no move played")
	}
	if res.inWindow == 0 || res.inWindow > res.moves {
		t.Errorf("%d moves answered within the time of play, of %d", res.inWindow, res.moves)
	}
	if n := res.refusedTotal(); n > 0 {
		t.Errorf("%d moves refused: %v", n, res.refused)
	}
	if len(res.logErrors) > 0 {
		t.Errorf("the bot logged errors: %v", res.logErrors)
	}
	byKind := 0
	for _, k := range res.byKind {
		byKind += len(k.answer.d)
	}
	if byKind != res.moves || len(res.byKind) != len(catalog.Games()) {
		t.Errorf("%d answers over %d kinds, for %d moves of %d kinds", byKind, len(res.byKind), res.moves, len(catalog.Games()))
	}
	if res.noBoard > 0 || len(res.board.d) != res.moves {
		t.Errorf("%d of %d played moves never shown on the board (%d board times)", res.noBoard, res.moves, len(res.board.d))
	}
	// The players' copies of the games must stay in step with the bot's:
	// a board whose controls carry another version means a copy drifted.
	if res.resyncs > 0 {
		t.Errorf("%d boards disagreed with the players' copies of the games", res.resyncs)
	}
	// Each game is read when it starts, then only when its copy may
	// differ; with no refusal, none drifting and no game ended, never.
	if res.gamesOver == 0 && res.reads != 0 {
		t.Errorf("%d reads of the database while playing, with no game ended", res.reads)
	}
	for i, d := range res.lat.d {
		if d <= 0 || d > 30*time.Second {
			t.Errorf("answer latency %d is %v", i, d)
			break
		}
	}
	for i, d := range res.board.d {
		if d <= 0 || d > boardWait {
			t.Errorf("board latency %d is %v", i, d)
			break
		}
	}
	checkCost(t, res)
	if res.echo == nil || len(res.echo.d) == 0 {
		t.Errorf("the echo bot answered nothing")
	}
	if res.selfCPU <= 0 || res.botCPU <= 0 {
		t.Errorf("CPU not measured: bot %v, this process %v", res.botCPU, res.selfCPU)
	}
}

// The open loop offers about the rate asked, never plays more than it
// offered, and several runs end with the median line.
func TestOpenLoopRuns(t *testing.T) {
	var progress, out bytes.Buffer
	cfg := config{games: 4, duration: 3 * time.Second, echo: 2 * time.Second, images: false, seed: 5,
		dir: t.TempDir(), self: []string{os.Args[0]}, log: &progress, rate: 6, noLimits: true}
	if raceOn {
		cfg.duration = 2 * time.Second
	}
	results, err := runAll(cfg, 2, func() (testing.TB, func()) { return t, func() {} }, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, progress.String())
	}
	t.Log("\n" + out.String())
	if len(results) != 2 {
		t.Fatalf("%d results for 2 runs", len(results))
	}
	for _, res := range results {
		checkSane(t, res)
		if res.discord.limits || len(res.discord.tooMany) != 0 {
			t.Errorf("-limits=false: limits %v, 429s %v", res.discord.limits, res.discord.tooMany)
		}
		want := cfg.rate * cfg.duration.Seconds()
		if float64(res.offered) < 0.4*want || float64(res.offered) > 1.8*want {
			t.Errorf("offered %d moves in %v at %v/s", res.offered, cfg.duration, cfg.rate)
		}
		if res.moves+res.refusedTotal() > res.offered || len(res.lag.d) > res.offered {
			t.Errorf("%d moves played, %d started, of %d offered", res.moves, len(res.lag.d), res.offered)
		}
		if res.behind > len(res.lag.d) {
			t.Errorf("%d behind schedule of %d started", res.behind, len(res.lag.d))
		}
		// Counted from the due time, a board is never sooner than from the
		// command.
		if len(res.fromDue.d) != len(res.board.d) || res.fromDue.p(0.5) < res.board.p(0.5) || res.fromDue.p(0.99) < res.board.p(0.99) {
			t.Errorf("board from the due time p50 %v p99 %v (%d), from the command p50 %v p99 %v (%d)",
				res.fromDue.p(0.5), res.fromDue.p(0.99), len(res.fromDue.d), res.board.p(0.5), res.board.p(0.99), len(res.board.d))
		}
		// The echo baseline ran at the same rate: about rate x its time.
		if n := float64(len(res.echo.d)); n > 1.8*cfg.rate*cfg.echo.Seconds() {
			t.Errorf("the echo bot answered %v times in %v at %v/s offered", n, cfg.echo, cfg.rate)
		}
	}
	for _, want := range []string{"run 1: ", "run 2: ", "median of 2 runs", "answer p50/p90/p99", "board"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q", want)
		}
	}
}

// The schedule offers rate moves per second across the games, calls one
// game's moves one at a time in order of their due times, and a move that
// starts late is behind schedule.
func TestSchedule(t *testing.T) {
	tables := make([]*table, 20)
	for i := range tables {
		tables[i] = &table{clock: rand.New(rand.NewPCG(7, uint64(i))), game: commands.Game{Kind: &games.Kind{Name: "hijack"}}}
	}
	start := time.Now()
	end := start.Add(time.Second)
	var mu sync.Mutex
	last := map[*table]time.Time{}
	busy := map[*table]bool{}
	acts := 0
	offered := schedule(tables, offer{total: 200}, start, end, func(tb *table, due time.Time) {
		mu.Lock()
		if busy[tb] {
			t.Errorf("two moves of one game at once")
		}
		if due.Before(last[tb]) || due.Before(start) || !due.Before(end) {
			t.Errorf("due %v after %v, outside [start, end)", due.Sub(start), last[tb].Sub(start))
		}
		busy[tb], last[tb] = true, due
		acts++
		mu.Unlock()
		time.Sleep(time.Millisecond)
		mu.Lock()
		busy[tb] = false
		mu.Unlock()
	})
	// 200 moves expected; a Poisson count's spread is about 14.
	if offered < 140 || offered > 260 || acts > offered {
		t.Errorf("offered %d moves (%d started) at 200/s for 1 s", offered, acts)
	}
	if n := schedule(tables, offer{}, time.Now(), time.Now().Add(50*time.Millisecond), func(*table, time.Time) { time.Sleep(time.Millisecond) }); n != 0 {
		t.Errorf("the closed loop offered %d", n)
	}
	now := time.Now()
	if lateStart(time.Time{}, now) || lateStart(now.Add(-behindSlack/2), now) || !lateStart(now.Add(-2*behindSlack), now) {
		t.Errorf("lateStart: closed loop, within the slack, past it")
	}
}

// The median of each figure, the counts summed.
func TestMedianOf(t *testing.T) {
	ms := time.Millisecond
	runs := []summary{
		{movesPerSec: 90, answer: [3]time.Duration{10 * ms, 20 * ms, 90 * ms}, peakRSS: 300, refused: 1, behind: 4},
		{movesPerSec: 110, answer: [3]time.Duration{30 * ms, 40 * ms, 50 * ms}, peakRSS: 100},
		{movesPerSec: 100, answer: [3]time.Duration{20 * ms, 60 * ms, 70 * ms}, peakRSS: 200, refused: 2},
	}
	m := medianOf(runs)
	if m.movesPerSec != 100 || m.answer != [3]time.Duration{20 * ms, 40 * ms, 70 * ms} || m.peakRSS != 200 {
		t.Errorf("median of 3 = %+v", m)
	}
	if m.refused != 3 || m.behind != 4 {
		t.Errorf("counts = %d refused, %d behind; want the sums 3 and 4", m.refused, m.behind)
	}
	if m2 := medianOf(runs[:2]); m2.movesPerSec != 100 || m2.answer[0] != 20*ms {
		t.Errorf("median of 2 = %v moves/s, p50 %v; want the means of the two", m2.movesPerSec, m2.answer[0])
	}
}

func TestOnlyLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:80": true, "[::1]:9": true, "10.0.0.1:80": false, "discord.com:443": false, "": false} {
		if isLoopback(addr) != want {
			t.Errorf("isLoopback(%q) = %v", addr, !want)
		}
	}
}

func TestPercentiles(t *testing.T) {
	var l latencies
	for i := 100; i >= 1; i-- {
		l.add(time.Duration(i) * time.Millisecond)
	}
	if l.p(0.5) != 50*time.Millisecond || l.p(0.99) != 99*time.Millisecond || l.p(0.9) != 90*time.Millisecond {
		t.Errorf("p50 %v p90 %v p99 %v", l.p(0.5), l.p(0.9), l.p(0.99))
	}
}
