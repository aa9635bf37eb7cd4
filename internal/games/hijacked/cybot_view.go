package hijacked

import (
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
