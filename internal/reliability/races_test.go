package reliability

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
)

// TestRacesAcrossTwoRouters: two routers, each with its own storage.Open of
// one database file (two bot processes' worth), and every game of every
// kind at once. Each round, for every game, many goroutines press the same
// button (the custom id of one legal move at the current version) and type
// the same move, split across both routers, while the next seat and a
// stranger press it too. Exactly one click applies per version; every typed
// success is one more logged move; every other attempt gets an ephemeral
// answer that says why; nothing deadlocks; each game stays the replay of
// its log.
//
//	STANDOFF_LONG=1 go test ./internal/reliability -run TestRaces -race -v
func TestRacesAcrossTwoRouters(t *testing.T) {
	perKind, rounds, clickers := 2, 6, 8
	if raceEnabled {
		perKind, rounds = 1, 4
	}
	if long() {
		perKind, rounds, clickers = 5, 40, 16
	}
	e := newEnv(t, 2, nil)
	type live struct {
		kind    *games.Kind
		id      int64
		channel string
		users   []string
	}
	var all []*live
	for _, g := range catalog.Games() {
		for i := 0; i < perKind; i++ {
			ch := fmt.Sprintf("%s-%d", g.Kind.Name, i)
			users := seatUsers(players(g.Kind))
			row := e.start(g.Kind, ch, users)
			all = append(all, &live{kind: g.Kind, id: row.ID, channel: ch, users: users})
		}
	}
	var attempts, clickWins, typedWins, refusals, versions atomic.Int64
	done := make(chan struct{})
	go func() {
		defer close(done)
		for round := 0; round < rounds; round++ {
			var wg sync.WaitGroup
			for gi, g := range all {
				wg.Add(1)
				go func(gi int, g *live) {
					defer wg.Done()
					rng := games.NewRNG(uint64(round*1000 + gi))
					row, st := e.load(g.kind, g.id)
					if st == nil || st.Outcome() != nil {
						return
					}
					seats := humanToAct(row, st)
					if len(seats) == 0 {
						return
					}
					seat := seats[rng.Intn(len(seats))]
					legal := st.Legal(seat)
					move := legal[rng.Intn(len(legal))]
					logBefore, _ := e.stores[0].Moves(context.Background(), g.id)
					id := fmt.Sprintf("m:%d:%d:%s", row.ID, row.Version, move)
					actor := g.users[seat]
					other := g.users[(seat+1)%len(g.users)]
					var mu sync.Mutex
					var answers []string
					clicks, typed := 0, 0
					var inner sync.WaitGroup
					for c := 0; c < clickers+2; c++ {
						inner.Add(1)
						go func(c int) {
							defer inner.Done()
							ri := c % 2
							var r commands.Response
							kind := "click"
							switch {
							case c == clickers:
								r = e.click(ri, other, g.channel, id) // not this seat's button
							case c == clickers+1:
								r = e.click(ri, "u9", g.channel, id) // a stranger
							case c%4 < 2:
								r = e.click(ri, actor, g.channel, id)
							default:
								kind = "typed"
								r = e.slash(ri, actor, g.channel, g.kind.Name, "move", "move="+move)
							}
							attempts.Add(1)
							mu.Lock()
							defer mu.Unlock()
							switch {
							case kind == "click" && r.Kind == commands.Ack:
								if c >= clickers && other != actor {
									t.Errorf("game #%d: %s's click on another seat's button applied", g.id, kind)
								}
								clicks++
							case kind == "typed" && strings.HasPrefix(r.Message.Content, "Played"):
								typed++
							case r.Kind != commands.Reply || !r.Message.Ephemeral || strings.TrimSpace(r.Message.Content) == "":
								t.Errorf("game #%d: a losing %s got no clear answer: %+v", g.id, kind, r)
							case strings.Contains(r.Message.Content, "went wrong"):
								t.Errorf("game #%d: a losing %s got the generic error (a failure, not a refusal): %q\nlog:\n%s", g.id, kind, r.Message.Content, e.logs.String())
							default:
								refusals.Add(1)
								answers = append(answers, r.Message.Content)
							}
						}(c)
					}
					inner.Wait()
					row2, _ := e.load(g.kind, g.id)
					logAfter, _ := e.stores[0].Moves(context.Background(), g.id)
					human := 0
					for _, m := range logAfter[len(logBefore):] {
						if row2.Seats[m.Seat].BotLevel == 0 {
							human++
						}
					}
					if clicks > 1 {
						t.Errorf("game #%d version %d: %d clicks on one button applied, want at most 1", g.id, row.Version, clicks)
					}
					if clicks+typed == 0 {
						t.Errorf("game #%d version %d: nobody's %q applied; answers: %q", g.id, row.Version, move, answers)
					}
					if human != clicks+typed {
						t.Errorf("game #%d: %d clicks and %d typed moves applied but the log grew by %d human moves", g.id, clicks, typed, human)
					}
					if row2.Version-row.Version != len(logAfter)-len(logBefore) {
						t.Errorf("game #%d: version went %d -> %d but %d moves were logged", g.id, row.Version, row2.Version, len(logAfter)-len(logBefore))
					}
					clickWins.Add(int64(clicks))
					typedWins.Add(int64(typed))
					versions.Add(int64(row2.Version - row.Version))
				}(gi, g)
			}
			wg.Wait()
		}
	}()
	select {
	case <-done:
	case <-time.After(3 * time.Minute):
		t.Fatalf("deadlock: the rounds did not finish in 3 minutes\nlog:\n%s", e.logs.String())
	}
	moves := 0
	for _, g := range all {
		moves += e.checkReplay(g.kind, g.id)
	}
	t.Logf("races: %d games (%d kinds) on 2 routers, %d rounds, %d concurrent attempts: %d button wins, %d typed wins, %d clear refusals, %d versions; %d logged moves replayed",
		len(all), len(catalog.Games()), rounds, attempts.Load(), clickWins.Load(), typedWins.Load(), refusals.Load(), versions.Load(), moves)
}
