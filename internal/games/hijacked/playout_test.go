package hijacked

import (
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
			check := func(s games.State) error { return conserve(s.(*State)) }
			if err := games.Playouts(Kind, names[:n], nil, count, 20000, check); err != nil {
				t.Fatal(err)
			}
		})
	}
}
