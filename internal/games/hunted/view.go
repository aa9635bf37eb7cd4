package hunted

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// CardView is a face-up card with what a player needs to read it.
type CardView struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Actions     []string `json:"actions,omitempty"`
	Noise       int      `json:"noise,omitempty"`
	Cost        []string `json:"cost,omitempty"`
	CostTime    int      `json:"costTime,omitempty"`
	Locations   int      `json:"locations,omitempty"`
	Targets     []int    `json:"targets,omitempty"`
	HostageIcon bool     `json:"hostageIcon,omitempty"`
	Effect      string   `json:"effect,omitempty"` // what an item or hostage does
	Text        string   `json:"text,omitempty"`
	// Weapons in an inventory: dice on the card, magazines, bare-hands side.
	Sides    int  `json:"sides,omitempty"`
	Dice     int  `json:"dice,omitempty"`
	FullDice int  `json:"fullDice,omitempty"`
	Mags     int  `json:"mags,omitempty"`
	Flipped  bool `json:"flipped,omitempty"`
	FaceDown bool `json:"faceDown,omitempty"` // hostages
}

// PlayerView is one player's board.
type PlayerView struct {
	Seat      int        `json:"seat"`
	Name      string     `json:"name"`
	Health    int        `json:"health"`
	MaxHealth int        `json:"maxHealth"`
	TestDice  int        `json:"testDice"`
	Keys      int        `json:"keys"`
	Regroup   int        `json:"regroup"`
	Row       []CardView `json:"row"`
	Inv       []CardView `json:"inv"`
	// Bot marks a seat the bot plays now (games.AutomatedSeats).
	Bot bool `json:"bot,omitempty"`
}

// LocationView is a location card.
type LocationView struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Text string `json:"text"`
}

// FightView is the fight going on.
type FightView struct {
	Name        string `json:"name"`
	Card        string `json:"card,omitempty"`
	Targets     []int  `json:"targets"`
	Hit         []bool `json:"hit"`
	HostageIcon bool   `json:"hostageIcon,omitempty"`
	Lars        bool   `json:"lars,omitempty"`
	LarsHits    int    `json:"larsHits,omitempty"`
	LarsNeed    int    `json:"larsNeed,omitempty"`
	Round       int    `json:"round"`
	Fighter     string `json:"fighter"`
}

// PublicView is the whole game as the table sees it. Hunted has no hidden
// information beyond the order of the decks, which no view carries.
type PublicView struct {
	Coop      bool           `json:"coop"`
	Role      string         `json:"role,omitempty"`
	Players   []PlayerView   `json:"players"`
	Shared    []CardView     `json:"shared,omitempty"`
	SharedInv []CardView     `json:"sharedInv,omitempty"`
	Time      int            `json:"time"`
	MaxTime   int            `json:"maxTime"`
	Deck      int            `json:"deck"`
	Discard   int            `json:"discard"`
	Out       int            `json:"out"`
	LocLeft   int            `json:"locLeft"`
	LocPassed int            `json:"locPassed"`
	RoofIn    int            `json:"roofIn"` // the Roof is among the bottom RoofIn location cards
	RoofTop   bool           `json:"roofTop,omitempty"`
	OnRoof    bool           `json:"onRoof,omitempty"` // the Roof has been reached
	Choice    []LocationView `json:"choice,omitempty"`
	Current   *LocationView  `json:"current,omitempty"`
	Event     *CardView      `json:"event,omitempty"`
	Surveil   []CardView     `json:"surveil,omitempty"`
	Reward    []CardView     `json:"reward,omitempty"`
	Roll      *RollView      `json:"roll,omitempty"` // dice just rolled, not yet kept
	Rolls     []RollView     `json:"rolls"`
	Fight     *FightView     `json:"fight,omitempty"`
	Ammo      int            `json:"ammo"`
	Keys      int            `json:"keys"`
	Regroups  int            `json:"regroups"`
	Hits      int            `json:"hits"` // hit tokens on the fight
	Turn      int            `json:"turn"`
	Phase     string         `json:"phase"`
	Prompt    string         `json:"prompt"`
	Events    []string       `json:"events"`
	Over      bool           `json:"over"`
	Won       bool           `json:"won,omitempty"`
	Score     int            `json:"score"`
	Result    string         `json:"result,omitempty"`
}

// MarkAutomated marks a seat the bot plays: the table knows it (a seat
// handed over by a vote keeps its player's name), the engine does not.
func (v *PublicView) MarkAutomated(seat int) {
	if seat >= 0 && seat < len(v.Players) {
		v.Players[seat].Bot = true
	}
}

// handgunSeat is whose starting handgun each is: player 1 has "the Handgun
// card", player 2 "a handgun card" of their own.
var handgunSeat = map[string]int{"HG1": 0, "HG2": 1}

// cardView describes a card where it lies.
func (s *State) cardView(id string) CardView {
	c := data.card[id]
	v := CardView{ID: id, Name: c.Name, Type: c.Type, Actions: c.Actions, Noise: c.Noise, Cost: c.Cost, CostTime: c.CostTime,
		Locations: c.Locations, Targets: c.Targets, HostageIcon: c.HostageIcon, Text: c.Text}
	switch c.Type {
	case typeItem:
		v.Effect = effectText(c, false)
	case typeHostage:
		v.Effect = effectText(c, true)
		v.FaceDown = s.FaceDown[id]
	case typeWeapon:
		if seat, ok := handgunSeat[id]; ok && s.Coop {
			// Both co-op handguns are "Handgun": the view says whose each
			// was at setup, wherever it lies now (one may be given).
			v.Name = s.Players[seat].Name + "'s " + c.Name
		}
		v.Sides, v.FullDice = c.Sides, c.Dice
		if w := s.Weapons[id]; w != nil {
			v.Dice, v.Mags, v.Flipped = w.Dice, w.Mags, w.Flipped
		} else {
			v.Dice, v.Mags = c.Dice, c.Mags
		}
	}
	return v
}

func (s *State) cardViews(ids []string) []CardView {
	out := []CardView{}
	for _, id := range ids {
		out = append(out, s.cardView(id))
	}
	return out
}

func locView(id string) LocationView {
	l := data.location[id]
	return LocationView{ID: id, Name: l.Name, Text: l.Text}
}

// Public is the table's view.
func (s *State) Public() games.View {
	total, _, _, _, _ := s.Score()
	v := &PublicView{
		Coop: s.Coop, Shared: s.cardViews(s.Shared), SharedInv: s.cardViews(s.SharedInv),
		Time: s.Time, MaxTime: maxTime, Deck: len(s.Deck), Discard: len(s.Discard), Out: len(s.Out),
		LocLeft: len(s.Locations), LocPassed: len(s.LocPassed), RoofIn: min(3, len(s.Locations)), RoofTop: s.RoofBack && len(s.Locations) > 0,
		OnRoof:  s.onRoof(),
		Surveil: s.cardViews(s.Surveil), Reward: s.cardViews(s.RewardDraw), Rolls: append([]RollView{}, s.Rolls...),
		Ammo: s.Ammo, Keys: s.Keys, Regroups: s.Regroups, Turn: s.Turn, Phase: s.Phase, Prompt: s.Players[s.Turn].Name + ": " + s.promptText(),
		Events: append([]string{}, s.Log...), Over: s.Phase == phaseOver, Won: s.Won, Score: total,
	}
	if s.Role != "" {
		v.Role = data.card[s.Role].Name
	}
	if s.Result != nil {
		v.Result = s.Result.Text
	}
	for i, p := range s.Players {
		v.Players = append(v.Players, PlayerView{Seat: i, Name: p.Name, Health: p.Health, MaxHealth: p.MaxHealth, TestDice: testDice(p.Health),
			Keys: p.Keys, Regroup: p.Regroup, Row: s.cardViews(p.Row), Inv: s.cardViews(p.Inv)})
	}
	for _, id := range s.LocChoice {
		v.Choice = append(v.Choice, locView(id))
	}
	if s.Current != "" {
		if _, ok := data.location[s.Current]; ok {
			l := locView(s.Current)
			v.Current = &l
		} else {
			c := s.cardView(s.Current)
			v.Event = &c
		}
	}
	if r := s.Roll; r != nil {
		v.Roll = &RollView{Who: s.Players[r.Seat].Name, What: r.Purpose + ": " + s.rollSource(r.Source), Dice: append([]Die{}, r.Dice...), Outcome: "not kept yet"}
		if r.Purpose == rollTest {
			v.Roll.What = "test: " + nameOf(r.Source)
		}
	}
	if f := s.Fight; f != nil {
		v.Fight = &FightView{Name: f.Name, Card: f.Card, Targets: f.Targets, Hit: f.Hit, HostageIcon: f.HostageIcon, Lars: f.Lars,
			LarsHits: f.LarsHits, Round: f.Round, Fighter: s.Players[f.Fighter].Name}
		if f.Lars {
			v.Fight.LarsNeed = data.Lars.Hits
			v.Hits = min(f.LarsHits, hitTokens)
		} else {
			for _, h := range f.Hit {
				if h {
					v.Hits++
				}
			}
		}
	}
	return v
}

// onRoof says whether the Roof has been played.
func (s *State) onRoof() bool {
	for _, id := range s.LocPassed {
		if data.location[id].Roof {
			return true
		}
	}
	return false
}

// Private is nil: nothing in Hunted is hidden from the table.
func (s *State) Private(seat int) games.View { return nil }

// Text renders the public view as plain text.
func (v *PublicView) Text() string {
	var b strings.Builder
	mode := "solo"
	if v.Coop {
		mode = "co-op, player 2 is " + v.Role
	}
	fmt.Fprintf(&b, "HUNTED: KOBAYASHI TOWER (%s). Time %d/%d.\n", mode, v.Time, v.MaxTime)
	roof := fmt.Sprintf("the Roof is among the last %d", v.RoofIn)
	switch {
	case v.OnRoof:
		roof = "on the Roof"
	case v.RoofTop:
		roof = "the Roof is on top"
	}
	fmt.Fprintf(&b, "Locations: %d passed, %d left (%s). Hunted deck %d, discard %d.\n", v.LocPassed, v.LocLeft, roof, v.Deck, v.Discard)
	for _, p := range v.Players {
		fmt.Fprintf(&b, "%s: health %d/%d (test dice %d), keys %d, regroup %d\n", p.Name, p.Health, p.MaxHealth, p.TestDice, p.Keys, p.Regroup)
		fmt.Fprintf(&b, "  row: %s\n", cardsText(p.Row))
		fmt.Fprintf(&b, "  inventory: %s\n", cardsText(p.Inv))
	}
	if v.Coop {
		fmt.Fprintf(&b, "Shared row: %s\nShared: %s\n", cardsText(v.Shared), cardsText(v.SharedInv))
	}
	if f := v.Fight; f != nil {
		if f.Lars {
			fmt.Fprintf(&b, "FIGHT: Lars, %d of %d hits, round %d.\n", f.LarsHits, f.LarsNeed, f.Round+1)
		} else {
			var t []string
			for i, n := range f.Targets {
				if f.Hit[i] {
					t = append(t, fmt.Sprintf("%d(hit)", n))
				} else {
					t = append(t, fmt.Sprint(n))
				}
			}
			icon := ""
			if f.HostageIcon {
				icon = ", attacks hostages"
			}
			fmt.Fprintf(&b, "FIGHT: %s [%s]%s, round %d.\n", f.Name, strings.Join(t, " "), icon, f.Round+1)
		}
	}
	if r := v.Roll; r != nil {
		fmt.Fprintf(&b, "Rolled: %s %s\n", r.What, diceText(r.Dice))
	}
	for _, r := range v.Rolls {
		fmt.Fprintf(&b, "Roll: %s, %s: %s, %s\n", r.Who, r.What, diceText(r.Dice), r.Outcome)
	}
	if v.Over {
		fmt.Fprintf(&b, "Game over. %s\n", v.Result)
	} else {
		fmt.Fprintf(&b, "Now: %s\n", v.Prompt)
	}
	return b.String()
}

// cardsText writes cards with their state.
func cardsText(cs []CardView) string {
	if len(cs) == 0 {
		return "empty"
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		s := c.Name + " (" + c.ID + ")"
		switch c.Type {
		case typeWeapon:
			if c.Flipped {
				s += " bare hands"
			} else {
				s += fmt.Sprintf(" %d/%d d%d", c.Dice, c.FullDice, c.Sides)
			}
			s += ", " + plural(c.Mags, "magazine")
		case typeTerrorist:
			s += fmt.Sprintf(" %v", c.Targets)
		case typeHostage:
			if c.FaceDown {
				s += " face down"
			}
		}
		out[i] = s
	}
	return strings.Join(out, ", ")
}
