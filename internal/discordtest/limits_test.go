package discordtest_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"standoff/internal/discordtest"
)

// These tests hold the fake to Discord's rate-limits page
// (docs/topics/rate-limits), one documented behaviour each. Windows are
// made long (an hour) where a test must not see one end, so none depends
// on the machine's speed; the one that waits for a reset waits as long as
// the fake says.

// answer is a raw HTTP answer of the fake.
type answer struct {
	status int
	h      http.Header
	body   []byte
}

// tooMany is the documented 429 body.
type tooMany struct {
	Message    string   `json:"message"`
	RetryAfter *float64 `json:"retry_after"`
	Global     *bool    `json:"global"`
}

func (a answer) tooMany(t *testing.T) tooMany {
	t.Helper()
	var tm tooMany
	if err := json.Unmarshal(a.body, &tm); err != nil || tm.RetryAfter == nil || tm.Global == nil {
		t.Fatalf("429 body %q is not {message, retry_after, global}", a.body)
	}
	return tm
}

// request sends a raw API request (token "" sends no Authorization), as a
// bot without a client-side limiter would.
func request(t *testing.T, fake *discordtest.Server, method, path string, body any, token string) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, "https://discord.com/api/v10"+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	resp, err := fake.HTTPClient().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, b}
}

func post(t *testing.T, fake *discordtest.Server, channel, content string) answer {
	t.Helper()
	return request(t, fake, http.MethodPost, "/channels/"+channel+"/messages", map[string]any{"content": content}, fake.Token())
}

// hourly is one route's bucket of n requests an hour, and Discord's
// invalid request limit.
func hourly(route string, n int) discordtest.Limits {
	return discordtest.Limits{Routes: map[string]discordtest.RouteLimit{route: {Bucket: route, Limit: n, Per: time.Hour}},
		InvalidRequests: discordtest.DiscordInvalidRequests, InvalidWindow: discordtest.DiscordInvalidWindow, BanFor: discordtest.DiscordBanFor}
}

func headerFloat(t *testing.T, a answer, name string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(a.h.Get(name), 64)
	if err != nil {
		t.Fatalf("%s: %q is not a number (headers %v)", name, a.h.Get(name), a.h)
	}
	return f
}

// "All bots can make up to 50 requests per second to our API": the
// default, and the message bucket Discord's header example shows
// ("X-RateLimit-Limit: 5"), as the first message's answer carries it.
func TestDiscordDefaults(t *testing.T) {
	t.Parallel()
	l := discordtest.DiscordLimits()
	if l.Global != 50 || l.GlobalWindow != time.Second {
		t.Errorf("global limit %d per %v, want 50 per second", l.Global, l.GlobalWindow)
	}
	if l.InvalidRequests != 10000 || l.InvalidWindow != 10*time.Minute {
		t.Errorf("invalid request limit %d per %v, want 10,000 per 10 minutes", l.InvalidRequests, l.InvalidWindow)
	}
	if rl := l.Routes[discordtest.RouteSendMessage]; rl.Limit != 5 || rl.Per != 5*time.Second {
		t.Errorf("message create %+v, want 5 per 5 s", rl)
	}
	if _, ok := l.Routes[discordtest.RouteInteractionCallback]; ok {
		t.Errorf("the interaction callback has a bucket")
	}
	fake := newWorld(t)
	a := post(t, fake, chanA, "hello")
	if a.status != http.StatusOK || a.h.Get("X-RateLimit-Limit") != "5" || a.h.Get("X-RateLimit-Remaining") != "4" {
		t.Fatalf("first message: %d, limit %q remaining %q", a.status, a.h.Get("X-RateLimit-Limit"), a.h.Get("X-RateLimit-Remaining"))
	}
	if after := headerFloat(t, a, "X-RateLimit-Reset-After"); after <= 0 || after > 5 {
		t.Errorf("X-RateLimit-Reset-After %v, want within the 5 s window", after)
	}
}

// "X-RateLimit-Remaining - The number of remaining requests that can be
// made", "X-RateLimit-Reset - Epoch time ... at which the rate limit
// resets", "X-RateLimit-Bucket - A unique string denoting the rate limit":
// a bucket drains request by request, then answers the documented 429
// ("Example Exceeded User Rate Limit Response") and creates nothing.
func TestBucketDrainsThenAnswersUser429(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithLimits(hourly(discordtest.RouteSendMessage, 2)))
	first, second := post(t, fake, chanA, "one"), post(t, fake, chanA, "two")
	if first.h.Get("X-RateLimit-Remaining") != "1" || second.h.Get("X-RateLimit-Remaining") != "0" {
		t.Errorf("remaining %q then %q, want 1 then 0", first.h.Get("X-RateLimit-Remaining"), second.h.Get("X-RateLimit-Remaining"))
	}
	if id := first.h.Get("X-RateLimit-Bucket"); id == "" || id != second.h.Get("X-RateLimit-Bucket") {
		t.Errorf("bucket ids %q and %q", id, second.h.Get("X-RateLimit-Bucket"))
	}
	reset := headerFloat(t, first, "X-RateLimit-Reset")
	if now := float64(time.Now().UnixMilli()) / 1000; reset < now+3500 || reset > now+3601 {
		t.Errorf("X-RateLimit-Reset %v, want about an hour from now (%v)", reset, now)
	}
	third := post(t, fake, chanA, "three")
	if third.status != http.StatusTooManyRequests || third.h.Get("X-RateLimit-Scope") != "user" ||
		third.h.Get("X-RateLimit-Limit") != "2" || third.h.Get("X-RateLimit-Remaining") != "0" ||
		third.h.Get("X-RateLimit-Bucket") != first.h.Get("X-RateLimit-Bucket") || third.h.Get("X-RateLimit-Global") != "" {
		t.Fatalf("third message: %d %v", third.status, third.h)
	}
	tm := third.tooMany(t)
	retry := headerFloat(t, third, "Retry-After")
	if tm.Message != "You are being rate limited." || *tm.Global || *tm.RetryAfter <= 3500 || *tm.RetryAfter > 3600 ||
		retry != float64(int(retry)) || retry < *tm.RetryAfter {
		t.Errorf("429: body %s, Retry-After %v", third.body, retry)
	}
	if n := len(fake.Messages(chanA)); n != 2 {
		t.Errorf("%d messages after a refused create, want 2", n)
	}
	if st := fake.LimitStats(); st.TooMany[discordtest.ScopeUser] != 1 || st.Invalid != 1 {
		t.Errorf("stats %+v, want one user 429 counted as invalid", st)
	}
	if errs := fake.RESTErrors(); len(errs) != 1 || errs[0].Status != 429 || errs[0].Scope != discordtest.ScopeUser {
		t.Errorf("REST errors %v, want the 429 of scope user", errs)
	}
}

// "If you exceeded a rate limit when calling one endpoint /channels/1234,
// you could still call another similar endpoint like /channels/9876
// without a problem", while the bucket id is "non-inclusive of top-level
// resources in the path".
func TestBucketsCountPerTopLevelResource(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithLimits(hourly(discordtest.RouteSendMessage, 1)))
	a := post(t, fake, chanA, "one")
	if post(t, fake, chanA, "two").status != http.StatusTooManyRequests {
		t.Fatalf("the second message in %s went through a bucket of 1", chanA)
	}
	b := post(t, fake, chanB, "one")
	if b.status != http.StatusOK || b.h.Get("X-RateLimit-Remaining") != "0" {
		t.Errorf("the other channel: %d, remaining %q", b.status, b.h.Get("X-RateLimit-Remaining"))
	}
	if a.h.Get("X-RateLimit-Bucket") != b.h.Get("X-RateLimit-Bucket") {
		t.Errorf("bucket ids differ between channels: %q, %q", a.h.Get("X-RateLimit-Bucket"), b.h.Get("X-RateLimit-Bucket"))
	}
}

// "X-RateLimit-Reset-After - Total time (in seconds) of when the current
// rate limit bucket will reset": once that time has passed, the bucket is
// full again.
func TestBucketRefillsAfterReset(t *testing.T) {
	t.Parallel()
	l := discordtest.Limits{Routes: map[string]discordtest.RouteLimit{
		discordtest.RouteSendMessage: {Bucket: "create", Limit: 1, Per: 300 * time.Millisecond}}}
	fake := newWorld(t, discordtest.WithLimits(l))
	first := post(t, fake, chanA, "one")
	refused := post(t, fake, chanA, "two")
	if refused.status == http.StatusTooManyRequests {
		// Wait what the 429 says (the window may have ended already on a
		// slow machine, and then the second went through).
		time.Sleep(time.Duration(*refused.tooMany(t).RetryAfter*float64(time.Second)) + 20*time.Millisecond)
		if a := post(t, fake, chanA, "three"); a.status != http.StatusOK || a.h.Get("X-RateLimit-Remaining") != "0" {
			t.Errorf("after the reset: %d, remaining %q", a.status, a.h.Get("X-RateLimit-Remaining"))
		}
	}
	if first.status != http.StatusOK {
		t.Errorf("first message: %d", first.status)
	}
}

// "Per-route limits will be shared across a set of similar endpoints,
// indicated in the X-RateLimit-Bucket header": routes naming one bucket
// draw on one count, under one id.
func TestRoutesShareABucket(t *testing.T) {
	t.Parallel()
	shared := discordtest.RouteLimit{Bucket: "messages", Limit: 2, Per: time.Hour}
	fake := newWorld(t, discordtest.WithLimits(discordtest.Limits{Routes: map[string]discordtest.RouteLimit{
		discordtest.RouteSendMessage: shared, discordtest.RouteEditMessage: shared}}))
	created := post(t, fake, chanA, "one")
	var m struct {
		ID string `json:"id"`
	}
	_ = json.Unmarshal(created.body, &m)
	edited := request(t, fake, http.MethodPatch, "/channels/"+chanA+"/messages/"+m.ID, map[string]any{"content": "uno"}, fake.Token())
	if edited.status != http.StatusOK || edited.h.Get("X-RateLimit-Remaining") != "0" ||
		edited.h.Get("X-RateLimit-Bucket") != created.h.Get("X-RateLimit-Bucket") {
		t.Fatalf("edit: %d, remaining %q, bucket %q (create's %q)", edited.status, edited.h.Get("X-RateLimit-Remaining"),
			edited.h.Get("X-RateLimit-Bucket"), created.h.Get("X-RateLimit-Bucket"))
	}
	if a := post(t, fake, chanA, "two"); a.status != http.StatusTooManyRequests {
		t.Errorf("a create after a create and an edit in a shared bucket of 2: %d", a.status)
	}
}

// "If the route doesn't return a x-ratelimit-bucket, there is no
// ratelimit (aside from global)" (discord-api-docs#1135): a route without
// a bucket carries no X-RateLimit headers and never answers a per-route
// 429.
func TestRouteWithoutBucket(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	for i := 0; i < 10; i++ {
		a := request(t, fake, http.MethodGet, "/channels/"+chanA, nil, fake.Token())
		if a.status != http.StatusOK || a.h.Get("X-RateLimit-Bucket") != "" || a.h.Get("X-RateLimit-Limit") != "" {
			t.Fatalf("GET channel #%d: %d %v", i, a.status, a.h)
		}
	}
}

// NoLimits enforces nothing and says nothing, for comparison runs.
func TestNoLimits(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithLimits(discordtest.NoLimits()))
	for i := 0; i < 60; i++ {
		if a := post(t, fake, chanA, "spam"); a.status != http.StatusOK || a.h.Get("X-RateLimit-Limit") != "" {
			t.Fatalf("message #%d without limits: %d %v", i, a.status, a.h)
		}
	}
	if st := fake.LimitStats(); len(st.TooMany) != 0 {
		t.Errorf("429s without limits: %v", st.TooMany)
	}
}

// "All bots can make up to 50 requests per second to our API" and the
// documented "Example Exceeded Global Rate Limit Response": past the
// global limit every request with the bot token answers 429 with
// "X-RateLimit-Global: true", "X-RateLimit-Scope: global" and "global":
// true, whatever its route.
func TestGlobalLimit(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithLimits(discordtest.Limits{Global: 3, GlobalWindow: time.Hour}))
	for i := 0; i < 3; i++ {
		if a := request(t, fake, http.MethodGet, "/channels/"+chanA, nil, fake.Token()); a.status != http.StatusOK {
			t.Fatalf("request %d within the global limit: %d", i, a.status)
		}
	}
	a := post(t, fake, chanB, "over")
	if a.status != http.StatusTooManyRequests || a.h.Get("X-RateLimit-Global") != "true" || a.h.Get("X-RateLimit-Scope") != "global" {
		t.Fatalf("past the global limit: %d %v", a.status, a.h)
	}
	tm := a.tooMany(t)
	if !*tm.Global || *tm.RetryAfter <= 0 || headerFloat(t, a, "Retry-After") < *tm.RetryAfter {
		t.Errorf("global 429 body %s, Retry-After %q", a.body, a.h.Get("Retry-After"))
	}
	if n := len(fake.Messages(chanB)); n != 0 {
		t.Errorf("%d messages created past the global limit", n)
	}
	reqs := fake.Requests()
	if last := reqs[len(reqs)-1]; !last.BotToken || last.Scope != discordtest.ScopeGlobal || last.Channel != chanB {
		t.Errorf("request log: %+v", last)
	}
}

// "Interaction endpoints are not bound to the bot's Global Rate Limit":
// with the bot's global limit spent, an interaction is still answered,
// followed up and its @original edited, and those requests do not count.
func TestInteractionEndpointsAreExemptFromTheGlobalLimit(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, nil)
	registerCommands(t, dg, fake, "")
	fake.SetLimits(discordtest.Limits{Global: 1, GlobalWindow: time.Hour})
	if a := post(t, fake, chanA, "spends the limit"); a.status != http.StatusOK {
		t.Fatalf("first bot request: %d", a.status)
	}
	if a := post(t, fake, chanA, "over"); a.status != http.StatusTooManyRequests {
		t.Fatalf("second bot request: %d, want the global 429", a.status)
	}
	in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	cb := request(t, fake, http.MethodPost, "/interactions/"+in.ID()+"/"+in.Token()+"/callback",
		map[string]any{"type": 5}, "")
	hook := "/webhooks/" + fake.ApplicationID() + "/" + in.Token()
	edit := request(t, fake, http.MethodPatch, hook+"/messages/@original", map[string]any{"content": "pong"}, "")
	follow := request(t, fake, http.MethodPost, hook, map[string]any{"content": "and more"}, fake.Token())
	if cb.status != http.StatusNoContent || edit.status != http.StatusOK || follow.status != http.StatusOK {
		t.Fatalf("interaction endpoints under the global limit: callback %d, edit %d %s, follow-up %d %s",
			cb.status, edit.status, edit.body, follow.status, follow.body)
	}
	for _, r := range fake.Requests() {
		if r.Route == discordtest.RouteFollowup && (r.BotToken || r.Channel != chanA) {
			t.Errorf("follow-up logged as %+v: not a bot-token request, in %s", r, chanA)
		}
	}
}

// "Interactions webhooks share the same rate limit properties as normal
// webhooks": the follow-ups and edits of one interaction draw on one
// bucket (webhook_id + webhook_token is its top-level resource), another
// interaction's on its own.
func TestInteractionWebhooksShareABucketPerToken(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, nil)
	registerCommands(t, dg, fake, "")
	l := discordtest.DiscordLimits()
	for route, rl := range l.Routes {
		if rl.Bucket == l.Routes[discordtest.RouteFollowup].Bucket {
			rl.Per = time.Hour
			l.Routes[route] = rl
		}
	}
	fake.SetLimits(l)
	answer := func() string {
		in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
		if a := request(t, fake, http.MethodPost, "/interactions/"+in.ID()+"/"+in.Token()+"/callback",
			map[string]any{"type": 4, "data": map[string]any{"content": "pong"}}, ""); a.status != http.StatusNoContent {
			t.Fatalf("callback: %d %s", a.status, a.body)
		}
		return "/webhooks/" + fake.ApplicationID() + "/" + in.Token()
	}
	hook := answer()
	for i := 0; i < 5; i++ {
		path, method := hook, http.MethodPost
		if i%2 == 1 {
			path, method = hook+"/messages/@original", http.MethodPatch
		}
		if a := request(t, fake, method, path, map[string]any{"content": "more"}, ""); a.status != http.StatusOK ||
			a.h.Get("X-RateLimit-Remaining") != strconv.Itoa(4-i) {
			t.Fatalf("webhook request %d: %d, remaining %q", i, a.status, a.h.Get("X-RateLimit-Remaining"))
		}
	}
	if a := request(t, fake, http.MethodPost, hook, map[string]any{"content": "sixth"}, ""); a.status != http.StatusTooManyRequests {
		t.Errorf("sixth request on one interaction's webhook: %d", a.status)
	}
	other := answer()
	if a := request(t, fake, http.MethodPost, other, map[string]any{"content": "first"}, ""); a.status != http.StatusOK {
		t.Errorf("another interaction's webhook: %d", a.status)
	}
}

// The documented "Example Exceeded Resource Rate Limit Response":
// "X-RateLimit-Scope: shared", "The resource is being rate limited.", and
// "429 errors returned with X-RateLimit-Scope: shared are not counted
// against you".
func TestSharedScope(t *testing.T) {
	t.Parallel()
	l := discordtest.Limits{
		Routes:          map[string]discordtest.RouteLimit{discordtest.RouteSendMessage: {Bucket: "channel", Limit: 1, Per: time.Hour, Shared: true}},
		InvalidRequests: 2, InvalidWindow: time.Hour, BanFor: time.Hour,
	}
	fake := newWorld(t, discordtest.WithLimits(l))
	post(t, fake, chanA, "one")
	for i := 0; i < 3; i++ {
		a := post(t, fake, chanA, "again")
		if a.status != http.StatusTooManyRequests || a.h.Get("X-RateLimit-Scope") != "shared" {
			t.Fatalf("shared 429 #%d: %d %v", i, a.status, a.h)
		}
		if tm := a.tooMany(t); tm.Message != "The resource is being rate limited." || *tm.Global {
			t.Errorf("shared 429 body %s", a.body)
		}
	}
	if st := fake.LimitStats(); st.Invalid != 0 || st.Bans != 0 || st.TooMany[discordtest.ScopeShared] != 3 {
		t.Errorf("stats after shared 429s: %+v", st)
	}
}

// "IP addresses that make too many invalid HTTP requests are automatically
// and temporarily restricted ... An invalid request is one that results in
// 401, 403, or 429 statuses": 404s do not count; at the limit every
// request, interaction endpoints included, meets Cloudflare's "error code:
// 1015" until the ban ends.
func TestInvalidRequestsGetTheIPBanned(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, nil)
	registerCommands(t, dg, fake, "")
	fake.SetLimits(discordtest.Limits{InvalidRequests: 3, InvalidWindow: time.Hour, BanFor: time.Hour})
	fake.SetDMsClosed(bob, true)
	for i := 0; i < 5; i++ {
		if a := request(t, fake, http.MethodGet, "/channels/404404", nil, fake.Token()); a.status != http.StatusNotFound {
			t.Fatalf("unknown channel: %d", a.status)
		}
	}
	if st := fake.LimitStats(); st.Invalid != 0 {
		t.Fatalf("404s counted as invalid: %+v", st)
	}
	if a := request(t, fake, http.MethodGet, "/channels/"+chanA, nil, "Bot wrong"); a.status != http.StatusUnauthorized {
		t.Fatalf("bad token: %d", a.status)
	}
	if a := post(t, fake, fake.DMChannelID(bob), "hi"); a.status != http.StatusForbidden {
		t.Fatalf("closed DMs: %d", a.status)
	}
	fake.RateLimitNext(discordtest.RouteGetChannel, 1, time.Second)
	if a := request(t, fake, http.MethodGet, "/channels/"+chanA, nil, fake.Token()); a.status != http.StatusTooManyRequests {
		t.Fatalf("injected 429: %d", a.status)
	}
	if !fake.Banned() {
		t.Fatalf("not banned after 401, 403 and 429 with a limit of 3: %+v", fake.LimitStats())
	}
	in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	for _, a := range []answer{
		post(t, fake, chanA, "banned"),
		request(t, fake, http.MethodPost, "/interactions/"+in.ID()+"/"+in.Token()+"/callback", map[string]any{"type": 5}, ""),
	} {
		if a.status != http.StatusTooManyRequests || string(a.body) != "error code: 1015" || a.h.Get("X-RateLimit-Scope") != "" ||
			headerFloat(t, a, "Retry-After") < 3500 {
			t.Errorf("during the ban: %d %q %v", a.status, a.body, a.h)
		}
	}
	if st := fake.LimitStats(); st.Bans != 1 || st.TooMany[discordtest.ScopeCloudflare] != 2 {
		t.Errorf("stats during the ban: %+v", st)
	}
	fake.SetLimits(discordtest.DiscordLimits())
	if a := post(t, fake, chanA, "after"); a.status != http.StatusOK || fake.Banned() {
		t.Errorf("after SetLimits: %d, banned %v", a.status, fake.Banned())
	}
}

// The request log names whom a DM concerns, even for a request refused
// before the fake read its body, so a test can tell what each request was
// for.
func TestRequestLogNamesTheDMsUser(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithLimits(hourly(discordtest.RouteCreateDM, 1)))
	for _, u := range []string{alice, bob} {
		request(t, fake, http.MethodPost, "/users/@me/channels", map[string]any{"recipient_id": u}, fake.Token())
	}
	post(t, fake, fake.DMChannelID(alice), "your hand")
	reqs := fake.Requests()
	if len(reqs) != 3 || reqs[0].User != alice || reqs[0].Status != http.StatusOK ||
		reqs[1].User != bob || reqs[1].Status != http.StatusTooManyRequests || reqs[1].Scope != discordtest.ScopeUser ||
		reqs[2].User != alice || reqs[2].Channel != fake.DMChannelID(alice) || !reqs[2].BotToken {
		t.Errorf("request log %+v", reqs)
	}
}
