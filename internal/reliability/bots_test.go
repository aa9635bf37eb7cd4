package reliability

import (
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
