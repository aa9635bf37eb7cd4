package discord

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/pacing"
)

// testREST is a REST client of its own limits, sending through c.
func testREST(c *http.Client, global *GlobalLimit) *rest {
	if global == nil {
		global = NewGlobalLimit(DefaultRequestsPerSecond, time.Second)
	}
	return &rest{client: c, token: "Bot t", global: global, buckets: newBuckets(), maxWait: DefaultMaxWait,
		log: slog.New(slog.NewTextHandler(io.Discard, nil))}
}

// Discord counts per-route limits per top-level resource ("channels
// (channel_id), guilds (guild_id), and webhooks (webhook_id or webhook_id +
// webhook_token)"): other ids share the route's bucket, and tokens stay out
// of what is shown.
func TestRoutes(t *testing.T) {
	for _, c := range []struct{ method, url, template, major, shown string }{
		{"POST", discordgo.EndpointChannelMessages("901"), "POST channels/{id}/messages", "channels/901", "POST channels/901/messages"},
		{"PATCH", discordgo.EndpointChannelMessage("902", "556"), "PATCH channels/{id}/messages/{id}", "channels/902", "PATCH channels/902/messages/556"},
		{"POST", discordgo.EndpointInteractionResponse("777", "tok"), "POST interactions/{id}/{token}/callback", "interactions/777/tok",
			"POST interactions/777/{token}/callback"},
		{"POST", discordgo.EndpointWebhookToken("4000", "tok") + "?wait=true", "POST webhooks/{id}/{token}", "webhooks/4000/tok", "POST webhooks/4000/{token}"},
		{"PATCH", discordgo.EndpointWebhookMessage("4000", "tok", "@original"), "PATCH webhooks/{id}/{token}/messages/@original",
			"webhooks/4000/tok", "PATCH webhooks/4000/{token}/messages/@original"},
		{"PUT", discordgo.EndpointApplicationGuildCommands("4000", "900"), "PUT applications/{id}/guilds/{id}/commands", "guilds/900",
			"PUT applications/4000/guilds/900/commands"},
		{"GET", discordgo.EndpointGatewayBot, "GET gateway/bot", "", "GET gateway/bot"},
	} {
		rt := parseRoute(c.method, c.url)
		if rt.template != c.template || rt.major != c.major || rt.shown != c.shown {
			t.Errorf("parseRoute(%s %s) = %+v, want %q %q %q", c.method, c.url, rt, c.template, c.major, c.shown)
		}
	}
	if !interactionRoute(discordgo.EndpointInteractionResponse("1", "t")) || !interactionRoute(discordgo.EndpointWebhookToken("1", "t")) ||
		interactionRoute(discordgo.EndpointChannelMessages("1")) {
		t.Error("interactionRoute tells callbacks and follow-ups from the bot's own requests wrongly")
	}
}

func TestRedactURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://discord.com/api/v10/interactions/77/aW50ZXJhY3Rpb24/callback": "https://discord.com/api/v10/interactions/77/{token}/callback",
		"https://discord.com/api/v10/webhooks/40/aW50ZXJhY3Rpb24?wait=true":    "https://discord.com/api/v10/webhooks/40/{token}?wait=true",
		"https://discord.com/api/v10/webhooks/40/aW50ZXJhY3Rpb24":              "https://discord.com/api/v10/webhooks/40/{token}",
		"https://discord.com/api/v10/channels/1/messages":                      "https://discord.com/api/v10/channels/1/messages",
	} {
		if got := redactURL(in); got != want {
			t.Errorf("redactURL(%s) = %s, want %s", in, got, want)
		}
	}
}

// An HTTP client error names the URL it could not reach: an interaction's
// token never comes back in it.
func TestClientErrorHasNoToken(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	base := srv.URL
	srv.Close() // nothing listens there any more
	r := testREST(srv.Client(), nil)
	const token = "aW50ZXJhY3Rpb246c2VjcmV0"
	for _, url := range []string{base + "/interactions/77/" + token + "/callback", base + "/webhooks/40/" + token + "?wait=true"} {
		_, err := r.do(context.Background(), http.MethodPost, url, body{})
		if err == nil {
			t.Fatalf("a request to a closed port succeeded")
		}
		if strings.Contains(err.Error(), token) || !strings.Contains(err.Error(), "{token}") {
			t.Errorf("client error %q: want the URL without its token", err)
		}
	}
}

// Only idle states are dropped past the bound, so the per-interaction
// routes do not pile up.
func TestBucketsStaySmall(t *testing.T) {
	b := newBuckets()
	h := http.Header{"X-Ratelimit-Limit": {"5"}, "X-Ratelimit-Remaining": {"4"}, "X-Ratelimit-Reset-After": {"0.000"},
		"X-Ratelimit-Bucket": {"cb"}}
	ctx := context.Background()
	for i := 0; i < 3*maxBuckets; i++ {
		rt := parseRoute("POST", discordgo.EndpointInteractionResponse("1", "tok"+string(rune('a'+i%26))+strings.Repeat("x", i/26)))
		st, err := b.acquire(ctx, rt, pacing.Urgent, time.Now().Add(time.Second))
		if err != nil {
			t.Fatal(err)
		}
		b.release(st, rt, h, 204)
	}
	if n := len(b.states); n > maxBuckets {
		t.Errorf("%d bucket states kept, want at most %d", n, maxBuckets)
	}
}

// An exhausted bucket whose reset is further away than the request's
// deadline fails the request at once, with an error the caller can queue
// on; nothing is sent.
func TestBucketWaitPastDeadlineFailsFast(t *testing.T) {
	d := newMiniDiscord(t)
	d.bucketLimit, d.bucketWindow = 1, time.Minute
	r := testREST(d.client(), nil)
	url := discordgo.EndpointChannelMessages("901")
	if _, err := r.do(context.Background(), http.MethodPost, url, body{}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := r.do(ctx, http.MethodPost, url, body{})
	var le *pacing.LimitedError
	if !errors.As(err, &le) || !errors.Is(err, pacing.ErrLimited) || le.Scope != pacing.ScopeBucket || time.Until(le.Until) < 30*time.Second {
		t.Fatalf("second request on an emptied bucket: %v, want a bucket LimitedError about a minute away", err)
	}
	if ctx.Err() != nil {
		t.Error("the request waited for its deadline instead of failing at once")
	}
	// Without a deadline of its own the ceiling applies.
	r.maxWait = time.Second
	if _, err := r.do(context.Background(), http.MethodPost, url, body{}); !errors.Is(err, pacing.ErrLimited) {
		t.Errorf("past the ceiling: %v", err)
	}
	// Another channel is another resource.
	if _, err := r.do(ctx, http.MethodPost, discordgo.EndpointChannelMessages("902"), body{}); err != nil {
		t.Errorf("another channel: %v", err)
	}
	if n, tooMany := d.counts(); n != 2 || tooMany != 0 {
		t.Errorf("Discord saw %d requests and answered %d with 429, want 2 and 0", n, tooMany)
	}
}

// A 429 (here the global one, announced for a minute) is not waited out
// past the request's deadline either; interaction callbacks, exempt from
// the global limit, still go.
func TestGlobal429FailsFastAndSparesCallbacks(t *testing.T) {
	d := newMiniDiscord(t)
	r := testREST(d.client(), nil)
	d.forceGlobal(time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := r.do(ctx, http.MethodPost, discordgo.EndpointChannelMessages("901"), body{})
	var le *pacing.LimitedError
	if !errors.As(err, &le) || le.Scope != pacing.ScopeGlobal {
		t.Fatalf("under a global 429 of a minute: %v, want a global LimitedError", err)
	}
	if n, _ := d.counts(); n != 1 {
		t.Errorf("%d requests reached Discord, want the one answered 429", n)
	}
	if _, err := r.do(ctx, http.MethodPost, discordgo.EndpointInteractionResponse("77", "tok"), body{}); err != nil {
		t.Errorf("a callback under the global limit: %v", err)
	}
	if ctx.Err() != nil {
		t.Error("a request waited for its deadline instead of failing at once")
	}
}

// A bound on the wait alone (pacing.WithMaxWait, as private messages sent
// under a game's lock carry) refuses a request the limits would hold
// longer, at once; a request that can go at once goes, with no deadline
// cutting its answer short.
func TestMaxWaitBoundsTheWaitNotTheRequest(t *testing.T) {
	d := newMiniDiscord(t)
	d.bucketLimit, d.bucketWindow = 1, 30*time.Second
	r := testREST(d.client(), nil)
	ctx := pacing.WithMaxWait(context.Background(), time.Second)
	url := discordgo.EndpointChannelMessages("901")
	if _, err := r.do(ctx, http.MethodPost, url, body{}); err != nil {
		t.Fatalf("a request the limits let go at once: %v", err)
	}
	_, err := r.do(ctx, http.MethodPost, url, body{})
	var le *pacing.LimitedError
	if !errors.As(err, &le) || le.Scope != pacing.ScopeBucket {
		t.Fatalf("a request the bucket would hold for seconds, under a bound of 1 s: %v, want a bucket LimitedError", err)
	}
	if n, _ := d.counts(); n != 1 {
		t.Errorf("Discord saw %d requests, want 1", n)
	}
	if w, ok := pacing.MaxWaitOf(ctx); !ok || w != time.Second {
		t.Errorf("MaxWaitOf = %v, %v", w, ok)
	}
	if _, ok := pacing.MaxWaitOf(context.Background()); ok {
		t.Error("a bound read from a context without one")
	}
}
