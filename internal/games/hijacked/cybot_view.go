package hijacked

import (
	"errors"
	"fmt"
	"strings"

	"standoff/internal/games"
)

// CybotActionView is one action of the Cybot's current card.
type CybotActionView struct {
	Name string `json:"name"`
	Note string `json:"note,omitempty"` // its "if impossible" clause
	// State: "todo", "now" (being resolved), "done", "skipped" (not
	// possible, the next action was tried) or "fallback" (not possible, and
	// its "if impossible" clause, Note, was done instead: cards 7 and 11's
	// thumb and bonus tile).
	State string `json:"state"`
}

// CybotView is the Cybot as the table sees it: the card it plays (number
// and priority list), what it did with it so far, and what it keeps.
type CybotView struct {
	Seat     int               `json:"seat"`
	Card     int               `json:"card"` // 1-12, 0 before its first turn
	Actions  []CybotActionView `json:"actions"`
	Reminder string            `json:"reminder,omitempty"` // card 5 lies as a reminder
	Steps    []string          `json:"steps"`              // narration of the card so far
	Deck     int               `json:"deck"`               // cards left in its deck
	Hijacker string            `json:"hijacker,omitempty"` // the hijacker it sticks to
	Place    int               `json:"place,omitempty"`    // its place 1-4
	SetAside [4]int            `json:"setAside"`           // score-track rewards kept for the end
	Asking   string            `json:"asking,omitempty"`   // the question it waits on
	OnTurn   bool              `json:"onTurn"`
}

func (bot cybot) view() *CybotView {
	s := bot.s
	c := s.Cybot
	if c == nil {
		return nil
	}
	v := &CybotView{Seat: c.Seat, Card: c.Card, Actions: []CybotActionView{}, Steps: append([]string{}, c.Notes...),
		Deck: len(c.Deck), SetAside: c.SetAside, OnTurn: s.Turn == c.Seat && s.Phase != phaseOver}
	if c.Card > 0 {
		card := cybotRules.Cards[c.Card-1]
		done := len(card.Actions)
		if v.OnTurn {
			done = len(card.Actions) - bot.cardStepsLeft()
		}
		for i, a := range card.Actions {
			st := "todo"
			switch {
			case i < done && i < len(c.Results):
				st = c.Results[i]
			case i < done:
				st = resultDone
			case i == done && v.OnTurn:
				st = "now"
			}
			v.Actions = append(v.Actions, CybotActionView{Name: cybotRules.Actions[a].Name, Note: cybotRules.Actions[a].Note, State: st})
		}
		if card.Reminder && c.Reminder || v.OnTurn && len(c.Steps) > 0 && c.Steps[0] == stepReminder {
			v.Reminder = cybotRules.Reminder
		}
	}
	if p := bot.hijackerPlace(); p > 0 {
		v.Place, v.Hijacker = p, data.Hijackers[s.Slots[p-1].Tile].Name
	}
	if c.Ask != nil {
		v.Asking, _ = bot.askText()
	}
	return v
}

// Text is the Cybot's card in words.
func (v *CybotView) Text() string {
	var b strings.Builder
	if v.Card == 0 {
		fmt.Fprintf(&b, "Cybot: no card yet (%d in its deck).", v.Deck)
	} else {
		var acts []string
		for i, a := range v.Actions {
			w := fmt.Sprintf("%d. %s", i+1, a.Name)
			if a.Note != "" {
				w += " (" + a.Note + ")"
			}
			if a.State == "now" {
				w = "> " + w
			}
			acts = append(acts, w)
		}
		fmt.Fprintf(&b, "Cybot card %d: %s. %d cards left in its deck.", v.Card, strings.Join(acts, "; "), v.Deck)
	}
	if v.Reminder != "" {
		fmt.Fprintf(&b, " Reminder (card 5): %s.", v.Reminder)
	}
	if v.Hijacker != "" {
		fmt.Fprintf(&b, " Its hijacker: %s (place %d).", v.Hijacker, v.Place)
	}
	if k := v.SetAside[0] + v.SetAside[1] + v.SetAside[2] + v.SetAside[3]; k > 0 {
		fmt.Fprintf(&b, " Set aside for the end: %s.", DemandText(v.SetAside))
	}
	return b.String()
}

// prompts are the prompts while the Cybot is on turn: its own move, or
// the human's answer it waits for.
func (bot cybot) prompts() []games.Prompt {
	s := bot.s
	c := s.Cybot
	if c.Ask != nil {
		text, labels := bot.askText()
		var ch []games.Choice
		for i, m := range c.Ask.Moves {
			ch = append(ch, games.Choice{Label: labels[i], Move: m})
		}
		return []games.Prompt{{Seat: c.Ask.Seat, Text: text, Choices: ch, Default: c.Ask.Default}}
	}
	return []games.Prompt{{Seat: c.Seat, Turn: true, Text: fmt.Sprintf("The Cybot plays card %d.", c.Card),
		Choices: []games.Choice{{Label: fmt.Sprintf("Cybot: play card %d", c.Card), Move: moveCybot}}, Default: moveCybot}}
}

// legal are the solo moves a seat may make now.
func (bot cybot) legal(seat int) []string {
	s := bot.s
	c := s.Cybot
	if c == nil || s.Phase == phaseOver || s.Turn != c.Seat {
		return nil
	}
	if c.Ask != nil {
		if c.Ask.Seat == seat {
			return append([]string{}, c.Ask.Moves...)
		}
		return nil
	}
	if seat == c.Seat {
		return []string{moveCybot}
	}
	return nil
}

// waiting says publicly what the Cybot's turn waits on, "" when it is
// not its turn.
func (bot cybot) waiting() string {
	s := bot.s
	c := s.Cybot
	if c == nil || s.Phase == phaseOver || s.Turn != c.Seat {
		return ""
	}
	if c.Ask != nil {
		return fmt.Sprintf("the Cybot waits for %s to answer", s.Players[c.Ask.Seat].Name)
	}
	return fmt.Sprintf("the Cybot plays card %d", c.Card)
}

// bot is Kind.Bot. The Cybot's seat plays `cybot`: the engine resolves its
// card by its rules, with the game's own randomness. Any other automated
// seat answers the Cybot's question with the default, or plays a simple
// sensible turn under the normal rules.
func bot(st games.State, seat, level int, rng *games.RNG) (string, error) {
	s, ok := st.(*State)
	if !ok {
		return "", errors.New("not a Hijacked game")
	}
	if s.Phase == phaseOver {
		return "", errors.New("the game is over")
	}
	if s.isCybot(seat) {
		if legal := (cybot{s}).legal(seat); len(legal) > 0 {
			return cybot{s}.moveText(), nil
		}
		return "", errors.New("the Cybot is not on turn")
	}
	if c := s.Cybot; c != nil && c.Ask != nil && c.Ask.Seat == seat {
		if c.Ask.Kind == moveCooperate && s.Police <= 5 {
			return moveCooperate + " yes", nil // time runs short: the police must go back
		}
		return c.Ask.Default, nil
	}
	if a, ok := simpleMove(s, seat); ok {
		return a.String(), nil
	}
	return "", fmt.Errorf("seat %d has nothing to do now", seat+1)
}

// simpleMove is the plain automated player: free what it can, catch up on
// the score track and have the police retreat when time runs short, play
// cards it can pay for (colours it collects first), take the bonus die for a
// second card, then face-down cards, hijackers, trust and demands.
func simpleMove(s *State, seat int) (Action, bool) {
	acts := s.Actions(seat)
	p := &s.Players[seat]
	onTurn := seat == s.Turn
	top := 0
	for _, q := range s.Players {
		top = max(top, q.Score)
	}
	playable := func(a Action, collecting bool) bool {
		if !onTurn || a.Verb != verbCard || a.Target == 0 {
			return false
		}
		st := s.Seats[a.Target-1]
		return st.FaceUp && data.Cards[st.Card].Color != red && s.cannotPlay(seat, st.Card) == "" &&
			(!collecting || p.colorCount(data.Cards[st.Card].Color) > 0)
	}
	prefs := []func(Action) bool{
		func(a Action) bool { return a.Verb == verbFree && a.What == "pilot" && p.Pilots == 0 },
		// Passengers while it needs them or has its pilot; with 3 freed and no
		// pilot yet it keeps its pairs to make a set of 3.
		func(a Action) bool {
			return a.Verb == verbFree && a.What == "passenger" && (p.Freed < 3 || p.Pilots > 0)
		},
		func(a Action) bool { return a.Verb == verbCash && s.Police <= 5 && s.Round >= 2 && p.Score < top },
		func(a Action) bool { return onTurn && (a.Verb == verbPlay || a.Verb == verbKeep) },
		func(a Action) bool { return onTurn && a.Verb == verbRetreat && s.Police <= 5 },
		func(a Action) bool { return playable(a, true) },
		func(a Action) bool { return onTurn && a.Verb == verbBonus },
		func(a Action) bool { return playable(a, false) },
		func(a Action) bool {
			return onTurn && a.Verb == verbCard && a.Target > 0 && !s.Seats[a.Target-1].FaceUp
		},
		func(a Action) bool { return onTurn && a.Verb == verbPersuade },
		func(a Action) bool { return onTurn && a.Verb == verbTrust && a.Target == 2 && s.Trust < 6 },
		func(a Action) bool { return onTurn && a.Verb == verbDemand },
		func(a Action) bool { return onTurn && (a.Verb == verbDiscard || a.Verb == verbEnd) },
		func(a Action) bool { return onTurn && a.Verb != verbAdjust }, // a bonus die must be played
	}
	for _, ok := range prefs {
		for _, a := range acts {
			if ok(a) {
				return a, true
			}
		}
	}
	return Action{}, false
}
