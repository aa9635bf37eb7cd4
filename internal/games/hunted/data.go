package hunted

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// huntedJSON is the authored data the rulebook text lacks: the 69 Hunted
// cards, the 3 starting cards, the 17 location cards, the player 2 card, Lars
// and the test dice per health. See docs/rules/hunted.md.
//
//go:embed hunted.json
var huntedJSON []byte

// Card types of the Hunted deck and the starting cards.
const (
	typeTerrorist = "terrorist"
	typeDoor      = "door" // doors and hallways: location icons
	typeWeapon    = "weapon"
	typeItem      = "item"
	typeHostage   = "hostage"
	typeRegroup   = "regroup"
	typeEvent     = "event"
)

// Action icons a card gives when discarded to pay for another card.
const (
	iconMove   = "move"
	iconSearch = "search"
	iconKey    = "key"
)

// Effects (Effect.Do) of items, hostages, events and locations.
const (
	doHeal      = "heal"            // gain N health
	doTime      = "time"            // gain N time
	doLoseTime  = "loseTime"        // lose N time
	doHurt      = "hurt"            // lose N health
	doKey       = "key"             // gain a key token
	doRegroup   = "regroup"         // gain a regroup token
	doAmmo      = "ammo"            // put an ammo token on a weapon
	doGrenade   = "grenade"         // thrown in a fight
	doReroll    = "reroll"          // reroll dice just rolled
	doHit       = "hit"             // a hit on a terrorist being fought
	doFind      = "find"            // search the deck for a card of a type
	doAmbush    = "ambush"          // draw N; a terrorist found attacks
	doFight     = "fight"           // fight a cardless terrorist
	doRemove    = "removeTerrorist" // discard a terrorist from the row
	doSurveil   = "surveil"         // the Surveillance Room
	doLocation  = "location"        // draw one more location card
	doLars      = "lars"            // the Roof
	doNothingID = ""
)

// Effect is what an item, hostage, event or location does.
type Effect struct {
	Do      string `json:"do"`
	N       int    `json:"n,omitempty"`
	Find    string `json:"find,omitempty"`    // doFind: the card type searched for
	Targets []int  `json:"targets,omitempty"` // doFight: the cardless terrorists
}

// Test is a roll of the test dice (one die of at least testTarget passes).
type Test struct {
	Pass *Effect `json:"pass,omitempty"`
	Fail *Effect `json:"fail,omitempty"`
}

// Card is a Hunted card or a starting card.
type Card struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Start       bool     `json:"start,omitempty"`
	Actions     []string `json:"actions,omitempty"` // icons; one is used when discarded
	Noise       int      `json:"noise,omitempty"`   // bell icons
	Cost        []string `json:"cost,omitempty"`    // icons needed to activate
	CostTime    int      `json:"costTime,omitempty"`
	Locations   int      `json:"locations,omitempty"`
	Dice        int      `json:"dice,omitempty"`
	Sides       int      `json:"sides,omitempty"`
	Mags        int      `json:"mags,omitempty"`
	Handgun     bool     `json:"handgun,omitempty"`
	Targets     []int    `json:"targets,omitempty"`
	HostageIcon bool     `json:"hostageIcon,omitempty"`
	Plural      bool     `json:"plural,omitempty"` // a terrorist card named as several people ("Gunmen"): plural verbs
	Draw        int      `json:"draw,omitempty"`
	Role        bool     `json:"role,omitempty"` // Sgt. Pratt or Agent O'Neil: player 2's role
	Effect      *Effect  `json:"effect,omitempty"`
	Flip        *Effect  `json:"flip,omitempty"`
	Test        *Test    `json:"test,omitempty"`
	Text        string   `json:"text,omitempty"`
}

// Location is a location card.
type Location struct {
	ID       string  `json:"id"`
	Name     string  `json:"name"`
	Roof     bool    `json:"roof,omitempty"`
	Optional bool    `json:"optional,omitempty"`
	CostTime int     `json:"costTime,omitempty"`
	Effect   *Effect `json:"effect,omitempty"`
	Test     *Test   `json:"test,omitempty"`
	Text     string  `json:"text"`
}

// Lars is the final enemy on the Roof.
type Lars struct {
	Name   string `json:"name"`
	Target int    `json:"target"`
	Hits   int    `json:"hits"`
}

// PlayerTwo is the 2-player card: player 2's health track.
type PlayerTwo struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Health int    `json:"health"`
}

// gameData is the whole data file.
type gameData struct {
	TestDice   []int      `json:"testDice"` // by health 0..6
	TestTarget int        `json:"testTarget"`
	Lars       Lars       `json:"lars"`
	PlayerTwo  PlayerTwo  `json:"playerTwo"`
	Starting   []Card     `json:"starting"`
	Hunted     []Card     `json:"hunted"`
	Locations  []Location `json:"locations"`

	card     map[string]*Card
	location map[string]*Location
	order    map[string]int
}

// Components and limits the rulebook states.
const (
	huntedCards   = 69
	startingCards = 3
	locationCards = 17
	ammoTokens    = 13
	keyTokens     = 3
	hitTokens     = 2
	regroupTokens = 3
	maxHealth     = 6
	maxTime       = 20
	coopHealth    = 4
	locationDeck  = 14 // location cards drawn at setup (the Roof comes on top of them)
)

var data = mustLoad(huntedJSON)

func mustLoad(b []byte) *gameData {
	d, err := load(b)
	if err != nil {
		panic("hunted: hunted.json: " + err.Error())
	}
	return d
}

// load parses and checks the data file against the component list.
func load(b []byte) (*gameData, error) {
	var d gameData
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, err
	}
	d.card = map[string]*Card{}
	d.location = map[string]*Location{}
	d.order = map[string]int{}
	if len(d.Hunted) != huntedCards || len(d.Starting) != startingCards || len(d.Locations) != locationCards {
		return nil, fmt.Errorf("want %d Hunted, %d starting and %d location cards; have %d, %d, %d",
			huntedCards, startingCards, locationCards, len(d.Hunted), len(d.Starting), len(d.Locations))
	}
	if len(d.TestDice) != maxHealth+1 {
		return nil, fmt.Errorf("testDice needs one entry per health 0..%d", maxHealth)
	}
	all := append(append([]Card{}, d.Starting...), d.Hunted...)
	for i := range all {
		c := &all[i]
		if _, dup := d.card[c.ID]; dup || c.ID == "" {
			return nil, fmt.Errorf("card id %q missing or repeated", c.ID)
		}
		if err := checkCard(c); err != nil {
			return nil, fmt.Errorf("%s %s: %v", c.ID, c.Name, err)
		}
		d.card[c.ID] = c
		d.order[c.ID] = i
	}
	roofs := 0
	for i := range d.Locations {
		l := &d.Locations[i]
		if _, dup := d.location[l.ID]; dup || l.ID == "" {
			return nil, fmt.Errorf("location id %q missing or repeated", l.ID)
		}
		if l.Roof {
			roofs++
		}
		if (l.Effect == nil) == (l.Test == nil) {
			return nil, fmt.Errorf("location %s needs exactly one of effect and test", l.ID)
		}
		d.location[l.ID] = l
		d.order[l.ID] = i
	}
	if roofs != 1 {
		return nil, fmt.Errorf("want one Roof, have %d", roofs)
	}
	return &d, nil
}

// checkCard checks that a card has what its type needs.
func checkCard(c *Card) error {
	for _, icon := range append(append([]string{}, c.Actions...), c.Cost...) {
		if icon != iconMove && icon != iconSearch && icon != iconKey {
			return fmt.Errorf("unknown icon %q", icon)
		}
	}
	switch c.Type {
	case typeTerrorist:
		if len(c.Targets) < 1 || len(c.Targets) > 3 || c.Draw != len(c.Targets) || len(c.Actions) > 0 {
			return fmt.Errorf("a terrorist card has 1-3 targets, draws as many cards, and no action icons")
		}
	case typeDoor:
		if c.Locations < 1 || c.Locations > 2 || len(c.Cost) == 0 {
			return fmt.Errorf("a door or hallway has 1-2 location icons and a cost")
		}
	case typeWeapon:
		if c.Dice < 1 || (c.Sides != 6 && c.Sides != 8 && c.Sides != 10) {
			return fmt.Errorf("a weapon has d6, d8 or d10 dice")
		}
	case typeItem:
		if c.Effect == nil {
			return fmt.Errorf("an item has an effect")
		}
	case typeHostage:
		if c.Flip == nil || len(c.Cost) == 0 {
			return fmt.Errorf("a hostage has a cost and a flip effect")
		}
	case typeRegroup:
		if c.CostTime < 1 {
			return fmt.Errorf("a regroup card costs time")
		}
	case typeEvent:
		if (c.Effect == nil) == (c.Test == nil) {
			return fmt.Errorf("an event has exactly one of effect and test")
		}
	default:
		return fmt.Errorf("unknown type %q", c.Type)
	}
	if c.Type != typeEvent && c.Type != typeTerrorist && !c.Start && len(c.Actions) == 0 {
		return fmt.Errorf("a row card needs at least one action icon")
	}
	return nil
}

// label names a card for players: "Hallway (D03)".
func label(id string) string {
	if c, ok := data.card[id]; ok {
		return fmt.Sprintf("%s (%s)", c.Name, id)
	}
	if l, ok := data.location[id]; ok {
		return fmt.Sprintf("%s (%s)", l.Name, id)
	}
	return id
}

// sumTargets adds a terrorist card's target numbers.
func sumTargets(t []int) int {
	n := 0
	for _, v := range t {
		n += v
	}
	return n
}

// locIDs lists the location cards in data order.
func (d *gameData) locIDs() []string {
	out := make([]string, len(d.Locations))
	for i, l := range d.Locations {
		out[i] = l.ID
	}
	return out
}
