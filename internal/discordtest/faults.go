package discordtest

import (
	"net/http"
	"time"
)

// Fault is an injected answer that replaces the real handling of a request.
type Fault struct {
	// Status is the HTTP status: 429 for a rate limit, 500, 502, 503...
	Status int
	// RetryAfter is the wait announced with a 429.
	RetryAfter time.Duration
	// Global marks a 429 as the global rate limit: for RetryAfter every
	// request authenticated with the bot token then answers 429 too, while
	// interaction callbacks and follow-ups (authenticated by the
	// interaction's token) go through, as Discord exempts them.
	Global bool
	// After makes the request take effect first (a message is created, an
	// edit applied) and only then answers Status: the "created, then 5xx"
	// of a proxy timing out after Discord did the work. A retry that cannot
	// be recognised as the same request doubles it.
	After bool
}

// FailAfterNext makes the next n requests on the route take effect and then
// answer the status (500, 502, 503...).
func (s *Server) FailAfterNext(route string, n, status int) {
	s.InjectFault(route, n, Fault{Status: status, After: true})
}

// GlobalRateLimit puts the bot under Discord's global rate limit for d, as
// if it had sent more than 50 requests in a second: every request with the
// bot token answers 429 with the documented global body and headers until
// d has passed. Interaction callbacks and follow-ups are exempt.
func (s *Server) GlobalRateLimit(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.globalUntil = time.Now().Add(d)
}

// NonceHits counts message creates answered with the message an earlier
// create with the same enforced nonce made.
func (s *Server) NonceHits() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nonceHits
}

// globalLimited answers a global 429 while the injected global limit
// lasts.
func (s *Server) globalLimited() *reply {
	s.mu.Lock()
	left := time.Until(s.globalUntil)
	s.mu.Unlock()
	if left <= 0 {
		return nil
	}
	return globalTooMany(left)
}

// RateLimitNext makes the next n requests on the route answer 429 with
// retry_after (JSON) and Retry-After / X-RateLimit-* headers, as Discord does.
func (s *Server) RateLimitNext(route string, n int, retryAfter time.Duration) {
	s.InjectFault(route, n, Fault{Status: http.StatusTooManyRequests, RetryAfter: retryAfter})
}

// FailNext makes the next n requests on the route answer the status (500,
// 502...) with Discord's error shape.
func (s *Server) FailNext(route string, n, status int) {
	s.InjectFault(route, n, Fault{Status: status})
}

// InjectFault queues n copies of the fault on the route (RouteAny for all).
func (s *Server) InjectFault(route string, n int, f Fault) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !knownRoute(route) {
		s.fatalf("discordtest: unknown route %q (use the Route constants)", route)
		return
	}
	for i := 0; i < n; i++ {
		s.faults[route] = append(s.faults[route], f)
	}
}

// SetDelay makes every request on the route wait d before it is handled (0
// removes the delay). A delayed interaction callback is late by d.
func (s *Server) SetDelay(route string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !knownRoute(route) {
		s.fatalf("discordtest: unknown route %q (use the Route constants)", route)
		return
	}
	s.delays[route] = d
}

func (s *Server) takeFault(route string) (Fault, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, key := range []string{route, RouteAny} {
		if q := s.faults[key]; len(q) > 0 {
			s.faults[key] = q[1:]
			return q[0], true
		}
	}
	return Fault{}, false
}

// faultReply is Discord's 429 or error answer for an injected fault. The
// 429s are the documented ones (ratelimit.go): a per-route 429 carries the
// route's bucket (its configured limit, or 5 for a route without one) with
// X-RateLimit-Scope "user", the global one only Retry-After,
// X-RateLimit-Global and X-RateLimit-Scope "global".
func (s *Server) faultReply(f Fault, route string) *reply {
	if f.Status != http.StatusTooManyRequests {
		return httpErr(f.Status)
	}
	if f.Global {
		return globalTooMany(f.RetryAfter)
	}
	rl, ok := s.Limits().Routes[route]
	if !ok || rl.Limit <= 0 {
		rl = RouteLimit{Bucket: route, Limit: 5}
	}
	now := time.Now()
	return bucketTooMany(rl, &bucketState{reset: now.Add(f.RetryAfter), count: rl.Limit}, now)
}
