package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"testing"
	"time"

	"standoff/internal/discordtest"
)

// summary is one run's figures, as its line in a series of runs.
type summary struct {
	movesPerSec   float64
	answer, board [3]time.Duration // p50, p90, p99
	peakRSS       int64
	botCores      float64
	selfCores     float64
	selfPerMove   time.Duration
	echoP50       time.Duration
	commitP50     time.Duration // one durable commit (commitProbe)
	ratio         float64       // answer p50 / echo p50; 0 without echo
	botPerMove    float64       // bot-token requests that went through, per move
	notifPerMove  float64       // notifications per move
	// Counts, summed over runs rather than taken as a median: one refusal
	// in any run is one too many.
	refused, late, noBoard, behind, logged int
	global429, user429                     int
}

func (r *result) summary() summary {
	secs := r.elapsed.Seconds()
	s := summary{
		movesPerSec: r.movesPerSec(),
		answer:      [3]time.Duration{r.lat.p(0.5), r.lat.p(0.9), r.lat.p(0.99)},
		board:       [3]time.Duration{r.board.p(0.5), r.board.p(0.9), r.board.p(0.99)},
		peakRSS:     r.peakRSS,
		botCores:    r.botCPU.Seconds() / secs,
		selfCores:   r.selfCPU.Seconds() / secs,
		selfPerMove: r.selfPerMove(),
		refused:     r.refusedTotal(),
		late:        r.late,
		noBoard:     r.noBoard,
		behind:      r.behind,
	}
	for _, v := range r.logErrors {
		s.logged += v
	}
	if c := r.discord; c != nil {
		s.botPerMove, s.notifPerMove = perMove(c.bot-c.botRefused, c.moves()), perMove(c.notified, c.moves())
		s.global429, s.user429 = c.tooMany[discordtest.ScopeGlobal], c.tooMany[discordtest.ScopeUser]
	}
	if r.commit != nil {
		s.commitP50 = r.commit.p(0.5)
	}
	if r.echo != nil {
		s.echoP50 = r.echo.p(0.5)
		if s.echoP50 > 0 {
			s.ratio = float64(s.answer[0]) / float64(s.echoP50)
		}
	}
	return s
}

func (s summary) print(w io.Writer, label string) {
	fmt.Fprintf(w, "%s: %.1f moves/s; answer p50/p90/p99 %s/%s/%s; board %s/%s/%s; echo p50 %s (answer %.2fx); "+
		"bot peak RSS %s; CPU bot %.2f cores, fake and players %.2f cores (%s per move); "+
		"refused %d, after 3 s %d, never shown %d, behind schedule %d, bot's logged errors %d; "+
		"bot-token requests through %.2f per move, 429s global %d user %d, notifications %.2f per move\n",
		label, s.movesPerSec, msShort(s.answer[0]), msShort(s.answer[1]), msShort(s.answer[2]),
		msShort(s.board[0]), msShort(s.board[1]), msShort(s.board[2]), msShort(s.echoP50), s.ratio,
		mib(s.peakRSS), s.botCores, s.selfCores, ms(s.selfPerMove),
		s.refused, s.late, s.noBoard, s.behind, s.logged, s.botPerMove, s.global429, s.user429, s.notifPerMove)
	if target, ok := answerTarget(s.echoP50, s.commitP50); ok {
		fmt.Fprintf(w, "%s: answer p50 %s against echo p50 + one commit (%s) + 1 ms = %s: %s\n",
			label, msShort(s.answer[0]), msShort(s.commitP50), msShort(target), metOrNot(s.answer[0] <= target))
	}
}

func msShort(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	if v < 10 {
		return fmt.Sprintf("%.1f ms", v)
	}
	return fmt.Sprintf("%.0f ms", v)
}

// medianOf takes the median of each figure over runs (the middle run's for
// an odd count, the mean of the two middle ones for an even count) and the
// sum of each count.
func medianOf(ss []summary) summary {
	med := func(f func(summary) float64) float64 {
		v := make([]float64, len(ss))
		for i, s := range ss {
			v[i] = f(s)
		}
		slices.Sort(v)
		n := len(v)
		if n%2 == 1 {
			return v[n/2]
		}
		return (v[n/2-1] + v[n/2]) / 2
	}
	dur := func(f func(summary) time.Duration) time.Duration {
		return time.Duration(med(func(s summary) float64 { return float64(f(s)) }))
	}
	var m summary
	m.movesPerSec = med(func(s summary) float64 { return s.movesPerSec })
	for i := range 3 {
		m.answer[i] = dur(func(s summary) time.Duration { return s.answer[i] })
		m.board[i] = dur(func(s summary) time.Duration { return s.board[i] })
	}
	m.peakRSS = int64(med(func(s summary) float64 { return float64(s.peakRSS) }))
	m.botCores = med(func(s summary) float64 { return s.botCores })
	m.selfCores = med(func(s summary) float64 { return s.selfCores })
	m.selfPerMove = dur(func(s summary) time.Duration { return s.selfPerMove })
	m.echoP50 = dur(func(s summary) time.Duration { return s.echoP50 })
	m.commitP50 = dur(func(s summary) time.Duration { return s.commitP50 })
	m.ratio = med(func(s summary) float64 { return s.ratio })
	m.botPerMove = med(func(s summary) float64 { return s.botPerMove })
	m.notifPerMove = med(func(s summary) float64 { return s.notifPerMove })
	for _, s := range ss {
		m.refused += s.refused
		m.late += s.late
		m.noBoard += s.noBoard
		m.behind += s.behind
		m.logged += s.logged
		m.global429 += s.global429
		m.user429 += s.user429
	}
	return m
}

// runAll makes runs load tests back to back, each with a fresh database,
// bot and fake Discord (newTB gives each its own cleanup, called when the
// run is over). One run prints its whole report; several print each run's
// summary line as it ends, then the median of each figure. Only the first
// run writes the profiles.
func runAll(cfg config, runs int, newTB func() (testing.TB, func()), out io.Writer) ([]*result, error) {
	var results []*result
	var sums []summary
	for i := range runs {
		c := cfg
		if i > 0 {
			c.cpuProf, c.heapProf, c.stacks, c.blockProf, c.selfProf = "", "", "", "", ""
		}
		dir, err := os.MkdirTemp(cfg.dir, fmt.Sprintf("run%d-", i+1))
		if err != nil {
			return results, err
		}
		c.dir = dir
		if runs > 1 {
			fmt.Fprintf(cfg.log, "run %d of %d\n", i+1, runs)
		}
		tb, cleanup := newTB()
		res, err := run(c, tb)
		cleanup()
		if err != nil {
			return results, fmt.Errorf("run %d: %w", i+1, err)
		}
		results = append(results, res)
		if runs == 1 {
			res.print(out)
			break
		}
		if i == 0 {
			res.printHeader(out)
		}
		s := res.summary()
		sums = append(sums, s)
		s.print(out, fmt.Sprintf("run %d", i+1))
	}
	if runs > 1 {
		medianOf(sums).print(out, fmt.Sprintf("median of %d runs (counts summed)", runs))
	}
	return results, nil
}
