package hijacked

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// CardView is a passenger card face.
type CardView struct {
	ID     string `json:"id"`
	Color  string `json:"color"`
	Pips   int    `json:"pips"`
	Trust  int    `json:"trust"`
	Demand string `json:"demand"` // crypto, medicine, food or none
}

// SeatView is one passenger seat: the back's pips, and the face when face up.
type SeatView struct {
	Number   int       `json:"number"` // 1..6
	Empty    bool      `json:"empty,omitempty"`
	Pips     int       `json:"pips"`
	Face     *CardView `json:"face,omitempty"`
	Reserver int       `json:"reserver"` // -1 for none
	ResDie   string    `json:"resDie,omitempty"`
	ResValue int       `json:"resValue,omitempty"`
}

// HijackerView is one hijacker place.
type HijackerView struct {
	Place  int       `json:"place"` // 1..4
	ID     string    `json:"id,omitempty"`
	Name   string    `json:"name,omitempty"`
	Ranges [2][2]int `json:"ranges"`
	Points int       `json:"points"`
	Text   string    `json:"text,omitempty"`
	Disc   int       `json:"disc"` // -1 for none
	Turns  int       `json:"turns"`
}

// MedalView is a medal spot. A medal still on the board lies "number up"
// (setup step 11), so its value is public; a won medal is held face down
// and its value is left out.
type MedalView struct {
	Number    int    `json:"number"`
	Objective string `json:"objective"`
	State     string `json:"state"`
	Holder    int    `json:"holder"`
	Value     int    `json:"value,omitempty"` // only while on the board
}

// TrackBonusView is a bonus space on a score track.
type TrackBonusView struct {
	At     int    `json:"at"`
	Demand string `json:"demand"`
	Taken  bool   `json:"taken,omitempty"`
}

// PlayerView is what the table knows of a player.
type PlayerView struct {
	Seat       int              `json:"seat"`
	Name       string           `json:"name"`
	Track      string           `json:"track"`
	Bonuses    []TrackBonusView `json:"bonuses"`
	Score      int              `json:"score"`
	Thumb      int              `json:"thumb"`
	Demands    [4]int           `json:"demands"` // crypto, medicine, food, intel
	Cards      []CardView       `json:"cards"`
	Freed      int              `json:"freed"`
	Pilots     int              `json:"pilots"`
	Hijackers  []HijackerView   `json:"hijackers"`
	Tiles      []string         `json:"tiles"`  // bonus tile names
	Medals     int              `json:"medals"` // held face down
	Bonus      int              `json:"bonus"`  // dice waiting for the next turn
	Mini       int              `json:"mini"`
	Star       bool             `json:"star,omitempty"`
	Starting   bool             `json:"starting,omitempty"`
	Resigned   bool             `json:"resigned,omitempty"`
	Disc       int              `json:"disc"`     // hijacker place 1-4 where the disc is, 0 for none
	Reserved   int              `json:"reserved"` // passenger seat 1-6, 0 for none
	FinalScore *ScoreLine       `json:"finalScore,omitempty"`
	// Bot marks a seat the bot plays now (games.AutomatedSeats).
	Bot bool `json:"bot,omitempty"`
}

// DieView is a die of the turn in progress.
type DieView struct {
	Kind  string `json:"kind"`
	Value int    `json:"value"`
	Used  bool   `json:"used"`
}

// PublicView is the whole table. It never holds the value of a medal a
// player holds.
type PublicView struct {
	Round         int            `json:"round"`
	Police        int            `json:"police"`
	PoliceStart   int            `json:"policeStart"`
	Turn          int            `json:"turn"`
	Phase         string         `json:"phase"`
	Dice          []DieView      `json:"dice"`
	Cards         int            `json:"cards"` // passenger cards chosen this turn
	Seats         []SeatView     `json:"seats"`
	Pending       *CardView      `json:"pending,omitempty"`
	Keep          []string       `json:"keep,omitempty"`
	DrawPile      int            `json:"drawPile"`
	DrawTop       int            `json:"drawTop"` // pips on the back of the top card, 0 when empty
	Discard       int            `json:"discard"`
	DiscardTop    *CardView      `json:"discardTop,omitempty"`
	Hijackers     []HijackerView `json:"hijackers"`
	HijackersLeft int            `json:"hijackersLeft"`
	Trust         int            `json:"trust"` // percent
	Green         int            `json:"green"` // cubes in the bag
	Red           int            `json:"red"`
	Star          int            `json:"star"` // holder, -1 on the board
	Numbers       [4]int         `json:"numbers"`
	Places        []string       `json:"places"`
	Supply        [4]int         `json:"supply"`
	Passengers    int            `json:"passengers"`
	Pilots        int            `json:"pilots"`
	BonusDice     int            `json:"bonusDice"`
	MiniDice      int            `json:"miniDice"`
	Tiles         int            `json:"tiles"`
	Medals        []MedalView    `json:"medals"`
	Recognition   []int          `json:"recognition"`
	Players       []PlayerView   `json:"players"`
	Waiting       string         `json:"waiting"`
	Events        []string       `json:"events"`
	Over          bool           `json:"over"`
	Result        string         `json:"result,omitempty"`
	// Cybot is the solo mode's automaton and its current card; nil otherwise.
	Cybot *CybotView `json:"cybot,omitempty"`
}

// MarkAutomated marks a seat the bot plays: the table knows it (a seat
// handed over by a vote keeps its player's name), the engine does not.
// The solo mode's Cybot is named as itself and is not marked again.
func (v *PublicView) MarkAutomated(seat int) {
	if seat < 0 || seat >= len(v.Players) || (v.Cybot != nil && v.Cybot.Seat == seat) {
		return
	}
	v.Players[seat].Bot = true
}

// MedalValue is a medal its holder can see.
type MedalValue struct {
	Number    int    `json:"number"`
	Objective string `json:"objective"`
	Value     int    `json:"value"`
	Cashed    bool   `json:"cashed,omitempty"`
}

// PrivateView is what only one player sees: the values of their medals.
type PrivateView struct {
	Seat   int          `json:"seat"`
	Name   string       `json:"name"`
	Medals []MedalValue `json:"medals"`
}

func cardView(c int) CardView {
	d := data.Cards[c]
	return CardView{ID: d.ID, Color: d.Color, Pips: d.Pips, Trust: d.Trust, Demand: d.Demand}
}

func hijackerView(place, tile int) HijackerView {
	v := HijackerView{Place: place, Disc: -1}
	if tile >= 0 {
		h := data.Hijackers[tile]
		v.ID, v.Name, v.Ranges, v.Points, v.Text = h.ID, h.Name, h.Ranges, h.Points, h.Text
	}
	return v
}

// Public is the table's view.
func (s *State) Public() games.View {
	v := &PublicView{
		Round: s.Round, Police: s.Police, PoliceStart: s.PoliceStart, Turn: s.Turn, Phase: s.Phase,
		Dice: []DieView{}, Cards: s.CardsTaken, DrawPile: len(s.Draw), Discard: len(s.Discard),
		HijackersLeft: len(s.HijackerRest), Trust: s.Trust * 10, Green: s.Green, Red: s.Red, Star: s.Star,
		Numbers: s.Numbers, Places: data.NumberPlaces, Supply: s.Supply, Passengers: s.Passengers, Pilots: s.Pilots,
		BonusDice: s.BonusDice, MiniDice: s.MiniDice, Tiles: len(s.Tiles), Recognition: data.Recognition,
		Waiting: s.waiting(), Events: append([]string{}, s.Log...), Over: s.Phase == phaseOver,
		Cybot: cybot{s}.view(),
	}
	if s.Result != nil {
		v.Result = s.Result.Text
	}
	for _, d := range s.Dice {
		v.Dice = append(v.Dice, DieView{Kind: d.Kind, Value: d.Value, Used: d.Used})
	}
	v.Seats = s.seatViews()
	if s.Pending != nil {
		f := cardView(s.Pending.Card)
		v.Pending = &f
	}
	for _, t := range s.Keep {
		v.Keep = append(v.Keep, data.BonusTiles[t].Name)
	}
	if k := len(s.Draw); k > 0 {
		v.DrawTop = data.Cards[s.Draw[k-1]].Pips
	}
	if k := len(s.Discard); k > 0 {
		f := cardView(s.Discard[k-1])
		v.DiscardTop = &f
	}
	for i, sl := range s.Slots {
		h := hijackerView(i+1, sl.Tile)
		h.Disc, h.Turns = sl.Disc, sl.Turns
		v.Hijackers = append(v.Hijackers, h)
	}
	for i, m := range s.Medals {
		mv := MedalView{Number: i + 1, Objective: data.Objectives[m.Objective], State: m.State, Holder: m.Holder}
		if m.State == medalBoard {
			mv.Value = m.Value
		}
		v.Medals = append(v.Medals, mv)
	}
	for seat, p := range s.Players {
		v.Players = append(v.Players, s.playerView(seat, p))
	}
	return v
}

// seatViews shows a face-down card's back only, never its face.
func (s *State) seatViews() []SeatView {
	var out []SeatView
	for i, st := range s.Seats {
		sv := SeatView{Number: i + 1, Reserver: st.Reserver}
		if st.Card < 0 {
			sv.Empty = true
		} else {
			sv.Pips = data.Cards[st.Card].Pips
			if st.FaceUp {
				f := cardView(st.Card)
				sv.Face = &f
			}
		}
		if st.Reserver >= 0 {
			sv.ResDie, sv.ResValue = st.ResDie.Kind, st.ResDie.Value
		}
		out = append(out, sv)
	}
	return out
}

// playerView counts a player's medals but leaves out their values, which are
// hidden until cashed.
func (s *State) playerView(seat int, p Player) PlayerView {
	pv := PlayerView{Seat: seat, Name: p.Name, Track: data.ScoreTracks[p.Track].Name, Score: p.Score, Thumb: p.Thumb,
		Demands: p.Demands, Cards: []CardView{}, Freed: p.Freed, Pilots: p.Pilots, Hijackers: []HijackerView{}, Tiles: []string{},
		Bonus: p.Bonus, Mini: p.Mini, Star: s.Star == seat, Starting: s.Start == seat, Resigned: p.Resigned,
		Reserved: s.reservation(seat) + 1}
	for _, b := range data.ScoreTracks[p.Track].Bonuses {
		pv.Bonuses = append(pv.Bonuses, TrackBonusView{At: b.At, Demand: b.Demand, Taken: containsInt(p.Taken, b.At)})
	}
	for _, c := range p.Cards {
		pv.Cards = append(pv.Cards, cardView(c))
	}
	for _, h := range p.Hijackers {
		pv.Hijackers = append(pv.Hijackers, hijackerView(0, h))
	}
	for _, t := range p.Tiles {
		pv.Tiles = append(pv.Tiles, data.BonusTiles[t].Name)
	}
	for _, m := range s.Medals {
		if m.State == medalHeld && m.Holder == seat {
			pv.Medals++
		}
	}
	for i, sl := range s.Slots {
		if sl.Disc == seat {
			pv.Disc = i + 1
		}
	}
	for i := range s.Final {
		if s.Final[i].Seat == seat {
			l := s.Final[i]
			pv.FinalScore = &l
		}
	}
	return pv
}

// Private is one seat's medals with their values; nil while the seat has
// never won a medal, so nobody gets a DM with nothing in it.
func (s *State) Private(seat int) games.View {
	if seat < 0 || seat >= s.n() {
		return nil
	}
	v := &PrivateView{Seat: seat, Name: s.Players[seat].Name, Medals: []MedalValue{}}
	for i, m := range s.Medals {
		if m.Holder == seat && (m.State == medalHeld || m.State == medalCashed) {
			v.Medals = append(v.Medals, MedalValue{Number: i + 1, Objective: data.Objectives[m.Objective], Value: m.Value, Cashed: m.State == medalCashed})
		}
	}
	if len(v.Medals) == 0 {
		return nil
	}
	return v
}

// Text renders the private view.
func (v *PrivateView) Text() string {
	if len(v.Medals) == 0 {
		return fmt.Sprintf("%s, you hold no medals.", v.Name)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, your medals (only you see their values):\n", v.Name)
	for _, m := range v.Medals {
		state := "face down; `medal " + fmt.Sprint(m.Number) + "` exchanges it for its points"
		if m.Cashed {
			state = "exchanged"
		}
		fmt.Fprintf(&b, "  medal %d (%s): %s, %s\n", m.Number, m.Objective, plural(m.Value, "point"), state)
	}
	return strings.TrimRight(b.String(), "\n")
}

// DemandText writes demand counts: "1 crypto, 2 intel".
func DemandText(d [4]int) string {
	var out []string
	for i, k := range d {
		if k > 0 {
			out = append(out, fmt.Sprintf("%d %s", k, demandNames[i]))
		}
	}
	if len(out) == 0 {
		return "no demands"
	}
	return strings.Join(out, ", ")
}

// CardText is a card face in words: "BL4 blue 20% crypto".
func (c CardView) Text() string {
	if c.Color == red {
		return c.ID + " red"
	}
	d := c.Demand
	if d == "none" {
		d = "-"
	}
	return fmt.Sprintf("%s %s %d%% %s", c.ID, c.Color, c.Trust, d)
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

// Aboard counts passengers and pilots: "1 passenger, 2 pilots".
func Aboard(passengers, pilots int) string {
	return plural(passengers, "passenger") + ", " + plural(pilots, "pilot")
}

// DiceCount counts dice of a kind: "1 mini die", "2 bonus dice".
func DiceCount(n int, kind string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s die", kind)
	}
	return fmt.Sprintf("%d %s dice", n, kind)
}

// NextDice are the extra dice a player rolls on their next turn: "+1 bonus
// die", "+1 bonus die, +1 mini die".
func NextDice(bonus, mini int) string {
	var out []string
	if bonus > 0 {
		out = append(out, "+"+DiceCount(bonus, "bonus"))
	}
	if mini > 0 {
		out = append(out, "+"+DiceCount(mini, "mini"))
	}
	return strings.Join(out, ", ")
}

// RecognitionText is a player's place on the recognition track with the
// points it is worth at the end (the sheet's -2 / -1 / 0 / 3), as the
// picture shows it: "recognition -2 (thumb not on the track)".
func RecognitionText(points []int, thumb int) string {
	if thumb == 0 {
		return fmt.Sprintf("recognition %+d (thumb not on the track)", points[thumb])
	}
	return fmt.Sprintf("recognition %+d (thumb on space %d)", points[thumb], thumb)
}
