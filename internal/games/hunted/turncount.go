package hunted

// TurnCount numbers the turns, so a game reads as one channel message per
// turn rather than one for the whole run. "On your turn, you have the
// choice of two actions: draw a card from the Hunted deck or hide": alone,
// each draw or hide begins a turn (the card interactions after a draw
// belong to its turn); in co-op a turn lasts until it passes to the
// partner, a draw included.
func (s *State) TurnCount() int { return s.Turns }
