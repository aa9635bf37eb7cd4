package hunted

// TurnCount numbers the turns (each begins with a draw), so a solo run
// reads as one channel message per turn rather than one for the whole run.
func (s *State) TurnCount() int { return s.Turns }
