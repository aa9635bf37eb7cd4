package images

import (
	"testing"

	"standoff/internal/games"
)

// Tests draw the views of seeded random games: a random prompt's player
// plays a random legal move.

// playRandomly plays up to moves random legal moves of random waited-on
// seats, seeded.
func playRandomly(t testing.TB, s games.State, moves int, seed uint64) {
	t.Helper()
	rng := games.NewRNG(seed)
	for range moves {
		if s.Outcome() != nil {
			return
		}
		randomMove(t, s, rng)
	}
}

// randomMove plays one random move of a random prompt's player.
func randomMove(t testing.TB, s games.State, rng *games.RNG) {
	t.Helper()
	ps := s.Prompts()
	p := ps[rng.Intn(len(ps))]
	legal := s.Legal(p.Seat)
	if _, err := s.Apply(p.Seat, legal[rng.Intn(len(legal))]); err != nil {
		t.Fatal(err)
	}
}
