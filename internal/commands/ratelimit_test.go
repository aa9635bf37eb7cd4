package commands

import (
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// A fake wall clock for the limiter.
type limitClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *limitClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *limitClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestRateLimiterBucket(t *testing.T) {
	clock := &limitClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	l := &rateLimiter{limit: RateLimit{Burst: 3, PerSecond: 1, NoticeEvery: time.Minute}, now: clock.now, users: map[string]*bucket{}}
	for i := 0; i < 3; i++ {
		if ok, _ := l.allow("u"); !ok {
			t.Fatalf("interaction %d of a burst of 3 refused", i+1)
		}
	}
	if ok, notify := l.allow("u"); ok || !notify {
		t.Fatalf("4th at once: ok=%v notify=%v, want refused with the one notice", ok, notify)
	}
	for i := 0; i < 20; i++ {
		if ok, notify := l.allow("u"); ok || notify {
			t.Fatalf("flood click %d: ok=%v notify=%v, want refused silently", i, ok, notify)
		}
	}
	if ok, _ := l.allow("v"); !ok {
		t.Fatal("another user was limited by u's flood")
	}
	clock.add(time.Second)
	if ok, _ := l.allow("u"); !ok {
		t.Fatal("a token refilled after a second, but u was refused")
	}
	if ok, notify := l.allow("u"); ok || notify {
		t.Fatal("u told twice within NoticeEvery")
	}
	clock.add(time.Minute)
	for i := 0; i < 3; i++ {
		l.allow("u")
	}
	if ok, notify := l.allow("u"); ok || !notify {
		t.Fatal("a new flood a minute later should be explained once more")
	}
}

func TestRateLimiterForgetsCalmUsers(t *testing.T) {
	clock := &limitClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	l := &rateLimiter{limit: RateLimit{Burst: 2, PerSecond: 1, NoticeEvery: time.Minute}, now: clock.now, users: map[string]*bucket{}}
	for i := 0; i < pruneAt; i++ {
		l.allow(strings.Repeat("x", i%7) + string(rune('a'+i%26)) + time.Duration(i).String())
	}
	clock.add(time.Hour)
	l.allow("newcomer")
	if len(l.users) > 1 {
		t.Fatalf("the limiter still remembers %d users whose buckets refilled an hour ago", len(l.users))
	}
}

// One user hammering a game's button from many goroutines gets exactly one
// notice and silent acknowledgements, never reaches the game beyond their
// burst, and another player's moves in another game all go through.
func TestRateLimitHammering(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	clock := &limitClock{t: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	h.r.SetRateLimit(RateLimit{Burst: 5, PerSecond: 1, NoticeEvery: time.Minute})
	h.r.limiter.now = clock.now
	turn := h.turn()
	id := turn.m.Rows[0].Buttons[0].CustomID
	const clicks = 400
	var notices, silent, handled atomic.Int64
	var wg sync.WaitGroup
	for i := 0; i < clicks; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := h.clickID("mallory", nil, id) // not a player: every handled click is refused
			switch {
			case r.Kind == Ack:
				silent.Add(1)
			case strings.Contains(r.Message.Content, "faster than I can keep up"):
				notices.Add(1)
			default:
				handled.Add(1)
			}
		}()
	}
	// Meanwhile the players play on: alice adds, bob answers.
	for _, step := range []struct{ user, move string }{{"alice", "add 1"}, {"bob", "ok"}, {"bob", "add 2"}, {"alice", "ok"}} {
		r := h.cmd(step.user, "tally", "move", "move="+step.move)
		if !strings.Contains(r.Message.Content, "Played") {
			t.Fatalf("%s's %q during the flood: %+v", step.user, step.move, r)
		}
	}
	wg.Wait()
	if notices.Load() != 1 {
		t.Errorf("the flooding user got %d notices, want exactly 1", notices.Load())
	}
	if handled.Load() != 5 {
		t.Errorf("%d of the flood's clicks reached the game, want the burst of 5", handled.Load())
	}
	if silent.Load() != clicks-6 {
		t.Errorf("%d clicks acknowledged silently, want %d", silent.Load(), clicks-6)
	}
	t.Logf("flood: %d clicks by one user: %d handled, %d notice, %d silent; the other players' 4 moves all played", clicks, handled.Load(), notices.Load(), silent.Load())
}

// Typed commands over the limit are each answered (Discord needs a
// message for a slash command), autocomplete gets no suggestions.
func TestRateLimitSlashAndAutocomplete(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	h.r.SetRateLimit(RateLimit{Burst: 1, PerSecond: 0.0001, NoticeEvery: time.Hour})
	h.cmd("alice", "game", "status")
	for i := 0; i < 3; i++ {
		mustEphemeral(t, h.cmd("alice", "game", "status"), "faster than I can keep up")
	}
	in := Interaction{Type: Autocomplete, Guild: "g", Channel: chanID, User: User{ID: "alice", Name: NameOf("alice")}, Command: "tally", Sub: "move",
		Options: map[string]string{"move": "a"}, Focused: "move"}
	if r := h.r.Handle(t.Context(), in); r.Kind != Choices || len(r.Suggestions) != 0 {
		t.Fatalf("autocomplete over the limit: %+v", r)
	}
	h.r.SetRateLimit(RateLimit{})
	if r := h.cmd("alice", "game", "status"); strings.Contains(r.Message.Content, "faster") {
		t.Fatal("limit still applied after it was turned off")
	}
}
