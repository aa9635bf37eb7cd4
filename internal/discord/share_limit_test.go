package discord

import (
	"context"
	"testing"
	"time"

	"standoff/internal/pacing"
)

// TestSharedLimit: a share holds until its count runs out, then the floor
// does; a share lowered below what the window already holds lets a
// request go once the window empties.
func TestSharedLimit(t *testing.T) {
	ctx := context.Background()
	g := NewGlobalLimit(10, 50*time.Millisecond)
	g.SetShare(7, time.Now().Add(time.Hour), 1)
	if b := g.budget(); b.Limit != 7 {
		t.Errorf("share: limit %d, want 7", b.Limit)
	}
	g.SetShare(7, time.Now().Add(-time.Millisecond), 1)
	if b := g.budget(); b.Limit != 1 {
		t.Errorf("expired share: limit %d, want the floor 1", b.Limit)
	}
	g.SetShare(10, time.Time{}, 1)
	for range 10 {
		done, err := g.acquire(ctx, pacing.Urgent, time.Now().Add(time.Minute), "r")
		if err != nil {
			t.Fatal(err)
		}
		done()
	}
	g.SetShare(2, time.Time{}, 1)
	done, err := g.acquire(ctx, pacing.Urgent, time.Now().Add(time.Minute), "r")
	if err != nil {
		t.Fatalf("a request after the share was lowered: %v", err)
	}
	done()
}
