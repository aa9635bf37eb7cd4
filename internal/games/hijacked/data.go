package hijacked

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// dataJSON is the authored data the rulebook text lacks: the 64 passenger
// card faces, the 8 hijacker tiles, the 6 bonus tiles, the score tracks with
// their bonus spaces, the recognition track, the medal objectives and values
// and the number-token places. See docs/rules/hijacked.md.
//
//go:embed hijacked.json
var dataJSON []byte

// Demand types, in the order used by every per-demand array.
var demandNames = []string{"crypto", "medicine", "food", "intel"}

const (
	crypto   = 0
	medicine = 1
	food     = 2
	intel    = 3
)

// Card colours. Red cards are the disadvantage cards.
var colorNames = []string{"gray", "blue", "green", "yellow", "red"}

const red = "red"

// Card is one passenger card: its back shows Pips; its face a colour, the
// trust it needs and the demand it costs ("none" for no demand).
type Card struct {
	ID     string `json:"id"`
	Color  string `json:"color"`
	Pips   int    `json:"pips"`
	Trust  int    `json:"trust"` // percent, a multiple of 10
	Demand string `json:"demand"`
}

// Hijacker is one hijacker tile: two dice ranges (one die in each) and what it scores.
type Hijacker struct {
	ID     string    `json:"id"`
	Name   string    `json:"name"`
	Ranges [2][2]int `json:"ranges"`
	Points int       `json:"points"` // scored on the track when it surrenders
	Bonus  string    `json:"bonus"`  // the end-of-game extra, see extraPoints
	Text   string    `json:"text"`
}

// BonusTile is one square bonus tile.
type BonusTile struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Text string `json:"text"`
}

// TrackBonus is a bonus space on a score track: stopping there gives a demand.
type TrackBonus struct {
	At     int    `json:"at"`
	Demand string `json:"demand"`
}

// ScoreTrack is one player's own score track.
type ScoreTrack struct {
	Name    string       `json:"name"`
	Bonuses []TrackBonus `json:"bonuses"`
}

// gameData is the whole data file.
type gameData struct {
	Cards           []Card            `json:"cards"`
	Hijackers       []Hijacker        `json:"hijackers"`
	BonusTiles      []BonusTile       `json:"bonusTiles"`
	ScoreTracks     []ScoreTrack      `json:"scoreTracks"`
	TrustSpaces     int               `json:"trustSpaces"`
	GreenCubes      int               `json:"greenCubes"`
	RedCubes        int               `json:"redCubes"`
	Recognition     []int             `json:"recognition"` // points by thumb position, 0 = never on the track
	Objectives      map[string]string `json:"objectives"`
	ObjectiveTokens [][]string        `json:"objectiveTokens"`
	Medals          []int             `json:"medals"`
	NumberTokens    []int             `json:"numberTokens"`
	NumberPlaces    []string          `json:"numberPlaces"`
	Demands         map[string]int    `json:"demands"`
	Passengers      int               `json:"passengers"`
	Pilots          int               `json:"pilots"`
	BonusDice       int               `json:"bonusDice"`
	MiniDice        int               `json:"miniDice"`

	card     map[string]int // id -> index
	tile     map[string]int
	hijacker map[string]int
}

var data = mustLoad(dataJSON)

func mustLoad(b []byte) *gameData {
	d, err := load(b)
	if err != nil {
		panic("hijacked: hijacked.json: " + err.Error())
	}
	return d
}

// load parses the data file and checks it against every count the rulebook
// states, so a bad edit fails at start rather than in play.
func load(b []byte) (*gameData, error) {
	var d gameData
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, err
	}
	for _, step := range []func() error{d.checkCounts, d.indexCards, d.indexTiles, d.indexHijackers, d.checkNames} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return &d, nil
}

func (d *gameData) checkCounts() error {
	// "64 PASSENGER CARDS", "8 HIJACKER TILES", "6 BONUS TILES", "3 RED CUBES",
	// "12 GREEN CUBES", "3 MEDAL TOKENS", "5 MEDAL OBJECTIVE TOKENS",
	// "6 NUMBER TOKENS (1-6)", "26 DEMAND TOKENS", "4 PILOTS", "12 PASSENGERS",
	// "2 BONUS DICE", "2 PINK BONUS MINI DICE", "4 SCORING TOKENS".
	checks := []struct {
		what      string
		got, want int
	}{
		{"passenger cards", len(d.Cards), 64},
		{"hijacker tiles", len(d.Hijackers), 8},
		{"bonus tiles", len(d.BonusTiles), 6},
		{"score tracks", len(d.ScoreTracks), 4},
		{"trust spaces", d.TrustSpaces, 10},
		{"green cubes", d.GreenCubes, 12},
		{"red cubes", d.RedCubes, 3},
		{"medals", len(d.Medals), 3},
		{"objective tokens", len(d.ObjectiveTokens), 5},
		{"number tokens", len(d.NumberTokens), 6},
		{"number places", len(d.NumberPlaces), 4},
		{"passengers", d.Passengers, 12},
		{"pilots", d.Pilots, 4},
		{"bonus dice", d.BonusDice, 2},
		{"mini dice", d.MiniDice, 2},
		{"recognition spaces", len(d.Recognition), 4},
	}
	for _, c := range checks {
		if c.got != c.want {
			return fmt.Errorf("%d %s, want %d", c.got, c.what, c.want)
		}
	}
	total := 0
	for _, n := range d.Demands {
		total += n
	}
	if total != 26 || len(d.Demands) != 4 {
		return fmt.Errorf("%d demand tokens of %d types, want 26 of 4", total, len(d.Demands))
	}
	return nil
}

func (d *gameData) indexCards() error {
	d.card = map[string]int{}
	for i, c := range d.Cards {
		if _, dup := d.card[c.ID]; dup {
			return fmt.Errorf("card %s twice", c.ID)
		}
		d.card[c.ID] = i
		if c.Pips < 1 || c.Pips > 6 || c.Trust < 0 || c.Trust > 100 || c.Trust%10 != 0 {
			return fmt.Errorf("card %s: pips %d trust %d", c.ID, c.Pips, c.Trust)
		}
		if colorIndex(c.Color) < 0 {
			return fmt.Errorf("card %s: colour %q", c.ID, c.Color)
		}
		if c.Demand != "none" && demandIndex(c.Demand) < 0 || c.Demand == "intel" {
			return fmt.Errorf("card %s: demand %q", c.ID, c.Demand)
		}
	}
	return nil
}

func (d *gameData) indexTiles() error {
	d.tile = map[string]int{}
	for i, t := range d.BonusTiles {
		d.tile[t.ID] = i
	}
	for _, id := range []string{tilePilot, tileMini, tileGive, tileSalvage, tileTop, tileTrust} {
		if _, ok := d.tile[id]; !ok {
			return fmt.Errorf("bonus tile %q missing", id)
		}
	}
	return nil
}

func (d *gameData) indexHijackers() error {
	d.hijacker = map[string]int{}
	for i, h := range d.Hijackers {
		d.hijacker[h.ID] = i
		for _, r := range h.Ranges {
			if r[0] < 1 || r[1] > 6 || r[0] > r[1] {
				return fmt.Errorf("hijacker %s: range %v", h.ID, r)
			}
		}
	}
	return nil
}

// checkNames checks that every objective and demand the file names exists.
func (d *gameData) checkNames() error {
	for _, tok := range d.ObjectiveTokens {
		if len(tok) != len(d.Medals) {
			return fmt.Errorf("objective token %v: want %d objectives", tok, len(d.Medals))
		}
		for _, o := range tok {
			if _, ok := d.Objectives[o]; !ok {
				return fmt.Errorf("objective %q unknown", o)
			}
		}
	}
	for _, p := range d.NumberPlaces {
		if demandIndex(p) < 0 {
			return fmt.Errorf("number place %q", p)
		}
	}
	for _, t := range d.ScoreTracks {
		for _, b := range t.Bonuses {
			if demandIndex(b.Demand) < 0 {
				return fmt.Errorf("track %s: demand %q", t.Name, b.Demand)
			}
		}
	}
	return nil
}

// Bonus tile ids.
const (
	tilePilot   = "pilot"
	tileMini    = "mini"
	tileGive    = "give"
	tileSalvage = "salvage"
	tileTop     = "toppile"
	tileTrust   = "trust"
)

func demandIndex(name string) int {
	for i, n := range demandNames {
		if n == name {
			return i
		}
	}
	return -1
}

func colorIndex(name string) int {
	for i, n := range colorNames {
		if n == name {
			return i
		}
	}
	return -1
}
