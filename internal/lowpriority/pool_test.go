package lowpriority

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

func TestDoRunsTheWorkAndReturnsAfterIt(t *testing.T) {
	done := false
	Do(func() { done = true })
	if !done {
		t.Fatal("Do returned before the work ran")
	}
}

// The work never takes every P, so an answer always finds one free.
func TestAtMostOneFewerThanGOMAXPROCSAtOnce(t *testing.T) {
	if n, procs := Threads(), runtime.GOMAXPROCS(0); n != max(1, procs-1) {
		t.Fatalf("%d threads with GOMAXPROCS %d", n, procs)
	}
	var running, most atomic.Int32
	release := make(chan struct{})
	var wg sync.WaitGroup
	for range 4 * Threads() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			Do(func() {
				n := running.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				<-release
				running.Add(-1)
			})
		}()
	}
	// Wait until every thread holds one piece of work; the rest queue.
	for running.Load() < int32(Threads()) {
		runtime.Gosched()
	}
	close(release)
	wg.Wait()
	if got := int(most.Load()); got != Threads() {
		t.Fatalf("%d pieces of work ran at once on %d threads", got, Threads())
	}
}

func TestAPanicReachesTheCaller(t *testing.T) {
	defer func() {
		if p := recover(); p != "drawing failed" {
			t.Fatalf("recovered %v, want the work's panic", p)
		}
	}()
	Do(func() { panic("drawing failed") })
	t.Fatal("Do returned after a panic")
}

func TestThePoolSurvivesAPanic(t *testing.T) {
	for range 2 * Threads() {
		func() {
			defer func() { _ = recover() }()
			Do(func() { panic("again") })
		}()
	}
	ran := false
	Do(func() { ran = true })
	if !ran {
		t.Fatal("no thread left after panics")
	}
}
