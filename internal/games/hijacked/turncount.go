package hijacked

// TurnCount numbers the turns, so that a game against the Cybot, where the
// one person is on turn round after round, gets a channel message per turn.
func (s *State) TurnCount() int { return s.Round*len(s.Players) + s.Turn }
