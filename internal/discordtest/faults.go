package discordtest

import (
	"math"
	"net/http"
	"strconv"
	"time"
)

// Fault is an injected answer that replaces the real handling of a request.
type Fault struct {
	// Status is the HTTP status: 429 for a rate limit, 500, 502, 503...
	Status int
	// RetryAfter is the wait announced with a 429.
	RetryAfter time.Duration
	// Global marks a 429 as the global rate limit.
	Global bool
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

func (f Fault) reply(route string) *reply {
	if f.Status != http.StatusTooManyRequests {
		return httpErr(f.Status)
	}
	secs := f.RetryAfter.Seconds()
	scope := "user"
	if f.Global {
		scope = "global"
	}
	h := map[string]string{
		"Retry-After":             strconv.Itoa(int(math.Ceil(secs))),
		"X-RateLimit-Limit":       "5",
		"X-RateLimit-Remaining":   "0",
		"X-RateLimit-Reset":       strconv.FormatFloat(float64(time.Now().Add(f.RetryAfter).UnixMilli())/1000, 'f', 3, 64),
		"X-RateLimit-Reset-After": strconv.FormatFloat(secs, 'f', 3, 64),
		"X-RateLimit-Bucket":      bucketOf(route),
		"X-RateLimit-Scope":       scope,
	}
	if f.Global {
		h["X-RateLimit-Global"] = "true"
	}
	return &reply{
		status:  http.StatusTooManyRequests,
		headers: h,
		body: map[string]any{
			"message":     "You are being rate limited.",
			"retry_after": secs,
			"global":      f.Global,
			"code":        0,
		},
	}
}
