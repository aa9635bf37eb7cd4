package discordtest

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// HTTP interactions: instead of the gateway, Discord POSTs each interaction
// to the application's Interactions Endpoint URL, signed with the
// application's Ed25519 key (X-Signature-Ed25519 over X-Signature-Timestamp
// followed by the body), and reads the first response from the HTTP
// response body. The fake does the same once SetInteractionEndpoints names
// one or more endpoints (several bot processes behind a balancer: each
// interaction goes to one of them at random).

// RouteHTTPResponse names the bot's HTTP response to a delivered
// interaction in Attempts and RESTErrors, beside the callback route.
const RouteHTTPResponse = "HTTP response to an interaction"

// PublicKey is the application's public key (the developer portal's
// PUBLIC KEY), with which the bot checks the fake's signatures.
func (s *Server) PublicKey() ed25519.PublicKey { return s.signer.Public().(ed25519.PublicKey) }

// PublicKeyHex is PublicKey as the developer portal shows it.
func (s *Server) PublicKeyHex() string { return hex.EncodeToString(s.PublicKey()) }

// SetInteractionEndpoints makes interactions go by HTTP to these URLs (each
// one to a random URL of the list) rather than over the gateway; no URL
// returns to the gateway.
func (s *Server) SetInteractionEndpoints(urls ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.endpoints = append([]string(nil), urls...)
}

// HTTPDeliveries counts the interactions POSTed to each endpoint.
func (s *Server) HTTPDeliveries() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for k, v := range s.deliveries {
		out[k] = v
	}
	return out
}

// sign returns the signature headers Discord sends with a body.
func (s *Server) sign(body []byte, at time.Time) (ts, sig string) {
	ts = strconv.FormatInt(at.Unix(), 10)
	return ts, hex.EncodeToString(ed25519.Sign(s.signer, append([]byte(ts), body...)))
}

// postSigned POSTs a signed body to an endpoint, as Discord does.
func (s *Server) postSigned(url string, body []byte, ts, sig string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Discord-Interactions/1.0 (+https://discord.com)")
	if ts != "" {
		req.Header.Set("X-Signature-Timestamp", ts)
	}
	if sig != "" {
		req.Header.Set("X-Signature-Ed25519", sig)
	}
	// Discord gives up on the request with the interaction's deadline
	// (plus a margin: a late answer must be seen, and refused, here).
	client := &http.Client{Timeout: s.cfg.deadline + 2*time.Second}
	return client.Do(req)
}

// deliverHTTP sends an interaction to one endpoint and takes the response
// body as the interaction's callback. The webhook routes of the
// interaction wait until that is done (delivered closes).
func (s *Server) deliverHTTP(in *interactionState, url string, delivered chan struct{}) {
	defer close(delivered)
	ts, sig := s.sign(in.payload, time.Now())
	resp, err := s.postSigned(url, in.payload, ts, sig)
	c := &call{route: RouteHTTPResponse, params: map[string]string{"interaction": in.id, "token": in.token}, start: time.Now()}
	s.mu.Lock()
	s.calls[RouteHTTPResponse]++
	s.mu.Unlock()
	if err != nil {
		c.r, _ = http.NewRequest(http.MethodPost, url, nil)
		s.recordError(c, apiErr(http.StatusBadGateway, 0, "endpoint unreachable: "+err.Error()), nil)
		s.recordAttempt(in, c, &reply{status: http.StatusBadGateway})
		return
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		c.r, _ = http.NewRequest(http.MethodPost, url, nil)
		rep := &reply{status: resp.StatusCode}
		s.recordError(c, rep, b)
		s.recordAttempt(in, c, rep)
		return
	}
	// The response body is what the bot would have POSTed to the
	// callback route: the same checks apply.
	c.r, _ = http.NewRequest(http.MethodPost, url, resp.Body)
	c.r.Header.Set("Content-Type", resp.Header.Get("Content-Type"))
	_, rep := s.callback(c)
	s.recordAttempt(in, c, rep)
	if rep.status >= 400 {
		var body []byte
		if rep.body != nil {
			body, _ = json.Marshal(rep.body)
		}
		s.recordError(c, rep, body)
	}
}

// awaitDelivery holds a webhook request of an interaction delivered by HTTP
// until its response has been read: Discord creates the interaction's
// webhook message from the response, so a follow-up sent right after it
// finds it.
func (s *Server) awaitDelivery(c *call) {
	s.mu.Lock()
	in := s.byToken[c.param("token")]
	var ch chan struct{}
	if in != nil {
		ch = in.delivered
	}
	s.mu.Unlock()
	if ch == nil {
		return
	}
	select {
	case <-ch:
	case <-time.After(s.cfg.deadline + 3*time.Second):
	case <-s.closing:
	}
}

// pickEndpointLocked chooses where an interaction goes ("" = the gateway).
func (s *Server) pickEndpointLocked() string {
	if len(s.endpoints) == 0 {
		return ""
	}
	u := s.endpoints[rand.IntN(len(s.endpoints))]
	s.deliveries[u]++
	return u
}

// VerifyEndpoint does what Discord does before it saves an Interactions
// Endpoint URL: a signed PING must be answered with a PONG, and a PING with
// a bad signature refused with 401.
func (s *Server) VerifyEndpoint(url string) error {
	ping := []byte(fmt.Sprintf(`{"id":%q,"application_id":%q,"type":1,"token":"ping.%s","version":1}`,
		s.newID(), s.cfg.appID, randomHex(8)))
	ts, sig := s.sign(ping, time.Now())
	bad := "0" + sig[1:] // still hex, no longer the signature
	if sig[0] == '0' {
		bad = "1" + sig[1:]
	}
	resp, err := s.postSigned(url, ping, ts, bad)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		return fmt.Errorf("a PING with a bad signature was answered with %d, not 401", resp.StatusCode)
	}
	resp, err = s.postSigned(url, ping, ts, sig)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var pong struct {
		Type int `json:"type"`
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("a signed PING was answered with %d, not 200", resp.StatusCode)
	}
	if err := json.NewDecoder(resp.Body).Decode(&pong); err != nil || pong.Type != CallbackPong {
		return errors.New("a signed PING was not answered with a PONG (type 1)")
	}
	return nil
}

// SignedHeaders returns the signature headers Discord would send with body
// at a time (tests of the bot's verification forge, replay and tamper with
// them).
func (s *Server) SignedHeaders(body []byte, at time.Time) http.Header {
	ts, sig := s.sign(body, at)
	h := http.Header{}
	h.Set("X-Signature-Timestamp", ts)
	h.Set("X-Signature-Ed25519", sig)
	return h
}
