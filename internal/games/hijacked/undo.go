package hijacked

import (
	"errors"
	"slices"

	"standoff/internal/games"
)

// CanUndo refuses to take back a move that showed something nobody had
// seen: a face-down passenger card turned up (chosen, or as a neighbour), a
// card dealt from the draw pile, a bonus tile or a hijacker drawn. Cubes
// drawn from the bag and dice rolled are refused by the platform already
// (they move the game's RNG).
func (s *State) CanUndo(seat int, move string) error {
	return games.CheckUndo(decode, s, seat, move, func(t *State) error {
		for i := range s.Seats {
			if s.Seats[i].Card >= 0 && !s.Seats[i].FaceUp && (t.Seats[i].FaceUp || t.Seats[i].Card != s.Seats[i].Card) {
				return errors.New("it turned up a face-down passenger card")
			}
		}
		if !slices.Equal(s.Draw, t.Draw) || !slices.Equal(s.Tiles, t.Tiles) || !slices.Equal(s.HijackerRest, t.HijackerRest) {
			return errors.New("it showed a card or tile from a face-down pile")
		}
		return nil
	})
}
