package discord

import (
	"context"
	"net/http"
	"runtime"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/pacing"
)

// dmRoute is the bot's one DM-channel bucket: POST /users/@me/channels,
// counted for the whole application (no top-level resource).
var dmRoute = parseRoute(http.MethodPost, discordgo.EndpointUserChannels("@me"))

// oneAtATime is what Discord answers of a bucket of one request whose
// window resets at once: the window used, the next one open. The order in
// which the requests waiting for it go is then the bucket's choice alone,
// never a clock's.
func oneAtATime() http.Header {
	h := http.Header{}
	h.Set("X-RateLimit-Limit", "1")
	h.Set("X-RateLimit-Remaining", "0")
	h.Set("X-RateLimit-Reset-After", "0")
	return h
}

// heldBucket is the DM-channel bucket with its one request taken (the
// request that learns the limit, in flight).
func heldBucket(t *testing.T) (*buckets, *bucketState) {
	t.Helper()
	b := newBuckets()
	st, err := b.acquire(context.Background(), dmRoute, pacing.Urgent, time.Now().Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	return b, st
}

// bucketWaiting is how many requests wait in the DM-channel bucket's
// line.
func bucketWaiting(b *buckets) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stateLocked(dmRoute).line.len()
}

// orderedOpenings queues requests for the DM-channel bucket, one after
// another in the order given (each waiting before the next arrives), then
// answers one request at a time and returns the order in which they got
// the bucket.
func orderedOpenings(t *testing.T, reqs []grantReq) []string {
	t.Helper()
	b, held := heldBucket(t)
	type grant struct {
		name string
		st   *bucketState
	}
	granted := make(chan grant)
	for i, r := range reqs {
		ctx := pacing.WithServer(pacing.WithRank(context.Background(), r.rank), r.server)
		go func() {
			st, err := b.acquire(ctx, dmRoute, pacing.Urgent, time.Now().Add(time.Hour))
			if err != nil {
				t.Error(r.name, err)
				return
			}
			granted <- grant{r.name, st}
		}()
		for bucketWaiting(b) < i+1 { // arrived, in this order
			runtime.Gosched()
		}
	}
	b.release(held, dmRoute, oneAtATime(), http.StatusOK)
	var order []string
	for range reqs {
		gr := <-granted
		order = append(order, gr.name)
		b.release(gr.st, dmRoute, oneAtATime(), http.StatusOK)
	}
	return order
}

// A move opens its players' DM channels under its game's lock without
// waiting (pacing.WithMaxWait 0). It must not take the request a waiter
// of a better or equal rank is queued for, even in the moment the bucket
// has room and that waiter has not woken yet; it may take it from a
// worse-ranked one.
func TestDMChannelBucketNoWaitOpeningKeepsTheLine(t *testing.T) {
	b, held := heldBucket(t)
	b.release(held, dmRoute, oneAtATime(), http.StatusOK) // learned: one a window
	st, err := b.acquire(context.Background(), dmRoute, pacing.Urgent, time.Now().Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	waiters := map[string]chan *bucketState{}
	queue := func(name string, rank pacing.Rank, server string) {
		ctx := pacing.WithServer(pacing.WithRank(context.Background(), rank), server)
		ch := make(chan *bucketState, 1)
		waiters[name] = ch
		n := bucketWaiting(b)
		go func() {
			got, err := b.acquire(ctx, dmRoute, pacing.Urgent, time.Now().Add(time.Hour))
			if err != nil {
				t.Error(name, err)
			}
			ch <- got
		}()
		for bucketWaiting(b) < n+1 {
			runtime.Gosched()
		}
	}
	// room makes one request free without waking anyone: the instant
	// between the bucket's reset and its waiters' turn.
	room := func() {
		b.mu.Lock()
		st.inflight--
		st.remaining, st.reset = 1, time.Time{}
		b.mu.Unlock()
	}
	noWait := func(rank pacing.Rank, server string) error {
		ctx := pacing.WithServer(pacing.WithRank(context.Background(), rank), server)
		got, err := b.acquire(ctx, dmRoute, pacing.Urgent, time.Now())
		if err == nil {
			st = got
		}
		return err
	}

	queue("quiet act", pacing.RankAct, "quiet")
	room()
	if err := noWait(pacing.RankAct, "flood"); !isLimited(err) {
		t.Fatalf("an opening that may not wait, with an act-rank opening of another server queued: %v, want a LimitedError", err)
	}
	if err := noWait(pacing.RankAct, "quiet"); !isLimited(err) {
		t.Fatalf("an opening that may not wait, with an act-rank opening of its own server queued before it: %v, want a LimitedError", err)
	}
	st = <-waiters["quiet act"] // woken by the refusals' leaving: it takes the room
	b.release(st, dmRoute, oneAtATime(), http.StatusOK)
	st, err = b.acquire(context.Background(), dmRoute, pacing.Urgent, time.Now().Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}

	queue("clean-up", pacing.RankCleanup, "quiet")
	room()
	if err := noWait(pacing.RankAct, "flood"); err != nil {
		t.Fatalf("an act-rank opening that may not wait, with only a clean-up queued: %v, want it sent", err)
	}
	b.release(st, dmRoute, oneAtATime(), http.StatusOK)
	b.release(<-waiters["clean-up"], dmRoute, oneAtATime(), http.StatusOK)
}
