package hunted

import (
	"errors"
	"slices"

	"standoff/internal/games"
)

// CanUndo refuses to take back a move that turned up a card nobody had
// seen: a draw from the Hunted deck or the location deck (including a
// search through it) shows its top, and taking the move back would let the
// player choose again knowing it. Dice rolls and reshuffles are refused by
// the platform already (they move the game's RNG).
func (s *State) CanUndo(seat int, move string) error {
	return games.CheckUndo(decode, s, seat, move, func(t *State) error {
		if !slices.Equal(s.Deck, t.Deck) || !slices.Equal(s.Locations, t.Locations) {
			return errors.New("it turned up a card from a deck")
		}
		return nil
	})
}
