package reliability

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
	"standoff/storage"
)

func long() bool { return os.Getenv("STANDOFF_LONG") != "" }

// recorder is a Transport that keeps every message, safe for many
// goroutines, like a tiny Discord.
type recorder struct {
	mu   sync.Mutex
	n    int
	msgs []*recMsg
	// log of every Send and Edit, in order: what the table or a DM saw.
	events []recEvent
}

type recMsg struct {
	id      string
	channel string // "" for a DM
	dm      string // user id of a DM
	m       commands.Message
}

type recEvent struct {
	channel, dm string
	m           commands.Message
	edit        bool // an edit (which notifies nobody), not a new message
}

func (r *recorder) Send(_ context.Context, channel string, m commands.Message) (string, error) {
	return r.add(channel, "", m), nil
}

func (r *recorder) add(channel, dm string, m commands.Message) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.n++
	id := fmt.Sprintf("m%d", r.n)
	r.msgs = append(r.msgs, &recMsg{id: id, channel: channel, dm: dm, m: m})
	r.events = append(r.events, recEvent{channel: channel, dm: dm, m: m})
	return id
}

func (r *recorder) Edit(_ context.Context, channel, id string, m commands.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, msg := range r.msgs {
		if msg.id == id && msg.channel == channel {
			msg.m = m
			r.events = append(r.events, recEvent{channel: channel, dm: msg.dm, m: m, edit: true})
			return nil
		}
	}
	return fmt.Errorf("%w: %s", commands.ErrMessageGone, id)
}

func (r *recorder) ClearControls(_ context.Context, channel, id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, msg := range r.msgs {
		if msg.id == id {
			msg.m.Rows = nil
			return nil
		}
	}
	return fmt.Errorf("%w: %s", commands.ErrMessageGone, id)
}

func (r *recorder) DM(_ context.Context, user string, m commands.Message) error {
	r.add("", user, m)
	return nil
}

// since returns the Sends and Edits from index i on, and the new index.
func (r *recorder) since(i int) ([]recEvent, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := append([]recEvent(nil), r.events[i:]...)
	return out, len(r.events)
}

// latest returns the newest message in a channel ("" and a user: their DMs)
// with a control whose custom id starts with prefix.
func (r *recorder) latest(channel, dm, prefix string) (commands.Message, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := len(r.msgs) - 1; i >= 0; i-- {
		m := r.msgs[i]
		if m.channel != channel || m.dm != dm {
			continue
		}
		for _, id := range customIDs(m.m) {
			if strings.HasPrefix(id, prefix) {
				return m.m, true
			}
		}
	}
	return commands.Message{}, false
}

func customIDs(m commands.Message) []string {
	var out []string
	for _, row := range m.Rows {
		for _, b := range row.Buttons {
			out = append(out, b.CustomID)
		}
		if row.Select != nil {
			out = append(out, row.Select.CustomID)
		}
	}
	return out
}

// messageText is everything a message shows: text, labels, ids, values.
func messageText(m commands.Message) string {
	var b strings.Builder
	b.WriteString(m.Content)
	for _, row := range m.Rows {
		for _, bt := range row.Buttons {
			b.WriteString("\n" + bt.Label + " " + bt.CustomID)
		}
		if s := row.Select; s != nil {
			b.WriteString("\n" + s.Placeholder + " " + s.CustomID)
			for _, o := range s.Options {
				b.WriteString("\n" + o.Label + " " + o.Value)
			}
		}
	}
	for _, f := range m.Files {
		if !strings.HasSuffix(f.Name, ".png") && !strings.HasSuffix(f.Name, ".gif") {
			b.WriteString("\n" + string(f.Data))
		}
		// A picture's alt text is read out like the message itself.
		b.WriteString("\n" + f.Description)
	}
	return b.String()
}

// syncBuffer is a log sink many goroutines may write to.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// env is a database with one or more routers on it (each with its own
// storage.Open, as separate bot processes would have).
type env struct {
	t       testing.TB
	path    string
	stores  []*storage.Store
	routers []*commands.Router
	rec     *recorder
	logs    *syncBuffer
	now     time.Time
	seeds   *games.RNG
	games   []commands.Game
	mu      sync.Mutex
}

// newEnv opens n routers on one fresh database. draw, when not nil,
// replaces each game's renderer.
func newEnv(t testing.TB, n int, draw func(commands.Game) commands.Renderer) *env {
	e := &env{t: t, path: filepath.Join(t.TempDir(), "standoff.db"), rec: &recorder{}, logs: &syncBuffer{},
		now: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC), seeds: games.NewRNG(7)}
	var list []commands.Game
	for _, g := range catalog.Games() {
		if draw != nil {
			g.Draw = draw(g)
			if g.Full != nil {
				g.Full = g.Draw // the full board is drawn from the same views
			}
		} else {
			g.Draw, g.Full = nil, nil // the move path without pictures: text only
		}
		list = append(list, g)
	}
	e.games = list
	for i := 0; i < n; i++ {
		st, err := storage.Open(e.path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		e.stores = append(e.stores, st)
		e.routers = append(e.routers, newRouter(e, st))
	}
	return e
}

// newRouter makes a router on st for e's games, transport, log and clock.
func newRouter(e *env, st *storage.Store) *commands.Router {
	log := slog.New(slog.NewTextHandler(io.MultiWriter(e.logs), &slog.HandlerOptions{Level: slog.LevelDebug}))
	cfg := commands.DefaultConfig()
	cfg.BotUserID = "standoff-bot"
	r := commands.New(commands.Deps{Store: st, Transport: e.rec, Games: e.games, Log: log,
		Now: e.clock, Seed: e.seed}, cfg)
	e.t.Cleanup(r.Wait)
	return r
}

func (e *env) clock() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.now
}

func (e *env) seed() uint64 {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.seeds.Uint64()
}

var userNames = map[string]string{"u1": "Ann", "u2": "Bob", "u3": "Cid", "u4": "Dee", "u5": "Eve", "u6": "Fay", "u9": "Zed"}

func user(id string) commands.User {
	return commands.User{ID: id, Name: commands.NameOf(userNames[id])}
}

// slash runs a slash command on router ri; opts are name=value.
func (e *env) slash(ri int, uid, channel, command, sub string, opts ...string) commands.Response {
	in := commands.Interaction{Type: commands.SlashCommand, Guild: "g", Channel: channel, User: user(uid),
		Command: command, Sub: sub, Options: map[string]string{}, Users: map[string]commands.Name{}}
	for _, o := range opts {
		k, v, _ := strings.Cut(o, "=")
		in.Options[k] = v
		if strings.HasPrefix(k, "opponent") {
			in.Users[v] = commands.NameOf(userNames[v])
		}
	}
	return e.routers[ri].Handle(context.Background(), in)
}

func (e *env) click(ri int, uid, channel, customID string, values ...string) commands.Response {
	in := commands.Interaction{Type: commands.ComponentClick, Guild: "g", Channel: channel, User: user(uid),
		CustomID: customID, Values: values}
	return e.routers[ri].Handle(context.Background(), in)
}

// start challenges users[1:] to a game of kind in channel for users[0] and
// has them accept; it returns the game's row.
func (e *env) start(kind *games.Kind, channel string, users []string) *storage.Game {
	t := e.t
	t.Helper()
	opts := []string{}
	for i, u := range users[1:] {
		name := "opponent"
		if i > 0 {
			name = fmt.Sprintf("opponent%d", i+1)
		}
		opts = append(opts, name+"="+u)
	}
	r := e.slash(0, users[0], channel, kind.Name, "challenge", opts...)
	if !strings.Contains(r.Message.Content, "#") {
		t.Fatalf("challenge for %s: %+v", kind.Name, r)
	}
	for _, u := range users[1:] {
		if u == "standoff-bot" {
			continue // the bot seats itself
		}
		lobby, ok := e.rec.latest(channel, "", "accept:")
		if !ok {
			t.Fatalf("no lobby with an Accept button in %s", channel)
		}
		for _, id := range customIDs(lobby) {
			if strings.HasPrefix(id, "accept:") {
				if r := e.click(0, u, channel, id); r.Kind != commands.Ack {
					t.Fatalf("%s accepting %s: %+v", u, kind.Name, r)
				}
				break
			}
		}
	}
	row, err := e.stores[0].OpenGame(context.Background(), channel)
	if err != nil || row.Status != storage.Active {
		t.Fatalf("%s in %s did not start: %v", kind.Name, channel, err)
	}
	return row
}

// players is how many seats the suites give a kind: two where it can.
func players(k *games.Kind) int {
	if k.MinPlayers < 2 && k.MaxPlayers >= 2 {
		return 2
	}
	return k.MinPlayers
}

func seatUsers(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("u%d", i+1)
	}
	return out
}

// load reads a game and decodes its state.
func (e *env) load(kind *games.Kind, id int64) (*storage.Game, games.State) {
	row, err := e.stores[0].Game(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	if row.State == nil {
		return row, nil
	}
	st, err := kind.Decode(row.State)
	if err != nil {
		e.t.Fatal(err)
	}
	return row, st
}

// humanToAct lists the human seats the game waits on that have legal moves.
func humanToAct(row *storage.Game, st games.State) []int {
	var out []int
	seen := map[int]bool{}
	for _, p := range st.Prompts() {
		if p.Standing || seen[p.Seat] || row.Seats[p.Seat].BotLevel > 0 || len(st.Legal(p.Seat)) == 0 {
			continue
		}
		seen[p.Seat] = true
		out = append(out, p.Seat)
	}
	return out
}

// checkReplay holds a game's stored state to the replay of its log.
func (e *env) checkReplay(kind *games.Kind, id int64) int {
	e.t.Helper()
	row, _ := e.load(kind, id)
	log, err := e.stores[0].Moves(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	st, err := games.Replay(kind, row.Setup(), log)
	if err != nil {
		e.t.Fatalf("game #%d (%s) does not replay: %v", id, kind.Name, err)
	}
	if enc, _ := st.Encode(); !bytes.Equal(enc, row.State) {
		e.t.Errorf("game #%d (%s): stored state is not the replay of its %d moves", id, kind.Name, len(log))
	}
	return len(log)
}

// slashConfirmed runs a command that asks to confirm first (/game resign,
// /game abandon) and presses its confirm button: the answer is what the
// question became, or the refusal given instead of a question.
func (e *env) slashConfirmed(ri int, uid, channel, command, sub string) commands.Response {
	r := e.slash(ri, uid, channel, command, sub)
	for _, row := range r.Message.Rows {
		for _, b := range row.Buttons {
			if strings.HasPrefix(b.CustomID, "confirm:") {
				return e.click(ri, uid, channel, b.CustomID)
			}
		}
	}
	return r
}
