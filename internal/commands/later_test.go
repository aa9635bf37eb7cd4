package commands

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/pacing"
)

// heldFor is what a paced transport says under a shortage that lasts d.
func heldFor(d time.Duration) error {
	return &pacing.LimitedError{Scope: pacing.ScopeGlobal, Route: "PATCH /channels/{id}/messages/{id}", Until: time.Now().Add(d)}
}

// A shutdown under a lasting shortage is not held by what only waits for
// the limits: Stop gives up the clean-ups and the redos, and Wait returns.
// (Without Stop each would sleep up to 30 s between tries, many times.)
func TestStopGivesUpWhatWaitsForTheLimits(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	h.r.Wait()
	tried := atomic.Int32{}
	h.r.send.Later("", func(context.Context) error {
		tried.Add(1)
		return heldFor(time.Hour)
	})
	h.r.send.Later("", func(context.Context) error {
		tried.Add(1)
		return nil
	})
	h.r.send.RedoLater(h.game().ID, "", delivery.Act, heldFor(time.Hour))
	for tried.Load() == 0 {
		time.Sleep(time.Millisecond) // the first clean-up is waiting now
	}
	h.r.Stop()
	done := make(chan struct{})
	go func() {
		h.r.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatal("Wait still waits for the clean-ups and redos a minute after Stop")
	}
	if n := tried.Load(); n != 1 {
		t.Errorf("%d clean-ups ran; the one queued behind the waiting one should be given up", n)
	}
}

// The clean-up queue is bounded: past delivery.MaxCleanups the oldest waiting are
// given up, so a shortage that lasts cannot grow it without end.
func TestCleanupQueueIsBounded(t *testing.T) {
	h := newHarness(t)
	release := make(chan struct{})
	var ran, first atomic.Int32
	h.r.send.Later("", func(context.Context) error {
		first.Add(1)
		<-release // holds the runner while the queue fills
		return nil
	})
	for first.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	const over = 5
	for i := 0; i < delivery.MaxCleanups+over; i++ {
		i := i
		h.r.send.Later("", func(context.Context) error {
			if i < over {
				t.Errorf("clean-up %d ran, though it was among the oldest past the bound", i)
			}
			ran.Add(1)
			return nil
		})
	}
	close(release)
	h.r.Wait()
	if n := ran.Load(); n != delivery.MaxCleanups {
		t.Fatalf("%d queued clean-ups ran, want the bound, %d", n, delivery.MaxCleanups)
	}
}
