package discord

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"time"

	"standoff/internal/pacing"
)

// buckets paces requests to Discord's per-route limits, learned from the
// headers of every answer (X-RateLimit-Limit, -Remaining, -Reset-After,
// -Bucket) rather than from 429s: a request goes while its bucket has
// requests left, counting those still in flight, and otherwise waits for
// the reset. Until a route's first answer tells its limit, one request at
// a time goes on it.
type buckets struct {
	mu     sync.Mutex
	hashes map[string]string       // route template -> the bucket Discord named for it
	states map[string]*bucketState // by bucket (or template) and top-level resource
}

type bucketState struct {
	known     bool // limit and reset learned from an answer
	unlimited bool // the route answers without rate-limit headers
	limit     int
	remaining int       // left in this window, those in flight taken off
	reset     time.Time // when the window ends; zero when not yet known
	inflight  int
	changed   chan struct{} // closed on every answer, grant and departure
	// line holds the requests waiting for the bucket, in the order it
	// serves them (line.go), as the global budget's does: a request that
	// may not wait (a move's DM channel, opened under its game's lock)
	// never takes the request a better- or equally-ranked waiter, or a
	// quieter server's, is queued for.
	line line
}

// maxBuckets bounds the states kept: every interaction is a resource of its
// own, so idle ones are dropped past this.
const maxBuckets = 2048

func newBuckets() *buckets {
	return &buckets{hashes: map[string]string{}, states: map[string]*bucketState{}}
}

// keyLocked is the state's key: Discord's bucket when known, else the
// route's template, with the top-level resource.
func (b *buckets) keyLocked(rt route) string {
	if h, ok := b.hashes[rt.template]; ok {
		return h + "|" + rt.major
	}
	return rt.template + "|" + rt.major
}

func (b *buckets) stateLocked(rt route) *bucketState {
	key := b.keyLocked(rt)
	st := b.states[key]
	if st == nil {
		if len(b.states) >= maxBuckets {
			b.sweepLocked()
		}
		st = &bucketState{changed: make(chan struct{})}
		b.states[key] = st
	}
	return st
}

// sweepLocked drops the states nothing waits for.
func (b *buckets) sweepLocked() {
	now := time.Now()
	for k, st := range b.states {
		if st.inflight == 0 && st.line.len() == 0 && (!st.known || st.unlimited || !st.reset.After(now)) {
			delete(b.states, k)
		}
	}
}

// acquire takes one request from the route's bucket, waiting for it to
// reset when it is empty (not past deadline; a spare request not at all).
// The requests waiting for a bucket go in its line's order (line.go): by
// rank, then the servers in turn, then by arrival.
func (b *buckets) acquire(ctx context.Context, rt route, prio pacing.Priority, deadline time.Time) (*bucketState, error) {
	rank, server := pacing.RankOf(ctx), pacing.ServerOf(ctx)
	var (
		in *bucketState // the state whose line w waits in
		w  *waiter
	)
	defer func() {
		if w != nil {
			b.mu.Lock()
			in.line.leave(w)
			in.notifyLocked()
			b.mu.Unlock()
		}
	}()
	for {
		b.mu.Lock()
		st := b.stateLocked(rt)
		if st.unlimited {
			// No line to keep: nothing is ever short.
			st.inflight++
			b.mu.Unlock()
			return st, nil
		}
		if st != in {
			// First time, or Discord named the route's bucket meanwhile:
			// the request waits in the line of the state that counts it.
			if w != nil {
				in.line.leave(w)
				in.notifyLocked()
			}
			in, w = st, st.line.arrive(rank, server)
		}
		now := time.Now()
		if st.known && !st.reset.IsZero() && !now.Before(st.reset) {
			st.remaining, st.reset = max(st.limit-st.inflight, 0), time.Time{}
		}
		ahead := st.line.ahead(w)
		var until time.Time
		ok := false
		switch {
		case !st.known || (st.reset.IsZero() && st.remaining <= 0 && st.inflight == 0):
			ok = st.inflight == 0 && ahead == 0 // one request learns the limit
		case st.remaining > ahead:
			ok = true
			st.remaining--
		default:
			until = st.reset // zero: the answers in flight will tell
		}
		if ok {
			st.inflight++
			st.line.grant(w)
			b.mu.Unlock()
			return st, nil
		}
		changed := st.changed
		b.mu.Unlock()
		if err := waitFor(ctx, prio, deadline, until, changed, pacing.ScopeBucket, rt.shown, time.Second); err != nil {
			return nil, err
		}
	}
}

// cancel gives back a request taken but never sent.
func (b *buckets) cancel(st *bucketState) {
	b.mu.Lock()
	st.inflight--
	if st.known && !st.unlimited {
		st.remaining++
	}
	st.notifyLocked()
	b.mu.Unlock()
}

func (st *bucketState) notifyLocked() {
	close(st.changed)
	st.changed = make(chan struct{})
}

// rateHeaders is what an answer says of its bucket.
type rateHeaders struct {
	ok         bool
	limit      int
	remaining  int
	resetAfter time.Duration
	bucket     string
}

func readRateHeaders(h http.Header) rateHeaders {
	limit, err1 := strconv.Atoi(h.Get("X-RateLimit-Limit"))
	rem, err2 := strconv.Atoi(h.Get("X-RateLimit-Remaining"))
	after, err3 := strconv.ParseFloat(h.Get("X-RateLimit-Reset-After"), 64)
	if err1 != nil || err2 != nil || err3 != nil {
		return rateHeaders{bucket: h.Get("X-RateLimit-Bucket")}
	}
	return rateHeaders{ok: true, limit: limit, remaining: rem, resetAfter: time.Duration(after * float64(time.Second)),
		bucket: h.Get("X-RateLimit-Bucket")}
}

// release records the answer to a request taken from st: the bucket's
// state from its headers (nil h: no answer came), and Discord's name for
// the route's bucket, under which the routes that share it are counted
// together from then on.
func (b *buckets) release(st *bucketState, rt route, h http.Header, status int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	st.inflight--
	defer st.notifyLocked()
	if h == nil {
		return
	}
	rh := readRateHeaders(h)
	target := st
	if rh.bucket != "" && b.hashes[rt.template] != rh.bucket {
		old := b.keyLocked(rt)
		b.hashes[rt.template] = rh.bucket
		if b.states[old] == st {
			delete(b.states, old)
		}
		key := b.keyLocked(rt)
		if other := b.states[key]; other != nil && other != st {
			target = other // another route of the same bucket got there first
			defer other.notifyLocked()
		} else {
			b.states[key] = st
		}
	}
	switch {
	case rh.ok:
		target.learn(rh)
	case status < 300 && !target.known:
		target.unlimited = true
	}
}

// learn takes in what an answer says of the bucket. Answers come back in
// any order, and the requests still in flight will take from what one
// says is left: within a window the state only ever gets more careful; an
// answer from a later window replaces it.
func (st *bucketState) learn(rh rateHeaders) {
	remaining := max(rh.remaining-st.inflight, 0)
	reset := time.Now().Add(rh.resetAfter)
	sameWindow := st.known && !st.unlimited && !st.reset.IsZero() && !reset.After(st.reset.Add(windowSlack))
	if sameWindow {
		remaining = min(remaining, st.remaining)
		if st.reset.After(reset) {
			reset = st.reset
		}
	}
	st.known, st.unlimited = true, false
	st.limit, st.remaining, st.reset = rh.limit, remaining, reset
}

// windowSlack is how much later than the known reset an answer's reset
// must be to come from the next window: the same reset, read at two
// answers' arrival, differs by the network's jitter.
const windowSlack = 100 * time.Millisecond

// hold empties the route's bucket until t (a 429 on it).
func (b *buckets) hold(rt route, t time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	st := b.stateLocked(rt)
	st.known, st.unlimited = true, false
	st.limit = max(st.limit, 1)
	st.remaining = 0
	if t.After(st.reset) {
		st.reset = t
	}
	st.notifyLocked()
}
