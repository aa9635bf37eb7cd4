package commands

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/internal/pacing"
	"standoff/storage"
)

// recorder is a Transport that remembers everything, like a tiny Discord.
type recorder struct {
	mu     sync.Mutex
	n      int
	msgs   []*recMsg
	closed map[string]bool
	// limitDMs, limitSends, limitEdits: the next this many DMs, channel
	// messages or edits are held back by a rate limit, as a paced
	// transport refuses what would wait too long.
	limitDMs, limitSends, limitEdits int
	// unbounded, when not nil, records each request that could wait for
	// the rate limits without bound: neither a clean-up on spare budget
	// nor bounded by a MaxWait.
	unbounded []string
}

// limitedError is what a paced transport says when it holds a request back.
func limitedError(route string) error {
	return &pacing.LimitedError{Scope: pacing.ScopeBucket, Route: route, Until: time.Now().Add(20 * time.Millisecond)}
}

// take reports whether the next request of a kind is held back, counting
// it down (r.mu held), and notes a request that could wait without bound.
func (r *recorder) take(ctx context.Context, route string, limit *int) bool {
	if r.unbounded != nil && pacing.PriorityOf(ctx) != pacing.Spare {
		if d, ok := pacing.MaxWaitOf(ctx); !ok || d > lockedWait {
			r.unbounded = append(r.unbounded, route)
		}
	}
	if *limit > 0 {
		*limit--
		return true
	}
	return false
}

type recMsg struct {
	id      string
	channel string // channel id, or "" for a DM
	dm      string // user id for a DM
	m       Message
	edits   int
}

func (r *recorder) add(channel, dm string, m Message) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
	id := fmt.Sprintf("m%d", r.n)
	r.msgs = append(r.msgs, &recMsg{id: id, channel: channel, dm: dm, m: m})
	return id
}

func (r *recorder) Send(ctx context.Context, channel string, m Message) (string, error) {
	r.mu.Lock()
	limited := r.take(ctx, "POST /channels/{id}/messages", &r.limitSends)
	r.mu.Unlock()
	if limited {
		return "", limitedError("POST /channels/{id}/messages")
	}
	return r.add(channel, "", m), nil
}

func (r *recorder) find(id string) *recMsg {
	for _, m := range r.msgs {
		if m.id == id {
			return m
		}
	}
	return nil
}

func (r *recorder) Edit(ctx context.Context, channel, id string, m Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.take(ctx, "PATCH /channels/{id}/messages/{id}", &r.limitEdits) {
		return limitedError("PATCH /channels/{id}/messages/{id}")
	}
	msg := r.find(id)
	if msg == nil {
		return fmt.Errorf("no message %s", id)
	}
	msg.m, msg.edits = m, msg.edits+1
	return nil
}

func (r *recorder) ClearControls(ctx context.Context, channel, id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.take(ctx, "PATCH /channels/{id}/messages/{id} (controls)", new(int))
	msg := r.find(id)
	if msg == nil {
		return fmt.Errorf("no message %s", id)
	}
	msg.m.Rows = nil
	return nil
}

func (r *recorder) DM(ctx context.Context, user string, m Message) error {
	r.mu.Lock()
	closed := r.closed[user]
	limited := r.take(ctx, "POST /channels/{dm}/messages", &r.limitDMs)
	r.mu.Unlock()
	if limited {
		return limitedError("POST /channels/{dm}/messages")
	}
	if closed {
		return ErrDMClosed
	}
	r.add("", user, m)
	return nil
}

func (r *recorder) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.msgs)
}

// last returns the newest message in a channel ("" channel and a user: DMs).
func (r *recorder) last(channel, dm string) *recMsg {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.msgs) - 1; i >= 0; i-- {
		m := r.msgs[i]
		if m.channel == channel && m.dm == dm {
			return m
		}
	}
	return nil
}

type harness struct {
	t     *testing.T
	path  string
	store *storage.Store
	rec   *recorder
	r     *Router
	now   time.Time
	cfg   Config
	seeds *games.RNG
}

const chanID = "c1"

func newHarness(t *testing.T) *harness {
	h := &harness{t: t, path: filepath.Join(t.TempDir(), "test.db"), rec: &recorder{closed: map[string]bool{}},
		now: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC), seeds: games.NewRNG(42)}
	h.cfg = Config{RemindAfter: 12 * time.Hour, RemindEvery: 24 * time.Hour, AnswerAfter: 48 * time.Hour, BotUserID: "botid", BotName: "Standoff"}
	h.open()
	t.Cleanup(func() { h.store.Close() })
	return h
}

func (h *harness) open() {
	st, err := storage.Open(h.path)
	if err != nil {
		h.t.Fatal(err)
	}
	h.store = st
	h.r = New(Deps{Store: st, Transport: h.rec, Games: []Game{tallyGame}, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
}

// restart closes everything and opens it again from the database file.
func (h *harness) restart() {
	h.r.Wait()
	h.store.Close()
	h.open()
}

// cmd runs a slash command; opts are "name=value".
func (h *harness) cmd(user, command, sub string, opts ...string) Response {
	in := Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(strings.ToUpper(user[:1]) + user[1:])},
		Command: command, Sub: sub, Options: map[string]string{}, Users: map[string]Name{}}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		in.Options[k] = v
		if strings.HasPrefix(k, "opponent") {
			in.Users[v] = NameOf(strings.ToUpper(v[:1]) + v[1:])
		}
	}
	return h.r.Handle(context.Background(), in)
}

// click presses a button by label on a message.
func (h *harness) click(user string, msg *recMsg, label string) Response {
	h.t.Helper()
	if msg == nil {
		h.t.Fatalf("no message to click %q on", label)
	}
	for _, row := range msg.m.Rows {
		for _, b := range row.Buttons {
			if b.Label == label {
				return h.clickID(user, msg, b.CustomID)
			}
		}
	}
	h.t.Fatalf("message %s has no button %q: %+v", msg.id, label, msg.m.Rows)
	return Response{}
}

func (h *harness) clickID(user string, msg *recMsg, id string) Response {
	in := Interaction{Type: ComponentClick, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(user)}, CustomID: id}
	if msg != nil {
		in.MessageID = msg.id
		if msg.dm != "" {
			in.Channel, in.DM, in.Guild = "dm-"+msg.dm, true, ""
		}
	}
	resp := h.r.Handle(context.Background(), in)
	if msg != nil {
		h.rec.answered(msg.id, resp)
	}
	return resp
}

// answered does what Discord does with a click's answer that updates the
// clicked message: it replaces it.
func (r *recorder) answered(clicked string, resp Response) {
	if resp.Kind != Update {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if m := r.find(clicked); m != nil {
		m.m, m.edits = resp.Message, m.edits+1
	}
}

func (h *harness) game() *storage.Game {
	h.t.Helper()
	g, err := h.store.LatestGame(context.Background(), chanID)
	if err != nil {
		h.t.Fatal(err)
	}
	return g
}

// turn is the current turn message in the channel.
func (h *harness) turn() *recMsg {
	h.t.Helper()
	g := h.game()
	h.rec.mu.Lock()
	defer h.rec.mu.Unlock()
	m := h.rec.find(g.MessageID)
	if m == nil {
		h.t.Fatalf("game has no turn message (id %q)", g.MessageID)
	}
	return m
}

func mustEphemeral(t *testing.T, r Response, contains string) {
	t.Helper()
	if r.Kind != Reply || !r.Message.Ephemeral {
		t.Fatalf("want an ephemeral reply containing %q, got %+v", contains, r)
	}
	if !strings.Contains(shown(r.Message), contains) {
		t.Fatalf("reply %q does not contain %q", shown(r.Message), contains)
	}
}

// startTally makes alice challenge bob and bob accept.
func (h *harness) startTally(opts ...string) {
	h.t.Helper()
	mustEphemeral(h.t, h.cmd("alice", "tally", "challenge", append([]string{"opponent=bob"}, opts...)...), "Challenge sent")
	lobby := h.rec.last(chanID, "")
	if r := h.click("bob", lobby, "Accept"); r.Kind != Ack {
		h.t.Fatalf("accept: %+v", r)
	}
	if h.game().Status != storage.Active {
		h.t.Fatal("game did not start after the challenge was accepted")
	}
}

// failingSends makes every channel post fail, as a channel the bot may not
// write to would.
type failingSends struct{ *recorder }

func (f failingSends) Send(context.Context, string, Message) (string, error) {
	return "", fmt.Errorf("403 missing permissions")
}

// confirmed runs a slash command that asks to confirm (/game resign,
// /game abandon) and presses its confirm button as the same user; a
// refusal instead of the question is returned as is. The answer that
// replaces the question is returned as an ephemeral reply.
func (h *harness) confirmed(in Interaction) Response {
	h.t.Helper()
	resp := h.r.Handle(context.Background(), in)
	for _, row := range resp.Message.Rows {
		for _, b := range row.Buttons {
			if strings.HasPrefix(b.CustomID, "confirm:") {
				click := Interaction{Type: ComponentClick, Guild: in.Guild, Channel: in.Channel, DM: in.DM, User: in.User, CanManage: in.CanManage,
					CustomID: b.CustomID, MessageID: "question"}
				r := h.r.Handle(context.Background(), click)
				if r.Kind == Update {
					r.Kind = Reply
				}
				return r
			}
		}
	}
	return resp
}

// cmdIn is the interaction h.cmd sends.
func (h *harness) cmdIn(user, command, sub string, opts ...string) Interaction {
	in := Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(strings.ToUpper(user[:1]) + user[1:])},
		Command: command, Sub: sub, Options: map[string]string{}, Users: map[string]Name{}}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		in.Options[k] = v
	}
	return in
}
