package commands

import (
	"context"
	"errors"
	"sync"
	"time"

	"standoff/internal/pacing"
)

// Clean-ups are requests that may wait, such as taking the controls off a
// turn message that a newer one replaced (a click on them is refused as
// outdated meanwhile). They run one at a time, after the game's lock is
// released, and only on request budget that nothing more urgent needs: a
// transport that paces (internal/pacing) refuses a spare request at once
// when the budget is short, and the clean-up is tried again when it says.
type cleanups struct {
	mu      sync.Mutex
	queue   []func(context.Context) error
	running bool
	full    bool // the bound was reached since the queue last emptied
}

// cleanupTries bounds how often a clean-up the budget keeps refusing is
// tried; cleanupRetry bounds how long it waits between tries; maxCleanups
// bounds the queue, which a shortage that lasts would grow without end:
// past it the oldest are given up, as the stalest.
const (
	cleanupTries = 20
	cleanupRetry = 30 * time.Second
	maxCleanups  = 10_000
)

// later queues a clean-up. Router.Wait waits for the queue to empty, so a
// shutdown or a test sees it done.
func (r *Router) later(f func(context.Context) error) {
	r.work.Add(1)
	r.cleanups.mu.Lock()
	defer r.cleanups.mu.Unlock()
	if len(r.cleanups.queue) == maxCleanups {
		r.cleanups.queue = r.cleanups.queue[1:]
		r.work.Done()
		if !r.cleanups.full {
			r.cleanups.full = true // said once per shortage
			r.log.Warn("clean-ups wait for spare budget beyond the queue's bound; the oldest are given up", "bound", maxCleanups)
		}
	}
	r.cleanups.queue = append(r.cleanups.queue, f)
	if !r.cleanups.running {
		r.cleanups.running = true
		go r.runCleanups()
	}
}

func (r *Router) runCleanups() {
	ctx := pacing.WithPriority(context.Background(), pacing.Spare)
	for {
		r.cleanups.mu.Lock()
		if len(r.cleanups.queue) == 0 {
			r.cleanups.running, r.cleanups.full = false, false
			r.cleanups.mu.Unlock()
			return
		}
		f := r.cleanups.queue[0]
		r.cleanups.queue = r.cleanups.queue[1:]
		r.cleanups.mu.Unlock()
		select {
		case <-r.stopped: // given up (Stop)
		default:
			r.spare(ctx, f)
		}
		r.work.Done()
	}
}

// spare runs a clean-up, waiting between tries for the spare budget the
// transport says will come.
func (r *Router) spare(ctx context.Context, f func(context.Context) error) {
	for try := 1; ; try++ {
		err := f(ctx)
		var limited *pacing.LimitedError
		if !errors.As(err, &limited) {
			if err != nil {
				r.log.Warn("a clean-up failed", "err", err)
			}
			return
		}
		if try == cleanupTries {
			r.log.Warn("a clean-up found no spare budget; left undone", "err", err)
			return
		}
		if !r.pause(min(max(time.Until(limited.Until), 10*time.Millisecond), cleanupRetry)) {
			return // stopping (Stop)
		}
	}
}
