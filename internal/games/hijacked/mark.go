package hijacked

import "standoff/internal/games"

// Mark sums up a round of a daily run without naming a card: green when
// the seat gained more points than anyone else, red when someone else
// gained more, yellow when nobody gained more than the seat (no gain, or
// an even round).
func (s *State) Mark(prev games.State, seat int) string {
	p, ok := prev.(*State)
	if !ok || seat < 0 || seat >= len(s.Players) || len(p.Players) != len(s.Players) {
		return "⬜"
	}
	mine := s.Players[seat].Score - p.Players[seat].Score
	best := 0
	for i := range s.Players {
		if i != seat {
			best = max(best, s.Players[i].Score-p.Players[i].Score)
		}
	}
	switch {
	case mine > best:
		return "🟩"
	case mine < best:
		return "🟥"
	}
	return "🟨"
}
