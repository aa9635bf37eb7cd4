package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// rest sends the bot's REST requests. It replaces discordgo's shared rate
// limiter, which has two flaws for a bot that must answer within three
// seconds: a global 429 holds every request behind it, interaction callbacks
// included, although Discord exempts those ("interaction endpoints are not
// bound to the bot's global rate limit"); and its waits are plain sleeps
// that no context can cut short. Here every wait honours the request's
// context, and requests authenticated by an interaction's token
// (callbacks, follow-ups, @original edits) never wait for the global limit.
type rest struct {
	client    *http.Client
	token     string // "Bot ..."
	userAgent string
	log       *slog.Logger

	mu      sync.Mutex
	buckets map[string]*bucket // by route key
	global  time.Time          // the global limit holds bot requests until then
}

// bucket is an exhausted rate-limit bucket: what the last answer on a
// route said about when it refills.
type bucket struct {
	remaining int
	reset     time.Time
}

func newREST(s *discordgo.Session, log *slog.Logger) *rest {
	return &rest{client: s.Client, token: s.Token, userAgent: s.UserAgent, log: log, buckets: map[string]*bucket{}}
}

// maxRateLimitRetries bounds how often one request waits out a 429.
const maxRateLimitRetries = 5

// interactionRoute reports requests authenticated by an interaction token.
func interactionRoute(url string) bool {
	return strings.HasPrefix(url, discordgo.EndpointAPI+"interactions/") || strings.HasPrefix(url, discordgo.EndpointWebhooks)
}

// routeKey names a rate-limit bucket: the method and the path with every
// id replaced except the top-level resource (channel, guild, webhook), as
// Discord counts them. Interaction tokens are kept whole: each interaction
// is its own webhook.
func routeKey(method, url string) string {
	path := strings.TrimPrefix(url, discordgo.EndpointAPI)
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	parts := strings.Split(path, "/")
	for i := 1; i < len(parts); i++ {
		major := parts[i-1] == "channels" || parts[i-1] == "guilds" || parts[i-1] == "webhooks" || parts[i-1] == "interactions"
		if i >= 2 && (parts[i-2] == "webhooks" || parts[i-2] == "interactions") {
			major = true // the token
		}
		if !major && parts[i] != "" && parts[i][0] >= '0' && parts[i][0] <= '9' {
			parts[i] = "{id}"
		}
	}
	return method + " " + strings.Join(parts, "/")
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// wait holds a request until its bucket (and, for bot requests, the global
// limit) lets it go, or ctx ends.
func (r *rest) wait(ctx context.Context, key string, exempt bool) error {
	for {
		r.mu.Lock()
		var until time.Time
		if b := r.buckets[key]; b != nil && b.remaining <= 0 && b.reset.After(time.Now()) {
			until = b.reset
		}
		if !exempt && r.global.After(until) {
			until = r.global
		}
		if until.IsZero() || !until.After(time.Now()) {
			r.mu.Unlock()
			return nil
		}
		r.mu.Unlock()
		if err := sleep(ctx, time.Until(until)); err != nil {
			return fmt.Errorf("waiting for Discord's rate limit: %w", err)
		}
	}
}

// learn records a bucket's state from an answer's headers.
func (r *rest) learn(key string, h http.Header) {
	rem, err1 := strconv.Atoi(h.Get("X-RateLimit-Remaining"))
	after, err2 := strconv.ParseFloat(h.Get("X-RateLimit-Reset-After"), 64)
	if err1 != nil || err2 != nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if rem > 0 {
		// Only an exhausted bucket holds requests back; forgetting the
		// others keeps the map small (every interaction is a route).
		delete(r.buckets, key)
		return
	}
	now := time.Now()
	r.buckets[key] = &bucket{remaining: rem, reset: now.Add(time.Duration(after * float64(time.Second)))}
	if len(r.buckets) > 256 {
		for k, b := range r.buckets {
			if !b.reset.After(now) {
				delete(r.buckets, k)
			}
		}
	}
}

// tooMany is Discord's 429 body.
type tooMany struct {
	Message    string  `json:"message"`
	RetryAfter float64 `json:"retry_after"`
	Global     bool    `json:"global"`
}

// do sends one request and returns the answer's body (data and ct come
// from encode). A 429 is waited out and the request sent again; other
// failures come back as *discordgo.RESTError carrying Discord's error code.
func (r *rest) do(ctx context.Context, method, url string, data body) ([]byte, error) {
	exempt := interactionRoute(url)
	key := routeKey(method, url)
	for attempt := 0; ; attempt++ {
		if err := r.wait(ctx, key, exempt); err != nil {
			return nil, err
		}
		req, err := http.NewRequestWithContext(ctx, method, url, data.reader())
		if err != nil {
			return nil, err
		}
		// The length and a way to read the body again, which net/http
		// sets itself only for the reader types it knows: without
		// GetBody a request on a connection the server closed (an HTTP/2
		// GOAWAY) is not retried.
		req.ContentLength = data.size
		req.GetBody = func() (io.ReadCloser, error) { return io.NopCloser(data.reader()), nil }
		if !exempt {
			req.Header.Set("Authorization", r.token)
		}
		if data.contentType != "" {
			req.Header.Set("Content-Type", data.contentType)
		}
		req.Header.Set("User-Agent", r.userAgent)
		resp, err := r.client.Do(req)
		if err != nil {
			return nil, err
		}
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return nil, err
		}
		r.learn(key, resp.Header)
		switch {
		case resp.StatusCode >= 200 && resp.StatusCode < 300:
			return raw, nil
		case resp.StatusCode == http.StatusTooManyRequests && attempt < maxRateLimitRetries:
			var tm tooMany
			_ = json.Unmarshal(raw, &tm)
			d := time.Duration(tm.RetryAfter * float64(time.Second))
			if d <= 0 {
				s, _ := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64)
				d = time.Duration(s * float64(time.Second))
			}
			global := tm.Global || resp.Header.Get("X-RateLimit-Global") != ""
			r.mu.Lock()
			if global {
				if until := time.Now().Add(d); until.After(r.global) {
					r.global = until
				}
			} else {
				r.buckets[key] = &bucket{remaining: 0, reset: time.Now().Add(d)}
			}
			r.mu.Unlock()
			r.log.Warn("Discord rate limit; waiting", "route", key, "global", global, "retry_after", d)
			if global && exempt {
				// Not ours to wait for: callbacks are exempt from the
				// global limit. Try again at once, but only once more.
				d = 0
			}
			if err := sleep(ctx, d); err != nil {
				return nil, fmt.Errorf("waiting for Discord's rate limit: %w", err)
			}
		default:
			return nil, restError(req, resp, raw)
		}
	}
}

// restError is discordgo's error type, so code() reads Discord's code.
func restError(req *http.Request, resp *http.Response, body []byte) error {
	re := &discordgo.RESTError{Request: req, Response: resp, ResponseBody: body}
	var msg discordgo.APIErrorMessage
	if json.Unmarshal(body, &msg) == nil && (msg.Code != 0 || msg.Message != "") {
		re.Message = &msg
	}
	return re
}

// status is the HTTP status of a failed request, 0 when there was none.
func status(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode
	}
	return 0
}

// call encodes and sends a request, decoding the answer into out (if not
// nil).
func (r *rest) call(ctx context.Context, method, url string, payload any, fs []*discordgo.File, out any) error {
	data, err := encode(payload, fs)
	if err != nil {
		return err
	}
	raw, err := r.do(ctx, method, url, data)
	if err != nil || out == nil {
		return err
	}
	return json.Unmarshal(raw, out)
}
