package hijacked

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// The Cybot's other card actions (trust, demand, bonus die, persuasion) and
// what it does with the dice its card left over.

// stepTrust builds trust with up to 3 cubes. Cards 12's "if impossible: use
// up to 2 tokens" cannot help here: building trust takes any die, so it is
// impossible only at 100% trust or without dice, which no token changes.
func (bot cybot) stepTrust(step, title string, ev *[]games.Event) {
	s := bot.s
	dice := bot.freeDice("")
	switch {
	case s.did(spaceTrust):
		bot.impossible(ev, title, "it already built trust this turn")
		return
	case s.Trust >= data.TrustSpaces:
		bot.impossible(ev, title, "trust is at 100%")
		return
	case len(dice) == 0:
		bot.impossible(ev, title, "no die left")
		return
	}
	die := bot.chooseDie(dice, bot.rest(), false)
	trust := s.Trust
	bot.merged(ev, fmt.Sprintf("%s: up to 3 cubes with its %s.", title, dieLabel(s.Dice[die])), func(sub *[]games.Event) {
		s.execTrust(s.Cybot.Seat, Action{Verb: verbTrust, Target: 3, Dice: []DieRef{bot.ref(die)}}, sub)
	})
	bot.short(fmt.Sprintf("trust %d%% to %d%%", trust*10, s.Trust*10))
}

// stepDemand takes the token of the number its die shows.
func (bot cybot) stepDemand(title string, ev *[]games.Event) {
	s := bot.s
	opts := bot.actOptions(cyDemand, bot.freeDice(""), false)
	if len(opts) == 0 {
		why := fmt.Sprintf("no die matches a number token with a token left (tokens %s)", s.numbersText())
		if s.did(spaceDemand) {
			why = "it already took a demand this turn"
		}
		bot.impossible(ev, title, why)
		return
	}
	o := bot.chooseOption(opts, bot.rest())
	d := demandNames[demandIndex(data.NumberPlaces[s.numberPlace(s.Dice[o.dice[0]].Value)])]
	bot.short("takes " + aDemand(d))
	bot.merged(ev, title+":", func(sub *[]games.Event) {
		s.execDemand(s.Cybot.Seat, Action{Verb: verbDemand, Dice: bot.refs(o.dice)}, sub)
	})
}

// stepBonus takes the bonus die: "As usual; next round it uses 1 extra die
// with the next card."
func (bot cybot) stepBonus(title string, ev *[]games.Event) {
	s := bot.s
	dice := bot.freeDice("")
	switch {
	case s.did(spaceBonus):
		bot.impossible(ev, title, "it already took one this turn")
		return
	case s.BonusDice == 0:
		bot.impossible(ev, title, "no bonus die is on the bonus space")
		return
	case len(dice) == 0:
		bot.impossible(ev, title, "no die left")
		return
	}
	die := bot.chooseDie(dice, bot.rest(), false)
	line := fmt.Sprintf("%s: with its %s.", title, dieLabel(s.Dice[die]))
	if cybotRules.Cards[s.Cybot.Card-1].Reminder {
		s.Cybot.Reminder = true
		line += fmt.Sprintf(" Card 5 stays out: %s.", cybotRules.Reminder)
	}
	bot.short("bonus die")
	bot.merged(ev, line, func(sub *[]games.Event) {
		s.execBonus(s.Cybot.Seat, Action{Verb: verbBonus, Dice: []DieRef{bot.ref(die)}}, sub)
	})
}

// stepPersuade: "The Cybot sticks to one hijacker and puts its
// communication disc there ... If none was picked before, the Cybot takes
// the rightmost hijacker. From then on it always takes that hijacker when
// the dice fit, until it surrenders; then that hijacker is discarded."
func (bot cybot) stepPersuade(step, title string, ev *[]games.Event) {
	s := bot.s
	cy := s.Cybot.Seat
	dice := bot.freeDice("")
	if s.did(spacePersuade) {
		bot.impossible(ev, title, "it already persuaded this turn")
		return
	}
	opts := bot.actOptions(step, dice, false)
	tokens := ""
	if len(opts) == 0 {
		bot.impossible(ev, title, bot.persuadeWhy(dice))
		return
	}
	o := bot.chooseOption(opts, bot.rest())
	sl := s.Slots[o.target-1]
	if s.Cybot.Hijacker != sl.Tile {
		s.Cybot.Hijacker = sl.Tile
		bot.note(ev, fmt.Sprintf("The Cybot picks %s (place %d) as its hijacker and sticks to it.", data.Hijackers[sl.Tile].Name, o.target))
	}
	// The dice as they will show once the tokens turned them.
	after := map[int]Die{o.dice[0]: s.Dice[o.dice[0]], o.dice[1]: s.Dice[o.dice[1]]}
	for _, adj := range o.adjust {
		d := after[adj.die]
		d.Value = (d.Value-1+adj.delta+6)%6 + 1
		after[adj.die] = d
	}
	if len(o.adjust) > 0 {
		tokens = fmt.Sprintf(" using %s", plural(len(o.adjust), "token"))
	}
	tile := sl.Tile
	bot.merged(ev, fmt.Sprintf("%s%s:", title, tokens), func(sub *[]games.Event) {
		// Card 9: "use up to 2 tokens to make it possible"; elsewhere 1.
		for _, adj := range o.adjust {
			pay := demandNames[mostOf(s.Players[cy].Demands)]
			s.execAdjust(cy, Action{Verb: verbAdjust, Dice: []DieRef{bot.ref(adj.die)}, Delta: adj.delta, Demand: pay}, sub)
		}
		s.execPersuade(cy, Action{Verb: verbPersuade, Target: o.target, Dice: bot.refs(o.dice)}, sub)
	})
	if containsInt(s.Players[cy].Hijackers, tile) {
		s.Cybot.Hijacker = -1
		bot.short(data.Hijackers[tile].Name + " surrenders")
		bot.note(ev, fmt.Sprintf("The Cybot discards %s: no reward now, %d points at the end.", data.Hijackers[tile].Name, cybotRules.EndPoints.Hijacker))
	} else {
		bot.short(fmt.Sprintf("%s %d/4", data.Hijackers[tile].Name, s.Slots[o.target-1].Turns))
	}
}

// persuadeWhy says why no hijacker fits.
func (bot cybot) persuadeWhy(dice []int) string {
	s := bot.s
	if len(dice) < 2 {
		return "it needs 2 dice"
	}
	var vals []string
	for _, i := range dice {
		vals = append(vals, fmt.Sprint(s.Dice[i].Value))
	}
	if t := bot.hijackerPlace(); t > 0 {
		h := data.Hijackers[s.Slots[t-1].Tile]
		return fmt.Sprintf("its dice %s do not fit %s (%s and %s)", strings.Join(vals, ", "), h.Name, rangeText(h.Ranges[0]), rangeText(h.Ranges[1]))
	}
	return fmt.Sprintf("its dice %s fit no free hijacker", strings.Join(vals, ", "))
}

// hijackerPlace is the place (1-4) of the hijacker it sticks to, 0 for none.
func (bot cybot) hijackerPlace() int {
	s := bot.s
	if s.Cybot.Hijacker < 0 {
		return 0
	}
	for i, sl := range s.Slots {
		if sl.Tile == s.Cybot.Hijacker {
			return i + 1
		}
	}
	return 0
}

// spareToken: "When the card is done and 1 die is left, trade it for 1
// demand token." The token of the number the die shows if there is one,
// otherwise the kind the tower holds most of.
func (bot cybot) spareToken(title string, ev *[]games.Event) {
	s := bot.s
	dice := bot.freeDice("")
	if len(dice) == 0 {
		return
	}
	die := lowest(s, dice)
	d := -1
	if pl := s.numberPlace(s.Dice[die].Value); pl >= 0 && s.Supply[demandIndex(data.NumberPlaces[pl])] > 0 {
		d = demandIndex(data.NumberPlaces[pl])
	} else {
		d = mostOf(s.Supply)
	}
	s.Dice[die].Used = true
	s.DiceUsed++
	if d < 0 {
		bot.note(ev, fmt.Sprintf("%s: its %s would buy a demand token, but the tower is empty.", title, dieLabel(s.Dice[die])))
		return
	}
	s.Supply[d]--
	s.Players[s.Cybot.Seat].Demands[d]++
	bot.short("takes " + article(demandNames[d]))
	bot.note(ev, fmt.Sprintf("%s: trades its %s for a demand token: takes %s.", title, dieLabel(s.Dice[die]), article(demandNames[d])))
}

// spareCard: "With a 2nd die left, choose 1 more passenger card; if there is
// no face-up passenger card, turn up the face-down one with the highest
// value." The die pays for the card whatever it shows.
func (bot cybot) spareCard(title string, ev *[]games.Event) bool {
	s := bot.s
	dice := bot.freeDice("")
	if len(dice) == 0 {
		return true
	}
	cands := bot.spareCands(dice)
	if len(cands) == 0 {
		bot.note(ev, fmt.Sprintf("%s: no passenger card it can choose or turn up.", title))
		return true
	}
	pick, wait := bot.pickCard(cands, title+": 1 more passenger card", ev)
	if wait {
		return false
	}
	die := -1
	if !pick.free {
		die = pick.dice[len(pick.dice)-1]
	}
	bot.cardLine(ev, fmt.Sprintf("%s: 1 more passenger card, takes %s%s", title, bot.candText(pick), dieText(s, die)), func(sub *[]games.Event) {
		bot.takeCard(pick.seat, die, sub)
	}, pick.seat)
	return true
}

// spareBonus: "If that is impossible too, or a die is still left, take a
// bonus die."
func (bot cybot) spareBonus(title string, ev *[]games.Event) {
	s := bot.s
	dice := bot.freeDice("")
	if len(dice) == 0 {
		return
	}
	if s.did(spaceBonus) || s.BonusDice == 0 {
		return // the die is discarded at the end
	}
	die := lowest(s, dice)
	bot.short("bonus die")
	bot.merged(ev, fmt.Sprintf("%s: takes the bonus die with its %s.", title, dieLabel(s.Dice[die])), func(sub *[]games.Event) {
		s.execBonus(s.Cybot.Seat, Action{Verb: verbBonus, Dice: []DieRef{bot.ref(die)}}, sub)
	})
}

// lowest is the die with the lowest value.
func lowest(s *State, dice []int) int {
	best := dice[0]
	for _, i := range dice {
		if s.Dice[i].Value < s.Dice[best].Value {
			best = i
		}
	}
	return best
}

// article puts "a" or "an" before a word: "an intel".
func article(w string) string {
	if strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}
