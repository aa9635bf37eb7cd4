package hijacked

// The start and end of a turn and of a round.

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// beginTurn rolls the player's dice: their own dice not lying on a
// reservation, plus bonus and mini dice taken earlier.
func (s *State) beginTurn(seat int, ev *[]games.Event) {
	s.Turn = seat
	s.Phase = phaseTurn
	s.Dice = []Die{}
	s.DiceUsed, s.CardsTaken, s.CanReserve, s.Done = 0, 0, false, []string{}
	p := &s.Players[seat]
	own := 2
	if r := s.reservation(seat); r >= 0 && s.Seats[r].ResDie.Kind == dieOwn {
		own--
	}
	for range own {
		s.Dice = append(s.Dice, Die{Kind: dieOwn})
	}
	for range p.Bonus {
		s.Dice = append(s.Dice, Die{Kind: dieBonus})
	}
	for range p.Mini {
		s.Dice = append(s.Dice, Die{Kind: dieMini})
	}
	p.Bonus, p.Mini = 0, 0
	for i := range s.Dice {
		s.Dice[i].Value = s.RNG.Intn(6) + 1
	}
	s.say(ev, fmt.Sprintf("Round %d, %s rolls %s.", s.Round, p.Name, s.diceText()))
	if s.isCybot(seat) {
		cybot{s}.begin(ev)
	}
}

// endTurn takes the dice back: "At the end of their turn, players take back
// their dice." Bonus and mini dice go back to their places unless they lie
// on a reserved card.
func (s *State) endTurn(ev *[]games.Event) {
	s.checkMedals(ev) // "use 4 dice in one turn" is judged at the end of the turn
	s.releaseLapsedReservation(ev)
	for _, d := range s.Dice {
		if d.Reserved {
			continue
		}
		switch d.Kind {
		case dieBonus:
			s.BonusDice++
		case dieMini:
			s.MiniDice++
		}
	}
	s.Dice = []Die{}
	s.DiceUsed, s.CardsTaken, s.CanReserve, s.Done = 0, 0, false, []string{}
	n := s.n()
	dist := func(x int) int { return (x - s.Start + n) % n }
	next := s.next(s.Turn)
	if dist(next) <= dist(s.Turn) {
		s.endRound(ev)
		return
	}
	s.beginTurn(next, ev)
}

// endRound is the police phase and the end phase: "The game can end in two
// ways if in the end phase of a round one of the following conditions is
// met". When both are met in the same end phase, freeing wins (see the
// Assumptions): the players' goal is to "free at least 3 passengers and 1
// pilot from the plane before the police invade the plane", and those were
// freed in the action phase, before the police phase moved the police in.
func (s *State) endRound(ev *[]games.Event) {
	// "During this phase the Police Team advances one space towards the plane."
	s.Police--
	// "One of the players has been able to negotiate at least three
	// passengers and one pilot from the plane."
	var freed []string
	for _, p := range s.Players {
		if !p.Resigned && p.Freed >= 3 && p.Pilots >= 1 {
			freed = append(freed, p.Name)
		}
	}
	switch {
	case len(freed) > 0 && s.Police <= 0:
		s.say(ev, fmt.Sprintf("End of round %d: the police reach the plane, but %s freed 3 passengers and a pilot before they did: the game ends and is scored.", s.Round, andNames(freed)))
		s.finish(endFreed, ev)
		return
	case s.Police <= 0:
		// "If the police breach the plane, the game ends immediately. All
		// players lose the game!"
		s.say(ev, "The police advance and storm the plane!")
		s.finish(endPolice, ev)
		return
	}
	s.say(ev, fmt.Sprintf("End of round %d: the police advance, %s left.", s.Round, plural(s.Police, "minute")))
	if len(freed) > 0 {
		s.finish(endFreed, ev)
		return
	}
	s.Round++
	first := s.Start
	if s.Players[first].Resigned {
		first = s.next(first)
	}
	s.beginTurn(first, ev)
}

// andNames lists names for a sentence: "Alice", "Alice and Bob", "Alice, Bob and Carol".
func andNames(n []string) string {
	if len(n) < 2 {
		return strings.Join(n, "")
	}
	return strings.Join(n[:len(n)-1], ", ") + " and " + n[len(n)-1]
}
