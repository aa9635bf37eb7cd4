package discordtest

import (
	"time"
)

// The session start limits of GET /gateway/bot, as the gateway enforces
// them, and a resume URL that can be made to fail.

// resumePath is where READY's resume_gateway_url points: a URL of its own,
// so that a test can make it fail (KillResumeURL) while the gateway URL
// still works.
const resumePath = gatewayPath + "/resume"

// Discord's session start limits: 1,000 identifies a day for most bots,
// and the identifies of shards sharing a rate-limit key (shard_id %
// max_concurrency) at most one per 5 seconds.
const (
	DefaultSessionStarts  = 1000
	DefaultIdentifyWindow = 5 * time.Second
)

// startLimits model GET /gateway/bot's session_start_limit: identifies
// spend the day's session starts, and with enforce on, identifies of one
// rate-limit key closer than window are refused with op 9.
type startLimits struct {
	total, remaining int
	resetAt          time.Time
	maxConcurrency   int
	window           time.Duration
	enforce          bool
	last             map[int]time.Time // by rate-limit key
	tokenReset       bool              // the limit was hit: the token no longer works
	resumeDead       bool              // the resume URL refuses connections
}

// startSessionLocked applies the session start limits to an identify:
// refused (op 9) when it comes too soon after another of its rate-limit
// key, and with no session start left the token is reset and every
// connection closed, as Discord does. alive says whether the connection
// stays open. Call with g.mu held.
func (g *gateway) startSessionLocked(c *gwConn, shard [2]int) (refused, alive bool) {
	l := &g.limits
	if l.tokenReset {
		c.closeWith(CloseAuthenticationFailed, "Authentication failed")
		return true, false
	}
	now := time.Now()
	if l.enforce {
		key := shard[0] % max(l.maxConcurrency, 1)
		if last, ok := l.last[key]; ok && now.Sub(last) < l.window {
			g.stats.IdentifiesRefused++
			c.invalidated = true
			return true, c.writeJSON(map[string]any{"op": 9, "d": false}) == nil
		}
		l.last[key] = now
	}
	if l.remaining <= 0 {
		l.tokenReset = true
		for other := range g.conns {
			other.dropped = true
			if other.session != nil {
				other.session.valid = false
			}
			if other != c {
				go other.closeWith(CloseAuthenticationFailed, "Authentication failed")
			}
		}
		c.closeWith(CloseAuthenticationFailed, "Authentication failed")
		return true, false
	}
	l.remaining--
	return false, true
}

// SetSessionStarts sets session_start_limit.remaining, the identifies left
// today (Discord: 1,000 a day for most bots). An identify with none left
// resets the bot token: every session is closed with 4004 and the token
// fails from then on, as Discord does.
func (s *Server) SetSessionStarts(remaining int) {
	g := s.gw
	g.mu.Lock()
	g.limits.remaining = remaining
	g.limits.total = max(g.limits.total, remaining)
	g.mu.Unlock()
}

// EnforceIdentifyConcurrency makes the gateway refuse, with op 9 Invalid
// Session (d false), an identify that comes within window of the previous
// one of its rate-limit key (shard_id % maxConcurrency), as Discord does
// with max_concurrency identifies per 5 seconds. GET /gateway/bot reports
// maxConcurrency. Off by default, so that tests not about identifying may
// reconnect at once.
func (s *Server) EnforceIdentifyConcurrency(maxConcurrency int, window time.Duration) {
	g := s.gw
	g.mu.Lock()
	g.limits.enforce, g.limits.maxConcurrency, g.limits.window = true, max(maxConcurrency, 1), window
	g.mu.Unlock()
}

// KillResumeURL makes the resume URL that READY gave refuse connections
// (true) or accept them again (false): a resume_gateway_url gone for good.
func (s *Server) KillResumeURL(dead bool) {
	g := s.gw
	g.mu.Lock()
	g.limits.resumeDead = dead
	g.mu.Unlock()
}

// sessionStartLimit is GET /gateway/bot's session_start_limit object.
func (s *Server) sessionStartLimit() map[string]any {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	l := g.limits
	return map[string]any{"total": l.total, "remaining": l.remaining, "reset_after": max(time.Until(l.resetAt).Milliseconds(), 0),
		"max_concurrency": l.maxConcurrency}
}
