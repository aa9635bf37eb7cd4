package hijacked

import (
	"bytes"
	"fmt"
	"testing"

	"standoff/internal/games"
)

// TestPlayoutContract runs games.Playout, which checks after every move that
// the state round-trips, a refused move changes nothing and everything is
// conserved; some games are replayed from their logs to prove determinism.
// Playout picks a random prompt each move, so off-turn players take their
// any-time actions at random moments.
func TestPlayoutContract(t *testing.T) {
	t.Parallel()
	count := 30
	if raceEnabled || testing.Short() {
		count = 5
	}
	for n := 2; n <= 4; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			t.Parallel()
			for i := range count {
				seed := uint64(n*1_000_000 + i)
				setup := games.Setup{Players: names[:n], Seed: seed}
				st, log, err := games.Playout(Kind, setup, games.NewRNG(seed^0x5eed), 20000, func(s games.State) error { return conserve(s.(*State)) })
				if err != nil {
					t.Fatalf("%d players seed %d: %v", n, seed, err)
				}
				if i%10 != 0 {
					continue
				}
				back, err := games.Replay(Kind, setup, log)
				if err != nil {
					t.Fatal(err)
				}
				a, _ := st.Encode()
				b, _ := back.Encode()
				if !bytes.Equal(a, b) {
					t.Fatalf("%d players seed %d: replay differs", n, seed)
				}
			}
		})
	}
}
