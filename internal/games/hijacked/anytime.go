package hijacked

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// checkAnyTime checks the actions open to every player at any moment, even
// during another player's turn: freeing passengers and pilots, cashing
// demands and medals, and using bonus tiles.
func (s *State) checkAnyTime(seat int, a Action) error {
	p := &s.Players[seat]
	switch a.Verb {
	case verbFree:
		need, left, what := 2, s.Passengers, "passengers"
		if a.What == "pilot" {
			need, left, what = 3, s.Pilots, "pilots"
		}
		if has := p.colorCount(a.Color); has < need {
			return fmt.Errorf("a %s takes %d %s cards; you have %d", a.What, need, a.Color, has)
		}
		if left == 0 {
			return fmt.Errorf("no %s are left on the plane", what)
		}
	case verbCash:
		if p.Demands[demandIndex(a.Demand)] == 0 {
			return fmt.Errorf("you have no %s to cash", a.Demand)
		}
	case verbMedal:
		m := s.Medals[a.Target-1]
		if m.State != medalHeld || m.Holder != seat {
			return fmt.Errorf("you do not hold medal %d", a.Target)
		}
	case verbTile:
		return s.checkTile(seat, a)
	}
	return nil
}

func (s *State) checkTile(seat int, a Action) error {
	p := &s.Players[seat]
	t, ok := data.tile[a.What]
	if !ok || !p.hasTile(a.What) {
		return fmt.Errorf("you do not hold the %s bonus tile", a.What)
	}
	name := data.BonusTiles[t].Name
	switch a.What {
	case tilePilot:
		if s.Pilots == 0 {
			return fmt.Errorf("no pilots are left on the plane")
		}
		seen := map[string]bool{}
		for _, id := range a.Cards {
			if seen[id] {
				return fmt.Errorf("name 3 different cards")
			}
			seen[id] = true
			if !containsInt(p.Cards, data.card[id]) {
				return fmt.Errorf("%s is not in your supply", id)
			}
		}
	case tileMini:
		if s.MiniDice == 0 && s.Supply[intel] == 0 {
			return fmt.Errorf("the tower has neither a mini die nor an intel left")
		}
	case tileGive:
		count := [4]int{}
		for _, g := range a.Gifts {
			count[demandIndex(g.Demand)]++
			if g.To == seat || g.To >= s.n() || s.Players[g.To].Resigned {
				return fmt.Errorf("give to another player in the game (1 to %d, not yourself)", s.n())
			}
		}
		for d, k := range count {
			if k > p.Demands[d] {
				return fmt.Errorf("you have only %d %s", p.Demands[d], demandNames[d])
			}
		}
	case tileSalvage:
		c := data.card[a.Cards[0]]
		switch {
		case !containsInt(s.Discard, c):
			return fmt.Errorf("%s is not in the discard pile", a.Cards[0])
		case data.Cards[c].Color == red:
			return fmt.Errorf("red cards cannot be collected")
		case len(p.Cards) >= maxSupply:
			return fmt.Errorf("your supply holds 5 cards already")
		}
	case tileTrust:
		if s.Trust >= data.TrustSpaces {
			return fmt.Errorf("trust is already at 100%%")
		}
	default:
		return fmt.Errorf("the %s tile works by itself", name)
	}
	return nil
}

func (s *State) execAnyTime(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	switch a.Verb {
	case verbFree:
		need, points := 2, 3
		if a.What == "pilot" {
			need, points = 3, 5
		}
		var used []string
		for i := 0; i < len(p.Cards) && len(used) < need; {
			c := p.Cards[i]
			if data.Cards[c].Color == a.Color {
				used = append(used, data.Cards[c].ID)
				s.Discard = append(s.Discard, c)
				p.Cards = append(append([]int{}, p.Cards[:i]...), p.Cards[i+1:]...)
				continue
			}
			i++
		}
		if a.What == "pilot" {
			s.Pilots--
			p.Pilots++
		} else {
			s.Passengers--
			p.Freed++
		}
		s.say(ev, fmt.Sprintf("%s frees a %s for %s: +%d points.", p.Name, a.What, strings.Join(used, ", "), points))
		s.addPoints(seat, points, ev)
	case verbCash:
		d := demandIndex(a.Demand)
		p.Demands[d]--
		s.Supply[d]++
		s.say(ev, fmt.Sprintf("%s cashes %s: +1 point.", p.Name, aDemand(a.Demand)))
		s.addPoints(seat, 1, ev)
	case verbMedal:
		m := &s.Medals[a.Target-1]
		m.State = medalCashed
		// The value stays private in the narration; the score track moves as
		// it would on the table.
		s.say(ev, fmt.Sprintf("%s exchanges the medal for %q for its points.", p.Name, data.Objectives[m.Objective]))
		games.Tell(ev, seat, fmt.Sprintf("Your medal was worth %s.", plural(m.Value, "point")))
		s.addPoints(seat, m.Value, ev)
	case verbTile:
		s.execTile(seat, a, ev)
	}
}

func (s *State) execTile(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	at := p.tileAt(a.What)
	t := p.Tiles[at]
	// "Used bonus tiles must be returned to the box."
	p.Tiles = append(append([]int{}, p.Tiles[:at]...), p.Tiles[at+1:]...)
	s.UsedTiles = append(s.UsedTiles, t)
	name := data.BonusTiles[t].Name
	switch a.What {
	case tilePilot:
		for _, id := range a.Cards {
			c := data.card[id]
			p.Cards = remove(p.Cards, c)
			s.Discard = append(s.Discard, c)
		}
		s.Pilots--
		p.Pilots++
		s.say(ev, fmt.Sprintf("%s uses %s: frees a pilot for %s: +5 points.", p.Name, name, strings.Join(a.Cards, ", ")))
		s.addPoints(seat, 5, ev)
	case tileMini:
		var got []string
		if s.MiniDice > 0 {
			s.MiniDice--
			p.Mini++
			got = append(got, "a mini die (rolled next turn)")
		}
		if s.Supply[intel] > 0 {
			s.Supply[intel]--
			p.Demands[intel]++
			got = append(got, "an intel")
		}
		s.say(ev, fmt.Sprintf("%s uses %s: takes %s.", p.Name, name, strings.Join(got, " and ")))
	case tileGive:
		var gave []string
		for _, g := range a.Gifts {
			d := demandIndex(g.Demand)
			p.Demands[d]--
			s.Players[g.To].Demands[d]++
			gave = append(gave, fmt.Sprintf("%s to %s", g.Demand, s.Players[g.To].Name))
		}
		s.say(ev, fmt.Sprintf("%s uses %s: gives %s: +%s.", p.Name, name, strings.Join(gave, ", "), plural(len(a.Gifts), "point")))
		s.addPoints(seat, len(a.Gifts), ev)
	case tileSalvage:
		c := data.card[a.Cards[0]]
		s.Discard = remove(s.Discard, c)
		p.Cards = append(p.Cards, c)
		s.say(ev, fmt.Sprintf("%s uses %s: takes %s from the discard pile.", p.Name, name, cardText(c)))
	case tileTrust:
		s.say(ev, fmt.Sprintf("%s uses %s.", p.Name, name))
		s.drawCubes(seat, a.Target, true, ev)
	}
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// cardText describes a card face: "BL4 (blue, 20%, crypto)".
func cardText(c int) string {
	card := data.Cards[c]
	if card.Color == red {
		return card.ID + " (red)"
	}
	d := card.Demand
	if d == "none" {
		d = "no demand"
	}
	return fmt.Sprintf("%s (%s, %d%%, %s)", card.ID, card.Color, card.Trust, d)
}

// aDemand is a demand with its article: "a food", "an intel".
func aDemand(d string) string {
	if d == "intel" {
		return "an intel"
	}
	return "a " + d
}
