package lockedout

import (
	"errors"
	"fmt"
	"strings"

	"standoff/internal/games"
)

// Apply plays a typed move for a seat. Every move checks everything it needs
// before it changes anything, so a refused move leaves the state untouched
// (the playouts and FuzzApply hold every path to that).
func (s *State) Apply(seat int, text string) ([]games.Event, error) {
	if err := s.seated(seat, "you have left this game"); err != nil {
		return nil, err
	}
	if who := s.actor(); who != seat {
		return nil, fmt.Errorf("it is not your move: %s", s.waiting())
	}
	c, err := parseMove(text)
	var unknown unknownVerb
	switch {
	case errors.Is(err, errEmpty):
		return nil, fmt.Errorf("type a move: %s", s.expects())
	case errors.As(err, &unknown):
		return nil, fmt.Errorf("%v: now %s", err, s.expects())
	case err != nil:
		return nil, err
	}
	var ev []games.Event
	if err := s.apply(seat, c, &ev); err != nil {
		return nil, err
	}
	return ev, nil
}

// apply dispatches a parsed move by phase; the seat is the one to act.
func (s *State) apply(seat int, c command, ev *[]games.Event) error {
	arg := c.Arg()
	want := map[string][]string{
		phaseMove:      {verbMove},
		phaseIntercept: {verbKeep, verbPass, verbSwap},
		phasePlay:      {verbPlay, verbSearch, verbEnd},
		phaseAccuse:    {verbAccuse},
		phaseAnswer:    {verbReveal, verbNone},
		phaseCheck:     {verbLook, verbPass},
		phaseLook:      {verbTake, verbNone},
	}[s.Phase]
	if !contains(want, c.Verb) {
		return fmt.Errorf("`%s` is not possible now: %s", c.Verb, s.expects())
	}
	switch c.Verb {
	case verbMove:
		return s.move(seat, arg, ev)
	case verbKeep:
		s.keep(seat, ev)
	case verbPass:
		if s.Phase == phaseIntercept {
			s.keep(seat, ev)
		} else {
			s.pass(seat, ev)
		}
	case verbLook:
		s.look(seat, ev)
	case verbSwap:
		return s.swap(seat, arg, ev)
	case verbPlay:
		return s.play(seat, arg, ev)
	case verbSearch:
		return s.search(seat, c.Args, ev)
	case verbEnd:
		s.endTurn(seat, ev)
	case verbAccuse:
		return s.accuse(seat, arg, ev)
	case verbReveal:
		return s.reveal(seat, arg, ev)
	case verbNone:
		if s.Phase == phaseAnswer {
			s.refuse(seat, ev)
			return nil
		}
		return s.lookedAway(seat, ev)
	case verbTake:
		return s.take(seat, arg, ev)
	}
	return nil
}

// actor is the seat that may act now, -1 when nobody may.
func (s *State) actor() int {
	switch s.Phase {
	case phaseMove, phasePlay, phaseAccuse:
		return s.Turn
	case phaseIntercept:
		return s.Drawn.Ask[0]
	case phaseAnswer:
		return s.Accused.Suspect
	case phaseCheck, phaseLook:
		return s.Accused.Accuser
	}
	return -1
}

// waiting says publicly who is to act and why.
func (s *State) waiting() string {
	switch s.Phase {
	case phaseMove:
		return fmt.Sprintf("%s must move", s.Players[s.Turn])
	case phasePlay:
		return fmt.Sprintf("%s may play cards or end their turn", s.Players[s.Turn])
	case phaseAccuse:
		return fmt.Sprintf("%s must accuse another player", s.Players[s.Turn])
	case phaseIntercept:
		return fmt.Sprintf("%s is shown %s's card and may swap", s.Players[s.Drawn.Ask[0]], s.Players[s.Drawn.Drawer])
	case phaseAnswer:
		return fmt.Sprintf("%s, accused by %s, may play an access card", s.Players[s.Accused.Suspect], s.Players[s.Accused.Accuser])
	case phaseCheck:
		return fmt.Sprintf("%s may look at half of %s's hand", s.Players[s.Accused.Accuser], s.Players[s.Accused.Suspect])
	case phaseLook:
		return fmt.Sprintf("%s is looking at half of %s's hand", s.Players[s.Accused.Accuser], s.Players[s.Accused.Suspect])
	}
	return "the game is over"
}

// expects says which moves fit the current phase, with the choices the
// player to act has now, so a refusal can show the form that would be right.
func (s *State) expects() string {
	seat := s.actor()
	switch s.Phase {
	case phaseMove:
		rooms := s.moves(seat)
		return fmt.Sprintf("`move <room>`, e.g. `move %s`; you can move to %s", rooms[0], roomList(rooms))
	case phasePlay:
		// Only what this hand allows: two loot cards to search with, a
		// card to play.
		var can []string
		for _, verb := range []string{"play", "search"} {
			for _, m := range s.Legal(seat) {
				if strings.HasPrefix(m, verb+" ") {
					form := map[string]string{"play": "`play <card>`", "search": "`search <loot> <loot>`"}[verb]
					can = append(can, fmt.Sprintf("%s, e.g. `%s`", form, m))
					break
				}
			}
		}
		return strings.Join(append(can, "`end`"), ", or ")
	case phaseAccuse:
		return fmt.Sprintf("`accuse <player>`, e.g. `accuse %d`; you may accuse %s", s.next(seat, 1)+1, s.suspectList(seat))
	case phaseIntercept:
		return "`keep` to let the card pass, or `swap <card>`"
	case phaseAnswer:
		return "`reveal <access card>` or `none`"
	case phaseCheck:
		return fmt.Sprintf("`look` to check half of %s's hand, or `pass`", s.Players[s.Accused.Suspect])
	case phaseLook:
		if found := s.foundAccess(); len(found) > 0 {
			return fmt.Sprintf("`take <access card>`, one of %s", cardList(found))
		}
		return "`none` to return the cards"
	}
	return "the game is over"
}

// Resign takes a player out of the game. Their hand is shuffled into the draw
// pile of the room they stand in (so no access card is lost to the gang) and
// their pawn leaves the ship; whatever they were being asked is settled as if
// they had declined. With one player left, the game ends.
func (s *State) Resign(seat int) ([]games.Event, error) {
	if err := s.seated(seat, "you have already left this game"); err != nil {
		return nil, err
	}
	var ev []games.Event
	s.say(&ev, fmt.Sprintf("%s leaves the game; their cards are shuffled into the %s pile.", s.Players[seat], ship.room[s.Pawns[seat]].Name))
	s.Resigned[seat] = true

	// Settle a pending interception.
	if d := s.Drawn; d != nil {
		if d.Drawer == seat {
			s.give(seat, d.Card)
			s.Drawn = nil
		} else {
			ask := []int{}
			for _, t := range d.Ask {
				if t != seat {
					ask = append(ask, t)
				}
			}
			d.Ask = ask
		}
	}
	// Settle a pending accusation.
	if a := s.Accused; a != nil && (a.Accuser == seat || a.Suspect == seat) {
		s.Accused = nil
		if s.Phase == phaseAnswer || s.Phase == phaseCheck || s.Phase == phaseLook {
			s.Phase = phasePlay
		}
	}
	room := s.Pawns[seat]
	s.Piles[room] = append(s.Piles[room], s.Hands[seat]...)
	games.Shuffle(&s.RNG, s.Piles[room])
	s.Hands[seat] = []string{}

	if s.active() == 1 {
		s.finish(endResign, &ev)
		return ev, nil
	}
	if s.Maintenance == seat {
		s.passMaintenance(&ev)
	}
	switch {
	case s.Turn == seat:
		s.beginTurn(s.next(seat, 1), &ev)
	case s.Drawn != nil && s.Phase == phaseIntercept:
		s.Phase = phasePlay // askNext sets it again if someone is left to ask
		s.askNext(&ev)
	}
	return ev, nil
}

// seated refuses a seat that cannot act: one not in the game, any seat once
// the game is over, or a seat that resigned (told with left).
// OutOfPlay reports a seat whose player left the game.
func (s *State) OutOfPlay(seat int) bool { return seat >= 0 && seat < s.n() && s.Resigned[seat] }

func (s *State) seated(seat int, left string) error {
	switch {
	case seat < 0 || seat >= s.n():
		return fmt.Errorf("seat %d is not in this game", seat+1)
	case s.Phase == phaseOver:
		return errors.New("the game is over")
	case s.Resigned[seat]:
		return errors.New(left)
	}
	return nil
}
