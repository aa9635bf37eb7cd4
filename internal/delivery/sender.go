package delivery

import (
	"log/slog"
	"time"

	"standoff/storage"
)

// Sender gets publications to Discord: it walks a publication and sends
// each part by the route its decisions and the interaction at hand allow,
// draws the pictures at the moment of sending, keeps in storage what the
// limits held back and redoes it through the one queue, and records what
// was shown.
type Sender struct {
	store *storage.Store
	out   Transport
	log   *slog.Logger
	now   func() time.Time
	queue *Queue
}

// NewSender makes the sender of a router's publications.
func NewSender(store *storage.Store, out Transport, log *slog.Logger, now func() time.Time, work Tracker) *Sender {
	return &Sender{store: store, out: out, log: log, now: now, queue: NewQueue(log, work)}
}

// Queue is the one queue of what the limits held back.
func (s *Sender) Queue() *Queue { return s.queue }
