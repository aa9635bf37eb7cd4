package hijacked

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// The Cybot's turn as one move: revealing its card, stepping through the
// card's actions in order, and the questions it waits on the human for.

// begin starts the Cybot's turn once its dice are rolled: "Reveal a
// Cybot card and roll the dice; the card lists the Cybot's actions for this
// round in priority order."
func (bot cybot) begin(ev *[]games.Event) {
	s := bot.s
	c := s.Cybot
	if len(c.Deck) == 0 {
		bot.shuffle()
		s.say(ev, "The Cybot deck is empty: its 12 cards are shuffled into a new deck.")
	}
	c.Card = c.Deck[len(c.Deck)-1]
	c.Deck = c.Deck[:len(c.Deck)-1]
	c.Steps, c.Notes, c.Short, c.Results, c.Ask, c.Answer = []string{}, []string{}, nil, nil, nil, ""
	card := cybotRules.Cards[c.Card-1]
	// Card 5: "Keep this card as a reminder for the next turn and use the
	// bonus die first to choose 1 more passenger card."
	if c.Reminder && bot.hasDie(dieBonus) {
		c.Steps = append(c.Steps, stepReminder)
	}
	c.Reminder = false
	c.Steps = append(c.Steps, card.Actions...)
	c.Steps = append(c.Steps, stepSpareToken, stepSpareCard, stepSpareBonus, stepSpareEnd)
}

// cardPriorities lists a card's actions: "1. Choose a passenger card; 2. Take the bonus die".
func cardPriorities(card CybotCard) string {
	var out []string
	for i, a := range card.Actions {
		out = append(out, fmt.Sprintf("%d. %s", i+1, cybotRules.Actions[a].Name))
	}
	return strings.Join(out, "; ")
}

func (bot cybot) hasDie(kind string) bool {
	s := bot.s
	for _, d := range s.Dice {
		if !d.Used && d.Kind == kind {
			return true
		}
	}
	return false
}

// note narrates one step of the Cybot's card publicly.
func (bot cybot) note(ev *[]games.Event, text string) {
	s := bot.s
	s.Cybot.Notes = append(s.Cybot.Notes, text)
	s.say(ev, text)
}

// merged runs engine actions for a step and narrates the step as one line:
// the step's own words, then what the engine said, less what the step's
// words already tell (the card chosen, the die turned, the reservation, the
// bonus die). A Cybot turn stays a short message.
func (bot cybot) merged(ev *[]games.Event, line string, run func(sub *[]games.Event)) {
	s := bot.s
	saved := s.Log
	s.Log = nil
	var sub []games.Event
	run(&sub)
	s.Log = saved
	name := s.Players[s.Cybot.Seat].Name
	parts := []string{line}
	for _, e := range sub {
		switch {
		case e.Seat >= 0:
			*ev = append(*ev, e)
		case strings.HasPrefix(e.Text, name+" chooses seat "):
			// The human's die coming back off their reservation is news.
			if i, j := strings.Index(e.Text, " ("), strings.Index(e.Text, " back)"); i >= 0 && j > i {
				parts[0] = strings.TrimSuffix(parts[0], ".") + e.Text[i:j+6] + "."
			}
		case strings.HasPrefix(e.Text, name+" hands in "),
			strings.HasPrefix(e.Text, name+" reserves seat "), strings.HasPrefix(e.Text, name+" takes a bonus die with "):
		default:
			parts = append(parts, e.Text)
		}
	}
	bot.note(ev, strings.Join(parts, " "))
}

// short records what a step did in a few words, for the log line of the
// Cybot's move (`/game history`).
func (bot cybot) short(text string) {
	s := bot.s
	s.Cybot.Short = append(s.Cybot.Short, text)
}

// stepTitle is how a step is announced: "Cybot card 8, 1. Police retreat".
func (bot cybot) stepTitle(step string) string {
	s := bot.s
	c := s.Cybot
	card := cybotRules.Cards[c.Card-1]
	switch step {
	case stepReminder:
		return "Reminder (card 5), the bonus die chooses 1 more passenger card"
	case stepSpareToken, stepSpareCard, stepSpareBonus, stepSpareEnd:
		return "Spare dice"
	}
	done := len(card.Actions) - bot.cardStepsLeft()
	return fmt.Sprintf("%d. %s", done+1, cybotRules.Actions[step].Name)
}

// cardStepsLeft counts the card's actions still to resolve.
func (bot cybot) cardStepsLeft() int {
	s := bot.s
	k := 0
	for _, st := range s.Cybot.Steps {
		if cybotRules.Actions[st].Name != "" {
			k++
		}
	}
	return k
}

// apply handles the moves of the solo mode; ok is false for every
// other move, which the engine handles as usual.
func (bot cybot) apply(seat int, text string) (ev []games.Event, ok bool, err error) {
	s := bot.s
	words := strings.Fields(strings.ToLower(text))
	if len(words) > 0 && words[0] == moveCybot+":" {
		// `cybot: card 8: ...` is the logged form, with what it did.
		words = []string{moveCybot}
	}
	if s.Cybot == nil || s.Phase == phaseOver {
		if len(words) > 0 && (words[0] == moveCybot || words[0] == movePick || words[0] == moveCooperate) && s.Phase != phaseOver {
			return nil, true, fmt.Errorf("`%s` is a move of the solo game against the Cybot; this game has no Cybot", words[0])
		}
		return nil, false, nil
	}
	c := s.Cybot
	if seat == c.Seat {
		if len(words) != 1 || words[0] != moveCybot {
			return nil, true, fmt.Errorf("the Cybot plays by its cards: its only move is `cybot`")
		}
		switch {
		case s.Turn != c.Seat:
			return nil, true, fmt.Errorf("it is not the Cybot's turn: %s", s.waiting())
		case c.Ask != nil:
			text, _ := bot.askText()
			return nil, true, fmt.Errorf("the Cybot waits for %s to answer: %s", s.Players[c.Ask.Seat].Name, text)
		}
		bot.run(&ev)
		s.settle(&ev)
		return ev, true, nil
	}
	if len(words) == 0 || (words[0] != movePick && words[0] != moveCooperate && words[0] != moveCybot) {
		return nil, false, nil
	}
	if words[0] == moveCybot {
		return nil, true, fmt.Errorf("only the Cybot plays `cybot`")
	}
	move := strings.Join(words, " ")
	if c.Ask == nil || c.Ask.Seat != seat {
		return nil, true, fmt.Errorf("the Cybot has not asked you anything now")
	}
	for _, m := range c.Ask.Moves {
		if m == move {
			c.Answer = m
			// Told to the table in the third person: the buttons' labels
			// speak to the one who clicks them.
			name := s.Players[seat].Name
			text := fmt.Sprintf("%s picks seat %s for the Cybot.", name, strings.TrimPrefix(m, movePick+" "))
			switch m {
			case moveCooperate + " yes":
				text = fmt.Sprintf("%s cooperates with the Cybot.", name)
			case moveCooperate + " no":
				text = fmt.Sprintf("%s does not cooperate with the Cybot.", name)
			}
			s.say(&ev, text)
			c.Ask = nil
			return ev, true, nil
		}
	}
	return nil, true, fmt.Errorf("answer the Cybot with one of: %s", strings.Join(quoted(c.Ask.Moves), ", "))
}

func quoted(moves []string) []string {
	var out []string
	for _, m := range moves {
		out = append(out, "`"+m+"`")
	}
	return out
}

// ask puts a question to the human; the Cybot's turn pauses until it is
// answered. The default answer (for a player who stays idle) is drawn now,
// from the game's own randomness, so that a replay gives the same.
func (bot cybot) ask(ev *[]games.Event, kind, title, text string, moves, labels []string, def string) {
	s := bot.s
	c := s.Cybot
	if def == "" {
		def = moves[s.RNG.Intn(len(moves))]
	}
	c.Ask = &CyAsk{Seat: s.human(), Kind: kind, Title: title, Text: text, Moves: moves, Labels: labels, Default: def}
	bot.short(fmt.Sprintf("asks %s %s", s.Players[s.human()].Name, map[string]string{movePick: "to pick a card", moveCooperate: "to cooperate"}[kind]))
	s.say(ev, text)
}

// askText is the open question and its answers as the board is now: any
// player may cash demands or free passengers while the Cybot waits, so a
// question that quotes scores is worded from the current state.
func (bot cybot) askText() (string, []string) {
	s := bot.s
	a := s.Cybot.Ask
	if a.Kind == moveCooperate {
		return bot.cooperateText(a.Title)
	}
	return a.Text, a.Labels
}

// answer takes the human's answer to a question of the given kind, "" when
// there is none.
func (bot cybot) answer(kind string) string {
	s := bot.s
	c := s.Cybot
	if c.Answer == "" || !strings.HasPrefix(c.Answer, kind+" ") {
		return ""
	}
	a := strings.TrimPrefix(c.Answer, kind+" ")
	c.Answer = ""
	return a
}

// run resolves the Cybot's turn step by step until it is over or the
// Cybot waits for an answer: "Try the top action; if dice or their count do
// not allow it, go to the next, until one can be done."
func (bot cybot) run(ev *[]games.Event) {
	s := bot.s
	c := s.Cybot
	if len(c.Notes) == 0 {
		// The card is shown with the Cybot's first move of the turn, so that
		// the table reads it just before the steps it orders.
		bot.note(ev, fmt.Sprintf("Cybot card %d (dice %s): %s.", c.Card, s.diceText(), cardPriorities(cybotRules.Cards[c.Card-1])))
	}
	for len(c.Steps) > 0 && s.Phase != phaseOver {
		c.skipped, c.fellBack = false, false
		if !bot.step(c.Steps[0], ev) {
			return // waiting for the human
		}
		if cybotRules.Actions[c.Steps[0]].Name != "" {
			result := resultDone
			switch {
			case c.fellBack:
				result = resultFallback
			case c.skipped:
				result = resultSkipped
			}
			c.Results = append(c.Results, result)
		}
		c.Steps = c.Steps[1:]
	}
	if s.Phase != phaseOver && s.Turn == c.Seat {
		s.endTurn(ev)
	}
}

// step resolves one step; false when it waits for the human.
func (bot cybot) step(step string, ev *[]games.Event) bool {
	s := bot.s
	title := bot.stepTitle(step)
	switch step {
	case stepReminder:
		return bot.stepChoose(step, title, bot.freeDice(dieBonus), ev)
	case cyChoose, cySet, cyFaceDown:
		return bot.stepChoose(step, title, bot.freeDice(""), ev)
	case cyReserve:
		return bot.stepReserve(title, ev)
	case cyTrust, cyTrustTokens:
		bot.stepTrust(step, title, ev)
	case cyPersuade, cyPersuadeTok:
		bot.stepPersuade(step, title, ev)
	case cyRetreat, cyRetreatThumb, cyRetreatAlways:
		return bot.stepRetreat(step, title, ev)
	case cyDemand:
		bot.stepDemand(title, ev)
	case cyBonus:
		bot.stepBonus(title, ev)
	case stepSpareToken:
		bot.spareToken(title, ev)
	case stepSpareCard:
		return bot.spareCard(title, ev)
	case stepSpareBonus:
		bot.spareBonus(title, ev)
	case stepSpareEnd:
		if dice := bot.freeDice(""); len(dice) > 0 {
			var w []string
			for _, i := range dice {
				w = append(w, dieLabel(s.Dice[i]))
				s.Dice[i].Used = true
			}
			bot.note(ev, fmt.Sprintf("%s: the %s left %s discarded.", title, strings.Join(w, ", "), map[bool]string{true: "is", false: "are"}[len(w) == 1]))
		}
	}
	return true
}

// freeDice are the indices of the unused dice, of one kind or all ("").
func (bot cybot) freeDice(kind string) []int {
	s := bot.s
	var out []int
	for i, d := range s.Dice {
		if !d.Used && (kind == "" || d.Kind == kind) {
			out = append(out, i)
		}
	}
	return out
}

// ref names a die of the roll for the engine's actions.
func (bot cybot) ref(i int) DieRef {
	s := bot.s
	d := s.Dice[i]
	return DieRef{Value: d.Value, Kind: map[string]string{dieOwn: "", dieBonus: "b", dieMini: "m"}[d.Kind]}
}

func (bot cybot) refs(idx []int) []DieRef {
	var out []DieRef
	for _, i := range idx {
		out = append(out, bot.ref(i))
	}
	return out
}

// impossible narrates a step the Cybot cannot do: "go to the next".
func (bot cybot) impossible(ev *[]games.Event, title, why string) {
	s := bot.s
	s.Cybot.skipped = true
	bot.note(ev, fmt.Sprintf("%s: not possible (%s), next.", title, why))
}

// rest is what is left of the card after the current step, for planning.
func (bot cybot) rest() []string {
	s := bot.s
	var out []string
	for _, st := range s.Cybot.Steps[1:] {
		if cybotRules.Actions[st].Name != "" {
			out = append(out, st)
		}
	}
	return out
}

// moveText is how the Cybot's move is logged: `cybot` and, after a
// colon, what it did in a few words ("cybot: card 8: YE11 played, pilot
// freed; takes an intel"), so that the move history reads as what it did.
// The words after `cybot` are only a description: the move resolves the
// same without them.
func (bot cybot) moveText() string {
	s := bot.s
	before := len(s.Cybot.Short)
	g, err := games.Try(decode, s, s.Cybot.Seat, moveCybot)
	if err != nil {
		return moveCybot
	}
	t := g.(*State)
	did := "nothing"
	if after := t.Cybot.Short; len(after) >= before {
		if w := after[before:]; len(w) > 0 {
			did = strings.Join(w, "; ")
		}
	}
	return fmt.Sprintf("%s: card %d: %s", moveCybot, t.Cybot.Card, did)
}
