package hijacked

import (
	"encoding/json"
	"fmt"

	"standoff/internal/games"
)

// schema is the version of the encoded state.
const schema = 1

// Phases of a turn.
const (
	phaseTurn   = "turn"   // the player on turn places dice
	phaseDecide = "decide" // a chosen passenger card can be played: play or discard it
	phaseKeep   = "keep"   // after a police retreat: keep one of two bonus tiles
	phaseOver   = "over"
)

// Kinds of dice. Own dice are the player's two; bonus dice come from the
// board's bonus space, mini dice from the tower (via a bonus tile).
const (
	dieOwn   = "own"
	dieBonus = "bonus"
	dieMini  = "mini"
)

// Medal states.
const (
	medalBoard     = "board"     // still to be won
	medalHeld      = "held"      // face down with its winner
	medalCashed    = "cashed"    // exchanged for points
	medalDiscarded = "discarded" // two players met the objective at once
)

// maxSupply is "Players can place a maximum of 5 cards in their personal supply."
const maxSupply = 5

// Die is one die of the current turn.
type Die struct {
	Kind  string `json:"kind"`
	Value int    `json:"value"`
	Used  bool   `json:"used,omitempty"`
	// Reserved: the die lies on a reserved card (a bonus or mini die stays there).
	Reserved bool `json:"reserved,omitempty"`
}

// Seat is one of the six passenger seats on the board.
type Seat struct {
	Card     int  `json:"card"` // index into data.Cards, -1 when empty
	FaceUp   bool `json:"faceUp,omitempty"`
	Reserver int  `json:"reserver"` // seat of the player who reserved it, -1 for none
	ResDie   Die  `json:"resDie,omitempty"`
}

// Slot is one of the four hijacker places.
type Slot struct {
	Tile  int `json:"tile"`  // index into data.Hijackers, -1 when empty
	Disc  int `json:"disc"`  // the negotiator's seat, -1 for none
	Turns int `json:"turns"` // the turning token: 0 fist up, 1..3
}

// Medal is one medal token with the objective its spot shows.
type Medal struct {
	Objective string `json:"objective"`
	Value     int    `json:"value"`
	State     string `json:"state"`
	Holder    int    `json:"holder"`
}

// Player is one negotiator.
type Player struct {
	Name      string `json:"name"`
	Track     int    `json:"track"` // index into data.ScoreTracks
	Score     int    `json:"score"`
	Taken     []int  `json:"taken"`   // score-track bonus spaces already collected
	Demands   [4]int `json:"demands"` // per demandNames
	Cards     []int  `json:"cards"`   // personal supply of passenger cards
	Freed     int    `json:"freed"`   // wooden passengers
	Pilots    int    `json:"pilots"`
	Hijackers []int  `json:"hijackers"`
	Tiles     []int  `json:"tiles"` // bonus tiles held (toppile stays for good)
	Thumb     int    `json:"thumb"` // 0 = not on the recognition track yet
	Bonus     int    `json:"bonus"` // bonus dice to roll on the next turn
	Mini      int    `json:"mini"`  // mini dice to roll on the next turn
	Full      bool   `json:"full,omitempty"`
	Resigned  bool   `json:"resigned,omitempty"`
}

// Pending is a chosen passenger card waiting to be played or discarded.
type Pending struct {
	Card int `json:"card"`
	From int `json:"from"` // board seat 1..6, 0 for the top of the draw pile
}

// State is one game of Hijacked.
type State struct {
	Schema  int       `json:"schema"`
	RNG     games.RNG `json:"rng"`
	Players []Player  `json:"players"`

	Round       int    `json:"round"`
	Police      int    `json:"police"` // spaces left before the police reach the plane
	PoliceStart int    `json:"policeStart"`
	Start       int    `json:"start"` // the starting player
	Turn        int    `json:"turn"`
	Phase       string `json:"phase"`

	Seats   [6]Seat `json:"seats"`
	Draw    []int   `json:"draw"` // top is the last
	Discard []int   `json:"discard"`
	Box     []int   `json:"box"` // the 5 cards removed unseen

	Slots        [4]Slot `json:"slots"`
	HijackerRest []int   `json:"hijackerRest"` // face-down stack for refills
	HijackerBox  []int   `json:"hijackerBox"`  // none in normal play; kept for symmetry

	Trust int `json:"trust"` // green cubes on the track
	Green int `json:"green"` // cubes in the bag
	Red   int `json:"red"`
	Star  int `json:"star"` // holder, -1 while on the board

	Numbers    [4]int   `json:"numbers"` // die value per number place
	Supply     [4]int   `json:"supply"`  // demands in the tower
	Passengers int      `json:"passengers"`
	Pilots     int      `json:"pilots"`
	BonusDice  int      `json:"bonusDice"` // on the bonus space
	MiniDice   int      `json:"miniDice"`  // in the tower
	Tiles      []int    `json:"tiles"`     // face-down bonus tiles, top is the last
	UsedTiles  []int    `json:"usedTiles"` // returned to the box
	Medals     [3]Medal `json:"medals"`
	Objective  int      `json:"objective"` // the objective token drawn

	FirstPersuader int `json:"firstPersuader"`

	// The turn in progress.
	Dice       []Die    `json:"dice"`
	DiceUsed   int      `json:"diceUsed"`
	CardsTaken int      `json:"cardsTaken"`
	Done       []string `json:"done"` // action spaces used this turn
	CanReserve bool     `json:"canReserve,omitempty"`
	ChosenSeat int      `json:"chosenSeat,omitempty"` // where the card just chosen lay (1-6, 0 the draw pile)
	Pending    *Pending `json:"pending,omitempty"`
	Keep       []int    `json:"keep,omitempty"` // two bonus tiles to choose from

	// Cybot is the solo mode's automaton, nil in a game between players.
	Cybot *Cybot `json:"cybot,omitempty"`

	Log    []string       `json:"log"`
	Ending string         `json:"ending,omitempty"`
	Final  []ScoreLine    `json:"final,omitempty"`
	Result *games.Outcome `json:"result,omitempty"`
}

// Endings.
const (
	endFreed  = "freed"  // a player freed 3 passengers and a pilot
	endPolice = "police" // the police stormed the plane
	endResign = "resign"
)

// policeStart is "1-2 players: 15, 3 players: 10, 4 players: 8".
func policeStart(n int) int {
	switch n {
	case 3:
		return 10
	case 4:
		return 8
	}
	return 15
}

// bonusDiceFor is "1 die for 1/2 players and 2 dice for 3/4 players."
func bonusDiceFor(n int) int {
	if n <= 2 {
		return 1
	}
	return 2
}

// Config is what a setup may change beyond the players: the solo mode sets
// up a 2-player game with an automated seat, and tests set positions.
type Config struct {
	Police int // 0 = by player count
	First  int // starting player; -1 = drawn by lot
}

func newGame(setup games.Setup) (games.State, error) {
	return New(setup, Config{First: -1})
}

// New deals a game as the rulebook's Game Setup describes.
func New(setup games.Setup, cfg Config) (*State, error) {
	n := len(setup.Players)
	if n < 2 || n > 4 {
		return nil, fmt.Errorf("Hijacked needs 2 to 4 players, not %d", n)
	}
	s := &State{
		Schema: schema, RNG: *games.NewRNG(setup.Seed),
		Round: 1, Phase: phaseTurn, Star: -1, FirstPersuader: -1,
		Passengers: data.Passengers, Pilots: data.Pilots, MiniDice: data.MiniDice,
		Draw: []int{}, Discard: []int{}, Box: []int{}, HijackerRest: []int{}, HijackerBox: []int{},
		Tiles: []int{}, UsedTiles: []int{}, Log: []string{}, Done: []string{},
	}
	// The draws from the seed come in a fixed order (tracks, starting player,
	// cards, hijackers, tokens), so a seed always deals the same game.
	s.seatPlayers(setup.Players, cfg.First)
	s.dealPassengers()
	s.placeHijackers()
	s.placeTokens(n)
	// "Place the police team meeple on the police track: 1-2 players: 15, 3 players: 10, 4 players: 8".
	s.PoliceStart = policeStart(n)
	if cfg.Police > 0 {
		s.PoliceStart = cfg.Police
	}
	s.Police = s.PoliceStart
	cybot{s}.setup(setup.Bots) // the solo mode: one of two seats is the Cybot
	var ev []games.Event
	s.say(&ev, fmt.Sprintf("The plane is hijacked. The police are %d minutes away. %s starts.", s.Police, s.Players[s.Start].Name))
	s.beginTurn(s.Start, &ev)
	return s, nil
}

func (s *State) seatPlayers(names []string, first int) {
	n := len(names)
	// "Each player receives 2 dice, 1 scoring token, 1 communication disc, a
	// thumb of the chosen color and 1 intel." "The players randomly choose
	// which score track they want."
	tracks := games.Pick(&s.RNG, []int{0, 1, 2, 3}, n)
	for i, name := range names {
		if name == "" {
			name = fmt.Sprintf("Player %d", i+1)
		}
		p := Player{Name: name, Track: tracks[i], Taken: []int{}, Cards: []int{}, Hijackers: []int{}, Tiles: []int{}}
		p.Demands[intel] = 1
		s.Players = append(s.Players, p)
	}
	for i, name := range demandNames {
		s.Supply[i] = data.Demands[name]
	}
	s.Supply[intel] -= n
	// "Players decide amongst themselves who will be the starting player":
	// the bot draws by lot.
	s.Start = first
	if s.Start < 0 || s.Start >= n {
		s.Start = s.RNG.Intn(n)
	}
}

func (s *State) dealPassengers() {
	// "Shuffle the Passenger Cards, remove the top 5 and put them back in the
	// box (unseen). Then place 6 cards face down on the 6 designated spaces."
	deck := make([]int, len(data.Cards))
	for i := range deck {
		deck[i] = i
	}
	games.Shuffle(&s.RNG, deck)
	s.Box = append(s.Box, deck[len(deck)-5:]...)
	deck = deck[:len(deck)-5]
	for i := range s.Seats {
		s.Seats[i] = Seat{Card: deck[len(deck)-1], Reserver: -1}
		deck = deck[:len(deck)-1]
	}
	s.Draw = deck
}

func (s *State) placeHijackers() {
	// "Shuffle the hijacker tiles and place 4 tiles face up ... turning tokens 'fist icon up'."
	hj := []int{}
	for i := range data.Hijackers {
		hj = append(hj, i)
	}
	games.Shuffle(&s.RNG, hj)
	for i := range s.Slots {
		s.Slots[i] = Slot{Tile: hj[i], Disc: -1}
	}
	s.HijackerRest = hj[4:]
}

func (s *State) placeTokens(n int) {
	// "Place all cubes in the bag."
	s.Green, s.Red = data.GreenCubes, data.RedCubes
	// "Place 4 of the 6 numbered tokens face up at random on the appropriate places."
	nums := games.Pick(&s.RNG, data.NumberTokens, 4)
	copy(s.Numbers[:], nums)
	// "Place the bonus dice ... 1 die for 1/2 players and 2 dice for 3/4 players."
	s.BonusDice = bonusDiceFor(n)
	// "Randomly place 3 medal tokens on the designated spots ... and choose an
	// objective token at random."
	s.Objective = s.RNG.Intn(len(data.ObjectiveTokens))
	values := games.Pick(&s.RNG, data.Medals, len(data.Medals))
	for i := range s.Medals {
		s.Medals[i] = Medal{Objective: data.ObjectiveTokens[s.Objective][i], Value: values[i], State: medalBoard, Holder: -1}
	}
	// "Shuffle and place the square bonus tiles face down."
	for i := range data.BonusTiles {
		s.Tiles = append(s.Tiles, i)
	}
	games.Shuffle(&s.RNG, s.Tiles)
}

func decode(b []byte) (games.State, error) {
	return games.DecodeJSON(b, schema, func(s *State) int { return s.Schema })
}

// Encode writes the state as JSON.
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

// Outcome is nil while the game runs.
func (s *State) Outcome() *games.Outcome { return s.Result }

func (s *State) n() int { return len(s.Players) }

// active counts the players still in the game.
func (s *State) active() int {
	k := 0
	for _, p := range s.Players {
		if !p.Resigned {
			k++
		}
	}
	return k
}

// next is the next player still in the game clockwise from seat.
func (s *State) next(seat int) int {
	return games.NextSeat(s.n(), seat, 1, func(t int) bool { return !s.Players[t].Resigned })
}

// say narrates to the table and keeps the text in the recent log.
func (s *State) say(ev *[]games.Event, text string) { games.Say(ev, &s.Log, text) }

func (s *State) did(space string) bool {
	for _, d := range s.Done {
		if d == space {
			return true
		}
	}
	return false
}

// demandCount is how many demand tokens a player owns.
func (p *Player) demandCount() int {
	return p.Demands[0] + p.Demands[1] + p.Demands[2] + p.Demands[3]
}

func (p *Player) hasTile(id string) bool {
	return p.tileAt(id) >= 0
}

func (p *Player) tileAt(id string) int {
	for i, t := range p.Tiles {
		if data.BonusTiles[t].ID == id {
			return i
		}
	}
	return -1
}

// colorCount counts a player's supply cards of a colour.
func (p *Player) colorCount(color string) int {
	k := 0
	for _, c := range p.Cards {
		if data.Cards[c].Color == color {
			k++
		}
	}
	return k
}

// reservation is the board seat (0-based) a player has reserved, -1 for none.
func (s *State) reservation(seat int) int {
	for i, st := range s.Seats {
		if st.Card >= 0 && st.Reserver == seat {
			return i
		}
	}
	return -1
}

func remove(list []int, v int) []int {
	for i, x := range list {
		if x == v {
			return append(append([]int{}, list[:i]...), list[i+1:]...)
		}
	}
	return list
}

func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
