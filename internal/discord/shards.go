package discord

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
)

// gatewayBot is Discord's GET /gateway/bot: where to connect, how many
// shards it recommends, and how many may identify at once.
type gatewayBot struct {
	URL               string `json:"url"`
	Shards            int    `json:"shards"`
	SessionStartLimit struct {
		Total          int   `json:"total"`
		Remaining      int   `json:"remaining"`
		ResetAfter     int64 `json:"reset_after"` // milliseconds
		MaxConcurrency int   `json:"max_concurrency"`
	} `json:"session_start_limit"`
}

// ShardOf is the shard that carries a server's events: (guild_id >> 22) %
// shards, Discord's rule. DMs (no guild) are on shard 0.
func ShardOf(guildID string, shards int) int {
	if guildID == "" || shards <= 1 {
		return 0
	}
	var id uint64
	if _, err := fmt.Sscan(guildID, &id); err != nil {
		return 0
	}
	return int((id >> 22) % uint64(shards))
}

// openShards starts one gateway session per shard, each identifying with
// its [index, count] pair, spaced as Discord's max_concurrency asks, and
// returns the bot's user id once every shard is Ready. A close code that
// reconnecting cannot fix is returned when it comes during the start, or
// later through Failed.
func (b *Bot) openShards() (string, error) {
	ctx, cancel := context.WithTimeout(b.ctx, 30*time.Second)
	gb, err := b.gatewayBot(ctx)
	cancel()
	if status(err) == http.StatusUnauthorized {
		err = &GatewayError{Code: 4004, Reason: fatalCloses[4004] + " (GET /gateway/bot answered 401)"}
	}
	if err != nil {
		return "", fmt.Errorf("connect to Discord: %w", err)
	}
	n := b.opts.Shards
	if n <= 0 {
		n = max(gb.Shards, 1)
	}
	concurrency := max(gb.SessionStartLimit.MaxConcurrency, 1)
	gate := newIdentifyGate(gb, b.opts.IdentifyEvery, b.opts.IdentifyReserve, b.log, b.gatewayBot)
	sl := gb.SessionStartLimit
	b.log.Info("connecting to the Discord gateway", "shards", n, "max_concurrency", concurrency,
		"session_starts_left", sl.Remaining, "of", sl.Total, "reset_after", (time.Duration(sl.ResetAfter) * time.Millisecond).Round(time.Second))
	if err := gate.check(n); err != nil {
		return "", fmt.Errorf("connect to Discord: %w", err)
	}

	var first sync.Once
	readies := make(chan struct{}, n)
	errs := make(chan error, n)
	runCtx, cancelRun := context.WithCancel(context.Background())
	b.gwStop, b.failed = cancelRun, make(chan error, n)
	for i := 0; i < n; i++ {
		g := b.newShard(i, n, gb.URL, gate, &first, readies)
		b.shards = append(b.shards, g)
		// Shards start max_concurrency at a time, IdentifyEvery apart,
		// in order; the gate holds each identify to its bucket.
		delay := time.Duration(i/concurrency) * b.opts.IdentifyEvery
		b.gwDone.Add(1)
		go func() {
			defer b.gwDone.Done()
			if sleep(runCtx, delay) != nil {
				return
			}
			if err := g.run(runCtx, func(err error) {
				if err != nil {
					errs <- err
				}
			}); err != nil {
				b.failed <- err
			}
		}()
	}
	timeout := time.NewTimer(30*time.Second + time.Duration((n-1)/concurrency)*b.opts.IdentifyEvery)
	defer timeout.Stop()
	for ready := 0; ready < n; {
		select {
		case err := <-errs:
			cancelRun()
			b.gwDone.Wait()
			return "", fmt.Errorf("connect to Discord: %w", err)
		case <-readies:
			ready++
		case <-timeout.C:
			cancelRun()
			b.gwDone.Wait()
			return "", fmt.Errorf("Discord did not send Ready on all %d shards within the start time", n)
		}
	}
	close(b.ready)
	return b.userID, nil
}

// gatewayBot reads GET /gateway/bot.
func (b *Bot) gatewayBot(ctx context.Context) (gatewayBot, error) {
	var gb gatewayBot
	err := b.api.call(ctx, http.MethodGet, discordgo.EndpointGatewayBot, nil, nil, &gb)
	return gb, err
}

// newShard makes shard i of n. Its first READY tells the bot its user and
// application (first) and its servers, and is reported on readies.
func (b *Bot) newShard(i, n int, url string, gate *identifyGate, first *sync.Once, readies chan<- struct{}) *gateway {
	g := &gateway{
		dialer: b.s.Dialer, token: b.s.Token, intents: b.s.Identify.Intents, log: b.log.With("shard", i),
		shard: [2]int{i, n}, gate: gate,
		url: func(ctx context.Context) (string, error) {
			if url != "" {
				return url, nil
			}
			again, err := b.gatewayBot(ctx)
			return again.URL, err
		},
		onInteraction: b.onInteraction,
	}
	var shardOnce sync.Once
	g.onReady = func(r *discordgo.Ready) {
		g.log.Info("connected to Discord", "user", r.User.Username, "guilds", len(r.Guilds))
		first.Do(func() {
			b.userID, b.appID = r.User.ID, r.User.ID
			if r.Application != nil && r.Application.ID != "" {
				b.appID = r.Application.ID
			}
		})
		shardOnce.Do(func() {
			b.mu.Lock()
			for _, gu := range r.Guilds {
				b.guilds = append(b.guilds, gu.ID)
			}
			b.mu.Unlock()
			readies <- struct{}{}
		})
	}
	return g
}
