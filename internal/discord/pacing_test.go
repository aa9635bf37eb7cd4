package discord

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/pacing"
)

// miniDiscord answers every request as Discord's rate limits would, and no
// more: per-route buckets that fill and drain per top-level resource, with
// the documented headers, routes that share a bucket, and the global limit
// on requests made with the bot token (interaction endpoints exempt),
// counted in a sliding window, the strictest reading of "50 requests per
// second". What goes beyond either is answered 429 and counted.
type miniDiscord struct {
	srv *httptest.Server

	mu           sync.Mutex
	bucketLimit  int
	bucketWindow time.Duration
	globalLimit  int
	globalWindow time.Duration
	shared       map[string]string // route template -> bucket, for routes that share one
	windows      map[string]*miniWindow
	recent       []time.Time // bot-token requests within the global window
	globalUntil  time.Time
	requests     int
	tooMany      int
	scopes       []string // of each 429, with its route
}

type miniWindow struct {
	start time.Time
	n     int
}

func newMiniDiscord(t *testing.T) *miniDiscord {
	d := &miniDiscord{bucketLimit: 5, bucketWindow: time.Second, globalLimit: 50, globalWindow: time.Second,
		shared: map[string]string{}, windows: map[string]*miniWindow{}}
	d.srv = httptest.NewServer(http.HandlerFunc(d.serve))
	t.Cleanup(d.srv.Close)
	return d
}

// client sends every request, whatever its host, to the mini Discord.
func (d *miniDiscord) client() *http.Client {
	return &http.Client{Transport: roundTrip(func(r *http.Request) (*http.Response, error) {
		out := r.Clone(r.Context())
		out.URL.Scheme, out.URL.Host = "http", strings.TrimPrefix(d.srv.URL, "http://")
		return http.DefaultTransport.RoundTrip(out)
	})}
}

func (d *miniDiscord) forceGlobal(dur time.Duration) {
	d.mu.Lock()
	d.globalUntil = time.Now().Add(dur)
	d.mu.Unlock()
}

func (d *miniDiscord) counts() (requests, tooMany int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.requests, d.tooMany
}

func (d *miniDiscord) serve(w http.ResponseWriter, r *http.Request) {
	rt := parseRoute(r.Method, discordgo.EndpointAPI+strings.TrimPrefix(r.URL.Path, "/api/v"+discordgo.APIVersion+"/"))
	d.mu.Lock()
	defer d.mu.Unlock()
	d.requests++
	now := time.Now()
	if r.Header.Get("Authorization") != "" {
		for len(d.recent) > 0 && !d.recent[0].Add(d.globalWindow).After(now) {
			d.recent = d.recent[1:]
		}
		wait := time.Until(d.globalUntil)
		if wait <= 0 && len(d.recent) >= d.globalLimit {
			wait = d.recent[0].Add(d.globalWindow).Sub(now)
		}
		if wait > 0 {
			d.tooMany++
			d.scopes = append(d.scopes, "global "+rt.shown)
			w.Header().Set("X-RateLimit-Global", "true")
			w.Header().Set("X-RateLimit-Scope", "global")
			w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds()+1)))
			w.WriteHeader(http.StatusTooManyRequests)
			fmt.Fprintf(w, `{"message":"You are being rate limited.","retry_after":%.3f,"global":true}`, wait.Seconds())
			return
		}
		d.recent = append(d.recent, now)
	}
	bucket := d.shared[rt.template]
	if bucket == "" {
		bucket = fmt.Sprintf("%x", rt.template)
	}
	win := d.windows[bucket+rt.major]
	if win == nil || !win.start.Add(d.bucketWindow).After(now) {
		win = &miniWindow{start: now}
		d.windows[bucket+rt.major] = win
	}
	after := win.start.Add(d.bucketWindow).Sub(now)
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(d.bucketLimit))
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat(after.Seconds(), 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", bucket)
	if win.n >= d.bucketLimit {
		d.tooMany++
		d.scopes = append(d.scopes, "bucket "+rt.shown)
		h.Set("X-RateLimit-Remaining", "0")
		h.Set("X-RateLimit-Scope", "user")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprintf(w, `{"message":"You are being rate limited.","retry_after":%.3f,"global":false}`, after.Seconds())
		return
	}
	win.n++
	h.Set("X-RateLimit-Remaining", strconv.Itoa(d.bucketLimit-win.n))
	h.Set("Content-Type", "application/json")
	fmt.Fprint(w, `{"id":"1"}`)
}

// Requests are paced to every bucket and to the global limit before
// Discord has to answer 429: a burst many times both limits, to several
// channels, over two routes that share a bucket, goes through without a
// single 429 however the machine schedules it. Which routes share a bucket
// is learned from the first answer on each route (X-RateLimit-Bucket), as
// Discord asks; until then requests on two routes are counted apart, so
// the test lets the bot meet both routes once first.
func TestPacedBeforeDiscordSays429(t *testing.T) {
	d := newMiniDiscord(t)
	d.bucketLimit, d.bucketWindow = 4, 150*time.Millisecond
	d.globalLimit, d.globalWindow = 10, 200*time.Millisecond
	d.shared["POST channels/{id}/messages"] = "messages"
	d.shared["PATCH channels/{id}/messages/{id}"] = "messages"
	r := testREST(d.client(), NewGlobalLimit(10, 200*time.Millisecond))
	r.maxWait = time.Hour // this test is about pacing, not about giving up
	for _, req := range []struct{ method, url string }{
		{http.MethodPost, discordgo.EndpointChannelMessages("900")},
		{http.MethodPatch, discordgo.EndpointChannelMessage("900", "5")},
	} {
		if _, err := r.do(context.Background(), req.method, req.url, body{}); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := 0; i < 60; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			channel := strconv.Itoa(901 + i%4)
			url := discordgo.EndpointChannelMessages(channel)
			method := http.MethodPost
			if i%3 == 0 {
				url, method = discordgo.EndpointChannelMessage(channel, "555"), http.MethodPatch
			}
			if _, err := r.do(context.Background(), method, url, body{}); err != nil {
				errs <- err
			}
		}()
	}
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Callbacks take nothing from the global budget.
			if _, err := r.do(context.Background(), http.MethodPost, discordgo.EndpointInteractionResponse(strconv.Itoa(i), "tok"), body{}); err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("request failed: %v", err)
	}
	if n, tooMany := d.counts(); n != 82 || tooMany != 0 {
		t.Errorf("Discord saw %d requests and answered %d with 429 (%v), want 82 and none", n, tooMany, d.scopes)
	}
}

// Spare requests take only what the reserve for urgent ones leaves, and
// never wait: they fail at once, saying when to try again. The budget says
// how much is spare.
func TestSpareBudget(t *testing.T) {
	d := newMiniDiscord(t)
	d.bucketLimit, d.globalLimit, d.globalWindow = 100, 100, time.Minute
	g := NewGlobalLimit(10, time.Minute) // a long window: nothing frees during the test
	r := testREST(d.client(), g)
	spare := pacing.WithPriority(context.Background(), pacing.Spare)
	if b := g.budget(); b.Free != 10 || b.Reserve != 2 || b.Spare() != 8 {
		t.Fatalf("fresh budget %+v", b)
	}
	for i := 0; i < 8; i++ {
		if _, err := r.do(spare, http.MethodPatch, discordgo.EndpointChannelMessage("901", strconv.Itoa(i)), body{}); err != nil {
			t.Fatalf("spare request %d with budget to spare: %v", i, err)
		}
	}
	if b := g.budget(); b.Free != 2 || b.Spare() != 0 || b.Next <= 0 {
		t.Errorf("budget after 8 requests: %+v", b)
	}
	_, err := r.do(spare, http.MethodPatch, discordgo.EndpointChannelMessage("901", "9"), body{})
	var le *pacing.LimitedError
	if !errors.As(err, &le) || le.Scope != pacing.ScopeGlobal || le.Priority != pacing.Spare || !le.Until.After(time.Now()) {
		t.Fatalf("spare request into the reserve: %v", err)
	}
	for i := 0; i < 2; i++ {
		if _, err := r.do(context.Background(), http.MethodPost, discordgo.EndpointChannelMessages("901"), body{}); err != nil {
			t.Fatalf("urgent request %d in the reserve: %v", i, err)
		}
	}
	if _, err := r.do(context.Background(), http.MethodPost, discordgo.EndpointInteractionResponse("5", "tok"), body{}); err != nil {
		t.Fatalf("a callback with no budget left: %v", err)
	}
	if b := g.budget(); b.Free != 0 {
		t.Errorf("budget after 10 bot-token requests and a callback: %+v", b)
	}
	if n, tooMany := d.counts(); n != 11 || tooMany != 0 {
		t.Errorf("Discord saw %d requests (%d answered 429), want 11 (none)", n, tooMany)
	}
}

// A spare request never waits for its bucket either.
func TestSpareRequestOnAnEmptyBucket(t *testing.T) {
	d := newMiniDiscord(t)
	d.bucketLimit, d.bucketWindow = 1, time.Minute
	r := testREST(d.client(), nil)
	url := discordgo.EndpointChannelMessage("901", "5")
	if _, err := r.do(context.Background(), http.MethodPatch, url, body{}); err != nil {
		t.Fatal(err)
	}
	_, err := r.do(pacing.WithPriority(context.Background(), pacing.Spare), http.MethodPatch, url, body{})
	var le *pacing.LimitedError
	if !errors.As(err, &le) || le.Scope != pacing.ScopeBucket {
		t.Fatalf("spare request on an empty bucket: %v", err)
	}
	if n, _ := d.counts(); n != 1 {
		t.Errorf("%d requests reached Discord, want 1", n)
	}
}
