package hunted

import (
	"encoding/json"
	"fmt"

	"standoff/internal/games"
)

// schema is the version of the encoded state.
const schema = 1

// Phases: who may do what now. One seat acts at a time: in co-op the player
// on turn decides every choice ("the player who drew the card(s) gets the
// final say").
const (
	phaseStart    = "start"    // co-op: the player on turn must draw or hide
	phaseMain     = "main"     // draw, hide, activate, use, reload...
	phaseChoose   = "choose"   // two location cards drawn: play one
	phaseOptional = "optional" // an optional location: do it or not
	phaseSurveil  = "surveil"  // the Surveillance Room's three cards
	phaseRoll     = "roll"     // dice just rolled: regroup tokens, rerolls
	phaseFight    = "fight"    // choose the next attack
	phaseReward   = "reward"   // a fight won: take one card or none
	phaseOver     = "over"
)

// Roll purposes.
const (
	rollTest    = "test"
	rollFight   = "fight"
	rollGrenade = "grenade"
)

// handsID names the bare-hands side in moves and rolls.
const handsID = "hands"

// Weapon is what lies on a weapon card in an inventory.
type Weapon struct {
	Dice    int  `json:"dice"`              // dice still on the card (shots before reloading)
	Mags    int  `json:"mags"`              // ammo tokens (magazines) on the card
	Flipped bool `json:"flipped,omitempty"` // a handgun turned to its bare-hands side
}

// Player is one seat's board: health, row, inventory and tokens.
type Player struct {
	Name      string   `json:"name"`
	Health    int      `json:"health"`
	MaxHealth int      `json:"maxHealth"`
	Row       []string `json:"row"` // drawn order
	Inv       []string `json:"inv"` // gained order
	Keys      int      `json:"keys"`
	Regroup   int      `json:"regroup"`
}

// Die is one die rolled: its sides, face and regroup tokens added (+2 each).
type Die struct {
	Sides int `json:"sides"`
	Face  int `json:"face"`
	Boost int `json:"boost,omitempty"`
}

// Value is the face plus the regroup tokens put on it.
func (d Die) Value() int { return d.Face + 2*d.Boost }

// Roll is dice just rolled, waiting for regroup tokens or a reroll.
type Roll struct {
	Purpose string `json:"purpose"`
	Seat    int    `json:"seat"`   // who rolled (whose tokens may change it)
	Source  string `json:"source"` // test: the card or location tested; fight: the weapon, hands or grenade card
	Dice    []Die  `json:"dice"`
}

// Fight is a terrorist card (or a cardless terrorist, or Lars) being fought.
type Fight struct {
	Card        string `json:"card,omitempty"` // the terrorist card; empty for cardless terrorists and Lars
	Name        string `json:"name"`
	Targets     []int  `json:"targets"`
	Hit         []bool `json:"hit"`
	HostageIcon bool   `json:"hostageIcon,omitempty"`
	Lars        bool   `json:"lars,omitempty"`
	LarsHits    int    `json:"larsHits,omitempty"`
	Round       int    `json:"round"`   // rounds fought so far
	Owner       int    `json:"owner"`   // whose row or draw started it: fights the first round
	Fighter     int    `json:"fighter"` // who fought the last round
}

// RollView is a resolved roll remembered for the table.
type RollView struct {
	Who     string `json:"who"`
	What    string `json:"what"`
	Dice    []Die  `json:"dice"`
	Outcome string `json:"outcome"`
}

// State is one game of Hunted: Kobayashi Tower.
type State struct {
	Schema  int       `json:"schema"`
	RNG     games.RNG `json:"rng"`
	Coop    bool      `json:"coop"`
	Role    string    `json:"role,omitempty"` // co-op: player 2's role card, out of the deck
	Players []Player  `json:"players"`

	Deck       []string `json:"deck"` // the top is the last card
	Discard    []string `json:"discard"`
	Out        []string `json:"out"`       // removed from the game: lost hostages, player 2's role
	Shared     []string `json:"shared"`    // co-op: the shared row
	SharedInv  []string `json:"sharedInv"` // co-op: the Chocolates both players may use
	Locations  []string `json:"locations"` // the top is the last card
	LocPassed  []string `json:"locPassed"` // played or discarded, oldest first
	LocUnused  []string `json:"locUnused"` // set aside at setup
	LocChoice  []string `json:"locChoice,omitempty"`
	Current    string   `json:"current,omitempty"`  // location or event being resolved
	RoofBack   bool     `json:"roofBack,omitempty"` // the Roof was seen and put back on top
	Surveil    []string `json:"surveil,omitempty"`
	RewardDraw []string `json:"rewardDraw,omitempty"`

	Weapons  map[string]*Weapon `json:"weapons"`  // by weapon card in an inventory
	FaceDown map[string]bool    `json:"faceDown"` // hostages whose effect was used

	Time      int `json:"time"`
	StartTime int `json:"startTime"`
	Ammo      int `json:"ammo"` // tokens in the supply
	Keys      int `json:"keys"`
	Regroups  int `json:"regroups"`

	Turn       int    `json:"turn"`
	Phase      string `json:"phase"`
	Drew       bool   `json:"drew,omitempty"`       // co-op: drew this turn
	SharedDone bool   `json:"sharedDone,omitempty"` // co-op: moved a card to the shared row this turn
	Roll       *Roll  `json:"roll,omitempty"`
	Fight      *Fight `json:"fight,omitempty"`
	Turns      int    `json:"turns"`
	// Cleared: solo, the row was discarded (a hide, a terrorist attack)
	// since the turn count last moved; the next draw moves it.
	Cleared bool `json:"cleared,omitempty"`

	Rolls  []RollView     `json:"rolls"` // the rolls of now (forgetRolls), newest last
	Log    []string       `json:"log"`
	Won    bool           `json:"won,omitempty"`
	Result *games.Outcome `json:"result,omitempty"`
}

// newGame sets up a game as "Setting up the game" and, for two players, "2
// player mode" describe.
func newGame(setup games.Setup) (games.State, error) {
	n := len(setup.Players)
	if n < 1 || n > 2 {
		return nil, fmt.Errorf("Hunted is played by 1 player, or 2 in co-op, not %d", n)
	}
	health, tm, err := startOptions(setup.Options)
	if err != nil {
		return nil, err
	}
	s := &State{
		Schema: schema, RNG: *games.NewRNG(setup.Seed), Coop: n == 2,
		Deck: []string{}, Discard: []string{}, Out: []string{}, Shared: []string{}, SharedInv: []string{},
		Locations: []string{}, LocPassed: []string{}, LocUnused: []string{},
		Weapons: map[string]*Weapon{}, FaceDown: map[string]bool{},
		Time: tm, StartTime: tm, Ammo: ammoTokens, Keys: keyTokens, Regroups: regroupTokens,
		Rolls: []RollView{}, Log: []string{},
	}
	s.seatPlayers(setup.Players, health)
	s.giveStartingCards()
	// The draws from the seed come in a fixed order (role, Hunted deck,
	// locations), so a seed always deals the same game.
	s.shuffleHunted()
	s.buildLocations()
	s.Phase = phaseMain
	if s.Coop {
		s.Phase = phaseStart
		s.say(nil, fmt.Sprintf("Kobayashi Tower, co-op: %s and %s (as %s) have %d health each and share %d time. %s begins.",
			s.Players[0].Name, s.Players[1].Name, data.card[s.Role].Name, s.Players[0].Health, s.Time, s.Players[0].Name))
	} else {
		s.say(nil, fmt.Sprintf("Kobayashi Tower: %s has %d health and %d time to reach the roof.", s.Players[0].Name, s.Players[0].Health, s.Time))
	}
	return s, nil
}

// startOptions reads the harder starts the rules allow; 0 is the usual start.
func startOptions(opts games.Options) (health, tm int, err error) {
	health, tm = opts["health"], opts["time"]
	if health == 0 {
		health = maxHealth
	}
	if tm == 0 {
		tm = maxTime
	}
	if health != 4 && health != 6 {
		return 0, 0, fmt.Errorf("health starts at 6, or 4 for the harder start, not %d", health)
	}
	if tm != 17 && tm != 20 {
		return 0, 0, fmt.Errorf("time starts at 20, or 17 for the harder start, not %d", tm)
	}
	return health, tm, nil
}

func (s *State) seatPlayers(names []string, health int) {
	for i, name := range names {
		if name == "" {
			name = fmt.Sprintf("Player %d", i+1)
		}
		s.Players = append(s.Players, Player{Name: name, Health: health, MaxHealth: maxHealth, Row: []string{}, Inv: []string{}})
	}
	if s.Coop {
		// "begin the game with only four health (which is your max)"; player 2's
		// cube goes "on the four space" of the 2-player card.
		for i := range s.Players {
			s.Players[i].Health = min(health, coopHealth)
			s.Players[i].MaxHealth = coopHealth
		}
	}
}

func (s *State) giveStartingCards() {
	// "Place the Handgun card ... put three ammo tokens and four blue d6 on the
	// card"; in co-op "only two magazine tokens for your handgun", and player 2
	// gets "a handgun card, two magazine tokens, and four 6-sided dice".
	hg1 := data.card["HG1"]
	mags := hg1.Mags
	if s.Coop {
		mags = 2
	}
	s.gainWeapon(0, "HG1", mags)
	if s.Coop {
		s.gainWeapon(1, "HG2", data.card["HG2"].Mags)
		// "Both players have access to the Chocolates card".
		s.SharedInv = append(s.SharedInv, "CH")
	} else {
		s.Players[0].Inv = append(s.Players[0].Inv, "CH")
		s.Out = append(s.Out, "HG2") // the third starting card is player 2's
	}
}

func (s *State) shuffleHunted() {
	// "Shuffle the Hunted deck"; in co-op "remove the Sgt. Pratt or Agent
	// O'Neil card from the Hunted deck" (the game draws the role by lot).
	var roles []string
	for _, c := range data.Hunted {
		if c.Role {
			roles = append(roles, c.ID)
		}
	}
	if s.Coop {
		s.Role = roles[s.RNG.Intn(len(roles))]
		s.Out = append(s.Out, s.Role)
	}
	for _, c := range data.Hunted {
		if c.ID != s.Role {
			s.Deck = append(s.Deck, c.ID)
		}
	}
	games.Shuffle(&s.RNG, s.Deck)
}

func (s *State) buildLocations() {
	// "Remove the Roof card from the Location deck. Draw fourteen Location
	// cards and shuffle them. (Discard the rest.) Draw the top two cards from
	// the deck without looking at them. Shuffle these cards with the Roof card
	// and place the three cards at the bottom of the Location deck."
	var roof string
	var locs []string
	for _, l := range data.Locations {
		if l.Roof {
			roof = l.ID
		} else {
			locs = append(locs, l.ID)
		}
	}
	games.Shuffle(&s.RNG, locs)
	s.LocUnused = append(s.LocUnused, locs[locationDeck:]...)
	locs = locs[:locationDeck]
	// The top is the last element: the last two are the top two cards.
	bottom := append([]string{roof}, locs[len(locs)-2:]...)
	games.Shuffle(&s.RNG, bottom)
	s.Locations = append(bottom, locs[:len(locs)-2]...)
}

// decode restores an encoded state.
func decode(b []byte) (games.State, error) {
	return games.DecodeJSON(b, schema, func(s *State) int { return s.Schema })
}

// Encode writes the state as JSON (map keys sorted, so byte-stable).
func (s *State) Encode() ([]byte, error) { return json.Marshal(s) }

// Outcome is nil while the game runs.
func (s *State) Outcome() *games.Outcome { return s.Result }

// say narrates to the table and keeps the text in the recent log.
func (s *State) say(ev *[]games.Event, text string) { games.Say(ev, &s.Log, text) }

// gainWeapon puts a weapon card in a seat's inventory with its dice and as
// many of its magazines as the ammo supply still holds.
func (s *State) gainWeapon(seat int, id string, mags int) {
	c := data.card[id]
	m := min(mags, s.Ammo)
	s.Ammo -= m
	s.Weapons[id] = &Weapon{Dice: c.Dice, Mags: m}
	s.Players[seat].Inv = append(s.Players[seat].Inv, id)
}

// gain puts a card in a seat's inventory ("Activating weapon, item, and
// hostage cards will move them into your inventory").
func (s *State) gain(seat int, id string) {
	if data.card[id].Type == typeWeapon {
		s.gainWeapon(seat, id, data.card[id].Mags)
		return
	}
	s.Players[seat].Inv = append(s.Players[seat].Inv, id)
}

// dropWeapon discards an empty weapon, or flips an empty handgun to its
// bare-hands side.
func (s *State) dropEmpty(id string) (string, bool) {
	w := s.Weapons[id]
	if w == nil || w.Dice > 0 || w.Mags > 0 {
		return "", false
	}
	if data.card[id].Handgun {
		if w.Flipped {
			return "", false
		}
		w.Flipped = true
		return fmt.Sprintf("%s is out of ammo: flipped to bare hands.", data.card[id].Name), true
	}
	seat := s.holder(id)
	if seat < 0 {
		return "", false
	}
	s.removeInv(seat, id)
	delete(s.Weapons, id)
	s.Discard = append(s.Discard, id)
	return fmt.Sprintf("%s is out of ammo and discarded.", data.card[id].Name), true
}

// holder is the seat whose inventory holds a card, -1 when none.
func (s *State) holder(id string) int {
	for seat := range s.Players {
		if indexOf(s.Players[seat].Inv, id) >= 0 {
			return seat
		}
	}
	return -1
}

// removeInv takes a card out of a seat's inventory (or the shared one).
func (s *State) removeInv(seat int, id string) bool {
	p := &s.Players[seat]
	if i := indexOf(p.Inv, id); i >= 0 {
		p.Inv = remove(p.Inv, i)
		return true
	}
	if i := indexOf(s.SharedInv, id); i >= 0 {
		s.SharedInv = remove(s.SharedInv, i)
		return true
	}
	return false
}

// inventory is what a seat may use: its own cards and the shared Chocolates.
func (s *State) inventory(seat int) []string {
	return append(append([]string{}, s.Players[seat].Inv...), s.SharedInv...)
}

// row is a seat's row as it plays: its own cards and the shared row ("The
// card is now considered to be in both players' rows").
func (s *State) row(seat int) []string {
	return append(append([]string{}, s.Players[seat].Row...), s.Shared...)
}

// takeFromRow removes a card from a seat's row or the shared row.
func (s *State) takeFromRow(seat int, id string) bool {
	p := &s.Players[seat]
	if i := indexOf(p.Row, id); i >= 0 {
		p.Row = remove(p.Row, i)
		return true
	}
	if i := indexOf(s.Shared, id); i >= 0 {
		s.Shared = remove(s.Shared, i)
		return true
	}
	return false
}

// drawCard takes the top Hunted card: "If the draw deck runs out, shuffle the
// discard pile to create a new draw deck."
func (s *State) drawCard() (string, bool) {
	if len(s.Deck) == 0 {
		if len(s.Discard) == 0 {
			return "", false
		}
		s.Deck, s.Discard = s.Discard, []string{}
		games.Shuffle(&s.RNG, s.Deck)
	}
	c := s.Deck[len(s.Deck)-1]
	s.Deck = s.Deck[:len(s.Deck)-1]
	return c, true
}

// canDraw says whether a Hunted card can be drawn.
func (s *State) canDraw() bool { return len(s.Deck)+len(s.Discard) > 0 }

// shuffleBack shuffles drawn cards back into the deck.
func (s *State) shuffleBack(ids []string) {
	if len(ids) == 0 {
		return
	}
	s.Deck = append(s.Deck, ids...)
	games.Shuffle(&s.RNG, s.Deck)
}

// loseTime moves the time cube down ("Anytime either player does something
// that costs time, player 1 will reduce the value on the time track").
func (s *State) loseTime(n int) {
	s.Time = max(0, s.Time-n)
}

// heal raises a seat's health, never above its maximum.
func (s *State) heal(seat, n int) int {
	p := &s.Players[seat]
	before := p.Health
	p.Health = min(p.MaxHealth, p.Health+n)
	return p.Health - before
}

// partner is the other seat in co-op.
func (s *State) partner(seat int) int { return 1 - seat }

func indexOf(list []string, id string) int {
	for i, c := range list {
		if c == id {
			return i
		}
	}
	return -1
}

func remove(list []string, i int) []string {
	return append(append([]string{}, list[:i]...), list[i+1:]...)
}

// plural writes "1 card", "2 cards".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	if noun == "die" {
		return fmt.Sprintf("%d dice", n)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
