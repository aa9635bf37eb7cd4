package delivery

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"standoff/internal/pacing"
	"standoff/storage"
)

// budgetOf is a transport whose DMs share a budget of n requests: past it,
// each is refused as Discord's limits would hold it back.
type budgetOf struct {
	mu   sync.Mutex
	n    int
	sent []string // the users whose DM went
}

func (b *budgetOf) Send(context.Context, string, Message) (string, error) { return "m1", nil }
func (b *budgetOf) Edit(context.Context, string, string, Message) error   { return nil }
func (b *budgetOf) ClearControls(context.Context, string, string) error   { return nil }
func (b *budgetOf) DM(_ context.Context, user string, _ Message) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.n == 0 {
		return &pacing.LimitedError{Scope: pacing.ScopeGlobal, Route: "POST /channels/{id}/messages", Until: time.Now().Add(time.Hour)}
	}
	b.n--
	b.sent = append(b.sent, user)
	return nil
}

// Issue 35: "Priorities when the budget is short, in this order: what a
// waited-on player must see to act (their DM decision ...), then other
// private updates". A delivery whose first seat's message is an update
// and whose last seat's is a decision, with room for one request, sends
// the decision and owes the update.
func TestADecisionGoesBeforeAnUpdateWhenTheBudgetRunsShort(t *testing.T) {
	ctx := context.Background()
	st, err := storage.Open(filepath.Join(t.TempDir(), "standoff.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	row := &storage.Game{Guild: "g1", Channel: "c1", Kind: "lockedout", Status: storage.Active, Creator: "alice",
		CreatedAt: now, UpdatedAt: now, TurnStartedAt: now,
		Seats: []storage.Seat{{UserID: "alice", Name: "alice", Accepted: true}, {UserID: "bob", Name: "bob", Accepted: true}}}
	if err := st.CreateGame(ctx, row); err != nil {
		t.Fatal(err)
	}
	out := &budgetOf{n: 1}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	s := NewSender(st, out, log, func() time.Time { return now }, nil, func(context.Context, int64) {})
	s.queue.Hold(true) // the redo stays queued: this test looks at what went now
	defer s.queue.Stop()
	pub := Publication{Private: []PrivatePost{
		{Seat: 0, User: "alice", Message: Message{Content: "your hand changed"}, Hash: "a1", Send: true},
		{Seat: 1, User: "bob", Message: Message{Content: "your decision"}, Hash: "b1", Send: true, NewDecision: true},
	}}
	s.Redo(ctx, row, pub, false)
	if len(out.sent) != 1 || out.sent[0] != "bob" {
		t.Fatalf("sent to %v; want the decision (bob) alone", out.sent)
	}
	owed, err := st.LoadOwed(ctx, row.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := owed.Private["alice"]; !ok || len(owed.Private) != 1 {
		t.Fatalf("owed %+v; want alice's update owed", owed.Private)
	}
	if got := s.queue.Waiting(); len(got) != 1 || got[0].Priority != Update {
		t.Fatalf("queued %+v; want one redo at update", got)
	}
}
