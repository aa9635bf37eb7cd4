package hijacked

import (
	"errors"
	"fmt"

	"standoff/internal/games"
)

// Apply plays a typed move for a seat. Every move is checked completely
// before anything changes, so a refused move leaves the state untouched.
func (s *State) Apply(seat int, text string) ([]games.Event, error) {
	if err := s.seated(seat); err != nil {
		return nil, err
	}
	if ev, ok, err := (cybot{s}).apply(seat, text); ok {
		return ev, err
	}
	a, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	return s.Do(seat, a)
}

// Do plays an action given as data (what an automated seat chooses among).
func (s *State) Do(seat int, a Action) ([]games.Event, error) {
	if err := s.seated(seat); err != nil {
		return nil, err
	}
	if err := s.check(seat, a); err != nil {
		return nil, err
	}
	var ev []games.Event
	s.exec(seat, a, &ev)
	s.settle(&ev)
	return ev, nil
}

// settle runs what follows any move: medals won, and the end of a turn in
// which the player on turn has nothing left to do with their dice.
func (s *State) settle(ev *[]games.Event) {
	if s.Phase == phaseOver {
		return
	}
	s.checkMedals(ev)
	if s.Phase == phaseTurn && !s.isCybot(s.Turn) && !s.canPlaceDice() {
		s.say(ev, fmt.Sprintf("%s has nothing more to do with the dice.", s.Players[s.Turn].Name))
		s.endTurn(ev)
	}
}

// seated refuses a seat that cannot act at all.
// OutOfPlay reports a seat whose player left the game.
func (s *State) OutOfPlay(seat int) bool {
	return seat >= 0 && seat < s.n() && s.Players[seat].Resigned
}

func (s *State) seated(seat int) error {
	switch {
	case seat < 0 || seat >= s.n():
		return fmt.Errorf("seat %d is not in this game", seat+1)
	case s.Phase == phaseOver:
		return errors.New("the game is over")
	case s.Players[seat].Resigned:
		return errors.New("you have left this game")
	}
	return nil
}

// check says whether the seat may make the action now, and if not, why.
func (s *State) check(seat int, a Action) error {
	if anyTime[a.Verb] {
		return s.checkAnyTime(seat, a)
	}
	if seat != s.Turn {
		return fmt.Errorf("it is not your turn: %s. Any time you may free passengers or pilots, cash demands or medals, and use bonus tiles", s.waiting())
	}
	switch s.Phase {
	case phaseDecide:
		if a.Verb != verbPlay && a.Verb != verbDiscard {
			return fmt.Errorf("first play or discard %s: `play` or `discard`", data.Cards[s.Pending.Card].ID)
		}
		return s.checkDecide(seat, a)
	case phaseKeep:
		if a.Verb != verbKeep {
			return fmt.Errorf("first keep one of the bonus tiles you drew: %s", s.keepHelp())
		}
		for _, t := range s.Keep {
			if data.BonusTiles[t].ID == a.What {
				return nil
			}
		}
		return fmt.Errorf("you did not draw the %s tile: %s", a.What, s.keepHelp())
	}
	return s.checkTurn(seat, a)
}

func (s *State) keepHelp() string {
	var out []string
	for _, t := range s.Keep {
		out = append(out, "`keep "+data.BonusTiles[t].ID+"`")
	}
	return fmt.Sprintf("%v", out)
}

// exec performs a checked action.
func (s *State) exec(seat int, a Action, ev *[]games.Event) {
	switch a.Verb {
	case verbCard:
		s.execCard(seat, a, ev)
	case verbPlay:
		s.execPlay(seat, a, ev)
	case verbDiscard:
		s.discardPending(seat, "chooses to discard", ev)
	case verbReserve:
		s.execReserve(seat, a, ev)
	case verbTrust:
		s.execTrust(seat, a, ev)
	case verbPersuade:
		s.execPersuade(seat, a, ev)
	case verbRetreat:
		s.execRetreat(seat, a, ev)
	case verbDemand:
		s.execDemand(seat, a, ev)
	case verbBonus:
		s.execBonus(seat, a, ev)
	case verbAdjust:
		s.execAdjust(seat, a, ev)
	case verbEnd:
		s.say(ev, fmt.Sprintf("%s ends their turn.", s.Players[seat].Name))
		s.endTurn(ev)
	case verbKeep:
		s.execKeep(seat, a, ev)
	default:
		s.execAnyTime(seat, a, ev)
	}
}

// waiting says publicly who is to act and why.
func (s *State) waiting() string {
	if w := (cybot{s}).waiting(); w != "" {
		return w
	}
	name := s.Players[s.Turn].Name
	switch s.Phase {
	case phaseTurn:
		return fmt.Sprintf("%s is placing dice", name)
	case phaseDecide:
		return fmt.Sprintf("%s must play or discard %s", name, data.Cards[s.Pending.Card].ID)
	case phaseKeep:
		return fmt.Sprintf("%s is choosing a bonus tile", name)
	}
	return "the game is over"
}

// Resign takes a player out: their reserved card is freed, their disc leaves
// its hijacker, their cards go to the discard pile and their demands to the
// tower. With one player left, that player wins.
func (s *State) Resign(seat int) ([]games.Event, error) {
	if err := s.seated(seat); err != nil {
		return nil, err
	}
	var ev []games.Event
	p := &s.Players[seat]
	s.say(&ev, fmt.Sprintf("%s leaves the game.", p.Name))
	if r := s.reservation(seat); r >= 0 {
		s.release(r)
	}
	for i := range s.Slots {
		if s.Slots[i].Disc == seat {
			s.Slots[i].Disc, s.Slots[i].Turns = -1, 0
		}
	}
	s.Discard = append(s.Discard, p.Cards...)
	p.Cards = []int{}
	for d := range p.Demands {
		s.Supply[d] += p.Demands[d]
		p.Demands[d] = 0
	}
	s.BonusDice += p.Bonus
	s.MiniDice += p.Mini
	p.Bonus, p.Mini = 0, 0
	if s.Turn == seat {
		if s.Pending != nil {
			s.Discard = append(s.Discard, s.Pending.Card)
			s.refill(s.Pending.From)
			s.Pending = nil
		}
		if s.Keep != nil {
			s.Tiles = append(s.Tiles, s.Keep...)
			games.Shuffle(&s.RNG, s.Tiles)
			s.Keep = nil
		}
	}
	p.Resigned = true
	if s.active() == 1 {
		s.finish(endResign, &ev)
		return ev, nil
	}
	if s.Turn == seat {
		s.endTurn(&ev)
	}
	if s.Start == seat {
		s.Start = s.next(seat)
	}
	s.settle(&ev)
	return ev, nil
}
