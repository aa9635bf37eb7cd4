package discord_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/pacing"
	"standoff/storage"
	"standoff/storage/pgtest"
)

// shareProcess is one bot process of TestProcessesShareTheGlobalLimit:
// a Bot with its own global limit and its own database pool, as a process
// of its own would have, posting messages as fast as its share allows.
type shareProcess struct {
	name  string
	bot   *discord.Bot
	store *storage.Store
	stop  chan struct{}
	wg    sync.WaitGroup
}

// TestProcessesShareTheGlobalLimit: HTTP-mode processes on one PostgreSQL
// find their shares of the bot token's global limit themselves through
// their heartbeats, while each posts messages as fast as it may: one
// alone, a second and a third joining, the second stopping and the third
// dying without a word (its heartbeat left to go stale). The fake Discord
// enforces the global 50 a second and answers no global 429 all along,
// and every message any process set out to post is posted.
//
// No step waits for time to pass: each waits for the processes' shares
// to reach what the live count makes them, and the shares are safe
// however late a beat or a count comes (share.go), so a slow machine
// makes the test longer, never red.
func TestProcessesShareTheGlobalLimit(t *testing.T) {
	t.Parallel()
	url := pgtest.URL(t)
	fake := discordtest.New(t)
	var channels []string
	for i := range 100 {
		ch := fmt.Sprint(7000 + i)
		fake.AddChannel(guild, ch)
		channels = append(channels, ch)
	}
	logs := &logSink{}
	var mu sync.Mutex
	sent := map[string]bool{}
	start := func(name string) *shareProcess {
		t.Helper()
		store, err := storage.Open(url)
		if err != nil {
			t.Fatal(err)
		}
		bot, err := discord.New(discord.Options{Token: strings.TrimPrefix(fake.Token(), "Bot "), Configure: fake.Configure,
			PublicKey: fake.PublicKey(), State: store, Share: store, ShareEvery: 100 * time.Millisecond,
			Log: slog.New(slog.NewTextHandler(logs, nil)).With("process", name)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bot.Open(); err != nil {
			t.Fatal(err)
		}
		p := &shareProcess{name: name, bot: bot, store: store, stop: make(chan struct{})}
		for g := range 30 {
			p.wg.Add(1)
			go func() {
				defer p.wg.Done()
				for i := 0; ; i++ {
					select {
					case <-p.stop:
						return
					default:
					}
					text := fmt.Sprintf("%s-%d-%d", name, g, i)
					ch := channels[(g*7+i*31)%len(channels)]
					for {
						_, err := bot.Send(context.Background(), ch, commands.Message{Content: text})
						var le *pacing.LimitedError
						if errors.As(err, &le) {
							continue // held back by the limits: sent again, as delivery does
						}
						if err != nil {
							t.Errorf("%s: %v", text, err)
							return
						}
						mu.Lock()
						sent[text] = true
						mu.Unlock()
						break
					}
				}
			}()
		}
		return p
	}
	quiet := func(p *shareProcess) {
		close(p.stop)
		p.wg.Wait()
	}
	shares := func(want int, ps ...*shareProcess) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			ok := true
			var got []int
			for _, p := range ps {
				l := p.bot.Budget().Limit
				got = append(got, l)
				ok = ok && l == want
			}
			if ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("shares %v, want %d each\n%s", got, want, logs.String())
			}
			time.Sleep(10 * time.Millisecond) // polling the shares, not waiting for an event
		}
	}
	per := func(live int) int { return (discord.DefaultRequestsPerSecond - 5) / live }

	a := start("a")
	shares(per(1), a)
	b := start("b")
	shares(per(2), a, b)
	c := start("c")
	shares(per(3), a, b, c)

	// b stops as a process does on SIGTERM: it leaves.
	quiet(b)
	b.bot.Close()
	b.store.Close()
	shares(per(2), a, c)

	// c dies: its database gone, it beats no more; the others count it
	// out once its heartbeat is stale.
	c.store.Close()
	quiet(c)
	c.bot.Close()
	shares(per(1), a)
	quiet(a)
	a.bot.Close()
	a.store.Close()

	for _, r := range fake.Requests() {
		if r.Status == 429 && r.Scope == discordtest.ScopeGlobal {
			t.Errorf("global 429 on %s at %v", r.Route, r.At)
		}
	}
	posted := map[string]bool{}
	for _, ch := range channels {
		for _, m := range fake.Messages(ch) {
			posted[m.Content] = true
		}
	}
	for text := range sent {
		if !posted[text] {
			t.Errorf("%s was sent but is not in its channel", text)
		}
	}
	if len(posted) != len(sent) {
		t.Errorf("%d messages posted, %d sent", len(posted), len(sent))
	}
	// The busiest second at the fake, to show the load pressed the limit.
	var at []time.Time
	for _, r := range fake.Requests() {
		if r.BotToken {
			at = append(at, r.At)
		}
	}
	busiest := 0
	for i, j := 0, 0; j < len(at); j++ {
		for at[j].Sub(at[i]) >= time.Second {
			i++
		}
		busiest = max(busiest, j-i+1)
	}
	t.Logf("%d messages posted by processes joining and leaving; at most %d bot-token requests in a second", len(sent), busiest)
}
