package commands

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/storage"
	"standoff/storage/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// Three bot processes on one PostgreSQL database, each with its own
// connections and its own in-memory locks, as identical processes behind a
// load balancer would be. Interactions go to any of them at random: every
// click of the same button applies once, every other click gets a clear
// answer, every reminder is sent once, and the log replays to the state.
func TestThreeProcessesOnOnePostgreSQL(t *testing.T) {
	url := pgtest.URL(t)
	rec := &recorder{closed: map[string]bool{}}
	var mu sync.Mutex
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	seeds := games.NewRNG(9)
	var seedMu sync.Mutex
	seed := func() uint64 { seedMu.Lock(); defer seedMu.Unlock(); return seeds.Uint64() }
	cfg := Config{RemindAfter: 12 * time.Hour, RemindEvery: 24 * time.Hour, BotUserID: "botid", BotName: "Standoff"}
	var routers []*Router
	for i := 0; i < 3; i++ {
		st, err := storage.Open(url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		routers = append(routers, New(Deps{Store: st, Transport: rec, Games: []Game{tallyGame}, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Now: clock, Seed: seed}, cfg))
	}
	ctx := context.Background()
	do := func(i int, in Interaction) Response { return routers[i%3].Handle(ctx, in) }
	// Several games at once, one per channel, each driven through all three.
	const tables = 4
	for g := 0; g < tables; g++ {
		ch := fmt.Sprintf("c%d", g)
		r := do(g, Interaction{Type: SlashCommand, Guild: "g", Channel: ch, User: User{ID: "alice", Name: NameOf("alice")}, Command: "tally", Sub: "challenge",
			Options: map[string]string{"opponent": "bob", "target": "30"}, Users: map[string]Name{"bob": NameOf("bob")}})
		if !strings.Contains(r.Message.Content, "Challenge sent") {
			t.Fatalf("challenge: %q", r.Message.Content)
		}
		lobby := rec.last(ch, "")
		accept := lobby.m.Rows[0].Buttons[0].CustomID
		do(g+1, Interaction{Type: ComponentClick, Guild: "g", Channel: ch, User: User{ID: "bob", Name: NameOf("bob")}, CustomID: accept, MessageID: lobby.id})
	}
	st0, _ := storage.Open(url)
	defer st0.Close()
	var applied, refused atomic.Int64
	for round := 0; round < 6; round++ {
		var wg sync.WaitGroup
		for g := 0; g < tables; g++ {
			ch := fmt.Sprintf("c%d", g)
			row, err := st0.OpenGame(ctx, ch)
			if err != nil {
				t.Fatal(err)
			}
			tl, _ := routers[0].table(row)
			p := tl.state.Prompts()[0]
			user := row.Seats[p.Seat].UserID
			move := "add 1"
			if p.Private {
				move = "ok"
			}
			id := customID{Action: "m", Game: row.ID, Version: row.Version, Arg: move}.String()
			// Eight clicks of the same button, at once, on random processes.
			for k := 0; k < 8; k++ {
				wg.Add(1)
				go func(k int) {
					defer wg.Done()
					resp := do(k+g, Interaction{Type: ComponentClick, Guild: "g", Channel: ch, User: User{ID: user, Name: NameOf(user)}, CustomID: id})
					switch {
					case resp.Kind == Ack:
						applied.Add(1)
					case strings.Contains(resp.Message.Content, "position changed"):
						refused.Add(1)
					default:
						t.Errorf("unexpected answer: %+v", resp)
					}
				}(k)
			}
		}
		wg.Wait()
	}
	if applied.Load() != 6*tables || refused.Load() != 6*tables*7 {
		t.Fatalf("%d clicks applied and %d refused; want %d and %d", applied.Load(), refused.Load(), 6*tables, 6*tables*7)
	}
	// The clock runs in all three processes at once: one reminder per game.
	mu.Lock()
	now = now.Add(13 * time.Hour)
	mu.Unlock()
	before := rec.count()
	var wg sync.WaitGroup
	for _, r := range routers {
		wg.Add(1)
		go func(r *Router) { defer wg.Done(); r.Tick(ctx) }(r)
	}
	wg.Wait()
	reminders := 0
	rec.mu.Lock()
	for _, m := range rec.msgs[before:] {
		if strings.Contains(m.m.Content, "Reminder:") {
			reminders++
		}
	}
	rec.mu.Unlock()
	if reminders != tables {
		t.Fatalf("%d reminders for %d waiting games", reminders, tables)
	}
	for g := 0; g < tables; g++ {
		row, _ := st0.OpenGame(ctx, fmt.Sprintf("c%d", g))
		moves, _ := st0.Moves(ctx, row.ID)
		if len(moves) != 6 {
			t.Fatalf("game %d logged %d moves, want 6", row.ID, len(moves))
		}
		s, err := games.Replay(tallyKind, row.Setup(), moves)
		if err != nil {
			t.Fatal(err)
		}
		enc, _ := s.Encode()
		if !bytes.Equal(enc, row.State) {
			t.Fatalf("game %d: replay differs from the stored state", row.ID)
		}
	}
}
