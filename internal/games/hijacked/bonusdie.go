package hijacked

import (
	"fmt"

	"standoff/internal/games"
)

// placeExtra finds an action that places an unused bonus or mini die as it
// shows now, for the turn of seat: "This die may not be used in the current
// round, but must be played in the next round" ("The same rules apply to
// the mini dice as to the bonus dice"). ok is false when no such die is
// left or none of them fits any action space; adjusting it with demands
// first is not required (see the Assumptions).
func (s *State) placeExtra(seat int) (Action, Die, bool) {
	for i, d := range s.Dice {
		if d.Used || d.Kind == dieOwn {
			continue
		}
		r := DieRef{Value: d.Value, Kind: map[string]string{dieBonus: "b", dieMini: "m"}[d.Kind]}
		var c []Action
		c = append(c, Action{Verb: verbTrust, Target: 1, Dice: []DieRef{r}}, Action{Verb: verbDemand, Dice: []DieRef{r}},
			Action{Verb: verbBonus, Dice: []DieRef{r}})
		for t := 0; t <= len(s.Seats); t++ {
			c = append(c, Action{Verb: verbCard, Target: t, Dice: []DieRef{r}}, Action{Verb: verbReserve, Target: t, Dice: []DieRef{r}})
		}
		for j, e := range s.Dice {
			if j == i || e.Used {
				continue
			}
			o := DieRef{Value: e.Value, Kind: map[string]string{dieOwn: "", dieBonus: "b", dieMini: "m"}[e.Kind]}
			for h := 1; h <= len(s.Slots); h++ {
				c = append(c, Action{Verb: verbPersuade, Target: h, Dice: []DieRef{r, o}})
			}
			c = append(c, Action{Verb: verbRetreat, Dice: []DieRef{r, o}})
		}
		for _, a := range c {
			if a.Verb == verbReserve && (a.Target < 1 || !s.CanReserve) {
				continue
			}
			if s.checkTurn(seat, a) == nil {
				return a, d, true
			}
		}
	}
	return Action{}, Die{}, false
}

// checkEnd refuses to end a turn while a bonus or mini die could still be
// placed.
func (s *State) checkEnd(seat int) error {
	a, d, ok := s.placeExtra(seat)
	if !ok {
		return nil
	}
	return fmt.Errorf("your %s die showing %d must be played this round (\"This die may not be used in the current round, but must be played in the next round\"); it still fits, e.g. `%s`", d.Kind, d.Value, a)
}

// releaseExtraReservation: a bonus or mini die on a reserved card "remains
// for one more round": it goes back to its space at the end of its owner's
// turn one round after it was placed, and the card is no longer reserved.
// A die placed on a reservation this turn stays.
func (s *State) releaseExtraReservation(ev *[]games.Event) {
	r := s.reservation(s.Turn)
	if r < 0 || s.Seats[r].ResDie.Kind == dieOwn {
		return
	}
	for _, d := range s.Dice {
		if d.Reserved {
			return
		}
	}
	kind := s.Seats[r].ResDie.Kind
	s.release(r)
	s.say(ev, fmt.Sprintf("%s's %s die goes back to its space after one more round: seat %d is no longer reserved.", s.Players[s.Turn].Name, kind, r+1))
}
