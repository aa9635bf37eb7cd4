package hunted

import (
	"errors"
	"fmt"
	"strings"

	"standoff/internal/games"
)

// effect carries out an effect for a seat. Effects that need a decision or a
// fight set their phase; the rest are done at once.
func (s *State) effect(seat int, e *Effect, ev *[]games.Event) {
	if e == nil {
		return
	}
	p := &s.Players[seat]
	switch e.Do {
	case doHeal:
		got := s.heal(seat, e.N)
		s.say(ev, fmt.Sprintf("%s gains %d health (%d).", p.Name, got, p.Health))
	case doHurt:
		p.Health = max(0, p.Health-e.N)
		s.say(ev, fmt.Sprintf("%s loses %d health (%d left).", p.Name, e.N, p.Health))
	case doTime:
		// "You may never go above twenty time or six health."
		before := s.Time
		s.Time = min(maxTime, s.Time+e.N)
		s.say(ev, fmt.Sprintf("%d time gained (%d).", s.Time-before, s.Time))
	case doLoseTime:
		s.loseTime(e.N)
		s.say(ev, fmt.Sprintf("%d time lost (%d left).", e.N, s.Time))
	case doKey:
		if s.Keys == 0 {
			s.say(ev, "No key token is left in the supply.")
			return
		}
		s.Keys--
		p.Keys++
		s.say(ev, fmt.Sprintf("%s gains a key token (%d held).", p.Name, p.Keys))
	case doRegroup:
		if s.Regroups == 0 {
			s.say(ev, "No regroup token is left in the supply.")
			return
		}
		s.Regroups--
		p.Regroup++
		s.say(ev, fmt.Sprintf("%s gains a regroup token (%d held).", p.Name, p.Regroup))
	case doFind:
		s.searchDeck(seat, e.Find, e.N, ev)
	case doAmbush:
		s.ambush(seat, e.N, ev)
	case doFight:
		s.startFight(seat, cardless(e.Targets), ev)
	case doSurveil:
		s.surveil(ev)
	case doLocation:
		s.drawLocations(seat, 1, ev)
	case doLars:
		s.startFight(seat, &Fight{Name: data.Lars.Name, Lars: true, Targets: []int{data.Lars.Target}, Hit: []bool{false}}, ev)
	case doHit:
		s.hitOne(ev)
	}
}

// searchDeck: "draw cards one at a time, stop when you find the noted card,
// and shuffle the other cards that have been drawn back into the deck." The
// card found goes to the inventory. Every card drawn is named: they were
// turned face up one by one (assumption 17).
func (s *State) searchDeck(seat int, typ string, n int, ev *[]games.Event) {
	var seen []string
	for range n {
		id, ok := s.drawCard()
		if !ok {
			break
		}
		if data.card[id].Type == typ {
			s.shuffleBack(seen)
			msg := fmt.Sprintf("Searching for %s: %s, which goes to %s's inventory.", article(typ), labels(append(seen, id)), s.Players[seat].Name)
			if len(seen) > 0 {
				msg += fmt.Sprintf(" The other %s shuffled back into the deck.", pluralIs(len(seen), "card"))
			}
			s.gain(seat, id)
			s.say(ev, msg)
			return
		}
		seen = append(seen, id)
	}
	s.shuffleBack(seen)
	if len(seen) == 0 {
		s.say(ev, fmt.Sprintf("Searching for %s: the deck is empty.", article(typ)))
		return
	}
	s.say(ev, fmt.Sprintf("Searching for %s: %s; none found, the %s shuffled back into the deck.", article(typ), labels(seen), pluralIs(len(seen), "card")))
}

// ambush: "if a card says, 'Draw five cards and if you find a terrorist card,
// it attacks you,' draw cards one at a time; if a terrorist card is revealed,
// you must fight it, but you do not have to draw any additional cards".
// "Event cards that cause you to fight a terrorist do not clear the row."
func (s *State) ambush(seat int, n int, ev *[]games.Event) {
	var seen []string
	for range n {
		id, ok := s.drawCard()
		if !ok {
			break
		}
		if data.card[id].Type == typeTerrorist {
			s.shuffleBack(seen)
			f := cardFight(id)
			msg := fmt.Sprintf("Cards drawn: %s. %s %s!", labels(append(seen, id)), f.subject(), f.verb("attacks", "attack"))
			if len(seen) > 0 {
				msg += fmt.Sprintf(" The other %s shuffled back into the deck.", pluralIs(len(seen), "card"))
			}
			s.say(ev, msg)
			s.startFight(seat, f, ev)
			return
		}
		seen = append(seen, id)
	}
	s.shuffleBack(seen)
	if len(seen) == 0 {
		s.say(ev, "The deck is empty: no terrorist comes.")
		return
	}
	s.say(ev, fmt.Sprintf("Cards drawn: %s. No terrorist; the %s shuffled back into the deck.", labels(seen), pluralIs(len(seen), "card")))
}

// article writes a card type with its article: "a hostage", "an item".
func article(typ string) string {
	if strings.ContainsRune("aeiou", rune(typ[0])) {
		return "an " + typ
	}
	return "a " + typ
}

// pluralIs writes a count with its verb: "card is", "2 cards are".
func pluralIs(n int, noun string) string {
	if n == 1 {
		return noun + " is"
	}
	return plural(n, noun) + " are"
}

// drawLocations: "these cards allow you to draw one location card for each
// location icon, up to a maximum of two location cards. If one card is
// drawn, you must complete the action on that card ...; if two cards are
// drawn, you must choose one card to play and discard the other".
func (s *State) drawLocations(seat, k int, ev *[]games.Event) {
	n := min(k, len(s.Locations))
	if n == 0 {
		s.say(ev, "No location card is left.")
		return
	}
	drawn := make([]string, n)
	for i := range n {
		drawn[i] = s.Locations[len(s.Locations)-1]
		s.Locations = s.Locations[:len(s.Locations)-1]
	}
	if n == 1 {
		s.playLocation(seat, drawn[0], ev)
		return
	}
	s.LocChoice = drawn
	s.Phase = phaseChoose
	s.say(ev, fmt.Sprintf("Location cards drawn: %s and %s. Choose one to play.", label(drawn[0]), label(drawn[1])))
}

// chooseLocation plays one of two drawn location cards. The other is
// discarded, "other than the Roof card": a Roof not chosen goes back on top
// of the location deck.
func (s *State) chooseLocation(seat int, arg string, ev *[]games.Event) error {
	id, err := findIn(arg, s.LocChoice, "the location cards drawn")
	if err != nil {
		return err
	}
	other := without(s.LocChoice, id)[0]
	s.LocChoice = nil
	if data.location[other].Roof {
		s.Locations = append(s.Locations, other)
		s.RoofBack = true
		s.say(ev, "The Roof goes back on top of the location deck.")
	} else {
		s.LocPassed = append(s.LocPassed, other)
	}
	s.toMain()
	s.playLocation(seat, id, ev)
	return nil
}

// playLocation resolves a location card.
func (s *State) playLocation(seat int, id string, ev *[]games.Event) {
	l := data.location[id]
	s.LocPassed = append(s.LocPassed, id)
	s.Current = id
	s.say(ev, fmt.Sprintf("%s reaches the %s: %s", s.Players[seat].Name, l.Name, l.Text))
	switch {
	case l.Optional:
		s.Phase = phaseOptional
	case l.Test != nil:
		s.startTest(seat, id, ev)
	default:
		s.effect(seat, l.Effect, ev)
	}
}

// optional answers an optional location ("unless it is designated as optional").
func (s *State) optional(seat int, yes bool, ev *[]games.Event) error {
	l := data.location[s.Current]
	s.toMain()
	if !yes {
		s.say(ev, fmt.Sprintf("%s passes on the %s.", s.Players[seat].Name, l.Name))
		return nil
	}
	s.loseTime(l.CostTime)
	s.say(ev, fmt.Sprintf("%s spends %d time (%d left).", s.Players[seat].Name, l.CostTime, s.Time))
	s.effect(seat, l.Effect, ev)
	return nil
}

// surveil draws the top 3 cards for the Surveillance Room: "Discard 1. Place
// 1 on the bottom of the deck. Place 1 on top of the deck."
func (s *State) surveil(ev *[]games.Event) {
	var drawn []string
	for range 3 {
		id, ok := s.drawCard()
		if !ok {
			break
		}
		drawn = append(drawn, id)
	}
	switch len(drawn) {
	case 0:
		s.say(ev, "The deck is empty: nothing to watch.")
	case 1:
		s.Deck = append(s.Deck, drawn[0])
		s.say(ev, fmt.Sprintf("Only %s is left: it stays on top.", label(drawn[0])))
	default:
		s.Surveil = drawn
		s.Phase = phaseSurveil
		s.say(ev, fmt.Sprintf("On the monitors: %s.", labels(drawn)))
	}
}

// watch places the Surveillance Room's cards.
func (s *State) watch(args []string, ev *[]games.Event) error {
	n := len(s.Surveil)
	if len(args) != n-1 {
		if n == 3 {
			return errors.New("name the card to discard and the card for the bottom, e.g. `watch " + s.Surveil[0] + " " + s.Surveil[1] + "`; the third goes on top")
		}
		return errors.New("name the card to discard, e.g. `watch " + s.Surveil[0] + "`; the other goes on top")
	}
	d, err := findIn(args[0], s.Surveil, "the cards on the monitors")
	if err != nil {
		return err
	}
	rest := without(s.Surveil, d)
	bottom := ""
	if n == 3 {
		if bottom, err = findIn(args[1], rest, "the other cards on the monitors"); err != nil {
			return err
		}
		rest = without(rest, bottom)
		s.Deck = append([]string{bottom}, s.Deck...)
	}
	s.Discard = append(s.Discard, d)
	s.Deck = append(s.Deck, rest[0])
	s.Surveil = nil
	s.toMain()
	msg := fmt.Sprintf("%s discarded", label(d))
	if bottom != "" {
		msg += fmt.Sprintf(", %s to the bottom", label(bottom))
	}
	s.say(ev, fmt.Sprintf("%s, %s on top of the deck.", msg, label(rest[0])))
	return nil
}

// startTest rolls the test dice: "To resolve a test, you will roll dice
// (based on current health ...) and will try to roll equal to or greater
// than five."
func (s *State) startTest(seat int, src string, ev *[]games.Event) {
	n := testDice(s.Players[seat].Health)
	r := &Roll{Purpose: rollTest, Seat: seat, Source: src}
	for _, f := range s.RNG.Roll(n, 6) {
		r.Dice = append(r.Dice, Die{Sides: 6, Face: f})
	}
	s.Roll = r
	s.say(ev, fmt.Sprintf("Test for %s: %s rolls %s (needs one %d+).", nameOf(src), s.Players[seat].Name, diceText(r.Dice), data.TestTarget))
	s.afterRoll(ev)
}

// testDice is how many test dice a health level rolls.
func testDice(health int) int {
	return data.TestDice[max(0, min(health, maxHealth))]
}

// testOf is the test printed on a card or location.
func testOf(id string) *Test {
	if c, ok := data.card[id]; ok {
		return c.Test
	}
	return data.location[id].Test
}

// diceText writes dice as "d6:5 d6:2(+2=4)".
func diceText(dice []Die) string {
	out := make([]string, len(dice))
	for i, d := range dice {
		out[i] = fmt.Sprintf("d%d:%d", d.Sides, d.Face)
		if d.Boost > 0 {
			out[i] += fmt.Sprintf("(+%d=%d)", 2*d.Boost, d.Value())
		}
	}
	return strings.Join(out, " ")
}
