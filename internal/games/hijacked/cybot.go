package hijacked

import (
	"encoding/json"
	"fmt"

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
	// resultFallback: not possible, and the card's "if impossible" clause
	// was done instead (cards 7 and 11: the thumb advances and the top
	// bonus tile goes to its display).
	resultFallback = "fallback"
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
	// done, skipped as not possible, or replaced by its fallback.
	Results  []string `json:"results,omitempty"`
	skipped  bool     // the step being resolved was not possible
	fellBack bool     // ... and its "if impossible" clause was done instead
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

// cybot is the Cybot at work: it decides its turn by its card and plays it
// through the game's rule methods, as a player's moves would. What it must
// remember between moves (its deck, its card's steps, its question) is the
// State's Cybot, so that the game saves and replays as one; cybot holds
// nothing of its own. The game asks it at a few points: setting up, its
// turn's moves and prompts, what the table sees of it, and the solo end of
// the game.
type cybot struct{ s *State }

// isCybot says whether the seat is played by the Cybot.
func (s *State) isCybot(seat int) bool {
	return s.Cybot != nil && s.Cybot.Seat == seat
}

// human is the solo player's seat.
func (s *State) human() int { return 1 - s.Cybot.Seat }

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

// setup makes the solo game when the setup names exactly one of two
// seats as played by the game's bot: "Set up a 2-player game (police start
// on 15). Shuffle the Cybot cards face down."
func (bot cybot) setup(bots []int) {
	s := bot.s
	if s.n() != 2 || len(bots) != 2 || (bots[0] > 0) == (bots[1] > 0) {
		return
	}
	seat := 0
	if bots[1] > 0 {
		seat = 1
	}
	s.Cybot = &Cybot{Seat: seat, Hijacker: -1, Steps: []string{}}
	s.Players[seat].Name = "Cybot"
	bot.shuffle()
}

// shuffle: "Shuffle the Cybot cards face down; when the pile runs out,
// reshuffle it."
func (bot cybot) shuffle() {
	s := bot.s
	c := s.Cybot
	c.Deck = c.Deck[:0]
	for _, card := range cybotRules.Cards {
		c.Deck = append(c.Deck, card.Number)
	}
	games.Shuffle(&s.RNG, c.Deck)
}
