package main

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"time"
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
	moves        int // answered "Played ..."
	lat          latencies
	late         int // first response after Discord's 3 s, or none
	refused      map[string]int
	gamesOver    int
	driverErrors int
	peakRSS      int64
	botCPU       time.Duration // CPU the bot process used while playing
	selfCPU      time.Duration // CPU of the fake Discord and the players
	logErrors    map[string]int
	echo         *latencies
	echoLate     int
	echoRSS      int64
	rest         *restFigures
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
	if o.refused != "" {
		r.refused[o.refused]++
		return
	}
	r.moves++
	r.lat.add(o.latency)
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
	fmt.Fprintf(w, "load test: %d games (%s), images %s, %d cores, bot in its own process on loopback\n",
		len(r.kinds), strings.Join(kinds, ", "), images, runtime.NumCPU())
	if r.rest != nil {
		fmt.Fprintf(w, "at rest with %d stored games: ready in %v, RSS up to %s (peak %s) over %v with the clock every %v, CPU %.2f s\n",
			r.cfg.stored, r.rest.start.Round(time.Millisecond), mib(r.rest.rss), mib(r.rest.peak), restFor, restTick, r.rest.cpu.Seconds())
	}
	fmt.Fprintf(w, "setup: games started in %v\n", r.setup.Round(time.Millisecond))
	secs := r.elapsed.Seconds()
	fmt.Fprintf(w, "moves: %d played in %.1f s = %.1f moves/s (games finished and restarted: %d)\n",
		r.moves, secs, float64(r.moves)/secs, r.gamesOver)
	fmt.Fprintf(w, "latency (command sent to finished answer): p50 %s  p90 %s  p99 %s\n",
		ms(r.lat.p(0.5)), ms(r.lat.p(0.9)), ms(r.lat.p(0.99)))
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
	fmt.Fprintf(w, "peak RSS of the bot process: %s\n", mib(r.peakRSS))
	fmt.Fprintf(w, "CPU while playing: bot %.1f s (%.2f cores), fake Discord and players %.1f s (%.2f cores), of %d cores\n",
		r.botCPU.Seconds(), r.botCPU.Seconds()/secs, r.selfCPU.Seconds(), r.selfCPU.Seconds()/secs, runtime.NumCPU())
	if r.echo != nil {
		fmt.Fprintf(w, "echo bot (same fake, same discordgo, answers at once), %v: %d answers, p50 %s  p90 %s  p99 %s, late %d, peak RSS %s\n",
			r.cfg.echo, len(r.echo.d), ms(r.echo.p(0.5)), ms(r.echo.p(0.9)), ms(r.echo.p(0.99)), r.echoLate, mib(r.echoRSS))
		if e := r.echo.p(0.5); e > 0 {
			fmt.Fprintf(w, "move path p50 / echo p50: %.2fx\n", float64(r.lat.p(0.5))/float64(e))
		}
	}
}
