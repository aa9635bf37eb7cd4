package delivery

import (
	"context"
	"fmt"
	"testing"
	"time"

	"standoff/internal/pacing"
)

// These tests take the queue's decisions one at a time on an explicit
// clock (next, start, finish): no goroutine, no timer, no sleep.

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// stepped is a queue whose dispatcher does not run: the test takes each
// due job itself.
func stepped() (*Queue, *time.Time) {
	now := t0
	q := NewQueue(nil, nil)
	q.now = func() time.Time { return now }
	q.looping = true // no dispatcher: the test is it
	q.redoWait = func(_ int, until, now time.Time) time.Duration { return max(until.Sub(now), 0) }
	return q, &now
}

// take runs the next due job, as the dispatcher would, and reports it.
func (q *Queue) take(t *testing.T) (Pending, bool) {
	t.Helper()
	q.mu.Lock()
	it, _ := q.next(q.now())
	if it == nil {
		q.mu.Unlock()
		return Pending{}, false
	}
	q.start(it)
	q.mu.Unlock()
	q.run(it)
	return Pending{Key: it.Key, Guild: it.Guild, Priority: it.Priority}, true
}

func nop(context.Context) error { return nil }

// drain runs every due job and lists them in the order they ran.
func (q *Queue) drain(t *testing.T) []Pending {
	var out []Pending
	for {
		p, ok := q.take(t)
		if !ok {
			return out
		}
		out = append(out, p)
	}
}

// Priorities when the budget is short (issue 35): what a waited-on player
// must see to act (their DM decision, the turn message that pings them)
// goes first, then other private updates, then clean-ups, whatever the
// order they were held back in.
func TestPriorityOrder(t *testing.T) {
	q, _ := stepped()
	q.Add(Job{Guild: "g", Priority: Cleanup, Run: nop})
	q.Add(Job{Key: "update", Guild: "g", Priority: Update, Run: nop})
	q.Add(Job{Key: "act", Guild: "g", Priority: Act, Run: nop})
	got := q.drain(t)
	want := []Priority{Act, Update, Cleanup}
	if len(got) != len(want) {
		t.Fatalf("ran %v", got)
	}
	for i, p := range want {
		if got[i].Priority != p {
			t.Fatalf("ran %v, want the priorities in order %v", got, want)
		}
	}
}

// A redo of a game held back again for what a waited-on player needs
// moves up: one redo per game, at its most urgent priority.
func TestRedoTakesItsMostUrgentPriority(t *testing.T) {
	q, _ := stepped()
	q.Add(Job{Key: "game 1", Guild: "g", Priority: Update, Run: nop})
	q.Add(Job{Key: "game 2", Guild: "g", Priority: Update, Run: nop})
	q.Add(Job{Key: "game 2", Guild: "g", Priority: Act, Run: nop})
	got := q.drain(t)
	if len(got) != 2 || got[0].Key != "game 2" || got[0].Priority != Act {
		t.Fatalf("ran %v, want game 2's one redo first, as act", got)
	}
}

// Clean-ups wait for spare budget: each sends with pacing.Spare.
func TestCleanupsSendOnSpareBudget(t *testing.T) {
	q, _ := stepped()
	var prio pacing.Priority = -1
	q.Add(Job{Guild: "g", Priority: Cleanup, Run: func(ctx context.Context) error {
		prio = pacing.PriorityOf(ctx)
		return nil
	}})
	q.drain(t)
	if prio != pacing.Spare {
		t.Fatalf("a clean-up sent as %v", prio)
	}
}

// budget is a fake of Discord's global limit on the explicit clock: n
// requests a second.
type budget struct {
	now  *time.Time
	n    int
	sec  time.Time
	used int
	sent []string
}

func (b *budget) send(what string) func(context.Context) error {
	return func(context.Context) error {
		sec := b.now.Truncate(time.Second)
		if !sec.Equal(b.sec) {
			b.sec, b.used = sec, 0
		}
		if b.used == b.n {
			return &pacing.LimitedError{Scope: pacing.ScopeGlobal, Until: sec.Add(time.Second)}
		}
		b.used++
		b.sent = append(b.sent, what)
		return nil
	}
}

// Fairness between servers (issue 35): one server floods the queue with
// held-back DMs while another plays quietly; with a budget of 5 a second
// the quiet server's DMs go in the first second, between the flood's, not
// after all of it: the servers are served in turn.
func TestQuietServerIsNotStarvedByAFloodingOne(t *testing.T) {
	q, now := stepped()
	b := &budget{now: now, n: 5}
	for i := 0; i < 40; i++ {
		q.Add(Job{Key: fmt.Sprintf("busy %d", i), Guild: "busy", Priority: Act, Run: b.send("busy")})
	}
	q.Add(Job{Key: "quiet 1", Guild: "quiet", Priority: Act, Run: b.send("quiet")})
	q.Add(Job{Key: "quiet 2", Guild: "quiet", Priority: Act, Run: b.send("quiet")})
	for s := 0; s < 20 && len(b.sent) < 42; s++ {
		q.drain(t)
		*now = now.Add(time.Second)
	}
	if len(b.sent) != 42 {
		t.Fatalf("%d of 42 DMs sent", len(b.sent))
	}
	quiet := 0
	for i, w := range b.sent[:5] {
		if w == "quiet" {
			quiet++
		}
		_ = i
	}
	if quiet != 2 {
		t.Fatalf("the quiet server had %d of its 2 DMs in the first second's 5 (order %v)", quiet, b.sent)
	}
	for _, w := range b.sent[5:] {
		if w != "busy" {
			t.Fatalf("order %v", b.sent)
		}
	}
}

// Whatever the limits hold back is shown as soon as they allow, in order,
// once: a held-back job keeps its place at the head of its server's line
// and runs once when the limit said.
func TestHeldBackGoesInOrderOnce(t *testing.T) {
	q, now := stepped()
	b := &budget{now: now, n: 2}
	for i := 0; i < 5; i++ {
		q.Add(Job{Guild: "g", Priority: Update, Run: b.send(fmt.Sprint(i))})
	}
	for s := 0; s < 5; s++ {
		q.drain(t)
		*now = now.Add(time.Second)
	}
	if got := fmt.Sprint(b.sent); got != "[0 1 2 3 4]" {
		t.Fatalf("sent %s, want each once in order", got)
	}
}

// A redo's tries in a row are bounded: past RedoTries it is left to the
// game's next change, and Settle (something of the game went through)
// starts them afresh.
func TestRedoTriesAreBoundedAndSettled(t *testing.T) {
	q, _ := stepped()
	held := func(context.Context) error { return &pacing.LimitedError{Until: t0} }
	q.Add(Job{Key: "game", Guild: "g", Priority: Act, Run: held})
	runs := 0
	for ; runs < 2*RedoTries; runs++ {
		if _, ok := q.take(t); !ok {
			break
		}
	}
	if runs != RedoTries {
		t.Fatalf("%d tries, want %d", runs, RedoTries)
	}
	q.Settle("game")
	q.Add(Job{Key: "game", Guild: "g", Priority: Act, Run: nop})
	if _, ok := q.take(t); !ok {
		t.Fatal("a new hold-up after Settle was not tried")
	}
}

// A redo waits what the limit said, and longer the more often the game was
// held back in a row, up to RedoRetry.
func TestRedoWaitBacksOff(t *testing.T) {
	prev := time.Duration(0)
	for try := 0; try < RedoTries; try++ {
		w := RedoWait(try, t0, t0)
		if w < prev || w > RedoRetry {
			t.Fatalf("try %d waits %v after %v (at most %v)", try, w, prev, RedoRetry)
		}
		prev = w
	}
	if prev != RedoRetry {
		t.Errorf("the last tries wait %v, want %v", prev, RedoRetry)
	}
	if w := RedoWait(0, t0.Add(5*time.Second), t0); w < 5*time.Second {
		t.Errorf("a first try waits %v though the limit said 5 s", w)
	}
}

// The clean-ups are bounded: past MaxCleanups the oldest waiting are given
// up, so a shortage that lasts cannot grow the queue without end.
func TestCleanupQueueIsBounded(t *testing.T) {
	q, _ := stepped()
	const over = 5
	ran := 0
	for i := 0; i < MaxCleanups+over; i++ {
		i := i
		q.Add(Job{Guild: fmt.Sprint(i % 3), Priority: Cleanup, Run: func(context.Context) error {
			if i < over {
				t.Errorf("clean-up %d ran, though it was among the oldest past the bound", i)
			}
			ran++
			return nil
		}})
	}
	q.drain(t)
	if ran != MaxCleanups {
		t.Fatalf("%d clean-ups ran, want the bound, %d", ran, MaxCleanups)
	}
}
