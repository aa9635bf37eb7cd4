package hijacked

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// The Cybot's passenger cards: choosing one by its preferences, paying for
// it, trading its sets, reserving.

// stepChoose: "Choose a passenger card" means play or discard 1 passenger
// card, by the Cybot's preferences; card 4 plays a face-down card; cards 6
// and 8 a card of a colour it collects.
func (bot cybot) stepChoose(step, title string, dice []int, ev *[]games.Event) bool {
	s := bot.s
	cands, why := bot.cardCands(step, dice)
	if len(cands) == 0 {
		bot.impossible(ev, title, why)
		return true
	}
	pick, wait := bot.pickCard(cands, title, ev)
	if wait {
		return false
	}
	die := -1
	if !pick.free {
		die = bot.chooseDie(pick.dice, bot.rest(), false)
	}
	turned := ""
	if len(pick.adjust) > 0 {
		die = pick.adjust[0].die
		turned = fmt.Sprintf(" turned to %d with a token", (s.Dice[die].Value-1+pick.adjust[0].delta+6)%6+1)
	}
	bot.cardLine(ev, fmt.Sprintf("%s: takes %s%s%s", title, bot.candText(pick), dieText(s, die), turned), func(sub *[]games.Event) {
		for _, adj := range pick.adjust {
			s.execAdjust(s.Cybot.Seat, Action{Verb: verbAdjust, Dice: []DieRef{bot.ref(adj.die)}, Delta: adj.delta, Demand: demandNames[mostOf(s.Players[s.Cybot.Seat].Demands)]}, sub)
		}
		bot.takeCard(pick.seat, die, sub)
	}, pick.seat)
	return true
}

// cardLine narrates a card the Cybot takes as one line: the step, the card
// (its face when it was face down), and what became of it.
func (bot cybot) cardLine(ev *[]games.Event, lead string, run func(sub *[]games.Event), seat int) {
	s := bot.s
	p := &s.Players[s.Cybot.Seat]
	c := s.Seats[seat-1].Card
	if !s.Seats[seat-1].FaceUp {
		lead += ": " + cardText(c)
	}
	freed, pilots := p.Freed, p.Pilots
	bot.merged(ev, lead+".", run)
	what := data.Cards[c].ID + " discarded"
	if s.Pending == nil && containsInt(p.Cards, c) || p.Freed > freed || p.Pilots > pilots {
		what = data.Cards[c].ID + " played"
	}
	if p.Pilots > pilots {
		what += ", pilot freed"
	}
	switch k := p.Freed - freed; {
	case k == 1:
		what += ", passenger freed"
	case k > 1:
		what += fmt.Sprintf(", %d passengers freed", k)
	}
	bot.short(what)
}

func dieText(s *State, die int) string {
	if die < 0 {
		return " (its reservation, no die)"
	}
	return " with its " + dieLabel(s.Dice[die])
}

// pickCard applies the last tie-break: "(4) a random card of your choice" -
// the human picks among the cards still tied.
func (bot cybot) pickCard(cands []cand, title string, ev *[]games.Event) (cand, bool) {
	s := bot.s
	top := tied(cands)
	if len(top) == 1 {
		return top[0], false
	}
	if a := bot.answer(movePick); a != "" {
		for _, c := range top {
			if fmt.Sprint(c.seat) == a {
				return c, false
			}
		}
	}
	var moves, labels, names []string
	for _, c := range top {
		moves = append(moves, fmt.Sprintf("%s %d", movePick, c.seat))
		labels = append(labels, "Seat "+fmt.Sprint(c.seat)+": "+bot.candText(c))
		names = append(names, fmt.Sprint(c.seat))
	}
	bot.ask(ev, movePick, title, fmt.Sprintf("%s: seats %s tie on every preference; %s, pick the card the Cybot takes (a random one if you stay idle).",
		title, strings.Join(names, ", "), s.Players[s.human()].Name), moves, labels, "")
	return cand{}, true
}

// candText describes a card the Cybot may take: "the blue card at seat 4 (BL3 blue 20% crypto)".
func (bot cybot) candText(c cand) string {
	s := bot.s
	st := s.Seats[c.seat-1]
	if !st.FaceUp {
		return fmt.Sprintf("the face-down card at seat %d (%d pips)", c.seat, data.Cards[st.Card].Pips)
	}
	cv := cardView(st.Card)
	return fmt.Sprintf("the %s card at seat %d (%s)", cv.Color, c.seat, cv.Text())
}

// takeCard chooses the card at a seat with a die (-1: its own reservation),
// plays it when it can ("it prefers cards it can play") or discards it, and
// trades complete sets.
func (bot cybot) takeCard(seat, die int, ev *[]games.Event) {
	s := bot.s
	cy := s.Cybot.Seat
	a := Action{Verb: verbCard, Target: seat}
	if die >= 0 {
		a.Dice = []DieRef{bot.ref(die)}
	}
	color := data.Cards[s.Seats[seat-1].Card].Color
	s.execCard(cy, a, ev)
	if s.Phase == phaseDecide {
		s.execPlay(cy, Action{Verb: verbPlay, Demand: bot.payWith(s.Pending.Card)}, ev)
	}
	bot.tradeSets(color, ev)
}

// payWith is the token the Cybot pays a card with: "For the Cybot every
// demand token is a joker." The matching one when it has it, otherwise the
// kind it holds most of.
func (bot cybot) payWith(c int) string {
	s := bot.s
	want := data.Cards[c].Demand
	if want == "none" {
		return ""
	}
	p := &s.Players[s.Cybot.Seat]
	if p.Demands[demandIndex(want)] > 0 {
		return want
	}
	return demandNames[mostOf(p.Demands)]
}

// mostOf is the kind with the most tokens (the first on a tie), -1 if none.
func mostOf(d [4]int) int {
	best := -1
	for i, k := range d {
		if k > 0 && (best < 0 || k > d[best]) {
			best = i
		}
	}
	return best
}

// tradeSets: "As soon as the Cybot has a complete set it trades it for 1
// pilot or 1 passenger." A complete set is what the base game trades: "If
// two Passenger Cards of the same color are scored, then they can be traded
// ... for a (wooden) passenger", "To free a pilot you need three cards of the
// same color." While the Cybot still needs a pilot (it has none and one is
// left) it grows one pair to 3 (its pilot set, the pair it made first) and
// trades every other pair for a passenger at once; with 3 of a colour it
// frees the pilot. With its pilot freed it trades every pair. It never sits
// on a full supply: with 5 cards and no colour at 3 it trades its pilot set's
// pair too. newest is the colour of the card it just played ("" for none).
func (bot cybot) tradeSets(newest string, ev *[]games.Event) {
	s := bot.s
	cy := s.Cybot.Seat
	p := &s.Players[cy]
	free := func(what, col string) bool {
		a := Action{Verb: verbFree, What: what, Color: col}
		if s.checkAnyTime(cy, a) != nil {
			return false
		}
		s.execAnyTime(cy, a, ev)
		return true
	}
	needPilot := func() bool { return p.Pilots == 0 && s.Pilots > 0 }
	for _, col := range colorNames[:4] {
		if p.colorCount(col) >= 3 && (needPilot() || s.Passengers == 0) {
			free("pilot", col)
		}
	}
	var pairs []string
	for _, col := range colorNames[:4] {
		if p.colorCount(col) >= 2 {
			pairs = append(pairs, col)
		}
	}
	keep := ""
	if needPilot() && len(pairs) > 0 {
		// The pilot set is an older pair, not the one the newest card made.
		keep = pairs[0]
		for _, col := range pairs {
			if col != newest {
				keep = col
				break
			}
		}
	}
	for _, col := range pairs {
		if col != keep {
			free("passenger", col)
		}
	}
	if keep != "" && len(p.Cards) >= maxSupply {
		free("passenger", keep)
	}
}

// stepReserve reserves the face-up card the Cybot would choose, with the
// highest die it can spare.
func (bot cybot) stepReserve(title string, ev *[]games.Event) bool {
	s := bot.s
	cy := s.Cybot.Seat
	dice := bot.freeDice("")
	switch {
	case !s.CanReserve:
		bot.impossible(ev, title, "a card is reserved only right after choosing one")
		return true
	case s.reservation(cy) >= 0:
		bot.impossible(ev, title, fmt.Sprintf("it already reserves seat %d", s.reservation(cy)+1))
		return true
	case len(dice) == 0:
		bot.impossible(ev, title, "no die left")
		return true
	}
	cands := bot.reserveCands()
	if len(cands) == 0 {
		bot.impossible(ev, title, "no face-up card beside the seat it chose from")
		return true
	}
	pick, wait := bot.pickCard(cands, title, ev)
	if wait {
		return false
	}
	die := bot.chooseDie(dice, bot.rest(), true)
	bot.short("reserves " + data.Cards[s.Seats[pick.seat-1].Card].ID)
	bot.merged(ev, fmt.Sprintf("%s: reserves %s with its %s.", title, bot.candText(pick), dieLabel(s.Dice[die])), func(sub *[]games.Event) {
		s.execReserve(cy, Action{Verb: verbReserve, Target: pick.seat, Dice: []DieRef{bot.ref(die)}}, sub)
	})
	return true
}
