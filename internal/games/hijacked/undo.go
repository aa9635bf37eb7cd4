package hijacked

import (
	"errors"
	"fmt"
	"slices"

	"standoff/internal/games"
)

// CanUndo refuses to take back a move that showed something nobody had
// seen: a face-down passenger card turned up (chosen, or as a neighbour), a
// card dealt from the draw pile, a bonus tile or a hijacker drawn. It also
// names the chance a move drew on, which the platform refuses anyway (the
// game's RNG moved) but only as "it used chance": in Hijacked that is the
// next player's dice, rolled whenever a turn ends, or cubes drawn from the
// bag. So no move that passes the turn is ever taken back, and an undo asked
// of the others by vote arises only for an any-time action played off turn.
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
		return chanceUsed(s, t, move)
	})
}

// chanceUsed names the chance a move drew on, going from s to t: nil when
// it drew on none, or on one this cannot name (the platform's own words
// then say it used chance).
func chanceUsed(s, t *State, move string) error {
	if s.RNG == t.RNG {
		return nil
	}
	if t.Turn != s.Turn || t.Round != s.Round {
		return fmt.Errorf("it ended the turn, and %s's dice were rolled (a roll is never taken back)", t.Players[t.Turn].Name)
	}
	a, err := parseMove(move)
	cubes := err == nil && (a.Verb == verbTrust || (a.Verb == verbTile && a.What == tileTrust))
	if cubes || move == moveCooperate+" yes" {
		return errors.New("it drew cubes from the bag (a draw is never taken back)")
	}
	return nil
}
