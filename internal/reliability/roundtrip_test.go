package reliability

import (
	"encoding/json"
	"fmt"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/games"
)

// TestStateRoundTripKeepsBehaviour: the router applies a move to the state
// it decoded, lets the bots answer and publishes from that same object; the
// next interaction decodes the saved bytes. Both must agree on who acts and
// what is legal, or a game can be shown waiting on one seat while the next
// interaction sees another (a game stalled on its bot with nothing owed
// was found this way by the crash suite).
func TestStateRoundTripKeepsBehaviour(t *testing.T) {
	games_, moves := 30, 400
	if raceEnabled {
		games_, moves = 6, 200
	}
	if long() {
		games_, moves = 300, 3000
	}
	checked := 0
	for _, g := range catalog.Games() {
		k := g.Kind
		for i := 0; i < games_; i++ {
			n := k.MinPlayers + i%(k.MaxPlayers-k.MinPlayers+1)
			var bots []int
			if k.Bot != nil && i%2 == 1 {
				bots = make([]int, n)
				bots[n-1] = 1 + i%k.BotLevels
			}
			st, err := k.New(games.Setup{Players: []string{"A", "B", "C", "D", "E", "F"}[:n], Options: mustResolve(t, k), Seed: uint64(i + 1), Bots: bots})
			if err != nil {
				t.Fatal(err)
			}
			rng := games.NewRNG(uint64(i + 1))
			for m := 0; m < moves && st.Outcome() == nil; m++ {
				enc, _ := st.Encode()
				back, err := k.Decode(enc)
				if err != nil {
					t.Fatal(err)
				}
				if a, b := behaviour(st, n), behaviour(back, n); a != b {
					t.Fatalf("%s game %d after %d moves: the live state and its decoded copy differ:\nlive:    %s\ndecoded: %s", k.Name, i, m, a, b)
				}
				checked++
				ps := st.Prompts()
				p := ps[rng.Intn(len(ps))]
				legal := st.Legal(p.Seat)
				if len(legal) == 0 {
					break
				}
				move := legal[rng.Intn(len(legal))]
				if bots != nil && bots[p.Seat] > 0 && !p.Standing {
					// As the router does: the bot deliberates on the very
					// object the move is then applied to.
					if move, err = k.Bot(st, p.Seat, bots[p.Seat], games.NewRNG(uint64(m))); err != nil {
						t.Fatalf("%s game %d: bot: %v", k.Name, i, err)
					}
				}
				if _, err := st.Apply(p.Seat, move); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	t.Logf("%d positions compared live and decoded", checked)
}

func behaviour(st games.State, n int) string {
	p, _ := json.Marshal(st.Prompts())
	s := string(p)
	for i := 0; i < n; i++ {
		s += fmt.Sprint(st.Legal(i))
	}
	return s
}
