package hijacked

import (
	"fmt"
	"strings"
)

// adjacentToChosen says whether a passenger seat (1-6) is next to the seat
// of the card just chosen: "Reserve an adjacent card, if you want." The six
// seats are one row ("the passengers to the left and right of the chosen
// passenger"), so a card has at most two neighbours; a card taken from the
// draw pile has none.
func (s *State) adjacentToChosen(target int) bool {
	c := s.ChosenSeat
	return c >= 1 && (target == c-1 || target == c+1)
}

// adjacentText names the seats that may be reserved now, for a refusal.
func (s *State) adjacentText() string {
	c := s.ChosenSeat
	if c < 1 {
		return "a card chosen from the draw pile has no neighbours to reserve"
	}
	var seats []string
	for _, t := range []int{c - 1, c + 1} {
		if t >= 1 && t <= len(s.Seats) {
			seats = append(seats, fmt.Sprintf("seat %d", t))
		}
	}
	who := "the neighbours"
	if len(seats) == 1 {
		who = "the neighbour"
	}
	return fmt.Sprintf("%s, %s of seat %d where you chose your card", strings.Join(seats, " or "), who, c)
}

// reservedThisTurn says whether the reservation on board seat i (0-based)
// was placed in the turn being played: "A player can take the reserved card
// from his previous turn" ("if he thinks he can put that card to good use
// the next round"), so it cannot be taken back in the turn that made it. The
// player on turn's die still lies on it among the turn's dice.
func (s *State) reservedThisTurn(i int) bool {
	if s.Seats[i].Reserver != s.Turn {
		return false
	}
	for _, d := range s.Dice {
		if d.Reserved {
			return true
		}
	}
	return false
}
