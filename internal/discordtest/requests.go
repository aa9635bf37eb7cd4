package discordtest

import (
	"encoding/json"
	"time"
)

// Request is one API request the fake answered, as a load test or a test
// of the bot's costs counts them.
type Request struct {
	Route string
	At    time.Time // when it arrived
	// Channel is the channel it concerns: the path's, or for an
	// interaction endpoint the interaction's ("" for none).
	Channel string
	// User is the DM channel's recipient when Channel is a DM channel, or
	// the user a DM channel is opened with.
	User string
	// BotToken marks a request made with the bot token, not an
	// interaction's: the ones the global limit counts.
	BotToken bool
	Status   int
	// Scope is a 429's: ScopeUser, ScopeGlobal, ScopeShared or
	// ScopeCloudflare.
	Scope string
}

// logRequest records an answered API request.
func (s *Server) logRequest(c *call, rep *reply) {
	if c.route == RouteCDNAttachment {
		return
	}
	r := Request{
		Route: c.route, At: c.start, Status: rep.status, Scope: rep.scope, Channel: c.param("channel"),
		BotToken: !interactionEndpoint(c.route) && c.r.Header.Get("Authorization") == s.cfg.token,
	}
	if c.route == RouteCreateDM {
		r.User = c.param("recipient")
		if r.User == "" {
			r.User = recipientOf(c) // refused before the handler read it
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if interactionEndpoint(c.route) {
		in := s.byToken[c.param("token")]
		if in == nil {
			in = s.interactions[c.param("interaction")]
		}
		if in != nil {
			r.Channel = in.channel.id
		}
	}
	if ch := s.channels[r.Channel]; ch != nil && ch.kind == ChannelDM {
		r.User = ch.dmUser
	}
	s.requests = append(s.requests, r)
}

// Requests lists the API requests answered so far, in the order their
// answers were sent (the CDN's are not API requests).
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// recipientOf reads the recipient_id of a DM channel's creation from a
// body nobody read.
func recipientOf(c *call) string {
	b, rep := readBody(c, maxJSONBody)
	if rep != nil {
		return ""
	}
	var req struct {
		RecipientID string `json:"recipient_id"`
	}
	_ = json.Unmarshal(b, &req)
	return req.RecipientID
}
