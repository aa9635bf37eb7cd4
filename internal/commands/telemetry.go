package commands

import (
	"context"
	"errors"
	"sync"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/telemetry"
	"standoff/storage"
)

// gameKinds remembers the kind of each game this process loaded, so that
// every log line naming a game names its kind too (telemetry.WithGameKinds)
// without the line's author passing it.
type gameKinds struct {
	// store reads the kind of a game this process did not load.
	store *storage.Store
	mu    sync.Mutex
	m     map[int64]string
}

// maxKnownKinds bounds the memory: past it the map starts afresh, and a
// game not known again is read from the database when a line names it.
const maxKnownKinds = 50_000

func (k *gameKinds) note(id int64, kind string) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.m == nil || len(k.m) >= maxKnownKinds {
		k.m = map[int64]string{}
	}
	k.m[id] = kind
}

func (k *gameKinds) known(id int64) (string, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	kind, ok := k.m[id]
	return kind, ok
}

// kindLookup bounds the read of a game's kind for a log line.
const kindLookup = time.Second

// of is a game's kind, for the logs: remembered, or read.
func (k *gameKinds) of(id int64) string {
	if kind, ok := k.known(id); ok {
		return kind
	}
	if k.store == nil {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), kindLookup)
	defer cancel()
	row, err := k.store.Game(ctx, id)
	if err != nil {
		return ""
	}
	k.note(id, row.Kind)
	return row.Kind
}

// moveOutcome names what became of a move, for the metrics.
func moveOutcome(err error) string {
	var ref refusal
	switch {
	case err == nil:
		return telemetry.Played
	case errors.Is(err, errStale) || errors.Is(err, storage.ErrConflict):
		return telemetry.Stale
	case errors.As(err, &ref):
		return telemetry.Refused
	}
	return telemetry.Failed
}

// CleanupsWaiting counts the clean-ups waiting for spare budget.
func (r *Router) CleanupsWaiting() int { return r.send.Queue().Counts()[delivery.Cleanup] }

// OwedRedosWaiting counts the games whose held-back messages wait for
// their next try in this process.
func (r *Router) OwedRedosWaiting() int {
	c := r.send.Queue().Counts()
	return c[delivery.Act] + c[delivery.Update]
}
