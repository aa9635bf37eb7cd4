package hijacked

import (
	"encoding/json"
	"fmt"
	"strings"

	"standoff/internal/games"
)

// The solo mode (rulebook 001): one player against the Cybot, an automaton
// that plays the second seat of a 2-player game by its own deck of 12
// priority cards. Its cards, their actions and its end-of-game points are the
// "cybot" section of hijacked.json; the decisions the text leaves open are in
// docs/rules/hijacked.md under "Solo".

// Cybot actions as the cards name them.
const (
	cyChoose        = "choose"
	cyBonus         = "bonus"
	cyTrust         = "trust"
	cyTrustTokens   = "trust-tokens"
	cyReserve       = "reserve"
	cyFaceDown      = "facedown"
	cySet           = "set"
	cyRetreat       = "retreat"
	cyRetreatThumb  = "retreat-thumb"
	cyRetreatAlways = "retreat-always"
	cyPersuade      = "persuade"
	cyPersuadeTok   = "persuade-tokens"
	cyDemand        = "demand"
)

// Steps of a Cybot turn that are not on its card.
const (
	stepReminder   = "reminder"    // card 5 kept: the bonus die first chooses a card
	stepSpareToken = "spare-token" // spare dice: 1 die -> 1 demand token
	stepSpareCard  = "spare-card"  // a 2nd die -> 1 more passenger card
	stepSpareBonus = "spare-bonus" // still a die -> a bonus die
	stepSpareEnd   = "spare-end"   // any dice left are discarded
)

// How an action of the Cybot's card went.
const (
	resultDone    = "done"
	resultSkipped = "skipped"
)

// Moves of the solo mode: the Cybot's own move, and the human's answers to
// its questions.
const (
	moveCybot     = "cybot"
	movePick      = "pick"
	moveCooperate = "cooperate"
)

// CybotCard is one of the 12 Cybot cards: its actions in priority order.
type CybotCard struct {
	Number   int      `json:"number"`
	Actions  []string `json:"actions"`
	Reminder bool     `json:"reminder,omitempty"`
}

// CybotAction is how a card action reads.
type CybotAction struct {
	Name string `json:"name"`
	Note string `json:"note,omitempty"`
}

// cybotData is the "cybot" section of the data file.
type cybotData struct {
	EndPoints struct {
		Star     int `json:"star"`
		Tile     int `json:"tile"`
		SetAside int `json:"setAside"`
		Hijacker int `json:"hijacker"`
	} `json:"endPoints"`
	Cards    []CybotCard            `json:"cards"`
	Actions  map[string]CybotAction `json:"actions"`
	Reminder string                 `json:"reminder"`
}

var cybotRules = mustLoadCybot(dataJSON)

func mustLoadCybot(b []byte) *cybotData {
	d, err := loadCybot(b)
	if err != nil {
		panic("hijacked: hijacked.json cybot: " + err.Error())
	}
	return d
}

// loadCybot reads the Cybot's cards and checks them: "12 SOLO CARDS", each
// action one the Cybot knows.
func loadCybot(b []byte) (*cybotData, error) {
	var f struct {
		Cybot *cybotData `json:"cybot"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	d := f.Cybot
	if d == nil {
		return nil, fmt.Errorf("no cybot section")
	}
	if len(d.Cards) != 12 {
		return nil, fmt.Errorf("%d cards, want 12", len(d.Cards))
	}
	known := map[string]bool{cyChoose: true, cyBonus: true, cyTrust: true, cyTrustTokens: true, cyReserve: true, cyFaceDown: true,
		cySet: true, cyRetreat: true, cyRetreatThumb: true, cyRetreatAlways: true, cyPersuade: true, cyPersuadeTok: true, cyDemand: true}
	for i, c := range d.Cards {
		if c.Number != i+1 || len(c.Actions) == 0 {
			return nil, fmt.Errorf("card %d: number %d, %d actions", i+1, c.Number, len(c.Actions))
		}
		for _, a := range c.Actions {
			if !known[a] || d.Actions[a].Name == "" {
				return nil, fmt.Errorf("card %d: unknown action %q", c.Number, a)
			}
		}
	}
	return d, nil
}

// Cybot is the automaton's own state.
type Cybot struct {
	Seat int   `json:"seat"`
	Deck []int `json:"deck"` // card numbers face down, top last
	Card int   `json:"card"` // the card of this (or the last) turn, 0 before its first
	// Steps is what is left of its turn: the card's actions, then the spare dice.
	Steps    []string `json:"steps"`
	Reminder bool     `json:"reminder,omitempty"` // card 5 lies as a reminder
	Hijacker int      `json:"hijacker"`           // the hijacker tile it sticks to, -1 none
	// SetAside are the score-track rewards: unusable, they score at the end.
	SetAside [4]int   `json:"setAside"`
	Ask      *CyAsk   `json:"ask,omitempty"`
	Answer   string   `json:"answer,omitempty"` // the human's answer to the last question
	Notes    []string `json:"notes,omitempty"`  // narration of this turn's card, step by step
	Short    []string `json:"short,omitempty"`  // what its steps did, in a few words each
	// Results says of each action of its card resolved so far whether it was
	// done or skipped as not possible.
	Results []string `json:"results,omitempty"`
	skipped bool     // the step being resolved was not possible
}

// CyAsk is a question to the human during the Cybot's turn; the Cybot waits
// for the answer, or the platform gives Default after the answer time.
type CyAsk struct {
	Seat    int      `json:"seat"`
	Kind    string   `json:"kind"`            // pick or cooperate
	Title   string   `json:"title,omitempty"` // the step that asks
	Text    string   `json:"text"`
	Moves   []string `json:"moves"`
	Labels  []string `json:"labels"`
	Default string   `json:"default"`
}

// isCybot says whether the seat is played by the Cybot.
func (s *State) isCybot(seat int) bool {
	return s.Cybot != nil && s.Cybot.Seat == seat
}

// human is the solo player's seat.
func (s *State) human() int { return 1 - s.Cybot.Seat }

// setupCybot makes the solo game when the setup names exactly one of two
// seats as played by the game's bot: "Set up a 2-player game (police start
// on 15). Shuffle the Cybot cards face down."
func (s *State) setupCybot(bots []int) {
	if s.n() != 2 || len(bots) != 2 || (bots[0] > 0) == (bots[1] > 0) {
		return
	}
	seat := 0
	if bots[1] > 0 {
		seat = 1
	}
	s.Cybot = &Cybot{Seat: seat, Hijacker: -1, Steps: []string{}}
	s.Players[seat].Name = "Cybot"
	s.shuffleCybot()
}

// shuffleCybot: "Shuffle the Cybot cards face down; when the pile runs out,
// reshuffle it."
func (s *State) shuffleCybot() {
	c := s.Cybot
	c.Deck = c.Deck[:0]
	for _, card := range cybotRules.Cards {
		c.Deck = append(c.Deck, card.Number)
	}
	games.Shuffle(&s.RNG, c.Deck)
}

// cybotBegin starts the Cybot's turn once its dice are rolled: "Reveal a
// Cybot card and roll the dice; the card lists the Cybot's actions for this
// round in priority order."
func (s *State) cybotBegin(ev *[]games.Event) {
	c := s.Cybot
	if len(c.Deck) == 0 {
		s.shuffleCybot()
		s.say(ev, "The Cybot deck is empty: its 12 cards are shuffled into a new deck.")
	}
	c.Card = c.Deck[len(c.Deck)-1]
	c.Deck = c.Deck[:len(c.Deck)-1]
	c.Steps, c.Notes, c.Short, c.Results, c.Ask, c.Answer = []string{}, []string{}, nil, nil, nil, ""
	card := cybotRules.Cards[c.Card-1]
	// Card 5: "Keep this card as a reminder for the next turn and use the
	// bonus die first to choose 1 more passenger card."
	if c.Reminder && s.hasDie(dieBonus) {
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

func (s *State) hasDie(kind string) bool {
	for _, d := range s.Dice {
		if !d.Used && d.Kind == kind {
			return true
		}
	}
	return false
}

// note narrates one step of the Cybot's card publicly.
func (s *State) note(ev *[]games.Event, text string) {
	s.Cybot.Notes = append(s.Cybot.Notes, text)
	s.say(ev, text)
}

// merged runs engine actions for a step and narrates the step as one line:
// the step's own words, then what the engine said, less what the step's
// words already tell (the card chosen, the die turned, the reservation, the
// bonus die). A Cybot turn stays a short message.
func (s *State) merged(ev *[]games.Event, line string, run func(sub *[]games.Event)) {
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
	s.note(ev, strings.Join(parts, " "))
}

// short records what a step did in a few words, for the log line of the
// Cybot's move (`/game history`).
func (s *State) short(text string) {
	s.Cybot.Short = append(s.Cybot.Short, text)
}

// stepTitle is how a step is announced: "Cybot card 8, 1. Police retreat".
func (s *State) stepTitle(step string) string {
	c := s.Cybot
	card := cybotRules.Cards[c.Card-1]
	switch step {
	case stepReminder:
		return "Reminder (card 5), the bonus die chooses 1 more passenger card"
	case stepSpareToken, stepSpareCard, stepSpareBonus, stepSpareEnd:
		return "Spare dice"
	}
	done := len(card.Actions) - s.cardStepsLeft()
	return fmt.Sprintf("%d. %s", done+1, cybotRules.Actions[step].Name)
}

// cardStepsLeft counts the card's actions still to resolve.
func (s *State) cardStepsLeft() int {
	k := 0
	for _, st := range s.Cybot.Steps {
		if cybotRules.Actions[st].Name != "" {
			k++
		}
	}
	return k
}

// cybotApply handles the moves of the solo mode; ok is false for every
// other move, which the engine handles as usual.
func (s *State) cybotApply(seat int, text string) (ev []games.Event, ok bool, err error) {
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
			text, _ := s.askText()
			return nil, true, fmt.Errorf("the Cybot waits for %s to answer: %s", s.Players[c.Ask.Seat].Name, text)
		}
		s.cybotRun(&ev)
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
func (s *State) ask(ev *[]games.Event, kind, title, text string, moves, labels []string, def string) {
	c := s.Cybot
	if def == "" {
		def = moves[s.RNG.Intn(len(moves))]
	}
	c.Ask = &CyAsk{Seat: s.human(), Kind: kind, Title: title, Text: text, Moves: moves, Labels: labels, Default: def}
	s.short(fmt.Sprintf("asks %s %s", s.Players[s.human()].Name, map[string]string{movePick: "to pick a card", moveCooperate: "to cooperate"}[kind]))
	s.say(ev, text)
}

// askText is the open question and its answers as the board is now: any
// player may cash demands or free passengers while the Cybot waits, so a
// question that quotes scores is worded from the current state.
func (s *State) askText() (string, []string) {
	a := s.Cybot.Ask
	if a.Kind == moveCooperate {
		return s.cooperateText(a.Title)
	}
	return a.Text, a.Labels
}

// answer takes the human's answer to a question of the given kind, "" when
// there is none.
func (s *State) answer(kind string) string {
	c := s.Cybot
	if c.Answer == "" || !strings.HasPrefix(c.Answer, kind+" ") {
		return ""
	}
	a := strings.TrimPrefix(c.Answer, kind+" ")
	c.Answer = ""
	return a
}

// cybotRun resolves the Cybot's turn step by step until it is over or the
// Cybot waits for an answer: "Try the top action; if dice or their count do
// not allow it, go to the next, until one can be done."
func (s *State) cybotRun(ev *[]games.Event) {
	c := s.Cybot
	if len(c.Notes) == 0 {
		// The card is shown with the Cybot's first move of the turn, so that
		// the table reads it just before the steps it orders.
		s.note(ev, fmt.Sprintf("Cybot card %d (dice %s): %s.", c.Card, s.diceText(), cardPriorities(cybotRules.Cards[c.Card-1])))
	}
	for len(c.Steps) > 0 && s.Phase != phaseOver {
		c.skipped = false
		if !s.cybotStep(c.Steps[0], ev) {
			return // waiting for the human
		}
		if cybotRules.Actions[c.Steps[0]].Name != "" {
			c.Results = append(c.Results, map[bool]string{true: resultSkipped, false: resultDone}[c.skipped])
		}
		c.Steps = c.Steps[1:]
	}
	if s.Phase != phaseOver && s.Turn == c.Seat {
		s.endTurn(ev)
	}
}

// cybotStep resolves one step; false when it waits for the human.
func (s *State) cybotStep(step string, ev *[]games.Event) bool {
	title := s.stepTitle(step)
	switch step {
	case stepReminder:
		return s.stepChoose(step, title, s.freeDice(dieBonus), ev)
	case cyChoose, cySet, cyFaceDown:
		return s.stepChoose(step, title, s.freeDice(""), ev)
	case cyReserve:
		return s.stepReserve(title, ev)
	case cyTrust, cyTrustTokens:
		s.stepTrust(step, title, ev)
	case cyPersuade, cyPersuadeTok:
		s.stepPersuade(step, title, ev)
	case cyRetreat, cyRetreatThumb, cyRetreatAlways:
		return s.stepRetreat(step, title, ev)
	case cyDemand:
		s.stepDemand(title, ev)
	case cyBonus:
		s.stepBonus(title, ev)
	case stepSpareToken:
		s.spareToken(title, ev)
	case stepSpareCard:
		return s.spareCard(title, ev)
	case stepSpareBonus:
		s.spareBonus(title, ev)
	case stepSpareEnd:
		if dice := s.freeDice(""); len(dice) > 0 {
			var w []string
			for _, i := range dice {
				w = append(w, dieLabel(s.Dice[i]))
				s.Dice[i].Used = true
			}
			s.note(ev, fmt.Sprintf("%s: the %s left %s discarded.", title, strings.Join(w, ", "), map[bool]string{true: "is", false: "are"}[len(w) == 1]))
		}
	}
	return true
}

// freeDice are the indices of the unused dice, of one kind or all ("").
func (s *State) freeDice(kind string) []int {
	var out []int
	for i, d := range s.Dice {
		if !d.Used && (kind == "" || d.Kind == kind) {
			out = append(out, i)
		}
	}
	return out
}

// ref names a die of the roll for the engine's actions.
func (s *State) ref(i int) DieRef {
	d := s.Dice[i]
	return DieRef{Value: d.Value, Kind: map[string]string{dieOwn: "", dieBonus: "b", dieMini: "m"}[d.Kind]}
}

func (s *State) refs(idx []int) []DieRef {
	var out []DieRef
	for _, i := range idx {
		out = append(out, s.ref(i))
	}
	return out
}

// impossible narrates a step the Cybot cannot do: "go to the next".
func (s *State) impossible(ev *[]games.Event, title, why string) {
	s.Cybot.skipped = true
	s.note(ev, fmt.Sprintf("%s: not possible (%s), next.", title, why))
}

// rest is what is left of the card after the current step, for planning.
func (s *State) rest() []string {
	var out []string
	for _, st := range s.Cybot.Steps[1:] {
		if cybotRules.Actions[st].Name != "" {
			out = append(out, st)
		}
	}
	return out
}

// stepChoose: "Choose a passenger card" means play or discard 1 passenger
// card, by the Cybot's preferences; card 4 plays a face-down card; cards 6
// and 8 a card of a colour it collects.
func (s *State) stepChoose(step, title string, dice []int, ev *[]games.Event) bool {
	cands, why := s.cardCands(step, dice)
	if len(cands) == 0 {
		s.impossible(ev, title, why)
		return true
	}
	pick, wait := s.pickCard(cands, title, ev)
	if wait {
		return false
	}
	die := -1
	if !pick.free {
		die = s.chooseDie(pick.dice, s.rest(), false)
	}
	turned := ""
	if len(pick.adjust) > 0 {
		die = pick.adjust[0].die
		turned = fmt.Sprintf(" turned to %d with a token", (s.Dice[die].Value-1+pick.adjust[0].delta+6)%6+1)
	}
	s.cardLine(ev, fmt.Sprintf("%s: takes %s%s%s", title, s.candText(pick), dieText(s, die), turned), func(sub *[]games.Event) {
		for _, adj := range pick.adjust {
			s.execAdjust(s.Cybot.Seat, Action{Verb: verbAdjust, Dice: []DieRef{s.ref(adj.die)}, Delta: adj.delta, Demand: demandNames[mostOf(s.Players[s.Cybot.Seat].Demands)]}, sub)
		}
		s.takeCard(pick.seat, die, sub)
	}, pick.seat)
	return true
}

// cardLine narrates a card the Cybot takes as one line: the step, the card
// (its face when it was face down), and what became of it.
func (s *State) cardLine(ev *[]games.Event, lead string, run func(sub *[]games.Event), seat int) {
	p := &s.Players[s.Cybot.Seat]
	c := s.Seats[seat-1].Card
	if !s.Seats[seat-1].FaceUp {
		lead += ": " + cardText(c)
	}
	freed, pilots := p.Freed, p.Pilots
	s.merged(ev, lead+".", run)
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
	s.short(what)
}

func dieText(s *State, die int) string {
	if die < 0 {
		return " (its reservation, no die)"
	}
	return " with its " + dieLabel(s.Dice[die])
}

// pickCard applies the last tie-break: "(4) a random card of your choice" -
// the human picks among the cards still tied.
func (s *State) pickCard(cands []cand, title string, ev *[]games.Event) (cand, bool) {
	top := tied(cands)
	if len(top) == 1 {
		return top[0], false
	}
	if a := s.answer(movePick); a != "" {
		for _, c := range top {
			if fmt.Sprint(c.seat) == a {
				return c, false
			}
		}
	}
	var moves, labels, names []string
	for _, c := range top {
		moves = append(moves, fmt.Sprintf("%s %d", movePick, c.seat))
		labels = append(labels, "Seat "+fmt.Sprint(c.seat)+": "+s.candText(c))
		names = append(names, fmt.Sprint(c.seat))
	}
	s.ask(ev, movePick, title, fmt.Sprintf("%s: seats %s tie on every preference; %s, pick the card the Cybot takes (a random one if you stay idle).",
		title, strings.Join(names, ", "), s.Players[s.human()].Name), moves, labels, "")
	return cand{}, true
}

// candText describes a card the Cybot may take: "the blue card at seat 4 (BL3 blue 20% crypto)".
func (s *State) candText(c cand) string {
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
func (s *State) takeCard(seat, die int, ev *[]games.Event) {
	cy := s.Cybot.Seat
	a := Action{Verb: verbCard, Target: seat}
	if die >= 0 {
		a.Dice = []DieRef{s.ref(die)}
	}
	color := data.Cards[s.Seats[seat-1].Card].Color
	s.execCard(cy, a, ev)
	if s.Phase == phaseDecide {
		s.execPlay(cy, Action{Verb: verbPlay, Demand: s.payWith(s.Pending.Card)}, ev)
	}
	s.tradeSets(color, ev)
}

// payWith is the token the Cybot pays a card with: "For the Cybot every
// demand token is a joker." The matching one when it has it, otherwise the
// kind it holds most of.
func (s *State) payWith(c int) string {
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
func (s *State) tradeSets(newest string, ev *[]games.Event) {
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
func (s *State) stepReserve(title string, ev *[]games.Event) bool {
	cy := s.Cybot.Seat
	dice := s.freeDice("")
	switch {
	case !s.CanReserve:
		s.impossible(ev, title, "a card is reserved only right after choosing one")
		return true
	case s.reservation(cy) >= 0:
		s.impossible(ev, title, fmt.Sprintf("it already reserves seat %d", s.reservation(cy)+1))
		return true
	case len(dice) == 0:
		s.impossible(ev, title, "no die left")
		return true
	}
	cands := s.reserveCands()
	if len(cands) == 0 {
		s.impossible(ev, title, "no face-up card beside the seat it chose from")
		return true
	}
	pick, wait := s.pickCard(cands, title, ev)
	if wait {
		return false
	}
	die := s.chooseDie(dice, s.rest(), true)
	s.short("reserves " + data.Cards[s.Seats[pick.seat-1].Card].ID)
	s.merged(ev, fmt.Sprintf("%s: reserves %s with its %s.", title, s.candText(pick), dieLabel(s.Dice[die])), func(sub *[]games.Event) {
		s.execReserve(cy, Action{Verb: verbReserve, Target: pick.seat, Dice: []DieRef{s.ref(die)}}, sub)
	})
	return true
}

// stepTrust builds trust with up to 3 cubes. Cards 12's "if impossible: use
// up to 2 tokens" cannot help here: building trust takes any die, so it is
// impossible only at 100% trust or without dice, which no token changes.
func (s *State) stepTrust(step, title string, ev *[]games.Event) {
	dice := s.freeDice("")
	switch {
	case s.did(spaceTrust):
		s.impossible(ev, title, "it already built trust this turn")
		return
	case s.Trust >= data.TrustSpaces:
		s.impossible(ev, title, "trust is at 100%")
		return
	case len(dice) == 0:
		s.impossible(ev, title, "no die left")
		return
	}
	die := s.chooseDie(dice, s.rest(), false)
	trust := s.Trust
	s.merged(ev, fmt.Sprintf("%s: up to 3 cubes with its %s.", title, dieLabel(s.Dice[die])), func(sub *[]games.Event) {
		s.execTrust(s.Cybot.Seat, Action{Verb: verbTrust, Target: 3, Dice: []DieRef{s.ref(die)}}, sub)
	})
	s.short(fmt.Sprintf("trust %d%% to %d%%", trust*10, s.Trust*10))
}

// stepDemand takes the token of the number its die shows.
func (s *State) stepDemand(title string, ev *[]games.Event) {
	opts := s.actOptions(cyDemand, s.freeDice(""), false)
	if len(opts) == 0 {
		why := fmt.Sprintf("no die matches a number token with a token left (tokens %s)", s.numbersText())
		if s.did(spaceDemand) {
			why = "it already took a demand this turn"
		}
		s.impossible(ev, title, why)
		return
	}
	o := s.chooseOption(opts, s.rest())
	d := demandNames[demandIndex(data.NumberPlaces[s.numberPlace(s.Dice[o.dice[0]].Value)])]
	s.short("takes " + aDemand(d))
	s.merged(ev, title+":", func(sub *[]games.Event) {
		s.execDemand(s.Cybot.Seat, Action{Verb: verbDemand, Dice: s.refs(o.dice)}, sub)
	})
}

// stepBonus takes the bonus die: "As usual; next round it uses 1 extra die
// with the next card."
func (s *State) stepBonus(title string, ev *[]games.Event) {
	dice := s.freeDice("")
	switch {
	case s.did(spaceBonus):
		s.impossible(ev, title, "it already took one this turn")
		return
	case s.BonusDice == 0:
		s.impossible(ev, title, "no bonus die is on the bonus space")
		return
	case len(dice) == 0:
		s.impossible(ev, title, "no die left")
		return
	}
	die := s.chooseDie(dice, s.rest(), false)
	line := fmt.Sprintf("%s: with its %s.", title, dieLabel(s.Dice[die]))
	if cybotRules.Cards[s.Cybot.Card-1].Reminder {
		s.Cybot.Reminder = true
		line += fmt.Sprintf(" Card 5 stays out: %s.", cybotRules.Reminder)
	}
	s.short("bonus die")
	s.merged(ev, line, func(sub *[]games.Event) {
		s.execBonus(s.Cybot.Seat, Action{Verb: verbBonus, Dice: []DieRef{s.ref(die)}}, sub)
	})
}

// stepPersuade: "The Cybot sticks to one hijacker and puts its
// communication disc there ... If none was picked before, the Cybot takes
// the rightmost hijacker. From then on it always takes that hijacker when
// the dice fit, until it surrenders; then that hijacker is discarded."
func (s *State) stepPersuade(step, title string, ev *[]games.Event) {
	cy := s.Cybot.Seat
	dice := s.freeDice("")
	if s.did(spacePersuade) {
		s.impossible(ev, title, "it already persuaded this turn")
		return
	}
	opts := s.actOptions(step, dice, false)
	tokens := ""
	if len(opts) == 0 {
		s.impossible(ev, title, s.persuadeWhy(dice))
		return
	}
	o := s.chooseOption(opts, s.rest())
	sl := s.Slots[o.target-1]
	if s.Cybot.Hijacker != sl.Tile {
		s.Cybot.Hijacker = sl.Tile
		s.note(ev, fmt.Sprintf("The Cybot picks %s (place %d) as its hijacker and sticks to it.", data.Hijackers[sl.Tile].Name, o.target))
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
	s.merged(ev, fmt.Sprintf("%s%s:", title, tokens), func(sub *[]games.Event) {
		// Card 9: "use up to 2 tokens to make it possible"; elsewhere 1.
		for _, adj := range o.adjust {
			pay := demandNames[mostOf(s.Players[cy].Demands)]
			s.execAdjust(cy, Action{Verb: verbAdjust, Dice: []DieRef{s.ref(adj.die)}, Delta: adj.delta, Demand: pay}, sub)
		}
		s.execPersuade(cy, Action{Verb: verbPersuade, Target: o.target, Dice: s.refs(o.dice)}, sub)
	})
	if containsInt(s.Players[cy].Hijackers, tile) {
		s.Cybot.Hijacker = -1
		s.short(data.Hijackers[tile].Name + " surrenders")
		s.note(ev, fmt.Sprintf("The Cybot discards %s: no reward now, %d points at the end.", data.Hijackers[tile].Name, cybotRules.EndPoints.Hijacker))
	} else {
		s.short(fmt.Sprintf("%s %d/4", data.Hijackers[tile].Name, s.Slots[o.target-1].Turns))
	}
}

// persuadeWhy says why no hijacker fits.
func (s *State) persuadeWhy(dice []int) string {
	if len(dice) < 2 {
		return "it needs 2 dice"
	}
	var vals []string
	for _, i := range dice {
		vals = append(vals, fmt.Sprint(s.Dice[i].Value))
	}
	if t := s.cybotHijackerPlace(); t > 0 {
		h := data.Hijackers[s.Slots[t-1].Tile]
		return fmt.Sprintf("its dice %s do not fit %s (%s and %s)", strings.Join(vals, ", "), h.Name, rangeText(h.Ranges[0]), rangeText(h.Ranges[1]))
	}
	return fmt.Sprintf("its dice %s fit no free hijacker", strings.Join(vals, ", "))
}

// cybotHijackerPlace is the place (1-4) of the hijacker it sticks to, 0 for none.
func (s *State) cybotHijackerPlace() int {
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
func (s *State) spareToken(title string, ev *[]games.Event) {
	dice := s.freeDice("")
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
		s.note(ev, fmt.Sprintf("%s: its %s would buy a demand token, but the tower is empty.", title, dieLabel(s.Dice[die])))
		return
	}
	s.Supply[d]--
	s.Players[s.Cybot.Seat].Demands[d]++
	s.short("takes " + article(demandNames[d]))
	s.note(ev, fmt.Sprintf("%s: trades its %s for a demand token: takes %s.", title, dieLabel(s.Dice[die]), article(demandNames[d])))
}

// spareCard: "With a 2nd die left, choose 1 more passenger card; if there is
// no face-up passenger card, turn up the face-down one with the highest
// value." The die pays for the card whatever it shows.
func (s *State) spareCard(title string, ev *[]games.Event) bool {
	dice := s.freeDice("")
	if len(dice) == 0 {
		return true
	}
	cands := s.spareCands(dice)
	if len(cands) == 0 {
		s.note(ev, fmt.Sprintf("%s: no passenger card it can choose or turn up.", title))
		return true
	}
	pick, wait := s.pickCard(cands, title+": 1 more passenger card", ev)
	if wait {
		return false
	}
	die := -1
	if !pick.free {
		die = pick.dice[len(pick.dice)-1]
	}
	s.cardLine(ev, fmt.Sprintf("%s: 1 more passenger card, takes %s%s", title, s.candText(pick), dieText(s, die)), func(sub *[]games.Event) {
		s.takeCard(pick.seat, die, sub)
	}, pick.seat)
	return true
}

// spareBonus: "If that is impossible too, or a die is still left, take a
// bonus die."
func (s *State) spareBonus(title string, ev *[]games.Event) {
	dice := s.freeDice("")
	if len(dice) == 0 {
		return
	}
	if s.did(spaceBonus) || s.BonusDice == 0 {
		return // the die is discarded at the end
	}
	die := lowest(s, dice)
	s.short("bonus die")
	s.merged(ev, fmt.Sprintf("%s: takes the bonus die with its %s.", title, dieLabel(s.Dice[die])), func(sub *[]games.Event) {
		s.execBonus(s.Cybot.Seat, Action{Verb: verbBonus, Dice: []DieRef{s.ref(die)}}, sub)
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

// whose is the possessive for a seat in texts that both tell a player why
// and narrate the Cybot: "your supply", "its supply".
func (s *State) whose(seat int) string {
	if s.isCybot(seat) {
		return "its"
	}
	return "your"
}

// keepText narrates a bonus tile kept: a player's tile says what it lets
// them do; the Cybot never uses its tiles, which score for it at the end.
func (s *State) keepText(seat, t int) string {
	tile := data.BonusTiles[t]
	if s.isCybot(seat) {
		return fmt.Sprintf("%s puts the bonus tile %s in its display (it never uses it: %d points at the end).", s.Players[seat].Name, tile.Name, cybotRules.EndPoints.Tile)
	}
	return fmt.Sprintf("%s keeps the bonus tile %s: %s.", s.Players[seat].Name, tile.Name, tile.Text)
}

// cybotMoveText is how the Cybot's move is logged: `cybot` and, after a
// colon, what it did in a few words ("cybot: card 8: YE11 played, pilot
// freed; takes an intel"), so that the move history reads as what it did.
// The words after `cybot` are only a description: the move resolves the
// same without them.
func (s *State) cybotMoveText() string {
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
