package commands

import (
	"sync"
	"testing"
)

// A game's lock excludes, and nothing is kept once nobody holds or waits
// for it.
func TestGameLocksExcludeAndAreForgotten(t *testing.T) {
	var l gameLocks
	var wg sync.WaitGroup
	counter := make([]int, 51) // one cell per game: games do not share memory
	for g := int64(1); g <= 50; g++ {
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				unlock := l.lock(g)
				counter[g]++ // a data race (caught by -race) if the lock did not exclude
				unlock()
			}()
		}
	}
	wg.Wait()
	for g := int64(1); g <= 50; g++ {
		if counter[g] != 20 {
			t.Fatalf("game %d counted %d of 20", g, counter[g])
		}
	}
	if n := l.held(); n != 0 {
		t.Fatalf("%d locks kept after every one was released", n)
	}
}

// After a game's moves, the router keeps no lock for it.
func TestRouterKeepsNoLockAfterAMove(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 1"), "Played")
	h.r.Wait()
	if n := h.r.locks.held(); n != 0 {
		t.Fatalf("%d game locks kept after the move", n)
	}
}
