package lockedout

import (
	"testing"
)

func countKinds(ids []string) map[string]int {
	m := map[string]int{}
	for _, id := range ids {
		c := ship.card[id]
		switch {
		case c.Share:
			m["share"]++
		case c.Kind == kindLoot:
			m["loot"]++
		case c.Kind == kindResource:
			m["resource"]++
		default:
			m[c.Color]++
		}
	}
	return m
}

// "Deal each player one "Share of the Booty" card; take all remaining such
// cards out of the game."
func TestSetupShares(t *testing.T) {
	for n := 3; n <= 6; n++ {
		s := newTest(t, n, 7)
		for seat, h := range s.Hands {
			if len(h) != 1 || !ship.card[h[0]].Share {
				t.Fatalf("%d players: seat %d starts with %v, want one Share of the Booty", n, seat, h)
			}
		}
		if len(s.Out) != 6-n || countKinds(s.Out)["share"] != 6-n {
			t.Fatalf("%d players: out of the game %v, want the %d other Shares", n, s.Out, 6-n)
		}
		if err := conserve(s); err != nil {
			t.Fatal(err)
		}
	}
}

// "Piles 1-4: two identical orange cards, two random loot cards, one random
// resource card. Pile 5: two identical purple cards, two random loot cards,
// one random resource card. Piles 6-8: two identical purple cards, two random
// loot cards, two random resource cards." "Randomly assign piles 1-5 to the
// four rooms and corridor in the blue zone, and piles 6-8 to the rooms in the
// orange zone." "Put the remaining resource cards on the corridor pile."
func TestSetupPiles(t *testing.T) {
	purpleAt := map[string]int{}
	for seed := uint64(0); seed < 200; seed++ {
		s := newTest(t, 4, seed)
		orangeTypes := map[string]bool{}
		purpleTypes := map[string]bool{}
		for _, r := range ship.Rooms {
			pile := s.Piles[r.ID]
			k := countKinds(pile)
			types := map[string]int{}
			for _, id := range pile {
				if c := ship.card[id]; c.Kind == kindAccess {
					types[c.Type]++
				}
			}
			if len(types) > 1 {
				t.Fatalf("seed %d: %s holds access cards of types %v, want one identical pair", seed, r.ID, types)
			}
			for typ, n := range types {
				if n != 2 {
					t.Fatalf("seed %d: %s holds %d of %s", seed, r.ID, n, typ)
				}
				if typ[0] == 'O' {
					orangeTypes[typ] = true
				} else {
					purpleTypes[typ] = true
				}
			}
			if k["loot"] != 0 && k["loot"] != 2 || k["share"] != 0 {
				t.Fatalf("seed %d: %s has loot %v", seed, r.ID, k)
			}
			switch r.Zone {
			case zoneOrange:
				if len(pile) != 6 || k["purple"] != 2 || k["loot"] != 2 || k["resource"] != 2 {
					t.Fatalf("seed %d: orange room %s pile %v", seed, r.ID, k)
				}
			case zoneBlue:
				wantRes := 1
				if r.ID == "corridor" {
					wantRes = 1 + 7 // 18 - 5 - 6 leftover resources
				}
				if k["orange"]+k["purple"] != 2 || k["loot"] != 2 || k["resource"] != wantRes {
					t.Fatalf("seed %d: blue space %s pile %v", seed, r.ID, k)
				}
				if k["purple"] == 2 {
					purpleAt[r.ID]++
				}
			default:
				if len(pile) != 0 {
					t.Fatalf("seed %d: %s has a pile", seed, r.ID)
				}
			}
		}
		if len(orangeTypes) != 4 || len(purpleTypes) != 4 {
			t.Fatalf("seed %d: types %v %v", seed, orangeTypes, purpleTypes)
		}
	}
	// Pile 5 (the purple one) goes to a random blue space.
	if len(purpleAt) != 5 {
		t.Fatalf("pile 5 landed only in %v over 200 deals", purpleAt)
	}
}

// "Put the transparent tokens in the engine compartment space: all on [8] for
// a 3- or 4-player game; all on [7] for a 5-player game; all on [6] for a
// 6-player game."
func TestSetupTokens(t *testing.T) {
	want := map[int]int{3: 8, 4: 8, 5: 7, 6: 6}
	for n, v := range want {
		s := newTest(t, n, 3)
		for i, tok := range s.Tokens {
			if tok != v {
				t.Fatalf("%d players: %s token at %d, want %d", n, ship.Resources[i].Name, tok, v)
			}
		}
		for _, tr := range s.Public().(*PublicView).Tracks {
			if tr.Value != v || tr.Start != v {
				t.Fatalf("%d players: public track %+v", n, tr)
			}
		}
	}
}

// "Have each player choose one of the opaque tokens for pawn and put them in
// the corridor space. Determine which player begins. They are automatically
// the first maintenance player".
func TestSetupPawnsAndFirstPlayer(t *testing.T) {
	firsts := map[int]bool{}
	for seed := uint64(0); seed < 100; seed++ {
		s := newTest(t, 5, seed)
		for seat, room := range s.Pawns {
			if room != "corridor" {
				t.Fatalf("seat %d starts in %s", seat, room)
			}
		}
		if s.Turn != s.First || s.Maintenance != s.First || s.Phase != phaseMove {
			t.Fatalf("seed %d: turn %d first %d maintenance %d phase %s", seed, s.Turn, s.First, s.Maintenance, s.Phase)
		}
		p := s.Prompts()
		if len(p) != 1 || p[0].Seat != s.First || !p[0].Turn || p[0].Private {
			t.Fatalf("first prompt %+v", p)
		}
		firsts[s.First] = true
	}
	if len(firsts) != 5 {
		t.Fatalf("first players over 100 seeds: %v, want all five seats", firsts)
	}
}

// The data file holds exactly the components the rulebook lists: "18
// resource cards (6 red, 6 yellow, 6 blue) - 16 access cards (8 orange, 8
// purple) - 22 loot cards (green)", and its map keeps every stage playable.
func TestShipData(t *testing.T) {
	if _, err := loadShip(shipJSON); err != nil {
		t.Fatal(err)
	}
	if _, err := loadShip([]byte(`{"rooms":[]}`)); err == nil {
		t.Fatal("an empty ship loaded")
	}
	// Every stage: all open rooms are connected and each has an open exit.
	for stage := 1; stage <= 3; stage++ {
		s := &State{Stage: stage}
		open := 0
		for _, r := range ship.Rooms {
			if !s.accessible(r.ID) {
				continue
			}
			open++
			exits := 0
			for _, a := range ship.adjacent[r.ID] {
				if s.accessible(a) {
					exits++
				}
			}
			if exits == 0 {
				t.Fatalf("stage %d: %s has no open doorway", stage, r.ID)
			}
		}
		reached := map[string]bool{"corridor": true}
		queue := []string{"corridor"}
		for len(queue) > 0 {
			r := queue[0]
			queue = queue[1:]
			for _, a := range ship.adjacent[r] {
				if s.accessible(a) && !reached[a] {
					reached[a] = true
					queue = append(queue, a)
				}
			}
		}
		if len(reached) != open {
			t.Fatalf("stage %d: %d of %d open rooms reachable", stage, len(reached), open)
		}
	}
	// The board computer is one or two moves from every orange room.
	for _, r := range ship.roomsIn(zoneOrange) {
		d := 0
		if contains(ship.adjacent[r], "computer") {
			d = 1
		} else {
			for _, a := range ship.adjacent[r] {
				if contains(ship.adjacent[a], "computer") {
					d = 2
				}
			}
		}
		if d == 0 {
			t.Fatalf("board computer more than two moves from %s", r)
		}
	}
}
