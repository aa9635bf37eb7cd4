package commands

import (
	"context"
	"sync"
)

// Clean-ups are requests that may wait, such as taking the controls off a
// turn message that a newer one replaced (a click on them is refused as
// outdated meanwhile). They run one at a time, after the game's lock is
// released, and when the transport can say so (SpareWaiter), only on
// request budget that nothing more urgent needs.
type cleanups struct {
	mu      sync.Mutex
	queue   []func(context.Context)
	running bool
}

// SpareWaiter is a Transport that paces its requests: WaitSpare returns
// once a request sent now would not delay one that must go now (or ctx is
// done).
type SpareWaiter interface {
	WaitSpare(ctx context.Context) error
}

// later queues a clean-up. Router.Wait waits for the queue to empty, so a
// shutdown or a test sees it done.
func (r *Router) later(f func(context.Context)) {
	r.work.Add(1)
	r.cleanups.mu.Lock()
	defer r.cleanups.mu.Unlock()
	r.cleanups.queue = append(r.cleanups.queue, f)
	if !r.cleanups.running {
		r.cleanups.running = true
		go r.runCleanups()
	}
}

func (r *Router) runCleanups() {
	ctx := context.Background()
	for {
		r.cleanups.mu.Lock()
		if len(r.cleanups.queue) == 0 {
			r.cleanups.running = false
			r.cleanups.mu.Unlock()
			return
		}
		f := r.cleanups.queue[0]
		r.cleanups.queue = r.cleanups.queue[1:]
		r.cleanups.mu.Unlock()
		if w, ok := r.out.(SpareWaiter); ok {
			if err := w.WaitSpare(ctx); err != nil {
				r.log.Warn("a clean-up went without waiting for spare budget", "err", err)
			}
		}
		f(ctx)
		r.work.Done()
	}
}
