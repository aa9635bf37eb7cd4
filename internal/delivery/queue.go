package delivery

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"standoff/internal/pacing"
)

// Priority orders the work that waits for Discord's budget: when the
// budget is short, what a player needs in order to act goes first.
type Priority int

const (
	// Act: what a waited-on player must see to act (their private
	// decision, the turn message that pings them).
	Act Priority = iota
	// Update: other private updates and owed edits of a living message.
	Update
	// Cleanup: what may wait for spare budget (controls off a replaced
	// message, a lapsed vote closed, a thread renamed); sent with
	// pacing.Spare, one at a time.
	Cleanup
	priorities
)

func (p Priority) String() string {
	switch p {
	case Act:
		return "act"
	case Update:
		return "update"
	}
	return "cleanup"
}

// Rank is the transport's rank of the priority: the order in which
// requests waiting for the bot token's global budget get it.
func (p Priority) Rank() pacing.Rank {
	switch p {
	case Act:
		return pacing.RankAct
	case Update:
		return pacing.RankUpdate
	}
	return pacing.RankCleanup
}

// Job is work the limits held back.
type Job struct {
	// Key, when set, makes the job the one redo of what Key owes: while one
	// waits, adding another raises its priority instead of queueing twice,
	// and its tries are counted in a row until Settle.
	Key   string
	Guild string // the server it is for: the queue is fair between servers
	Priority
	// Run does the work. A *pacing.LimitedError back says the limits still
	// hold it: it is tried again when they said, keeping its place.
	Run func(ctx context.Context) error
	// Until is when the limits said it may go (zero: now).
	Until time.Time
}

// Tracker counts work in flight (the router's, so that its Wait sees the
// queue's work done).
type Tracker interface {
	Add(n int)
	Done()
}

// Bounds. A redo waits at least what the limit said, and longer the more
// often its key was held back in a row (from RedoFirst, doubling up to
// RedoRetry), so that many games held back by one busy bucket do not all
// try again at once, and still get through within about half an hour of a
// lasting shortage; past RedoTries it is left to the game's next change
// (and the clock). A clean-up is tried CleanupTries times, CleanupRetry
// apart at most; past MaxCleanups waiting the oldest are given up, so a
// lasting shortage cannot grow the queue without end.
const (
	RedoTries    = 60
	RedoFirst    = 100 * time.Millisecond
	RedoRetry    = 30 * time.Second
	CleanupTries = 20
	CleanupRetry = 30 * time.Second
	MaxCleanups  = 10_000
	// Workers bounds the jobs running at once; clean-ups run one at a
	// time among them. A redo may wait a little for a bucket or its place
	// in the global budget (outside any lock), so there are enough of them
	// that redos waiting for the bot's one DM-channel bucket leave others
	// (an owed turn message) workers to run on.
	Workers = 16
)

// RedoWait is how long the try-th redo of a key in a row waits when the
// limit said until.
func RedoWait(try int, until, now time.Time) time.Duration {
	backoff := RedoRetry
	if try < 16 {
		backoff = min(RedoFirst<<try, RedoRetry)
	}
	return min(max(until.Sub(now), backoff), RedoRetry)
}

// cleanupWait is how long a clean-up the limits refused waits.
func cleanupWait(until, now time.Time) time.Duration {
	return min(max(until.Sub(now), 10*time.Millisecond), CleanupRetry)
}

// item is a job in the queue.
type item struct {
	Job
	seq       uint64    // order of arrival
	notBefore time.Time // when it may run
	tries     int       // a clean-up's tries
}

// class is the jobs of one priority: a first-in first-out line per server,
// served round-robin.
type class struct {
	lines  map[string][]*item
	ring   []string // the servers with a line, in the order they are served
	cursor int      // the server served next
	n      int
}

func (c *class) push(it *item, front bool) {
	if c.lines == nil {
		c.lines = map[string][]*item{}
	}
	line, ok := c.lines[it.Guild]
	if !ok {
		c.ring = append(c.ring, it.Guild)
	}
	if front {
		line = append([]*item{it}, line...)
	} else {
		line = append(line, it)
	}
	c.lines[it.Guild] = line
	c.n++
}

// remove takes it out of its server's line.
func (c *class) remove(it *item) {
	line := c.lines[it.Guild]
	for i, x := range line {
		if x == it {
			c.lines[it.Guild] = append(line[:i:i], line[i+1:]...)
			c.n--
			c.dropEmpty(it.Guild)
			return
		}
	}
}

func (c *class) dropEmpty(guild string) {
	if len(c.lines[guild]) > 0 {
		return
	}
	delete(c.lines, guild)
	for i, g := range c.ring {
		if g == guild {
			c.ring = append(c.ring[:i], c.ring[i+1:]...)
			if c.cursor > i {
				c.cursor--
			}
			if c.cursor >= len(c.ring) {
				c.cursor = 0
			}
			return
		}
	}
}

// pop takes the next job due by now: the head of the next server's line
// in turn whose head is due. Within a server the order of arrival holds
// (a held-back head keeps the rest of its line waiting: in order, once).
// earliest is when the first head not yet due will be.
func (c *class) pop(now time.Time) (it *item, earliest time.Time) {
	for i := range c.ring {
		k := (c.cursor + i) % len(c.ring)
		guild := c.ring[k]
		head := c.lines[guild][0]
		if head.notBefore.After(now) {
			if earliest.IsZero() || head.notBefore.Before(earliest) {
				earliest = head.notBefore
			}
			continue
		}
		c.lines[guild] = c.lines[guild][1:]
		c.n--
		c.cursor = k + 1
		c.dropEmpty(guild)
		if c.cursor >= len(c.ring) {
			c.cursor = 0
		}
		return head, time.Time{}
	}
	return nil, earliest
}

// oldest is the job that arrived first (a head: lines keep arrival order).
func (c *class) oldest() *item {
	var o *item
	for _, line := range c.lines {
		if o == nil || line[0].seq < o.seq {
			o = line[0]
		}
	}
	return o
}

// Queue is the one queue of what Discord's limits held back: redos of
// owed messages and clean-ups, by priority, fair between servers. Nothing
// waits for the budget inside a job: a job the limits still refuse gives
// its place back until the time they said, holding no lock meanwhile.
type Queue struct {
	log  *slog.Logger
	work Tracker
	now  func() time.Time

	mu       sync.Mutex
	classes  [priorities]class
	keyed    map[string]*item // waiting keyed jobs
	running  map[string]*item // keyed jobs running; a job added for one meanwhile waits here
	tries    map[string]int   // redos of a key in a row
	seq      uint64
	busy     int // jobs running
	cleaning bool
	full     bool // the clean-ups' bound was reached since their line last emptied
	looping  bool
	wake     chan struct{}
	workers  int
	held     bool // nothing starts (Hold)
	redoWait func(try int, until, now time.Time) time.Duration
	stopped  chan struct{}
	stopOnce sync.Once
}

// NewQueue makes a queue whose work counts in work (nil: not counted).
func NewQueue(log *slog.Logger, work Tracker) *Queue {
	if log == nil {
		log = slog.Default()
	}
	return &Queue{log: log, work: work, now: time.Now, keyed: map[string]*item{}, running: map[string]*item{},
		tries: map[string]int{}, wake: make(chan struct{}, 1), workers: Workers, redoWait: RedoWait, stopped: make(chan struct{})}
}

// SetRedoWait replaces RedoWait (tests that count tries, not their pace).
func (q *Queue) SetRedoWait(f func(try int, until, now time.Time) time.Duration) {
	q.mu.Lock()
	q.redoWait = f
	q.mu.Unlock()
}

// Hold stops (true) or lets go (false) the start of jobs: what is
// queued meanwhile goes, once let go, in the order the queue decides. For
// tests, and for an operator who must keep the bot off Discord a moment.
func (q *Queue) Hold(held bool) {
	q.mu.Lock()
	q.held = held
	q.mu.Unlock()
	q.signal()
}

// SetWorkers bounds the jobs running at once (at least one).
func (q *Queue) SetWorkers(n int) {
	q.mu.Lock()
	q.workers = max(n, 1)
	q.mu.Unlock()
}

func (q *Queue) track(n int) {
	if q.work != nil {
		q.work.Add(n)
	}
}

// Add queues a job: a redo (keyed) after the back-off its tries in a row
// say, a clean-up at the end of its server's line.
func (q *Queue) Add(j Job) {
	q.mu.Lock()
	defer q.mu.Unlock()
	select {
	case <-q.stopped:
		return // given up (Stop)
	default:
	}
	if j.Key != "" {
		if w := q.keyed[j.Key]; w != nil {
			if j.Priority < w.Priority {
				q.classes[w.Priority].remove(w)
				w.Priority = j.Priority
				q.classes[w.Priority].push(w, false)
			}
			return
		}
		if r := q.running[j.Key]; r != nil {
			// Held back again while it runs: the next try is scheduled
			// when this one ends.
			if r.Until.Before(j.Until) {
				r.Until = j.Until
			}
			r.Priority = min(r.Priority, j.Priority)
			r.tries = 1
			return
		}
		q.redo(j.Key, &item{Job: j})
		return
	}
	it := &item{Job: j, notBefore: j.Until}
	if j.Priority == Cleanup && q.classes[Cleanup].n >= MaxCleanups {
		old := q.classes[Cleanup].oldest()
		q.classes[Cleanup].remove(old)
		q.track(-1)
		if !q.full {
			q.full = true // said once per shortage
			q.log.Warn("clean-ups wait for spare budget beyond the queue's bound; the oldest are given up", "bound", MaxCleanups)
		}
	}
	q.enqueue(it, false)
}

// redo schedules a keyed job's next try after its back-off; a job held
// back again keeps its place at the head of its server's line. false: its
// tries in a row are spent. Call with q.mu held.
func (q *Queue) redo(key string, it *item) bool {
	try := q.tries[key]
	switch {
	case try == RedoTries:
		q.tries[key]++ // said once
		q.log.Warn("messages held back by Discord's rate limits; left to the next change (and the clock)", "key", key)
		return false
	case try > RedoTries:
		return false
	}
	q.tries[key]++
	now := q.now()
	it.notBefore = now.Add(q.redoWait(try, it.Until, now))
	q.keyed[key] = it
	q.enqueue(it, it.seq != 0)
	return true
}

// enqueue places it and wakes the dispatcher. Call with q.mu held.
func (q *Queue) enqueue(it *item, front bool) {
	if it.seq == 0 {
		q.seq++
		it.seq = q.seq
		q.track(1)
	}
	q.classes[it.Priority].push(it, front)
	if !q.looping {
		q.looping = true
		go q.loop()
	}
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// Settle says something of key went through, or its redo ended: a later
// hold-up starts its tries afresh, unless one waits already.
func (q *Queue) Settle(key string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.keyed[key] == nil && (q.running[key] == nil || q.running[key].tries == 0) {
		delete(q.tries, key)
	}
}

// Stop gives up what waits: a redo's messages stay owed in storage, for
// the clock or the next change; a clean-up's controls stay (refused as
// outdated). Running jobs finish.
func (q *Queue) Stop() {
	q.stopOnce.Do(func() {
		q.mu.Lock()
		defer q.signal()
		close(q.stopped)
		for p := range q.classes {
			c := &q.classes[p]
			for _, line := range c.lines {
				q.track(-len(line))
			}
			q.classes[p] = class{}
		}
		q.keyed = map[string]*item{}
		q.mu.Unlock()
	})
}

// next takes the job to run now, by priority, then fairly between
// servers; wait is how long until one may be due (0: none is waiting, or
// every worker is busy). Call with q.mu held.
func (q *Queue) next(now time.Time) (it *item, wait time.Duration) {
	var earliest time.Time
	if q.held {
		return nil, 0
	}
	for p := Act; p < priorities; p++ {
		if q.busy >= q.workers || p == Cleanup && q.cleaning {
			break
		}
		it, e := q.classes[p].pop(now)
		if it != nil {
			return it, 0
		}
		if !e.IsZero() && (earliest.IsZero() || e.Before(earliest)) {
			earliest = e
		}
	}
	if earliest.IsZero() {
		return nil, 0
	}
	return nil, max(earliest.Sub(now), time.Millisecond)
}

// loop hands due jobs to workers until the queue is empty.
func (q *Queue) loop() {
	for {
		q.mu.Lock()
		it, wait := q.next(q.now())
		if q.isStopped() {
			it, wait = nil, 0 // what waits was given up; running jobs end on their own
		}
		if it == nil {
			if q.waiting() == 0 && q.busy == 0 {
				q.looping = false
				q.mu.Unlock()
				return
			}
			q.mu.Unlock()
			q.sleep(wait)
			continue
		}
		q.start(it)
		q.mu.Unlock()
		go q.run(it)
	}
}

// start marks it running. Call with q.mu held.
func (q *Queue) start(it *item) {
	q.busy++
	if it.Priority == Cleanup {
		q.cleaning = true
	}
	if it.Key != "" {
		delete(q.keyed, it.Key)
		it.tries, it.Until = 0, time.Time{}
		q.running[it.Key] = it
	}
}

func (q *Queue) waiting() int {
	n := 0
	for p := range q.classes {
		n += q.classes[p].n
	}
	return n
}

// sleep waits for d (0: until woken), a new job or a job's end, or Stop.
func (q *Queue) sleep(d time.Duration) {
	var timer <-chan time.Time
	if d > 0 {
		t := time.NewTimer(d)
		defer t.Stop()
		timer = t.C
	}
	select {
	case <-timer:
	case <-q.wake:
	}
}

func (q *Queue) isStopped() bool {
	select {
	case <-q.stopped:
		return true
	default:
		return false
	}
}

// run runs one job and gives a held-back one its place back.
func (q *Queue) run(it *item) {
	// Whatever the job sends waits for the global budget at its rank and
	// in its server's turn (the transport orders its waiters so).
	ctx := pacing.WithServer(pacing.WithRank(context.Background(), it.Priority.Rank()), it.Guild)
	if it.Priority == Cleanup {
		ctx = pacing.WithPriority(ctx, pacing.Spare)
	}
	err := q.safeRun(ctx, it)
	q.mu.Lock()
	defer q.mu.Unlock()
	defer q.signal()
	q.busy--
	if it.Priority == Cleanup {
		q.cleaning = false
	}
	stopped := q.isStopped()
	if it.Key != "" {
		delete(q.running, it.Key)
		var limited *pacing.LimitedError
		again := it.tries > 0
		if errors.As(err, &limited) {
			again, it.Until = true, limited.Until
		}
		if !again || stopped || !q.redo(it.Key, it) {
			q.track(-1)
		}
		return
	}
	var limited *pacing.LimitedError
	if !errors.As(err, &limited) || stopped {
		if err != nil && !errors.Is(err, pacing.ErrLimited) {
			q.log.Warn("held-back work failed", "priority", it.Priority, "err", err)
		}
		q.track(-1)
		if q.classes[Cleanup].n == 0 {
			q.full = false
		}
		return
	}
	it.tries++
	if it.tries >= CleanupTries {
		q.log.Warn("held-back work found no budget; left undone", "priority", it.Priority, "err", err)
		q.track(-1)
		return
	}
	// Its place back, at the head of its server's line.
	it.notBefore = q.now().Add(cleanupWait(limited.Until, q.now()))
	q.classes[it.Priority].push(it, true)
}

func (q *Queue) safeRun(ctx context.Context, it *item) (err error) {
	defer func() {
		if p := recover(); p != nil {
			q.log.Error("panic in held-back work", "panic", p)
			err = nil
		}
	}()
	return it.Run(ctx)
}

func (q *Queue) signal() {
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// Pending is a job waiting, for telemetry and tests.
type Pending struct {
	Key, Guild string
	Priority
}

// Waiting lists the jobs waiting, by priority, each server's line in turn
// from the one served next: the order they would go in were all due.
func (q *Queue) Waiting() []Pending {
	q.mu.Lock()
	defer q.mu.Unlock()
	var out []Pending
	for p := Act; p < priorities; p++ {
		c := &q.classes[p]
		lines := map[string]int{}
		for left := c.n; left > 0; {
			for i := range c.ring {
				g := c.ring[(c.cursor+i)%len(c.ring)]
				if k := lines[g]; k < len(c.lines[g]) {
					it := c.lines[g][k]
					out = append(out, Pending{Key: it.Key, Guild: it.Guild, Priority: it.Priority})
					lines[g]++
					left--
				}
			}
		}
	}
	return out
}

// Counts says how many jobs of each priority wait.
func (q *Queue) Counts() (counts [priorities]int) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for p := range q.classes {
		counts[p] = q.classes[p].n
	}
	return counts
}
