package hijacked

import (
	"fmt"

	"standoff/internal/games"
)

// The Cybot's police retreat: "Do it as usual if you are willing to equalise
// your scores (or they are equal already); otherwise do another action. You
// decide whether you cooperate. The Cybot must have enough demand tokens, but
// never spends its last one on this action (it keeps it for a passenger
// card). Draw 2 cubes from the bag: if both are green, you cooperate and
// spend tokens to equalise scores; otherwise the Cybot does not cooperate."

// equaliseBlock says why the scores cannot be made equal for a retreat, ""
// when they are equal or can be: the one behind cashes demands, the Cybot
// never its last token.
func (bot cybot) equaliseBlock() string {
	s := bot.s
	cy, hu := &s.Players[s.Cybot.Seat], &s.Players[s.human()]
	switch d := hu.Score - cy.Score; {
	case d > 0 && cy.demandCount() < d+1:
		return fmt.Sprintf("scores differ: %s %d, Cybot %d; it would need %s and never spends its last, it has %d", hu.Name, hu.Score, cy.Score, plural(d, "token"), cy.demandCount())
	case d < 0 && hu.demandCount() < -d:
		return fmt.Sprintf("scores differ: %s %d, Cybot %d; %s has %s to cash, not %d", hu.Name, hu.Score, cy.Score, hu.Name, plural(hu.demandCount(), "demand"), -d)
	}
	return ""
}

// stepRetreat resolves a police retreat on the Cybot's card; false while it
// waits for the human to say whether they cooperate.
func (bot cybot) stepRetreat(step, title string, ev *[]games.Event) bool {
	s := bot.s
	cy, hu := s.Cybot.Seat, s.human()
	why := ""
	switch {
	case s.Round <= 2:
		why = "not in the first two rounds"
	case s.did(spaceRetreat):
		why = "it already did this turn"
	case len(bot.freeDice("")) < 2:
		why = "it needs 2 dice"
	default:
		why = bot.equaliseBlock()
	}
	// Once the human was asked, the answer and the cooperation draw settle
	// the retreat, whatever the scores have become meanwhile: cashing one's
	// own demands while the question is open does not skip the draw.
	ans := bot.answer(moveCooperate)
	if d := s.Players[hu].Score - s.Players[cy].Score; why == "" && (d != 0 || ans != "") {
		switch ans {
		case "":
			bot.askCooperate(title, ev)
			return false
		case "no":
			why = fmt.Sprintf("%s does not cooperate", s.Players[hu].Name)
			if d != 0 {
				why = "scores differ and " + why
			}
		default:
			if a, b, ok := bot.cooperationDraw(); !ok {
				why = fmt.Sprintf("the cooperation draw shows %s and %s: the Cybot does not cooperate", a, b)
			} else {
				bot.note(ev, fmt.Sprintf("%s: the cooperation draw shows two green cubes (back into the bag): scores are equalised.", title))
				bot.equalise(ev)
			}
		}
	}
	if why != "" {
		if step == cyRetreatThumb || step == cyRetreatAlways {
			s.Cybot.fellBack = true // the retreat was not done; the thumb is its fallback
			bot.note(ev, fmt.Sprintf("%s: not possible (%s); %s.", title, why, bot.thumbAnyway()))
			bot.short("thumb advances anyway")
		} else {
			bot.impossible(ev, title, why)
		}
		return true
	}
	o := bot.chooseOption(bot.actOptions(cyRetreat, bot.freeDice(""), false), bot.rest())
	bot.short("police retreat")
	bot.merged(ev, fmt.Sprintf("%s: with its %s and %s.", title, dieLabel(s.Dice[o.dice[0]]), dieLabel(s.Dice[o.dice[1]])), func(sub *[]games.Event) {
		s.execRetreat(cy, Action{Verb: verbRetreat, Dice: bot.refs(o.dice)}, sub)
		if s.Phase == phaseKeep {
			// It never uses bonus tiles, each scores for it at the end: it
			// keeps the first drawn.
			s.execKeep(cy, Action{Verb: verbKeep, What: data.BonusTiles[s.Keep[0]].ID}, sub)
		}
	})
	return true
}

// askCooperate asks the human whether they cooperate.
func (bot cybot) askCooperate(title string, ev *[]games.Event) {
	text, labels := bot.cooperateText(title)
	bot.ask(ev, moveCooperate, title, text, []string{moveCooperate + " yes", moveCooperate + " no"}, labels, moveCooperate+" no")
}

// cooperateText words the cooperation question from the scores as they are
// now.
func (bot cybot) cooperateText(title string) (string, []string) {
	s := bot.s
	hu, cy := &s.Players[s.human()], &s.Players[s.Cybot.Seat]
	d := hu.Score - cy.Score
	yes := fmt.Sprintf("Cooperate: the Cybot cashes %s to reach your %d", plural(d, "token"), hu.Score)
	switch {
	case d == 0:
		yes = "Cooperate: the scores are equal"
	case d < 0 && hu.demandCount() < -d:
		yes = fmt.Sprintf("Cooperate (you need %s to catch up, you have %d)", plural(-d, "demand"), hu.demandCount())
	case d < 0:
		yes = fmt.Sprintf("Cooperate: cash %s of yours (%s) to reach the Cybot's %d", plural(-d, "demand"), joinNames(bot.humanCash(-d)), cy.Score)
	}
	scores := fmt.Sprintf("scores differ (%s %d, Cybot %d)", hu.Name, hu.Score, cy.Score)
	if d == 0 {
		scores = fmt.Sprintf("scores are equal (%s %d, Cybot %d)", hu.Name, hu.Score, cy.Score)
	}
	return fmt.Sprintf("%s: %s. %s, do you cooperate? If you do, 2 cubes are drawn from the bag: with two green ones the scores are equalised and the police retreat.",
		title, scores, hu.Name), []string{yes, "Do not cooperate"}
}

// cooperationDraw draws 2 cubes from the bag and puts them back: true when
// both are green.
func (bot cybot) cooperationDraw() (string, string, bool) {
	s := bot.s
	g, r := s.Green, s.Red
	color := func() string {
		if s.RNG.Intn(g+r) < r {
			r--
			return "red"
		}
		g--
		return "green"
	}
	a := color()
	b := color()
	return a, b, a == "green" && b == "green"
}

// equalise has the one behind cash demands until the scores are equal.
func (bot cybot) equalise(ev *[]games.Event) {
	s := bot.s
	cy, hu := s.Cybot.Seat, s.human()
	if d := s.Players[hu].Score - s.Players[cy].Score; d > 0 {
		for range d {
			s.execAnyTime(cy, Action{Verb: verbCash, Demand: demandNames[mostOf(s.Players[cy].Demands)]}, ev)
		}
	} else if d < 0 {
		for _, name := range bot.humanCash(-d) {
			s.execAnyTime(hu, Action{Verb: verbCash, Demand: name}, ev)
		}
	}
}

// humanCash is the demands the human cashes to catch up: the kinds they hold
// most of first, intel (the wild one) last.
func (bot cybot) humanCash(k int) []string {
	s := bot.s
	d := s.Players[s.human()].Demands
	var out []string
	for range k {
		best := -1
		for i := range 3 {
			if d[i] > 0 && (best < 0 || d[i] > d[best]) {
				best = i
			}
		}
		if best < 0 && d[intel] > 0 {
			best = intel
		}
		if best < 0 {
			break
		}
		d[best]--
		out = append(out, demandNames[best])
	}
	return out
}

func joinNames(n []string) string {
	out := ""
	for i, x := range n {
		if i > 0 {
			out += ", "
		}
		out += x
	}
	return out
}

// thumbAnyway is cards 7 and 11: "the Cybot's thumb advances anyway and it
// puts the top bonus tile in its display". It says what it did.
func (bot cybot) thumbAnyway() string {
	s := bot.s
	p := &s.Players[s.Cybot.Seat]
	if p.Thumb < len(data.Recognition)-1 {
		p.Thumb++
	}
	msg := fmt.Sprintf("its thumb advances anyway, to space %d of the recognition track", p.Thumb)
	if k := len(s.Tiles); k > 0 {
		t := s.Tiles[k-1]
		s.Tiles = s.Tiles[:k-1]
		p.Tiles = append(p.Tiles, t)
		msg += fmt.Sprintf(", and the top bonus tile (%s) goes to its display", data.BonusTiles[t].Name)
	}
	return msg
}
