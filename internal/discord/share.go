package discord

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"os"
	"sync"
	"time"
)

// ShareStore keeps the heartbeats of the processes that share a bot token
// (*storage.Store: one row per process in the PostgreSQL they share).
type ShareStore interface {
	// Heartbeat records the process live until expires and counts the
	// processes live at now, itself included.
	Heartbeat(ctx context.Context, process string, now, expires time.Time) (int, error)
	// LeaveHeartbeat brings the process's expiry forward to expires.
	LeaveHeartbeat(ctx context.Context, process string, expires time.Time) error
}

// Shares of the global limit found through heartbeats.
const (
	// DefaultShareEvery is how often a process beats and counts the live
	// processes again.
	DefaultShareEvery = 2 * time.Second
	// shareMargin of Discord's 50 a second is never shared out: it carries
	// the processes at their floor (starting, or unsure of the count),
	// up to shareMargin/shareFloor of them at once.
	shareMargin = 5
	shareFloor  = 1
)

// share finds this process's share of the bot token's global limit: the
// limit less the margin, over the processes whose heartbeat is live. It
// is safe, never more than 50 a second at Discord between them, however
// late a beat or a count comes, because each step is conservative:
//   - a process trusts a count for two refreshes after the count started;
//     past that, with no newer count, it falls to the floor;
//   - a process that joins stays at the floor for grace (that trust and
//     a window and a half) after its first beat was written: by then every other
//     process has counted it or fallen to the floor, and their requests
//     sent under the old share have left Discord's window;
//   - a heartbeat is live for stale (grace and a second) after the beat
//     started, so a process that stopped beating (crashed, or cut off from
//     the database and so at its floor) has sent nothing at its share for
//     a window before the others count it out and raise theirs;
//   - a process that stops leaves with an expiry one window away.
type share struct {
	store  ShareStore
	id     string
	limit  *GlobalLimit
	total  int
	every  time.Duration
	trust  time.Duration // two refreshes: one may be late
	grace  time.Duration
	stale  time.Duration
	window time.Duration
	log    *slog.Logger

	mu     sync.Mutex
	joined time.Time // when the first beat was written; zero before
	live   int
	share  int // requests per window last set

	stop context.CancelFunc
	done chan struct{}
}

func newShare(store ShareStore, limit *GlobalLimit, total int, every time.Duration, log *slog.Logger) *share {
	if every <= 0 {
		every = DefaultShareEvery
	}
	window := limit.window
	trust := 2 * every
	grace := trust + window + window/2
	host, _ := os.Hostname()
	var rnd [6]byte
	_, _ = rand.Read(rnd[:])
	s := &share{store: store, id: host + "-" + hex.EncodeToString(rnd[:]), limit: limit, total: max(total-shareMargin, shareFloor),
		every: every, trust: trust, grace: grace, stale: grace + time.Second, window: window, log: log}
	limit.SetShare(shareFloor, time.Time{}, shareFloor)
	return s
}

// refresh beats, counts and sets the limit: the floor while joining,
// total/live once the count can be trusted.
func (s *share) refresh(ctx context.Context) error {
	start := time.Now()
	live, err := s.store.Heartbeat(ctx, s.id, start, start.Add(s.stale))
	if err != nil {
		return err // the last share runs out on its own
	}
	now := time.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.joined.IsZero() {
		s.joined = now
	}
	live = max(live, 1)
	n := shareFloor
	if !now.Before(s.joined.Add(s.grace)) {
		n = max(s.total/live, shareFloor)
	}
	if live != s.live || n != s.share {
		s.log.Info("processes sharing the bot token's global rate limit", "live", live, "share_per_second", n)
	}
	s.live, s.share = live, n
	s.limit.SetShare(n, start.Add(s.trust), shareFloor)
	return nil
}

// run refreshes every s.every until stopped; the first refresh is at once.
func (s *share) run() {
	ctx, cancel := context.WithCancel(context.Background())
	s.stop, s.done = cancel, make(chan struct{})
	go func() {
		defer close(s.done)
		t := time.NewTicker(s.every)
		defer t.Stop()
		for {
			rctx, rcancel := context.WithTimeout(ctx, s.trust)
			if err := s.refresh(rctx); err != nil && ctx.Err() == nil {
				s.log.Warn("could not count the processes sharing the global rate limit; at the floor until a count succeeds",
					"err", err, "floor_per_second", shareFloor)
			}
			rcancel()
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
}

// leave stops refreshing and, once this process's last requests have left
// Discord's window, no longer counts for the others.
func (s *share) leave(ctx context.Context) {
	if s.stop != nil {
		s.stop()
		<-s.done
	}
	s.limit.SetShare(shareFloor, time.Time{}, shareFloor)
	if err := s.store.LeaveHeartbeat(ctx, s.id, time.Now().Add(s.window)); err != nil {
		s.log.Warn("could not leave the processes sharing the global rate limit; the others count this one until its heartbeat is stale", "err", err)
	}
}
