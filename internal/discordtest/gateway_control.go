package discordtest

import (
	"time"
)

// What a test makes the gateway do (drops, reconnects, invalid sessions,
// silent heartbeats) and what it reads of it.

// DropGateway drops every gateway connection, as a network failure or a
// Discord restart would. code 0 drops the TCP connection without a close
// frame; otherwise a close frame with the code is sent first (4000 unknown
// error is resumable; 4004, 4007, 4009 and 4010-4014 end the session).
// Dispatches sent while the bot is away are kept for its resume.
func (s *Server) DropGateway(code int) {
	g := s.gw
	g.mu.Lock()
	for c := range g.conns {
		c.dropped = true
		if code != 0 {
			c.closeWith(code, "discordtest drop")
		} else {
			_ = c.ws.Close()
		}
		if sess := c.session; sess != nil {
			if sess.conn == c {
				sess.conn = nil
			}
			if code != 0 && !resumable(code) {
				sess.valid = false
			}
		}
	}
	g.mu.Unlock()
	s.notify()
}

// RequestReconnect sends op 7 Reconnect: the client should close and resume.
func (s *Server) RequestReconnect() {
	g := s.gw
	g.mu.Lock()
	for c := range g.conns {
		_ = c.writeJSON(map[string]any{"op": 7, "d": nil})
	}
	g.mu.Unlock()
}

// InvalidateSession sends op 9 Invalid Session (d false: not resumable; the
// client must identify again).
func (s *Server) InvalidateSession() {
	g := s.gw
	g.mu.Lock()
	for c := range g.conns {
		if c.session != nil {
			c.session.valid = false
		}
		c.identified, c.invalidated = false, true
		_ = c.writeJSON(map[string]any{"op": 9, "d": false})
	}
	g.mu.Unlock()
	s.notify()
}

// SetHeartbeatAcks stops (false) or resumes acknowledging heartbeats. A
// connection whose heartbeats go unacknowledged is a "zombie": Discord asks
// the client to close it (with a code other than 1000 and 1001) and resume.
func (s *Server) SetHeartbeatAcks(on bool) {
	g := s.gw
	g.mu.Lock()
	g.noAcks = !on
	g.mu.Unlock()
}

// InvalidSessionResumable sends op 9 Invalid Session with d true: the
// session is still valid and the client may resume it (Discord asks for a
// random wait of 1-5 s first).
func (s *Server) InvalidSessionResumable() {
	g := s.gw
	g.mu.Lock()
	for c := range g.conns {
		c.invalidated = true
		_ = c.writeJSON(map[string]any{"op": 9, "d": true})
	}
	g.mu.Unlock()
}

// GatewayStats returns the gateway's counters.
func (s *Server) GatewayStats() GatewayStats {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	st := g.stats
	st.SessionStartsLeft, st.TokenReset = g.limits.remaining, g.limits.tokenReset
	st.Shards = map[string]int{}
	for k, v := range g.stats.Shards {
		st.Shards[k] = v
	}
	for _, sess := range g.sessions {
		if sess.valid && sess.conn != nil {
			st.Connected = true
		}
		st.ResumeFrames += len(sess.log)
	}
	return st
}

// WaitGatewayReady waits until a bot session is live on an open connection
// (after READY or RESUMED).
func (s *Server) WaitGatewayReady(timeout time.Duration) error {
	return s.WaitUntil(timeout, func() bool { return s.GatewayStats().Connected })
}

// GatewaySessions is the number of sessions that can receive dispatches.
func (s *Server) GatewaySessions() int {
	g := s.gw
	g.mu.Lock()
	defer g.mu.Unlock()
	n := 0
	for _, sess := range g.sessions {
		if sess.valid {
			n++
		}
	}
	return n
}
