package reliability

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/games"
	"standoff/storage"
)

// TestBotsNeverStall: after every answered move in a game with the bot in
// a seat, the game waits on a person or is over. A game left waiting on
// its bot is not re-examined by the clock until the reminder time (12h),
// so a bot that stops short would freeze the table that long.
func TestBotsNeverStall(t *testing.T) {
	perKind, maxMoves := 2, 300
	if raceEnabled {
		perKind, maxMoves = 1, 100
	}
	if long() {
		perKind, maxMoves = 20, 3000
	}
	e := newEnv(t, 1, nil)
	played, moves := 0, 0
	defer func() {
		t.Logf("bots: %d games with the bot seated, %d human moves, each answered with the game waiting on a person or over", played, moves)
	}()
	for _, g := range catalog.Games() {
		k := g.Kind
		if k.Bot == nil {
			continue
		}
		for i := 0; i < perKind; i++ {
			n := players(k)
			users := seatUsers(n)
			users[n-1] = "standoff-bot"
			row := e.start(k, fmt.Sprintf("bots-%s-%d", k.Name, i), users)
			rng := games.NewRNG(uint64(i + 11))
			for m := 0; m < maxMoves; m++ {
				row, st := e.load(k, row.ID)
				if row.Status != storage.Active || st.Outcome() != nil {
					break
				}
				seats := humanToAct(row, st)
				if len(seats) == 0 {
					t.Fatalf("%s game #%d waits on its bot only after %d moves (prompts %+v)\nlog:\n%s", k.Name, row.ID, m, st.Prompts(), e.logs.String())
				}
				seat := seats[rng.Intn(len(seats))]
				legal := st.Legal(seat)
				move := legal[rng.Intn(len(legal))]
				r := e.slash(0, users[seat], row.Channel, k.Name, "move", "move="+move)
				if !strings.HasPrefix(r.Message.Content, "Played") {
					t.Fatalf("%s game #%d: legal %q refused: %q", k.Name, row.ID, move, r.Message.Content)
				}
				moves++
			}
			e.checkReplay(k, row.ID)
			played++
		}
	}
}

// TestStatusMovesAnOwedBot: a crash between a move's save and the bots'
// answer leaves a game waiting on its bot. /game status (what players type
// when a game looks stuck) brings the board back and lets the bot move.
func TestStatusMovesAnOwedBot(t *testing.T) {
	e := newEnv(t, 1, nil)
	for _, g := range catalog.Games() {
		k := g.Kind
		if k.Bot == nil {
			continue
		}
		n := players(k)
		users := seatUsers(n)
		users[n-1] = "standoff-bot"
		row := e.start(k, "owed-"+k.Name, users)
		// Save human moves as the router's commit does, without the bots,
		// until the game waits on its bot.
		rng := games.NewRNG(5)
		for i := 0; i < 200; i++ {
			row, st := e.load(k, row.ID)
			if st.Outcome() != nil {
				t.Fatalf("%s: over before its bot had to move", k.Name)
			}
			seats := humanToAct(row, st)
			if len(seats) == 0 {
				break
			}
			legal := st.Legal(seats[0])
			m := legal[rng.Intn(len(legal))]
			if _, err := st.Apply(seats[0], m); err != nil {
				t.Fatal(err)
			}
			row.State, _ = st.Encode()
			if err := e.stores[0].Save(context.Background(), row, row.Version, &games.SeatMove{Seat: seats[0], Move: m}); err != nil {
				t.Fatal(err)
			}
		}
		row, st := e.load(k, row.ID)
		if len(humanToAct(row, st)) != 0 || st.Outcome() != nil {
			t.Fatalf("%s: the game never came to wait on its bot", k.Name)
		}
		e.slash(0, users[0], row.Channel, "game", "status")
		row, st = e.load(k, row.ID)
		if st.Outcome() == nil && len(humanToAct(row, st)) == 0 {
			t.Errorf("%s: after /game status the game still waits on its bot", k.Name)
		}
		e.checkReplay(k, row.ID)
	}
}
