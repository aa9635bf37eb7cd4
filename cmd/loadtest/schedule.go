package main

import (
	"sync"
	"time"
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
// until end: back to back when rate is 0, otherwise at each game's
// Poisson times (due is the time act was meant to start; zero in the
// closed loop). It returns the number of moves the open loop offered: the
// due times before end, started or not.
func schedule(tables []*table, rate float64, start, end time.Time, act func(t *table, due time.Time)) int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	offered := 0
	mean := 0.0 // seconds between a game's moves
	if rate > 0 {
		mean = float64(len(tables)) / rate
	}
	for _, t := range tables {
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
	if rate == 0 {
		return 0
	}
	return offered
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
