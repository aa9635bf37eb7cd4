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

// releaseLapsedReservation ends a reservation at the end of its owner's
// next turn if nobody took the card. A reservation is for "the next round"
// ("if he thinks he can put that card to good use the next round"; "A
// player can take the reserved card from his previous turn. He only rolls
// one die this turn, because the die used to reserve his card comes back
// into his supply along with that card when his turn finishes"), and a
// bonus or mini die on it "remains for one more round". The rulebook does
// not say what becomes of a reservation not taken by then; it lapses as the
// bonus die's does (see the Assumptions): the die comes back (an own die to
// its player, a bonus or mini die to its space) and the card stays face up,
// unreserved. Left standing, a reservation cost its owner a die every turn
// for the rest of the game. A reservation placed this turn stays.
func (s *State) releaseLapsedReservation(ev *[]games.Event) {
	r := s.reservation(s.Turn)
	if r < 0 || s.reservedThisTurn(r) {
		return
	}
	kind := s.Seats[r].ResDie.Kind
	s.release(r)
	name := s.Players[s.Turn].Name
	if kind == dieOwn {
		s.say(ev, fmt.Sprintf("%s's reservation of seat %d lapses after a round: the die comes back to %s.", name, r+1, map[bool]string{true: "it", false: "them"}[s.isCybot(s.Turn)]))
		return
	}
	s.say(ev, fmt.Sprintf("%s's %s die goes back to its space after one more round: seat %d is no longer reserved.", name, kind, r+1))
}
