package commands

import (
	"sync"
	"time"
)

// RateLimit bounds how fast one user's interactions are handled, so that a
// user hammering a button costs the bot a map lookup per click and cannot
// slow the games of everyone else. Each user has a bucket of Burst tokens
// refilled at PerSecond; an interaction without a token is answered at once
// without touching the database: the first one of a flood with a polite
// ephemeral notice, the rest of it silently (a click is acknowledged with
// no message, so the user sees no "interaction failed" and no pile of
// notices).
type RateLimit struct {
	Burst     int
	PerSecond float64
	// NoticeEvery is the least time between two notices to one user.
	NoticeEvery time.Duration
}

// DefaultRateLimit allows a quick player's bursts (a guided menu is a few
// clicks in a second) but not a flood.
var DefaultRateLimit = RateLimit{Burst: 10, PerSecond: 2, NoticeEvery: time.Minute}

// rateNotice is what a flooding user is told, once.
const rateNotice = "You are acting faster than I can keep up with, so I am ignoring your clicks for a few seconds. Nothing was changed; try again in a moment."

// pruneAt is how many users the limiter remembers before it forgets those
// whose buckets are full again.
const pruneAt = 10000

type rateLimiter struct {
	limit RateLimit
	now   func() time.Time // wall clock: the console's game clock stands still
	mu    sync.Mutex
	users map[string]*bucket
}

type bucket struct {
	tokens   float64
	last     time.Time
	noticeAt time.Time // when the user was last told
}

// SetRateLimit turns per-user rate limiting on (a zero Burst turns it off).
// The bot on Discord uses DefaultRateLimit; the console and most tests run
// without one, as scripts act far faster than people.
func (r *Router) SetRateLimit(l RateLimit) {
	if l.Burst <= 0 {
		r.limiter = nil
		return
	}
	r.limiter = &rateLimiter{limit: l, now: time.Now, users: map[string]*bucket{}}
}

// allow takes a token from the user's bucket. When there is none, notify
// says whether this is the one interaction of the flood to explain it to.
func (l *rateLimiter) allow(user string) (ok, notify bool) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.users[user]
	if b == nil {
		if len(l.users) >= pruneAt {
			l.prune(now)
		}
		b = &bucket{tokens: float64(l.limit.Burst), last: now}
		l.users[user] = b
	}
	b.tokens += now.Sub(b.last).Seconds() * l.limit.PerSecond
	if max := float64(l.limit.Burst); b.tokens > max {
		b.tokens = max
	}
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, false
	}
	if b.noticeAt.IsZero() || now.Sub(b.noticeAt) >= l.limit.NoticeEvery {
		b.noticeAt = now
		return false, true
	}
	return false, false
}

// prune forgets users whose buckets have refilled and who were not told
// anything recently: they would start afresh anyway.
func (l *rateLimiter) prune(now time.Time) {
	for id, b := range l.users {
		full := float64(l.limit.Burst) <= b.tokens+now.Sub(b.last).Seconds()*l.limit.PerSecond
		if full && now.Sub(b.noticeAt) >= l.limit.NoticeEvery {
			delete(l.users, id)
		}
	}
}

// rateLimited answers an interaction of a user over the limit; ok is false
// when the interaction may go on.
func (r *Router) rateLimited(in Interaction) (Response, bool) {
	if r.limiter == nil || in.User.ID == "" {
		return Response{}, false
	}
	ok, notify := r.limiter.allow(in.User.ID)
	if ok {
		return Response{}, false
	}
	switch {
	case in.Type == Autocomplete:
		return Response{Kind: Choices}, true
	case notify || in.Type != ComponentClick:
		// A slash command must be answered with a message; a typed command
		// is slow enough that each one may say why it did nothing.
		return ephemeral(rateNotice), true
	}
	return Response{Kind: Ack}, true
}
