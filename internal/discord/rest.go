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
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/pacing"
	"standoff/internal/telemetry"
)

// rest sends the bot's REST requests. It replaces discordgo's shared rate
// limiter, which only reacts (it waits once Discord answered 429), lets a
// global 429 hold interaction callbacks although Discord exempts them
// ("interaction endpoints are not bound to the bot's global rate limit"),
// and sleeps past any context. Here requests are paced before Discord has
// to say 429: bot-token requests to the global limit (global.go), every
// request to its bucket (buckets.go); requests authenticated by an
// interaction's token (callbacks, follow-ups, @original edits) never wait
// for the global limit; and no wait outlives the request's deadline or
// maxWait: a request that could not go in time fails at once with a
// *pacing.LimitedError the caller can queue on.
type rest struct {
	client    *http.Client
	token     string // "Bot ..."
	userAgent string
	log       *slog.Logger
	global    *GlobalLimit
	buckets   *buckets
	maxWait   time.Duration
	metrics   *telemetry.Metrics // nil: none
	waits     budgetWaits
}

// DefaultMaxWait is how long a request may wait for a rate limit when its
// context allows longer.
const DefaultMaxWait = 10 * time.Second

func newREST(s *discordgo.Session, log *slog.Logger, global *GlobalLimit, maxWait time.Duration) *rest {
	return &rest{client: s.Client, token: s.Token, userAgent: s.UserAgent, log: log, global: global, buckets: newBuckets(), maxWait: maxWait}
}

// maxRateLimitRetries bounds how often one request is sent again after a
// 429.
const maxRateLimitRetries = 5

// interactionRoute reports requests authenticated by an interaction token.
func interactionRoute(url string) bool {
	return strings.HasPrefix(url, discordgo.EndpointAPI+"interactions/") || strings.HasPrefix(url, discordgo.EndpointWebhooks)
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

// tooMany is Discord's 429 body.
type tooMany struct {
	Message    string  `json:"message"`
	RetryAfter float64 `json:"retry_after"`
	Global     bool    `json:"global"`
}

// deadline is the latest a request may still be sent: its context's
// deadline, and no later than maxWait (or its context's own bound,
// pacing.WithMaxWait; for the wait for the bot token's global budget,
// pacing.WithBudgetWait too) from now.
func (r *rest) deadline(ctx context.Context, budget bool) time.Time {
	wait := r.maxWait
	if w, ok := pacing.MaxWaitOf(ctx); ok && w < wait {
		wait = w
	}
	if w, ok := pacing.BudgetWaitOf(ctx); ok && w < wait && budget {
		wait = w
	}
	d := time.Now().Add(wait)
	if cd, ok := ctx.Deadline(); ok && cd.Before(d) {
		return cd
	}
	return d
}

// do sends one request and returns the answer's body (data and ct come
// from encode), paced to its bucket and (unless exempt) the global limit.
// A 429 is waited out the same way and the request sent again; other
// failures come back as *discordgo.RESTError carrying Discord's error
// code; a wait that would outlast the deadline as *pacing.LimitedError.
func (r *rest) do(ctx context.Context, method, url string, data body) ([]byte, error) {
	exempt := interactionRoute(url)
	rt := parseRoute(method, url)
	prio := pacing.PriorityOf(ctx)
	rank := pacing.RankOf(ctx)
	// A request waits for its own bucket up to its deadline; for the bot
	// token's global budget, which every game shares, up to its budget
	// bound too (pacing.WithBudgetWait).
	deadline, budgetDeadline := r.deadline(ctx, false), r.deadline(ctx, true)
	for attempt := 0; ; attempt++ {
		waiting := time.Now()
		if !exempt {
			if err := r.global.check(prio, budgetDeadline, rt.shown); err != nil {
				r.waits.refused(exempt, rank, rt.template, err)
				return nil, err
			}
		}
		st, err := r.buckets.acquire(ctx, rt, prio, deadline)
		if err != nil {
			r.waits.refused(exempt, rank, rt.template, err)
			return nil, rateWaitError(err)
		}
		var answered func()
		if !exempt && attempt == 0 && pacing.ReservationOf(ctx).Take() {
			answered = r.global.release // its place was kept (Reserve)
		} else if !exempt {
			if answered, err = r.global.acquire(ctx, prio, budgetDeadline, rt.shown); err != nil {
				r.buckets.cancel(st)
				r.waits.refused(exempt, rank, rt.template, err)
				return nil, rateWaitError(err)
			}
		}
		r.metrics.RateLimitWait(!exempt, waiting)
		r.waits.sent(exempt, rank, time.Since(waiting))
		resp, raw, err := r.send(ctx, method, url, data, exempt)
		r.metrics.DiscordRequest(rt.template, !exempt, resp)
		if answered != nil {
			answered()
		}
		if err != nil {
			r.buckets.release(st, rt, nil, 0)
			return nil, redactError(err)
		}
		r.buckets.release(st, rt, resp.Header, resp.StatusCode)
		switch {
		case resp.StatusCode >= 200 && resp.StatusCode < 300:
			return raw, nil
		case resp.StatusCode == http.StatusTooManyRequests && attempt < maxRateLimitRetries:
			r.tooMany(rt, resp, raw, exempt)
		default:
			return nil, restError(resp, raw)
		}
	}
}

// rateWaitError names what a wait for a rate limit ended with.
func rateWaitError(err error) error {
	if errors.Is(err, pacing.ErrLimited) {
		return err
	}
	return fmt.Errorf("waiting for Discord's rate limit: %w", err)
}

// tooMany records what a 429 says: the global limit, or the route's
// bucket, holds requests for retry_after. The next attempt waits for it
// like any paced request. Callbacks are exempt from the global limit: a
// global 429 on one is not theirs to wait for.
func (r *rest) tooMany(rt route, resp *http.Response, raw []byte, exempt bool) {
	var tm tooMany
	_ = json.Unmarshal(raw, &tm)
	d := time.Duration(tm.RetryAfter * float64(time.Second))
	if d <= 0 {
		s, _ := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64)
		d = time.Duration(s * float64(time.Second))
	}
	scope := resp.Header.Get("X-RateLimit-Scope")
	global := tm.Global || resp.Header.Get("X-RateLimit-Global") != "" || scope == "global"
	until := time.Now().Add(d)
	r.metrics.RateLimited(global, scope)
	switch {
	case global && !exempt:
		r.global.block(until)
	case !global:
		r.buckets.hold(rt, until)
	}
	r.log.Warn("Discord answered 429 (rate limited)", "route", rt.shown, "global", global, "scope", scope, "retry_after", d)
}

// send makes one attempt.
func (r *rest) send(ctx context.Context, method, url string, data body, exempt bool) (*http.Response, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, data.reader())
	if err != nil {
		return nil, nil, err
	}
	// The length and a way to read the body again, which net/http sets
	// itself only for the reader types it knows: without GetBody a request
	// on a connection the server closed (an HTTP/2 GOAWAY) is not retried.
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
		return nil, nil, err
	}
	raw, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return nil, nil, err
	}
	return resp, raw, nil
}

// restError is discordgo's error type, so code() reads Discord's code.
// The request is left out: its URL may hold an interaction token.
func restError(resp *http.Response, body []byte) error {
	resp.Request = nil
	re := &discordgo.RESTError{Response: resp, ResponseBody: body}
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

// retry runs a REST call again after a server error, backing off. Only
// calls that cannot be doubled use it: edits, DM channel creation,
// interaction callbacks (a second one is refused) and message creates that
// carry an enforced nonce.
func (r *rest) retry(ctx context.Context, f func() error) error {
	delay := 250 * time.Millisecond
	var err error
	for attempt := 1; ; attempt++ {
		if err = f(); err == nil || !serverError(err) || attempt == 4 {
			return err
		}
		r.log.Warn("Discord answered with a server error; trying again", "attempt", attempt, "after", delay, "err", err)
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return err
		}
		delay *= 2
	}
}

// sendRetried sends a request that may safely be repeated, retrying server
// errors.
func (r *rest) sendRetried(ctx context.Context, method, url string, payload any, fs []*discordgo.File) error {
	data, err := encode(payload, fs)
	if err != nil {
		return err
	}
	return r.retry(ctx, func() error {
		_, err := r.do(ctx, method, url, data)
		return err
	})
}
