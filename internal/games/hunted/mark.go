package hunted

import "standoff/internal/games"

// Mark sums up a turn of a daily run without naming a card: red when it
// cost health, yellow when it cost time only, green when it cost neither
// (a card drawn and worked for free, a fight won cleanly).
func (s *State) Mark(prev games.State, seat int) string {
	p, ok := prev.(*State)
	if !ok || seat < 0 || seat >= len(s.Players) || seat >= len(p.Players) {
		return "⬜"
	}
	switch {
	case s.Players[seat].Health < p.Players[seat].Health:
		return "🟥"
	case s.Time < p.Time:
		return "🟨"
	}
	return "🟩"
}
