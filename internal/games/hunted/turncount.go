package hunted

// TurnCount numbers the turns, so a game reads as one channel message per
// turn rather than one for the whole run, and not one per card either. In
// co-op a turn lasts until it passes to the partner, its draw included.
// Alone, "On your turn, you have the choice of two actions: draw a card
// from the Hunted deck or hide", so every draw would be a turn, a new
// message and a new picture: fifty and more in a run. The count moves on
// instead when a row begins afresh: at the first draw after the row was
// discarded (a hide, or terrorists attacking). A row's draws, what they
// bring (locations, tests, a fight) and how it ends read as one message,
// edited as the player goes on.
func (s *State) TurnCount() int { return s.Turns }
