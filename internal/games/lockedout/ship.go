package lockedout

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

// shipJSON is the authored data the rulebook text lacks: the room map with
// its doorways and layout, and the 56 card faces. See docs/rules/lockedout.md.
//
//go:embed ship.json
var shipJSON []byte

// Zones of the ship. Blue is open from the start, orange from stage two, the
// purple board computer from stage three; green (the engine compartment) never.
const (
	zoneBlue   = "blue"
	zoneOrange = "orange"
	zonePurple = "purple"
	zoneGreen  = "green"
)

// Card kinds.
const (
	kindResource = "resource"
	kindAccess   = "access"
	kindLoot     = "loot"
)

// Room is one space of the board.
type Room struct {
	ID     string  `json:"id"`
	Number int     `json:"number"`
	Name   string  `json:"name"`
	Zone   string  `json:"zone"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	W      float64 `json:"w"`
	H      float64 `json:"h"`
}

// Card is one card face.
type Card struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Kind  string `json:"kind"`  // resource, access or loot
	Color string `json:"color"` // red, yellow, blue, orange, purple or green
	Type  string `json:"type"`  // access cards: the type shared by the two copies
	Share bool   `json:"share"` // loot: a "Share of the Booty"
	Value int    `json:"value"` // znooties
}

// Resource is one of the three resources tracked in the engine compartment.
type Resource struct {
	Color string `json:"color"`
	Name  string `json:"name"`
}

// shipData is the whole data file.
type shipData struct {
	Rooms     []Room      `json:"rooms"`
	Doorways  [][2]string `json:"doorways"`
	Resources []Resource  `json:"resources"`
	Cards     []Card      `json:"cards"`

	room      map[string]*Room
	card      map[string]*Card
	cardOrder map[string]int
	adjacent  map[string][]string // in the order of Rooms
}

var ship = mustLoadShip(shipJSON)

func mustLoadShip(data []byte) *shipData {
	s, err := loadShip(data)
	if err != nil {
		panic("lockedout: ship.json: " + err.Error())
	}
	return s
}

// loadShip parses and checks the data file against every count the rulebook
// states, so a slip in the data fails loudly at start rather than mid-game.
func loadShip(data []byte) (*shipData, error) {
	var s shipData
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	s.room = map[string]*Room{}
	zones := map[string]int{}
	for i := range s.Rooms {
		r := &s.Rooms[i]
		if _, dup := s.room[r.ID]; dup {
			return nil, fmt.Errorf("room %s twice", r.ID)
		}
		s.room[r.ID] = r
		zones[r.Zone]++
	}
	if s.room["corridor"] == nil || s.room["corridor"].Zone != zoneBlue {
		return nil, fmt.Errorf("no blue corridor")
	}
	if zones[zoneBlue] != 5 || zones[zoneOrange] != 3 || zones[zonePurple] != 1 || zones[zoneGreen] != 1 {
		return nil, fmt.Errorf("zones %v: want corridor + 4 blue rooms, 3 orange, 1 purple, 1 green", zones)
	}
	s.adjacent = map[string][]string{}
	linked := map[[2]string]bool{}
	for _, d := range s.Doorways {
		a, b := s.room[d[0]], s.room[d[1]]
		if a == nil || b == nil || a == b {
			return nil, fmt.Errorf("bad doorway %v", d)
		}
		if a.Zone == zoneGreen || b.Zone == zoneGreen {
			return nil, fmt.Errorf("doorway %v into the engine compartment, which is never accessible", d)
		}
		linked[[2]string{a.ID, b.ID}] = true
		linked[[2]string{b.ID, a.ID}] = true
	}
	for _, a := range s.Rooms {
		for _, b := range s.Rooms {
			if linked[[2]string{a.ID, b.ID}] {
				s.adjacent[a.ID] = append(s.adjacent[a.ID], b.ID)
			}
		}
	}
	if len(s.Resources) != 3 {
		return nil, fmt.Errorf("%d resources, want 3", len(s.Resources))
	}
	s.card = map[string]*Card{}
	s.cardOrder = map[string]int{}
	count := map[string]int{}
	types := map[string]int{}
	for i := range s.Cards {
		c := &s.Cards[i]
		if _, dup := s.card[c.ID]; dup {
			return nil, fmt.Errorf("card %s twice", c.ID)
		}
		if c.Value <= 0 {
			return nil, fmt.Errorf("card %s has no value", c.ID)
		}
		s.card[c.ID] = c
		s.cardOrder[c.ID] = i
		switch c.Kind {
		case kindResource:
			count[c.Color]++
		case kindAccess:
			count[c.Color]++
			types[c.Type]++
		case kindLoot:
			if c.Share {
				count["share"]++
			} else {
				count["loot"]++
			}
		default:
			return nil, fmt.Errorf("card %s has kind %q", c.ID, c.Kind)
		}
	}
	want := map[string]int{"red": 6, "yellow": 6, "blue": 6, "orange": 8, "purple": 8, "loot": 16, "share": 6}
	for k, n := range want {
		if count[k] != n {
			return nil, fmt.Errorf("%d %s cards, want %d", count[k], k, n)
		}
	}
	if len(s.Cards) != 56 {
		return nil, fmt.Errorf("%d cards, want 56", len(s.Cards))
	}
	for t, n := range types {
		if n != 2 {
			return nil, fmt.Errorf("access type %s has %d copies, want 2", t, n)
		}
	}
	if len(types) != 8 {
		return nil, fmt.Errorf("%d access types, want 8", len(types))
	}
	return &s, nil
}

// cardsOf lists the ids of the cards matching keep, in data order.
func (s *shipData) cardsOf(keep func(*Card) bool) []string {
	var out []string
	for i := range s.Cards {
		if keep(&s.Cards[i]) {
			out = append(out, s.Cards[i].ID)
		}
	}
	return out
}

// accessTypes lists the access types of a colour in data order.
func (s *shipData) accessTypes(color string) []string {
	var out []string
	seen := map[string]bool{}
	for _, c := range s.Cards {
		if c.Kind == kindAccess && c.Color == color && !seen[c.Type] {
			seen[c.Type] = true
			out = append(out, c.Type)
		}
	}
	return out
}

// roomsIn lists the room ids of a zone in data order.
func (s *shipData) roomsIn(zone string) []string {
	var out []string
	for _, r := range s.Rooms {
		if r.Zone == zone {
			out = append(out, r.ID)
		}
	}
	return out
}

// label is how a card is named in text: "Gold Watch (L10, 7 znooties)".
// The rulebook's sign, ₮, is spelt out: "7₮" read to play-testers as a
// typo, and a word reads the same on every phone.
func label(id string) string {
	c := ship.card[id]
	return fmt.Sprintf("%s (%s, %s)", c.Name, c.ID, znooties(c.Value))
}

// labels joins card labels.
func labels(ids []string) string {
	if len(ids) == 0 {
		return "nothing"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = label(id)
	}
	return strings.Join(out, ", ")
}

// handValue adds up a hand in znooties.
func handValue(hand []string) int {
	v := 0
	for _, id := range hand {
		v += ship.card[id].Value
	}
	return v
}

// znooties says an amount of the game's money: "1 znooty", "7 znooties".
func znooties(n int) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d znooty", n)
	}
	return fmt.Sprintf("%d znooties", n)
}
