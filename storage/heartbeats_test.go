package storage

import (
	"context"
	"testing"
	"time"
)

// TestHeartbeats: a process counts while its heartbeat has not expired;
// a stale one no longer counts, and one that leaves counts until the
// expiry it leaves with.
func TestHeartbeats(t *testing.T) {
	eachBackend(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		t0 := time.UnixMilli(1_700_000_000_000)
		beat := func(p string, now time.Time, want int) {
			t.Helper()
			n, err := s.Heartbeat(ctx, p, now, now.Add(6*time.Second))
			if err != nil || n != want {
				t.Fatalf("%s at %v: %d live, %v; want %d", p, now.Sub(t0), n, err, want)
			}
		}
		beat("a", t0, 1)
		beat("b", t0.Add(time.Second), 2)
		beat("c", t0.Add(2*time.Second), 3)
		// a stops beating: stale 6 s after its last beat.
		beat("b", t0.Add(5*time.Second), 3)
		beat("b", t0.Add(6*time.Second), 2)
		// c leaves: it counts one more second, then no longer.
		if err := s.LeaveHeartbeat(ctx, "c", t0.Add(7*time.Second)); err != nil {
			t.Fatal(err)
		}
		beat("b", t0.Add(6500*time.Millisecond), 2)
		beat("b", t0.Add(7*time.Second), 1)
		// a comes back.
		beat("a", t0.Add(8*time.Second), 2)
	})
}
