package hijacked

// Playing, discarding and reserving passenger cards.

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// execCard: "Choose a face up or face down card. Reveal the chosen card if it
// was face down. Reveal the adjacent cards if not already face up. Play or
// discard the chosen card."
func (s *State) execCard(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	dice := s.useDice(a)
	s.CanReserve = false
	s.ChosenSeat = a.Target
	s.CardsTaken++
	with := "with their reservation"
	if len(dice) == 1 {
		with = "with a " + dieLabel(dice[0])
	}
	var c int
	faceDown := true
	where := "the top of the draw pile"
	if a.Target == 0 {
		c = s.Draw[len(s.Draw)-1]
		s.Draw = s.Draw[:len(s.Draw)-1]
	} else {
		i := a.Target - 1
		st := &s.Seats[i]
		c, faceDown = st.Card, !st.FaceUp
		where = fmt.Sprintf("seat %d", a.Target)
		if st.Reserver >= 0 && st.Reserver != seat {
			with += fmt.Sprintf(" (%s gets their %s back)", s.Players[st.Reserver].Name, dieLabel(st.ResDie))
		}
		if st.Reserver >= 0 {
			s.release(i)
		}
		st.Card, st.FaceUp = -1, false
	}
	s.say(ev, fmt.Sprintf("%s chooses %s %s: %s.", p.Name, where, with, cardText(c)))
	if a.Target > 0 {
		var shown []string
		for _, j := range []int{a.Target - 2, a.Target} {
			if j >= 0 && j < len(s.Seats) && s.Seats[j].Card >= 0 && !s.Seats[j].FaceUp {
				s.Seats[j].FaceUp = true
				shown = append(shown, fmt.Sprintf("seat %d %s", j+1, cardText(s.Seats[j].Card)))
			}
		}
		if len(shown) > 0 {
			s.say(ev, "Revealed: "+strings.Join(shown, "; ")+".")
		}
	}
	card := data.Cards[c]
	s.Pending = &Pending{Card: c, From: a.Target}
	switch {
	case card.Color == red && faceDown:
		// "If a face down red card is played, it must be discarded to the
		// discard pile immediately (1 point is scored). As a result, the
		// negotiators lose 10% trust, the topmost cube must be removed."
		lost := ""
		if s.Trust > 0 {
			s.Trust--
			s.Green++
			lost = fmt.Sprintf(" Trust drops to %d%%.", s.Trust*10)
		}
		s.discardPending(seat, "must discard the red card", ev)
		if lost != "" {
			s.say(ev, "The passenger fights back."+lost)
		}
	case card.Color == red:
		s.discardPending(seat, "discards the red card (red cards cannot be collected)", ev)
	default:
		if why := s.cannotPlay(seat, c); why != "" {
			s.discardPending(seat, "must discard it ("+why+")", ev)
		} else {
			s.Phase = phaseDecide
		}
	}
}

// release takes the die off a reserved card: "The player who reserved the
// card immediately gets his die back." A reserved bonus or mini die goes back
// to its space.
func (s *State) release(i int) {
	st := &s.Seats[i]
	switch st.ResDie.Kind {
	case dieBonus:
		s.BonusDice++
	case dieMini:
		s.MiniDice++
	}
	st.Reserver, st.ResDie = -1, Die{}
}

// execPlay places the pending card in the supply, paying its demand.
func (s *State) execPlay(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	c := s.Pending.Card
	want := data.Cards[c].Demand
	paid := ""
	if want != "none" {
		pay := a.Demand
		if pay == "" {
			pay = want
			if p.Demands[demandIndex(want)] == 0 {
				pay = "intel"
			}
		}
		d := demandIndex(pay)
		p.Demands[d]--
		s.Supply[d]++
		paid = " paying " + pay
	}
	p.Cards = append(p.Cards, c)
	s.say(ev, fmt.Sprintf("%s plays %s into %s supply%s.", p.Name, data.Cards[c].ID, map[bool]string{true: "its", false: "their"}[s.isCybot(seat)], paid))
	s.finishCard()
}

// discardPending discards the chosen card for 1 point: "One point is
// immediately scored for each Passenger Card discarded in this manner."
func (s *State) discardPending(seat int, how string, ev *[]games.Event) {
	c := s.Pending.Card
	s.Discard = append(s.Discard, c)
	s.say(ev, fmt.Sprintf("%s %s %s: +1 point.", s.Players[seat].Name, how, data.Cards[c].ID))
	s.addPoints(seat, 1, ev)
	s.finishCard()
}

// finishCard: "The played or discarded card is replaced with a new face down
// card from the draw pile."
func (s *State) finishCard() {
	s.refill(s.Pending.From)
	s.Pending = nil
	s.Phase = phaseTurn
	s.CanReserve = true
}

func (s *State) refill(from int) {
	if from < 1 {
		return
	}
	s.Seats[from-1] = Seat{Card: s.drawCard(), Reserver: -1}
}

// drawCard takes the top of the draw pile: "When all the Passenger Cards have
// been discarded or played, the discard pile is reshuffled and placed as a
// new pile." -1 when no card is left anywhere.
func (s *State) drawCard() int {
	if len(s.Draw) == 0 {
		s.Draw, s.Discard = s.Discard, []int{}
		games.Shuffle(&s.RNG, s.Draw)
	}
	if len(s.Draw) == 0 {
		return -1
	}
	c := s.Draw[len(s.Draw)-1]
	s.Draw = s.Draw[:len(s.Draw)-1]
	return c
}

// execReserve: "he places another die with any pip value on the card to be reserved."
func (s *State) execReserve(seat int, a Action, ev *[]games.Event) {
	idx, _ := s.resolveDice(a.Dice)
	d := &s.Dice[idx[0]]
	d.Used, d.Reserved = true, true
	s.DiceUsed++
	st := &s.Seats[a.Target-1]
	st.Reserver, st.ResDie = seat, Die{Kind: d.Kind, Value: d.Value}
	s.CanReserve = false
	s.say(ev, fmt.Sprintf("%s reserves seat %d (%s) with a %s.", s.Players[seat].Name, a.Target, data.Cards[st.Card].ID, dieLabel(*d)))
}
