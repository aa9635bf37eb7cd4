package discordtest

import (
	"fmt"
	"hash/fnv"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Scopes of a 429, as X-RateLimit-Scope names them ("user (per bot or user
// limit), global (per bot or user global limit), or shared (per resource
// limit)"), and the fake's name for a Cloudflare ban's 429, which carries
// no scope.
const (
	ScopeUser       = "user"
	ScopeGlobal     = "global"
	ScopeShared     = "shared"
	ScopeCloudflare = "cloudflare"
)

// rateLimiter counts requests against Limits. Windows are fixed, as the
// documented headers describe them: a bucket's window opens with its first
// request and ends at X-RateLimit-Reset.
type rateLimiter struct {
	mu          sync.Mutex
	limits      Limits
	globalReset time.Time
	globalCount int
	buckets     map[string]*bucketState // by bucket name and top-level resource
	nextPrune   time.Time
	invalid     []time.Time // invalid requests, oldest first
	bannedUntil time.Time
	bans        int
	tooMany     map[string]int // 429s by scope
}

type bucketState struct {
	reset time.Time
	count int
}

func (r *rateLimiter) reset(l Limits) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.limits, r.globalReset, r.globalCount = l, time.Time{}, 0
	r.buckets, r.nextPrune, r.invalid = map[string]*bucketState{}, time.Time{}, nil
	r.bannedUntil, r.bans, r.tooMany = time.Time{}, 0, map[string]int{}
}

// cloudflareBanned answers every request while the IP is banned: "error
// code: 1015" from Cloudflare, not Discord's JSON, with a Retry-After of
// what is left of the ban (as observed, discord-api-docs#5385 and #1771:
// "error 1015 with no headers about ratelimits").
func (r *rateLimiter) cloudflareBanned(now time.Time) *reply {
	r.mu.Lock()
	defer r.mu.Unlock()
	left := r.bannedUntil.Sub(now)
	if left <= 0 {
		return nil
	}
	return &reply{
		status:  http.StatusTooManyRequests,
		raw:     []byte("error code: 1015"),
		ctype:   "text/plain; charset=UTF-8",
		headers: map[string]string{"Retry-After": strconv.Itoa(int(math.Ceil(left.Seconds())))},
		scope:   ScopeCloudflare,
	}
}

// admit counts a request against the global limit (bot requests only) and
// its route's bucket. It returns the bucket's headers for the answer, or
// the 429 that refuses it.
func (r *rateLimiter) admit(route, resource string, bot bool, now time.Time) (map[string]string, *reply) {
	r.mu.Lock()
	defer r.mu.Unlock()
	l := r.limits
	if bot && l.Global > 0 {
		if !now.Before(r.globalReset) {
			r.globalReset, r.globalCount = now.Add(l.GlobalWindow), 0
		}
		if r.globalCount >= l.Global {
			return nil, globalTooMany(r.globalReset.Sub(now))
		}
		r.globalCount++
	}
	rl, limited := l.Routes[route]
	if !limited || rl.Limit <= 0 {
		return nil, nil
	}
	key := rl.Bucket + "\x00" + resource
	b := r.buckets[key]
	if b == nil || !now.Before(b.reset) {
		r.pruneLocked(now)
		b = &bucketState{reset: now.Add(rl.Per)}
		r.buckets[key] = b
	}
	if b.count >= rl.Limit {
		return nil, bucketTooMany(rl, b, now)
	}
	b.count++
	return bucketHeaders(rl, b, now), nil
}

// pruneLocked forgets buckets whose window has ended (every interaction
// token is a resource of its own, so they would pile up).
func (r *rateLimiter) pruneLocked(now time.Time) {
	if len(r.buckets) < 1024 || now.Before(r.nextPrune) {
		return
	}
	for k, b := range r.buckets {
		if !now.Before(b.reset) {
			delete(r.buckets, k)
		}
	}
	r.nextPrune = now.Add(time.Second)
}

// answered counts an answer: a 429 by scope, and an invalid request ("one
// that results in 401, 403, or 429 statuses"; "429 errors returned with
// X-RateLimit-Scope: shared are not counted against you"), which may start
// a ban.
func (r *rateLimiter) answered(status int, scope string, now time.Time) {
	if status != http.StatusUnauthorized && status != http.StatusForbidden && status != http.StatusTooManyRequests {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if status == http.StatusTooManyRequests {
		r.tooMany[scope]++
	}
	l := r.limits
	if scope == ScopeShared || scope == ScopeCloudflare || l.InvalidRequests <= 0 {
		return
	}
	cut := 0
	for cut < len(r.invalid) && now.Sub(r.invalid[cut]) >= l.InvalidWindow {
		cut++
	}
	r.invalid = append(r.invalid[cut:], now)
	if len(r.invalid) >= l.InvalidRequests {
		r.bannedUntil = now.Add(l.BanFor)
		r.bans++
		r.invalid = nil
	}
}

// LimitStats is what the rate limits did so far.
type LimitStats struct {
	// TooMany counts the 429 answers by scope (ScopeUser, ScopeGlobal,
	// ScopeShared, ScopeCloudflare), injected ones included.
	TooMany map[string]int
	// Invalid is the invalid requests counted toward a ban in the current
	// window.
	Invalid int
	// Bans is how often the IP was banned; BannedUntil when the last ban
	// ends.
	Bans        int
	BannedUntil time.Time
}

// LimitStats reports the rate limits' counts.
func (s *Server) LimitStats() LimitStats {
	r := &s.rl
	r.mu.Lock()
	defer r.mu.Unlock()
	st := LimitStats{TooMany: map[string]int{}, Bans: r.bans, BannedUntil: r.bannedUntil}
	for k, v := range r.tooMany {
		st.TooMany[k] = v
	}
	for _, at := range r.invalid {
		if time.Since(at) < r.limits.InvalidWindow {
			st.Invalid++
		}
	}
	return st
}

// Banned reports whether the IP is under a Cloudflare ban now.
func (s *Server) Banned() bool {
	s.rl.mu.Lock()
	defer s.rl.mu.Unlock()
	return time.Now().Before(s.rl.bannedUntil)
}

// secs is a duration in seconds with millisecond decimals, as Discord
// writes retry_after and X-RateLimit-Reset-After.
func secs(d time.Duration) float64 { return math.Round(d.Seconds()*1000) / 1000 }

func epoch(t time.Time) string {
	return strconv.FormatFloat(float64(t.UnixMilli())/1000, 'f', 3, 64)
}

// bucketHeaders are the documented headers of a request a bucket let
// through: "X-RateLimit-Limit - The number of requests that can be made",
// "-Remaining", "-Reset - Epoch time ... at which the rate limit resets",
// "-Reset-After - Total time (in seconds) of when the current rate limit
// bucket will reset", "-Bucket - A unique string denoting the rate limit
// being encountered".
func bucketHeaders(rl RouteLimit, b *bucketState, now time.Time) map[string]string {
	return map[string]string{
		"X-RateLimit-Limit":       strconv.Itoa(rl.Limit),
		"X-RateLimit-Remaining":   strconv.Itoa(max(rl.Limit-b.count, 0)),
		"X-RateLimit-Reset":       epoch(b.reset),
		"X-RateLimit-Reset-After": strconv.FormatFloat(secs(b.reset.Sub(now)), 'f', 3, 64),
		"X-RateLimit-Bucket":      bucketID(rl.Bucket),
	}
}

// bucketTooMany is the documented 429 of an exhausted bucket: the
// bucket's headers, "X-RateLimit-Scope: user" (or "shared" for a
// per-resource limit, whose message is "The resource is being rate
// limited."), Retry-After in whole seconds and retry_after as a float.
func bucketTooMany(rl RouteLimit, b *bucketState, now time.Time) *reply {
	wait := b.reset.Sub(now)
	h := bucketHeaders(rl, b, now)
	h["Retry-After"] = strconv.Itoa(int(math.Ceil(wait.Seconds())))
	scope, msg := ScopeUser, "You are being rate limited."
	if rl.Shared {
		scope, msg = ScopeShared, "The resource is being rate limited."
	}
	h["X-RateLimit-Scope"] = scope
	return &reply{
		status:  http.StatusTooManyRequests,
		headers: h,
		scope:   scope,
		body:    map[string]any{"message": msg, "retry_after": secs(wait), "global": false},
	}
}

// globalTooMany is the documented global 429: "Retry-After",
// "X-RateLimit-Global: true", "X-RateLimit-Scope: global" and the body
// with "global": true.
func globalTooMany(wait time.Duration) *reply {
	return &reply{
		status: http.StatusTooManyRequests,
		headers: map[string]string{
			"Retry-After":        strconv.Itoa(int(math.Ceil(wait.Seconds()))),
			"X-RateLimit-Global": "true",
			"X-RateLimit-Scope":  ScopeGlobal,
		},
		scope: ScopeGlobal,
		body:  map[string]any{"message": "You are being rate limited.", "retry_after": secs(wait), "global": true},
	}
}

// bucketID is the bucket's X-RateLimit-Bucket: a hash of its name, the
// same for every channel or token it counts apart.
func bucketID(name string) string {
	h := fnv.New128a()
	h.Write([]byte(name))
	return fmt.Sprintf("%x", h.Sum(nil))
}

// interactionEndpoint reports the routes authenticated by an interaction's
// token: "Interaction endpoints are not bound to the bot's Global Rate
// Limit".
func interactionEndpoint(route string) bool {
	switch route {
	case RouteInteractionCallback, RouteFollowup, RouteGetOriginal, RouteEditOriginal, RouteDeleteOriginal,
		RouteGetWebhookMessage, RouteEditWebhookMessage, RouteDeleteWebhookMessage:
		return true
	}
	return false
}

// resourceOf is the top-level resource a request's bucket counts by: its
// channel, guild or webhook (the application and the interaction token).
func resourceOf(c *call) string {
	switch {
	case c.param("channel") != "":
		return "channel " + c.param("channel")
	case c.param("guild") != "":
		return "guild " + c.param("guild")
	case c.param("token") != "":
		return "webhook " + c.param("app") + "/" + c.param("token")
	}
	return ""
}

// limit applies the global limit and the route's bucket to a request that
// reached the API; the bucket's headers go with the answer.
func (s *Server) limit(c *call) *reply {
	if c.route == RouteCDNAttachment {
		return nil // the CDN is not the API
	}
	bot := !interactionEndpoint(c.route) && c.r.Header.Get("Authorization") == s.cfg.token
	h, rep := s.rl.admit(c.route, resourceOf(c), bot, time.Now())
	c.limitHeaders = h
	return rep
}
