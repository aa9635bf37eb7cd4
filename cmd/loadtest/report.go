package main

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/pacing"
)

// latencies collects durations for percentiles.
type latencies struct{ d []time.Duration }

func (l *latencies) add(d time.Duration) { l.d = append(l.d, d) }

// p is the q-th quantile (0..1), nearest rank; 0 when empty.
func (l *latencies) p(q float64) time.Duration {
	if len(l.d) == 0 {
		return 0
	}
	sort.Slice(l.d, func(i, j int) bool { return l.d[i] < l.d[j] })
	i := int(q*float64(len(l.d))+0.5) - 1
	return l.d[min(max(i, 0), len(l.d)-1)]
}

// result is what a load test measured.
type result struct {
	cfg          config
	kinds        []string
	setup        time.Duration
	elapsed      time.Duration
	moves        int       // answered "Played ..."
	inWindow     int       // of those, answered before end
	end          time.Time // when the play was to end (moves in flight then still finish)
	lat          latencies // answer: command sent to the finished answer
	board        latencies // command sent to the channel showing the move
	noBoard      int       // played moves the channel never showed
	resyncs      int       // boards whose version the players' copy did not expect
	inDM         int       // moves answered "played" that were clicked in the player's DM
	reads        int64     // games the players read from the database while playing
	offered      int       // moves the open loop offered (due before the end)
	behind       int       // moves the open loop could not start on time
	lag          latencies // how late each open-loop move started
	fromDue      latencies // open loop: board latency counted from the move's due time
	byKind       map[string]*kindLatencies
	byServer     map[string]*kindLatencies
	dm           latencies              // the bot-token DMs' latency (dmLatencies)
	played       map[*table][]time.Time // when each table's moves were sent, in order
	bySecond     []latencies            // board latency of the moves sent in each second of play (-timeline)
	cpuBySecond  [][2]time.Duration     // the bot's and this process's CPU in each second of play (-timeline)
	budget       *discord.BudgetWaits   // how long the bot's requests waited for the limits while playing
	late         int                    // first response after Discord's 3 s, or none
	refused      map[string]int
	gamesOver    int
	driverErrors int
	peakRSS      int64
	botCPU       time.Duration // CPU the bot process used while playing
	selfCPU      time.Duration // CPU of the fake Discord and the players
	selfRSS      int64         // this process's peak RSS
	requests     int           // the bot's requests to the fake while playing
	logErrors    map[string]int
	echo         *latencies
	commit       *latencies // one durable commit after the play (commitProbe)
	echoLate     int
	echoBehind   int
	echoRSS      int64
	rest         *restFigures
	discord      *discordCost // what the play cost on Discord's side
}

// kindLatencies are one kind's answer and board latencies.
type kindLatencies struct {
	answer, board, dm latencies
	noBoard           int
}

// group is the latencies of a kind or a server.
func group(m *map[string]*kindLatencies, key string) *kindLatencies {
	if *m == nil {
		*m = map[string]*kindLatencies{}
	}
	k := (*m)[key]
	if k == nil {
		k = &kindLatencies{}
		(*m)[key] = k
	}
	return k
}

// dmLatencies finds, in the fake's record, each DM the bot sent with its
// token to a table's players while they played, and counts it from the
// table's latest move sent before it: the move whose publication it is,
// or (a DM that the limits held back past the game's next move) a later
// one, so that a DM late by more than a move counts short, never long.
// The actor's own private answer, a follow-up of their interaction, is
// not a DM here: it never waits for the bot token's budget.
func (r *result) dmLatencies(fake *discordtest.Server, tables []*table) {
	for _, t := range tables {
		sent := r.played[t]
		if len(sent) == 0 {
			continue
		}
		for _, u := range t.users {
			for _, m := range fake.DMs(u) {
				if m.Webhook || m.CreatedAt.Before(sent[0]) {
					continue
				}
				i, _ := slices.BinarySearchFunc(sent, m.CreatedAt, func(a, b time.Time) int { return a.Compare(b) })
				if i == len(sent) || sent[i].After(m.CreatedAt) {
					i--
				}
				d := m.CreatedAt.Sub(sent[i])
				r.dm.add(d)
				group(&r.byKind, t.game.Kind.Name).dm.add(d)
				group(&r.byServer, t.server).dm.add(d)
			}
		}
	}
}

// restFigures is the bot with many stored games, before any traffic.
type restFigures struct {
	start     time.Duration // from starting the process to answering
	rss, peak int64         // highest VmRSS sampled, and VmHWM
	cpu       time.Duration // CPU used by then
}

func (r *result) add(o outcome) {
	if o.over {
		r.gamesOver++
		return
	}
	if o.late {
		r.late++
	}
	if o.behind {
		r.behind++
	}
	if r.cfg.rate > 0 {
		r.lag.add(o.lag)
	}
	if o.resync {
		r.resyncs++
	}
	if o.refused != "" {
		r.refused[o.refused]++
		return
	}
	r.moves++
	if o.inDM {
		r.inDM++
	}
	if !o.doneAt.After(r.end) {
		r.inWindow++
	}
	r.lat.add(o.latency)
	if o.table != nil {
		if r.played == nil {
			r.played = map[*table][]time.Time{}
		}
		r.played[o.table] = append(r.played[o.table], o.t0)
	}
	for _, k := range []*kindLatencies{group(&r.byKind, o.kind), group(&r.byServer, o.server)} {
		k.answer.add(o.latency)
		if o.noBoard {
			k.noBoard++
		} else {
			k.board.add(o.board)
		}
	}
	if o.noBoard {
		r.noBoard++
	} else {
		r.board.add(o.board)
		if sec := int(o.t0.Sub(r.end.Add(-r.cfg.duration)) / time.Second); sec >= 0 {
			for len(r.bySecond) <= sec {
				r.bySecond = append(r.bySecond, latencies{})
			}
			r.bySecond[sec].add(o.board)
		}
		if r.cfg.rate > 0 {
			r.fromDue.add(o.lag + o.board)
		}
	}
}

// movesPerSec is the throughput: the moves answered within the time of
// play, over that time (the moves still in flight at its end finish, and
// count for latency, but would flatter nothing here and lower the rate if
// their extra time were counted).
func (r *result) movesPerSec() float64 {
	return float64(r.inWindow) / r.cfg.duration.Seconds()
}

// selfPerMove is the CPU this process (the fake Discord and the players)
// used per move answered, played or refused.
func (r *result) selfPerMove() time.Duration {
	n := r.moves + r.refusedTotal()
	if n == 0 {
		return 0
	}
	return r.selfCPU / time.Duration(n)
}

func (r *result) refusedTotal() int {
	n := 0
	for _, v := range r.refused {
		n += v
	}
	return n
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

func mib(b int64) string {
	if b < 0 {
		return "unknown"
	}
	return fmt.Sprintf("%.1f MiB", float64(b)/(1<<20))
}

// print writes the report.
func (r *result) print(w io.Writer) {
	r.printHeader(w)
	r.printBody(w)
}

// printHeader says what was run.
func (r *result) printHeader(w io.Writer) {
	count := map[string]int{}
	for _, k := range r.kinds {
		count[k]++
	}
	var kinds []string
	for k, n := range count {
		kinds = append(kinds, fmt.Sprintf("%d %s", n, k))
	}
	sort.Strings(kinds)
	images := "on"
	if !r.cfg.images {
		images = "off"
	}
	loop := "closed loop (each game's next move as soon as the last was answered and shown)"
	if r.cfg.rate > 0 {
		loop = fmt.Sprintf("open loop at %.1f moves/s", r.cfg.rate)
		if shares := r.cfg.offer().describe(); shares != "" {
			loop += " (" + shares + ")"
		}
	}
	fmt.Fprintf(w, "load test: %d games (%s), images %s, %s, %v, %d cores, bot in its own process on loopback\n",
		len(r.kinds), strings.Join(kinds, ", "), images, loop, r.cfg.duration, runtime.NumCPU())
}

func (r *result) printBody(w io.Writer) {
	if r.rest != nil {
		fmt.Fprintf(w, "at rest with %d stored games: ready in %v, RSS up to %s (peak %s) over %v with the clock every %v, CPU %.2f s\n",
			r.cfg.stored, r.rest.start.Round(time.Millisecond), mib(r.rest.rss), mib(r.rest.peak), restFor, restTick, r.rest.cpu.Seconds())
	}
	fmt.Fprintf(w, "setup: games started in %v\n", r.setup.Round(time.Millisecond))
	secs := r.elapsed.Seconds()
	fmt.Fprintf(w, "moves: %d answered within the %v of play = %.1f moves/s (%d in all, the last in flight ending after %.1f s; games finished and restarted: %d)\n",
		r.inWindow, r.cfg.duration, r.movesPerSec(), r.moves, secs, r.gamesOver)
	fmt.Fprintf(w, "played by clicking in the player's DM (private decisions a DM offers): %d; typed in the channel: %d\n", r.inDM, r.moves-r.inDM)
	if r.cfg.rate > 0 {
		fmt.Fprintf(w, "open loop: offered %.1f moves/s (%d moves due, each game every %s on average, Poisson), achieved %.1f moves/s\n",
			float64(r.offered)/r.cfg.duration.Seconds(), r.offered, r.cfg.offer().every(r.kinds), r.movesPerSec())
		fmt.Fprintf(w, "behind schedule (started more than %v late, the game's previous move not yet answered and shown): %d of %d started; lag p50 %s  p99 %s\n",
			behindSlack, r.behind, len(r.lag.d), ms(r.lag.p(0.5)), ms(r.lag.p(0.99)))
	}
	fmt.Fprintf(w, "latency, answer (command sent to the player's finished answer): p50 %s  p90 %s  p99 %s\n",
		ms(r.lat.p(0.5)), ms(r.lat.p(0.9)), ms(r.lat.p(0.99)))
	fmt.Fprintf(w, "latency, board (command sent to the channel showing the move): p50 %s  p90 %s  p99 %s; played moves never shown within %v: %d\n",
		ms(r.board.p(0.5)), ms(r.board.p(0.9)), ms(r.board.p(0.99)), boardWait, r.noBoard)
	fmt.Fprintf(w, "latency, DM (command sent to each DM the bot sent with its token to the game's players, counted from the game's latest move before it): p50 %s  p90 %s  p99 %s; %d DMs\n",
		ms(r.dm.p(0.5)), ms(r.dm.p(0.9)), ms(r.dm.p(0.99)), len(r.dm.d))
	printGroups(w, "kind", r.byKind)
	if r.cfg.timeline {
		fmt.Fprintln(w, "by second of play: the moves sent in it that were shown, their board latency p50 / p99 / longest; the bot's and the load test's CPU in it:")
		for sec, l := range r.bySecond {
			var cpu [2]time.Duration
			if sec < len(r.cpuBySecond) {
				cpu = r.cpuBySecond[sec]
			}
			fmt.Fprintf(w, "  %3d s: %4d  %s / %s / %s  bot %.2f cores, load test %.2f\n", sec, len(l.d), msShort(l.p(0.5)), msShort(l.p(0.99)), msShort(l.p(1)),
				cpu[0].Seconds(), cpu[1].Seconds())
		}
	}
	if len(r.byServer) > 1 {
		printGroups(w, "server", r.byServer)
	}
	if b := r.budget; b != nil {
		printBudget(w, b)
	}
	if r.cfg.rate > 0 {
		// What a player who meant to move at the due time waited, the wait
		// for the game's previous move included: a bot that falls behind
		// shows here even though each command, once sent, is quick.
		fmt.Fprintf(w, "latency, board from the move's due time (its late start included): p50 %s  p90 %s  p99 %s\n",
			ms(r.fromDue.p(0.5)), ms(r.fromDue.p(0.9)), ms(r.fromDue.p(0.99)))
	}
	fmt.Fprintf(w, "answers after Discord's 3 s (or none): %d\n", r.late)
	fmt.Fprintf(w, "refused moves: %d\n", r.refusedTotal())
	var reasons []string
	for k := range r.refused {
		reasons = append(reasons, k)
	}
	sort.Slice(reasons, func(i, j int) bool { return r.refused[reasons[i]] > r.refused[reasons[j]] })
	for _, k := range reasons {
		fmt.Fprintf(w, "  %6d  %s\n", r.refused[k], k)
	}
	logged := 0
	for _, v := range r.logErrors {
		logged += v
	}
	fmt.Fprintf(w, "errors the bot logged: %d\n", logged)
	for k, v := range r.logErrors {
		fmt.Fprintf(w, "  %6d  %s\n", v, k)
	}
	if r.driverErrors > 0 {
		fmt.Fprintf(w, "load driver hiccups (not the bot's answers): %d\n", r.driverErrors)
	}
	fmt.Fprintf(w, "players' reads of the database while playing: %d (a game started anew, a refusal; boards that disagreed with the players' copy of the game: %d)\n", r.reads, r.resyncs)
	fmt.Fprintf(w, "peak RSS of the bot process: %s (of this process, the fake Discord and the players: %s)\n", mib(r.peakRSS), mib(r.selfRSS))
	if n := r.moves + r.refusedTotal(); n > 0 {
		fmt.Fprintf(w, "the bot's requests to Discord while playing: %d, %.1f per move\n", r.requests, float64(r.requests)/float64(n))
	}
	if r.discord != nil {
		r.discord.print(w, secs)
	}
	fmt.Fprintf(w, "CPU while playing: bot %.1f s (%.2f cores), fake Discord and players %.1f s (%.2f cores, %s per move), of %d cores\n",
		r.botCPU.Seconds(), r.botCPU.Seconds()/secs, r.selfCPU.Seconds(), r.selfCPU.Seconds()/secs, ms(r.selfPerMove()), runtime.NumCPU())
	if r.echo != nil {
		pace := "back to back"
		if r.cfg.rate > 0 {
			pace = fmt.Sprintf("offered %.1f/s like the play, %d behind schedule", r.cfg.rate, r.echoBehind)
		}
		fmt.Fprintf(w, "echo bot (same fake, same discordgo, answers at once), %v, %s: %d answers, p50 %s  p90 %s  p99 %s, late %d, peak RSS %s\n",
			r.cfg.echo, pace, len(r.echo.d), ms(r.echo.p(0.5)), ms(r.echo.p(0.9)), ms(r.echo.p(0.99)), r.echoLate, mib(r.echoRSS))
		if e := r.echo.p(0.5); e > 0 {
			fmt.Fprintf(w, "move path p50 / echo p50 (answer latency): %.2fx\n", float64(r.lat.p(0.5))/float64(e))
		}
	}
	if r.commit != nil {
		fmt.Fprintf(w, "one durable commit (SQLite as the bot opens it, %d in a row after the play): p50 %s  p99 %s\n",
			len(r.commit.d), ms(r.commit.p(0.5)), ms(r.commit.p(0.99)))
		if target, ok := answerTarget(r.echo.p(0.5), r.commit.p(0.5)); ok {
			fmt.Fprintf(w, "answer p50 %s against echo p50 + one commit + 1 ms = %s: %s\n", ms(r.lat.p(0.5)), ms(target), metOrNot(r.lat.p(0.5) <= target))
		}
	}
}

func metOrNot(met bool) string {
	if met {
		return "met"
	}
	return "not met"
}

// printGroups prints the latencies of each kind or server.
func printGroups(w io.Writer, by string, groups map[string]*kindLatencies) {
	var keys []string
	for k := range groups {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Fprintf(w, "  by %s, answer p50/p99, board p50/p99, DM p50/p99 (DMs), never shown:", by)
	for _, k := range keys {
		l := groups[k]
		fmt.Fprintf(w, " %s %s/%s, %s/%s, %s/%s (%d), %d;", k, msShort(l.answer.p(0.5)), msShort(l.answer.p(0.99)),
			msShort(l.board.p(0.5)), msShort(l.board.p(0.99)), msShort(l.dm.p(0.5)), msShort(l.dm.p(0.99)), len(l.dm.d), l.noBoard)
	}
	fmt.Fprintln(w)
}

// printBudget prints how long the bot's requests waited for Discord's
// limits while playing, by rank.
func printBudget(w io.Writer, b *discord.BudgetWaits) {
	fmt.Fprintf(w, "waits for Discord's limits in the bot (bucket and global budget, from the start of play):")
	for rank, t := range b.Bot {
		fmt.Fprintf(w, " bot token, %s: %d sent, %d places kept for held-back work, %d waited, %s in all, longest %s, %d refused (owed and queued);",
			pacing.Rank(rank), t.Sent, t.Reserved, t.Waited, ms(t.Total), ms(t.Max), t.Refused)
	}
	t := b.Interaction
	fmt.Fprintf(w, " interactions (never the global budget): %d sent, %d waited for their own bucket, %s in all, longest %s, %d refused\n",
		t.Sent, t.Waited, ms(t.Total), ms(t.Max), t.Refused)
	if len(b.RefusedBy) > 0 {
		var keys []string
		for k := range b.RefusedBy {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return b.RefusedBy[keys[i]] > b.RefusedBy[keys[j]] })
		fmt.Fprintf(w, "  refused, by the limit and route that held them:")
		for _, k := range keys {
			fmt.Fprintf(w, " %s %d;", k, b.RefusedBy[k])
		}
		fmt.Fprintln(w)
	}
}

// sampleCPU records the bot's and this process's CPU in each second from
// start until the returned stop is called.
func (r *result) sampleCPU(pid int, start time.Time) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		bot, self := processCPU(pid), selfCPU()
		for sec := 1; ; sec++ {
			select {
			case <-done:
				return
			case <-time.After(time.Until(start.Add(time.Duration(sec) * time.Second))):
			}
			b, s := processCPU(pid), selfCPU()
			r.cpuBySecond = append(r.cpuBySecond, [2]time.Duration{b - bot, s - self})
			bot, self = b, s
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
