package hijacked

import (
	"fmt"
	"testing"

	"standoff/internal/games"
)

var names = []string{"Alice", "Bob", "Carol", "Dave"}

// newTest deals a seeded game with the first seat starting.
func newTest(t testing.TB, n int, seed uint64) *State {
	t.Helper()
	s, err := New(games.Setup{Players: names[:n], Seed: seed}, Config{First: 0})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// must applies a move or fails the test.
func must(t testing.TB, s *State, seat int, move string) []games.Event {
	t.Helper()
	ev, err := s.Apply(seat, move)
	if err != nil {
		t.Fatalf("%s: %q refused: %v", names[seat], move, err)
	}
	return ev
}

// refuse checks a move is refused and changes nothing.
func refuse(t testing.TB, s *State, seat int, move string) error {
	t.Helper()
	before, _ := s.Encode()
	_, err := s.Apply(seat, move)
	if err == nil {
		t.Fatalf("%s: %q accepted, want refused", names[seat], move)
	}
	after, _ := s.Encode()
	if string(before) != string(after) {
		t.Fatalf("refused %q changed the state", move)
	}
	return err
}

// setDice replaces the dice of the turn in progress.
func setDice(s *State, values ...int) {
	s.Dice = nil
	for _, v := range values {
		s.Dice = append(s.Dice, Die{Kind: dieOwn, Value: v})
	}
}

// card is the index of a card id.
func card(id string) int { return data.card[id] }

var seatNames = []string{"seat 1", "seat 2", "seat 3", "seat 4", "seat 5", "seat 6"}

// conserve checks that nothing is created or lost: 64 cards, 15 cubes, 26
// demands, the bonus and mini dice, 12 passengers and 4 pilots, 8 hijackers,
// 6 bonus tiles, and at most one reservation per player.
func conserve(s *State) error {
	seen := make([]string, len(data.Cards))
	count := 0
	put := func(c int, where string) error {
		if c < 0 || c >= len(data.Cards) {
			return fmt.Errorf("bad card %d in %s", c, where)
		}
		if w := seen[c]; w != "" {
			return fmt.Errorf("card %s both in %s and %s", data.Cards[c].ID, w, where)
		}
		seen[c] = where
		count++
		return nil
	}
	for _, c := range s.Draw {
		if err := put(c, "draw"); err != nil {
			return err
		}
	}
	for _, c := range s.Discard {
		if err := put(c, "discard"); err != nil {
			return err
		}
	}
	for _, c := range s.Box {
		if err := put(c, "box"); err != nil {
			return err
		}
	}
	for i, st := range s.Seats {
		if st.Card >= 0 {
			if err := put(st.Card, seatNames[i]); err != nil {
				return err
			}
		}
	}
	if s.Pending != nil {
		if err := put(s.Pending.Card, "pending"); err != nil {
			return err
		}
	}
	demands := s.Supply
	passengers, pilots := s.Passengers, s.Pilots
	bonus, mini := s.BonusDice, s.MiniDice
	hj := len(s.HijackerRest)
	tiles := len(s.Tiles) + len(s.UsedTiles) + len(s.Keep)
	for seat, p := range s.Players {
		for _, c := range p.Cards {
			if data.Cards[c].Color == red {
				return fmt.Errorf("%s holds a red card", p.Name)
			}
			if err := put(c, p.Name); err != nil {
				return err
			}
		}
		if len(p.Cards) > maxSupply {
			return fmt.Errorf("%s holds %d cards", p.Name, len(p.Cards))
		}
		for d := range demands {
			if p.Demands[d] < 0 {
				return fmt.Errorf("%s has %d %s", p.Name, p.Demands[d], demandNames[d])
			}
			demands[d] += p.Demands[d]
		}
		passengers += p.Freed
		pilots += p.Pilots
		bonus += p.Bonus
		mini += p.Mini
		hj += len(p.Hijackers)
		tiles += len(p.Tiles)
		res := 0
		for _, st := range s.Seats {
			if st.Card >= 0 && st.Reserver == seat {
				res++
				if !st.FaceUp {
					return fmt.Errorf("%s reserves a face-down card", p.Name)
				}
			}
		}
		if res > 1 {
			return fmt.Errorf("%s reserves %d cards", p.Name, res)
		}
	}
	if count != len(data.Cards) {
		return fmt.Errorf("%d cards accounted for, want %d", count, len(data.Cards))
	}
	for d, k := range demands {
		if k != data.Demands[demandNames[d]] {
			return fmt.Errorf("%d %s tokens, want %d", k, demandNames[d], data.Demands[demandNames[d]])
		}
	}
	for _, st := range s.Seats {
		if st.Reserver >= 0 {
			switch st.ResDie.Kind {
			case dieBonus:
				bonus++
			case dieMini:
				mini++
			}
		}
	}
	for _, d := range s.Dice {
		if d.Reserved {
			continue
		}
		switch d.Kind {
		case dieBonus:
			bonus++
		case dieMini:
			mini++
		}
	}
	if bonus != bonusDiceFor(s.n()) || mini != data.MiniDice {
		return fmt.Errorf("%d bonus dice, %d mini dice", bonus, mini)
	}
	if passengers != data.Passengers || pilots != data.Pilots {
		return fmt.Errorf("%d passengers, %d pilots", passengers, pilots)
	}
	for _, sl := range s.Slots {
		if sl.Tile >= 0 {
			hj++
		}
	}
	if hj != 8 {
		return fmt.Errorf("%d hijacker tiles", hj)
	}
	if tiles != 6 {
		return fmt.Errorf("%d bonus tiles", tiles)
	}
	if s.Trust+s.Green != data.GreenCubes || s.Red != data.RedCubes || s.Trust > data.TrustSpaces {
		return fmt.Errorf("cubes: trust %d, bag %d green %d red", s.Trust, s.Green, s.Red)
	}
	return nil
}

// setSeat puts a card on a passenger seat (1-6), taking it from wherever it
// was so that every card stays in one place.
func setSeat(s *State, seat int, id string, faceUp bool) {
	c := card(id)
	take(s, c)
	old := s.Seats[seat-1].Card
	if old >= 0 {
		s.Draw = append([]int{old}, s.Draw...)
	}
	s.Seats[seat-1] = Seat{Card: c, FaceUp: faceUp, Reserver: -1}
}

// giveCard puts a card in a player's supply, taking it from where it was.
func giveCard(s *State, seat int, id string) {
	c := card(id)
	take(s, c)
	s.Players[seat].Cards = append(s.Players[seat].Cards, c)
}

// take removes a card from the draw pile, discard pile, box or a seat.
func take(s *State, c int) {
	s.Draw = remove(s.Draw, c)
	s.Discard = remove(s.Discard, c)
	s.Box = remove(s.Box, c)
	for i := range s.Seats {
		if s.Seats[i].Card == c {
			s.Seats[i].Card = s.drawCard()
			s.Seats[i].FaceUp = false
		}
	}
	for i := range s.Players {
		s.Players[i].Cards = remove(s.Players[i].Cards, c)
	}
}

// giveDemand moves demands from the tower to a player.
func giveDemand(s *State, seat int, name string, k int) {
	d := demandIndex(name)
	s.Supply[d] -= k
	s.Players[seat].Demands[d] += k
}

// publicText gathers the public events.
func publicText(ev []games.Event) string {
	var out string
	for _, e := range ev {
		if e.Seat < 0 {
			out += e.Text + "\n"
		}
	}
	return out
}
