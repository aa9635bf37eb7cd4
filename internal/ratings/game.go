package ratings

// Seat is one rated player of a finished game: their rating before it and
// their place (1 is first; equal places tied).
type Seat struct {
	Rating Rating
	Place  int
}

// PairScore is what a player at place a scored against one at place b:
// ahead is a win, behind a loss, the same place a draw (a shared win, a
// drawn game, or two players who both lost to a third).
func PairScore(a, b int) float64 {
	switch {
	case a < b:
		return 1
	case a > b:
		return 0
	}
	return 0.5
}

// Game is every seat's rating after one finished game. The game is one
// rating period for each player, whose matches are their results against
// every other seat, all rated as they stood before the game: a game of n
// players counts as its n(n-1)/2 pairs, each pair's result read from the
// two places.
func Game(seats []Seat) []Rating {
	out := make([]Rating, len(seats))
	for i, s := range seats {
		matches := make([]Match, 0, len(seats)-1)
		for j, o := range seats {
			if j != i {
				matches = append(matches, Match{Opponent: o.Rating, Score: PairScore(s.Place, o.Place)})
			}
		}
		out[i] = Update(s.Rating, matches, Tau)
	}
	return out
}
