package lockedout

import (
	"encoding/json"
	"fmt"
	"sort"

	"standoff/internal/games"
)

// schema is the version of the encoded state.
const schema = 1

// Phases of a turn. Only one seat may act in any phase.
const (
	phaseMove      = "move"      // the player on turn must move
	phaseIntercept = "intercept" // a player in the room is shown the drawn card
	phasePlay      = "play"      // the player on turn plays cards, searches or ends
	phaseAccuse    = "accuse"    // the player on turn must name a suspect
	phaseAnswer    = "answer"    // the suspect may play an access card
	phaseCheck     = "check"     // the accuser may look at half the suspect's hand, or pass
	phaseLook      = "look"      // the accuser looks at half the suspect's hand
	phaseOver      = "over"
)

// Endings of the game.
const (
	endEscape  = "escape"
	endCapture = "capture"
	endResign  = "resign"
)

// State is one game of Locked Out.
type State struct {
	Schema  int       `json:"schema"`
	Players []string  `json:"players"`
	RNG     games.RNG `json:"rng"`

	Stage    int                 `json:"stage"`    // 1, 2 or 3
	Pawns    []string            `json:"pawns"`    // room id per seat
	Piles    map[string][]string `json:"piles"`    // draw pile per room; the top is the last card
	Hands    [][]string          `json:"hands"`    // kept in data order
	Access   []string            `json:"access"`   // access card play area
	Supplies []string            `json:"supplies"` // resource card play area
	Discard  []string            `json:"discard"`  // face up, oldest first
	Out      []string            `json:"out"`      // out of the game (the unused Shares)
	Tokens   []int               `json:"tokens"`   // per ship.Resources
	Start    int                 `json:"start"`    // where the tokens started

	Maintenance int  `json:"maintenance"` // seat holding the maintenance card
	Wait        bool `json:"wait"`        // 3 players: the holder waits one round
	First       int  `json:"first"`       // the player who began
	Turns       int  `json:"turns"`       // turns begun so far

	Turn     int           `json:"turn"`
	Phase    string        `json:"phase"`
	Searched bool          `json:"searched"` // searched once more this turn
	Drawn    *Interception `json:"drawn,omitempty"`
	Accused  *Accusation   `json:"accused,omitempty"`

	Resigned []bool         `json:"resigned"`
	Log      []string       `json:"log"` // recent public events
	Ending   string         `json:"ending,omitempty"`
	Result   *games.Outcome `json:"result,omitempty"`
}

// Interception is a drawn card being shown around the room.
type Interception struct {
	Drawer int    `json:"drawer"`
	Card   string `json:"card"`
	Room   string `json:"room"`
	Ask    []int  `json:"ask"` // who is still to be shown the card; the first is being asked
}

// Accusation is a suspect named after an access card was played.
type Accusation struct {
	Accuser int      `json:"accuser"`
	Suspect int      `json:"suspect"`
	Seen    []string `json:"seen,omitempty"` // the half hand the accuser looks at
}

// startTokens is where the resource tokens start: "all on [8] for a 3- or
// 4-player game; all on [7] for a 5-player game; all on [6] for a 6-player game."
func startTokens(players int) int {
	switch players {
	case 3, 4:
		return 8
	case 5:
		return 7
	default:
		return 6
	}
}

// newGame deals a game as the rulebook's Setup section describes.
func newGame(setup games.Setup) (games.State, error) {
	n := len(setup.Players)
	if n < 3 || n > 6 {
		return nil, fmt.Errorf("Locked Out needs 3 to 6 players, not %d", n)
	}
	s := &State{
		Schema:   schema,
		Players:  append([]string(nil), setup.Players...),
		RNG:      *games.NewRNG(setup.Seed),
		Stage:    1,
		Pawns:    make([]string, n),
		Piles:    map[string][]string{},
		Hands:    make([][]string, n),
		Tokens:   make([]int, len(ship.Resources)),
		Start:    startTokens(n),
		Resigned: make([]bool, n),
		Access:   []string{},
		Supplies: []string{},
		Discard:  []string{},
		Out:      []string{},
		Log:      []string{},
	}
	for i, name := range s.Players {
		if name == "" {
			s.Players[i] = fmt.Sprintf("Player %d", i+1)
		}
	}
	rng := &s.RNG

	// "Deal each player one Share of the Booty card; take all remaining such
	// cards out of the game."
	shares := ship.cardsOf(func(c *Card) bool { return c.Share })
	for seat := range s.Hands {
		s.Hands[seat] = []string{shares[seat]}
	}
	s.Out = append(s.Out, shares[n:]...)

	// "Take the other 16 loot cards from the deck and shuffle them. Take all
	// resource cards from the deck and shuffle them."
	loot := games.Pile[string](ship.cardsOf(func(c *Card) bool { return c.Kind == kindLoot && !c.Share }))
	games.Shuffle(rng, loot)
	supplies := games.Pile[string](ship.cardsOf(func(c *Card) bool { return c.Kind == kindResource }))
	games.Shuffle(rng, supplies)

	// Piles 1-4: two identical orange, two loot, one resource. Pile 5: two
	// identical purple, two loot, one resource. Piles 6-8: two identical
	// purple, two loot, two resources.
	pair := func(typ string) []string {
		return ship.cardsOf(func(c *Card) bool { return c.Type == typ })
	}
	draw := func(p *games.Pile[string], k int) []string {
		var out []string
		for range k {
			c, _ := p.Draw()
			out = append(out, c)
		}
		return out
	}
	orange := ship.accessTypes(zoneOrange)
	purple := ship.accessTypes(zonePurple)
	games.Shuffle(rng, orange)
	games.Shuffle(rng, purple)
	var piles [8][]string
	for i := range 4 {
		piles[i] = append(pair(orange[i]), append(draw(&loot, 2), draw(&supplies, 1)...)...)
	}
	piles[4] = append(pair(purple[0]), append(draw(&loot, 2), draw(&supplies, 1)...)...)
	for i := 5; i < 8; i++ {
		piles[i] = append(pair(purple[i-4]), append(draw(&loot, 2), draw(&supplies, 2)...)...)
	}

	// "Randomly assign piles 1-5 to the four rooms and corridor in the blue
	// zone, and piles 6-8 to the rooms in the orange zone."
	blue := ship.roomsIn(zoneBlue)
	games.Shuffle(rng, blue)
	for i, room := range blue {
		s.Piles[room] = piles[i]
	}
	orangeRooms := ship.roomsIn(zoneOrange)
	games.Shuffle(rng, orangeRooms)
	for i, room := range orangeRooms {
		s.Piles[room] = piles[5+i]
	}
	// "Put the remaining resource cards on the corridor pile. Shuffle each pile well."
	s.Piles["corridor"] = append(s.Piles["corridor"], supplies...)
	for _, room := range ship.Rooms {
		if p, ok := s.Piles[room.ID]; ok {
			games.Shuffle(rng, p)
		}
	}

	for i := range s.Tokens {
		s.Tokens[i] = s.Start
	}
	// "put them in the corridor space"
	for seat := range s.Pawns {
		s.Pawns[seat] = "corridor"
	}
	// "Determine which player begins. They are automatically the first
	// maintenance player": the game draws the first player by lot.
	s.First = rng.Intn(n)
	s.Maintenance = s.First
	var ev []games.Event
	s.say(&ev, fmt.Sprintf("The gang is locked out. %s begins and holds the maintenance card.", s.Players[s.First]))
	s.beginTurn(s.First, &ev)
	return s, nil
}

// decode restores an encoded state.
func decode(data []byte) (games.State, error) {
	return games.DecodeJSON(data, schema, func(s *State) int { return s.Schema })
}

// Encode writes the state as JSON.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

// n is the number of seats.
func (s *State) n() int { return len(s.Players) }

// active counts the players still in the game.
func (s *State) active() int {
	k := 0
	for _, r := range s.Resigned {
		if !r {
			k++
		}
	}
	return k
}

// next is the next player still in the game, clockwise (dir 1) or
// counterclockwise (dir -1) from seat.
func (s *State) next(seat, dir int) int {
	return games.NextSeat(s.n(), seat, dir, func(t int) bool { return !s.Resigned[t] })
}

// say narrates to the table and keeps the text in the recent log.
func (s *State) say(ev *[]games.Event, text string) { games.Say(ev, &s.Log, text) }

// give adds a card to a hand, keeping the hand in data order.
func (s *State) give(seat int, id string) {
	h := append(s.Hands[seat], id)
	sort.Slice(h, func(i, j int) bool { return ship.cardOrder[h[i]] < ship.cardOrder[h[j]] })
	s.Hands[seat] = h
}

// takeFrom removes a card from a hand; it reports whether the card was there.
func (s *State) takeFrom(seat int, id string) bool {
	h := s.Hands[seat]
	for i, c := range h {
		if c == id {
			s.Hands[seat] = append(append([]string{}, h[:i]...), h[i+1:]...)
			return true
		}
	}
	return false
}

// holds says whether a seat holds a card.
func (s *State) holds(seat int, id string) bool {
	for _, c := range s.Hands[seat] {
		if c == id {
			return true
		}
	}
	return false
}

// accessible says whether a room may be entered in the current stage.
func (s *State) accessible(room string) bool {
	switch ship.room[room].Zone {
	case zoneBlue:
		return true
	case zoneOrange:
		return s.Stage >= 2
	case zonePurple:
		return s.Stage >= 3
	}
	return false
}

// Outcome is nil while the game runs.
func (s *State) Outcome() *games.Outcome { return s.Result }
