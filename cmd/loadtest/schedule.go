package main

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"standoff/internal/commands"
	"standoff/internal/games"
)

// The closed loop (no -rate) plays each game's next move as soon as the
// previous one was answered: it finds the most moves per second the bot
// can take, but its latency only restates Little's law (latency = games /
// throughput), since more games just queue longer. The open loop offers a
// fixed rate instead, the standard way to measure latency at a given
// throughput: each game moves at random times, exponentially distributed
// (a Poisson process) with a mean of games/rate seconds, so the games
// together offer rate moves per second whatever the bot does. A player
// still never moves before the previous move's answer and board came (a
// person sees the board before moving): a move that could not start on
// time is counted as behind schedule, and the report compares the rate
// offered with the rate achieved.

// behindSlack is how late a move may start and still count as on time
// (timer and scheduling noise on a loaded machine).
const behindSlack = 50 * time.Millisecond

// schedule calls act for every table, each in its own goroutine, from start
// until end: back to back when the rate is 0, otherwise at each game's
// Poisson times (due is the time act was meant to start; zero in the
// closed loop). It returns the number of moves the open loop offered: the
// due times before end, started or not.
func schedule(tables []*table, rate offer, start, end time.Time, act func(t *table, due time.Time)) int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	offered := 0
	means := rate.means(tables)
	for _, t := range tables {
		mean := means[t.game.Kind.Name] // seconds between this game's moves
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			var due time.Time
			if mean > 0 {
				due = start.Add(t.interval(mean))
			}
			for {
				now := time.Now()
				if !now.Before(end) || (mean > 0 && !due.Before(end)) {
					break
				}
				if wait := due.Sub(now); mean > 0 && wait > 0 {
					time.Sleep(wait)
				}
				n++
				act(t, due)
				if mean > 0 {
					due = due.Add(t.interval(mean))
				}
			}
			// Moves due before the end that a game running behind never
			// started were offered all the same.
			for mean > 0 && due.Before(end) {
				n++
				due = due.Add(t.interval(mean))
			}
			mu.Lock()
			offered += n
			mu.Unlock()
		}()
	}
	wg.Wait()
	if rate.total == 0 {
		return 0
	}
	return offered
}

// offer is the open loop's rate: total moves per second across all
// games, of which the games of some kinds offer a set share together
// (-kind-rate), the rest shared by the other games equally. A set share
// lets a run hold a kind under its own ceiling (Locked Out's private
// messages cost a bot-token request a move, so the whole application
// carries at most about 45 of its moves a second) while the other kinds
// carry the rest of the rate.
type offer struct {
	total  float64
	byKind map[string]float64
}

// means gives the mean seconds between one game's moves, by kind; empty
// in the closed loop.
func (o offer) means(tables []*table) map[string]float64 {
	means := map[string]float64{}
	if o.total <= 0 {
		return means
	}
	count := map[string]int{}
	others, rest := 0, o.total
	for _, t := range tables {
		k := t.game.Kind.Name
		count[k]++
		if _, set := o.byKind[k]; !set {
			others++
		}
	}
	for k, r := range o.byKind {
		rest -= r
		if count[k] > 0 && r > 0 {
			means[k] = float64(count[k]) / r
		}
	}
	for k := range count {
		if _, set := o.byKind[k]; !set && rest > 0 {
			means[k] = float64(others) / rest
		}
	}
	return means
}

// describe names the set shares, "" without any.
func (o offer) describe() string {
	if len(o.byKind) == 0 {
		return ""
	}
	var parts []string
	rest := o.total
	for _, k := range slices.Sorted(maps.Keys(o.byKind)) {
		parts = append(parts, fmt.Sprintf("%s %.1f", k, o.byKind[k]))
		rest -= o.byKind[k]
	}
	return strings.Join(parts, ", ") + fmt.Sprintf(", the other kinds %.1f", rest)
}

// every says how often a game moves on average, by kind when shares
// make it differ.
func (o offer) every(kinds []string) string {
	tables := make([]*table, len(kinds))
	for i, k := range kinds {
		tables[i] = &table{game: commands.Game{Kind: &games.Kind{Name: k}}}
	}
	means := o.means(tables)
	if len(o.byKind) == 0 {
		for _, m := range means {
			return fmt.Sprintf("%.2f s", m)
		}
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(means)) {
		parts = append(parts, fmt.Sprintf("%s %.2f s", k, means[k]))
	}
	return strings.Join(parts, ", ")
}

// check refuses shares that cannot be offered: a kind not played, shares
// over the total, or no rate left for the kinds without a share.
func (o offer) check(kinds []string) error {
	if len(o.byKind) == 0 {
		return nil
	}
	if o.total <= 0 {
		return fmt.Errorf("-kind-rate needs -rate (the open loop)")
	}
	sum, unset := 0.0, 0
	playing := map[string]bool{}
	for _, k := range kinds {
		playing[k] = true
		if _, set := o.byKind[k]; !set {
			unset++
		}
	}
	for k, r := range o.byKind {
		if !playing[k] {
			return fmt.Errorf("-kind-rate names %q, which this run does not play (kinds: %s)", k, strings.Join(kinds, ", "))
		}
		if r <= 0 {
			return fmt.Errorf("-kind-rate %s=%v: a share must be positive", k, r)
		}
		sum += r
	}
	if sum > o.total || (unset > 0 && sum >= o.total) {
		return fmt.Errorf("-kind-rate shares add up to %.1f moves/s, leaving nothing of -rate %.1f for the other kinds", sum, o.total)
	}
	return nil
}

// parseKindRates reads -kind-rate: "lockedout=40,hunted=60".
func parseKindRates(s string) (map[string]float64, error) {
	out := map[string]float64{}
	for _, part := range split(s) {
		k, v, ok := strings.Cut(part, "=")
		r, err := strconv.ParseFloat(v, 64)
		if !ok || err != nil || k == "" {
			return nil, fmt.Errorf("-kind-rate %q: want kind=moves per second, e.g. lockedout=40", part)
		}
		out[k] = r
	}
	return out, nil
}

// interval draws the time to a game's next move, exponential with the
// mean in seconds.
func (t *table) interval(mean float64) time.Duration {
	return time.Duration(t.clock.ExpFloat64() * mean * float64(time.Second))
}

// lateStart reports whether a move started at now missed its due time by
// more than the slack (never in the closed loop).
func lateStart(due, now time.Time) bool {
	return !due.IsZero() && now.Sub(due) > behindSlack
}
