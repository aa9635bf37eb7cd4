package commands

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/pacing"
	"standoff/storage"
)

// threadRecorder is the recorder able to start threads, whose id is the
// starter message's as on Discord, and to rename them.
type threadRecorder struct {
	*recorder
	mu      sync.Mutex
	renames []threadRename
	// fail answers the next renames, one each, instead of renaming.
	fail []error
}

type threadRename struct {
	thread, name string
	// after is how many messages had been sent or edited when it came.
	after int
}

func (tr *threadRecorder) StartThread(_ context.Context, _, messageID, _ string, _ time.Duration) (string, error) {
	return messageID, nil
}

func (tr *threadRecorder) RenameThread(_ context.Context, thread, name string) error {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if len(tr.fail) > 0 {
		err := tr.fail[0]
		tr.fail = tr.fail[1:]
		return err
	}
	tr.renames = append(tr.renames, threadRename{thread: thread, name: name, after: tr.recorder.count()})
	return nil
}

func (tr *threadRecorder) done() []threadRename {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return slices.Clone(tr.renames)
}

// recReplier answers through the recorder, as an interaction's endpoints
// answer on Discord: a click is then being answered, as there.
type recReplier struct {
	rec              *recorder
	channel, clicked string
}

func (rp recReplier) EditOriginal(ctx context.Context, m Message) error {
	return rp.rec.Edit(ctx, rp.channel, rp.clicked, m)
}

func (rp recReplier) ClearOriginal(ctx context.Context) error {
	return rp.rec.ClearControls(ctx, rp.channel, rp.clicked)
}

func (rp recReplier) FollowUp(ctx context.Context, m Message) (string, error) {
	return rp.rec.Send(ctx, rp.channel, m)
}

// threadGame runs a router whose transport starts and renames threads.
type threadGame struct {
	t     *testing.T
	h     *harness
	tr    *threadRecorder
	r     *Router
	reply bool // clicks come with a Replier, as on Discord
}

func newThreadGame(t *testing.T, reply bool) *threadGame {
	h := newHarness(t)
	tr := &threadRecorder{recorder: h.rec}
	r := New(Deps{Store: h.store, Transport: tr, Games: []Game{tallyGame}, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	t.Cleanup(r.Wait)
	return &threadGame{t: t, h: h, tr: tr, r: r, reply: reply}
}

// create runs /tally sub in the channel; opts are "name=value".
func (g *threadGame) create(user, sub string, opts ...string) *storage.Game {
	g.t.Helper()
	in := Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(user)},
		Command: "tally", Sub: sub, Options: map[string]string{}, Users: map[string]Name{}}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		in.Options[k], in.Users[v] = v, NameOf(v)
	}
	if resp := g.r.Handle(context.Background(), in); !strings.Contains(resp.Message.Content, "in its thread") {
		g.t.Fatalf("/tally %s: %q, want a game in its thread", sub, resp.Message.Content)
	}
	g.r.Wait()
	row, err := g.h.store.LatestGame(context.Background(), chanID)
	if err == nil {
		g.t.Fatalf("the game stayed in the channel: %+v", row)
	}
	ths, err := g.h.store.OpenGamesInThreadsOf(context.Background(), chanID, 1)
	if err != nil || len(ths) == 0 {
		g.t.Fatalf("no game in a thread of the channel: %v", err)
	}
	return g.row(ths[0].Thread)
}

func (g *threadGame) row(thread string) *storage.Game {
	g.t.Helper()
	row, err := g.h.store.LatestGame(context.Background(), thread)
	if err != nil {
		g.t.Fatal(err)
	}
	return row
}

// click presses the button labelled label on the game's message in its
// thread, and waits for what it queued.
func (g *threadGame) click(user string, row *storage.Game, label string) Response {
	g.t.Helper()
	msg := g.h.rec.last(row.Channel, "")
	if msg == nil {
		g.t.Fatalf("nothing in the thread %s", row.Channel)
	}
	for _, r := range msg.m.Rows {
		for _, b := range r.Buttons {
			if b.Label != label {
				continue
			}
			in := Interaction{Type: ComponentClick, Guild: "g", Channel: row.Channel, User: User{ID: user, Name: NameOf(user)},
				CustomID: b.CustomID, MessageID: msg.id, InThread: true}
			if g.reply {
				in.Reply = recReplier{rec: g.h.rec, channel: row.Channel, clicked: msg.id}
			}
			resp := g.r.Handle(context.Background(), in)
			g.h.rec.answered(msg.id, resp)
			g.r.Wait()
			return resp
		}
	}
	g.t.Fatalf("no %q on %+v", label, msg.m.Rows)
	return Response{}
}

// An open lobby's thread, named for the creator's lobby, is renamed to the
// game's name once, when the lobby starts, after the game's first
// messages; joining renames nothing. With an interaction being answered
// the rename waits for spare budget, tried again when the budget says.
func TestLobbyThreadRenamedAtStart(t *testing.T) {
	for _, reply := range []bool{false, true} {
		g := newThreadGame(t, reply)
		if reply {
			g.tr.fail = []error{&pacing.LimitedError{Scope: pacing.ScopeBucket, Until: time.Now()}}
		}
		row := g.create("alice", "start")
		if want := "Tally #1: alice's lobby"; g.r.threads.threadName(row) != want {
			t.Fatalf("the lobby's thread name %q, want %q", g.r.threads.threadName(row), want)
		}
		g.click("bob", row, "Join")
		if rn := g.tr.done(); len(rn) != 0 {
			t.Fatalf("renamed on a join: %+v", rn)
		}
		before := g.h.rec.count()
		g.click("alice", row, "Start")
		row = g.row(row.Channel)
		if row.Status != storage.Active {
			t.Fatalf("the game did not start: %v", row.Status)
		}
		rn := g.tr.done()
		if len(rn) != 1 || rn[0].thread != row.Channel || rn[0].name != "Tally #1: alice vs bob" {
			t.Fatalf("reply %v: renames %+v, want the thread named for the game once", reply, rn)
		}
		if rn[0].after <= before {
			t.Errorf("the rename came before the game's first message")
		}
		g.click("alice", row, "Add 3")
		if n := len(g.tr.done()); n != 1 {
			t.Errorf("%d renames after a move, want 1", n)
		}
	}
}

// A challenge's thread is named for its players from the start, so
// accepting renames nothing; a failed rename leaves the started game as
// it is.
func TestThreadRenameOnlyForLobbies(t *testing.T) {
	g := newThreadGame(t, true)
	row := g.create("alice", "challenge", "opponent=bob")
	if want := "Tally #1: alice vs bob"; g.r.threads.threadName(row) != want {
		t.Fatalf("the challenge's thread name %q, want %q", g.r.threads.threadName(row), want)
	}
	g.click("bob", row, "Accept")
	if row = g.row(row.Channel); row.Status != storage.Active {
		t.Fatalf("the challenge did not start: %v", row.Status)
	}
	if rn := g.tr.done(); len(rn) != 0 {
		t.Errorf("a challenge's thread was renamed: %+v", rn)
	}

	g = newThreadGame(t, true)
	g.tr.fail = []error{errors.Join(ErrChannelGone, errors.New("50013 Missing Permissions"))}
	row = g.create("carol", "start")
	g.click("dave", row, "Join")
	resp := g.click("carol", row, "Start")
	if resp.Kind != Ack {
		t.Errorf("the start was answered %+v", resp)
	}
	if row = g.row(row.Channel); row.Status != storage.Active || row.MessageID == "" {
		t.Fatalf("the game after a failed rename: %v, turn message %q", row.Status, row.MessageID)
	}
	if rn := g.tr.done(); len(rn) != 0 {
		t.Errorf("renames %+v after the one refused", rn)
	}
	if g.tr.fail = nil; g.click("carol", row, "Add 3").Kind != Ack {
		t.Errorf("the game does not go on after a failed rename")
	}
	if rn := g.tr.done(); len(rn) != 0 {
		t.Errorf("the refused rename was tried again on a move: %+v", rn)
	}
}
