package telemetry

import (
	"context"
	"sync/atomic"
	"time"
)

// An interaction is tracked from its arrival (Track, in the transport) to
// its first response (Metrics.Answer); the router, which alone knows which
// game it concerned, names the game's kind on the way (SetKind). The mark
// travels in the context the interaction is handled with.

type trackKey struct{}

type tracked struct {
	at   time.Time
	kind atomic.Pointer[string] // set by the router while the transport may read it
}

// Track marks ctx as an interaction's, arrived now.
func Track(ctx context.Context) context.Context {
	return context.WithValue(ctx, trackKey{}, &tracked{at: time.Now()})
}

// SetKind names the kind of game the interaction behind ctx concerns; it
// does nothing when ctx is not tracked.
func SetKind(ctx context.Context, kind string) {
	if t, ok := ctx.Value(trackKey{}).(*tracked); ok {
		t.kind.Store(&kind)
	}
}

func kindIn(ctx context.Context) string {
	if ctx == nil {
		return ""
	}
	if t, ok := ctx.Value(trackKey{}).(*tracked); ok {
		if k := t.kind.Load(); k != nil {
			return *k
		}
	}
	return ""
}

// arrived is when the interaction behind ctx arrived.
func arrived(ctx context.Context) (time.Time, bool) {
	if ctx == nil {
		return time.Time{}, false
	}
	if t, ok := ctx.Value(trackKey{}).(*tracked); ok {
		return t.at, true
	}
	return time.Time{}, false
}
