package hijacked

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// Rulebook example: "Tristan scores 36 points with his score track. He has 3
// Passenger Cards for which he has to subtract 9 points. For achieving a bonus
// objective he gets 2 extra points. The hijacker he convinced to surrender
// gives him 1 point for every 2 demands he has left. This results in 3
// points. Finally, the 6 demands score for 6 more points. Tristan's final
// score is 38 points. 36 - 9 + 2 + 3 + 6 = 38"
func TestFinalScoreExample(t *testing.T) {
	s := newTest(t, 2, 3)
	p := &s.Players[0]
	p.Score = 36
	for _, id := range []string{"BL1", "GR1", "YE1"} {
		giveCard(s, 0, id)
	}
	s.Medals[0].State, s.Medals[0].Holder, s.Medals[0].Value = medalHeld, 0, 2
	p.Hijackers = []int{data.hijacker["H7"]} // "+1 extra point for every 2 demands left"
	s.HijackerRest = remove(s.HijackerRest, data.hijacker["H7"])
	for i := range s.Slots {
		if s.Slots[i].Tile == data.hijacker["H7"] {
			s.Slots[i].Tile = -1
		}
	}
	p.Demands = [4]int{2, 1, 2, 1} // 6 demands (the starting intel among them)
	s.Supply = [4]int{4, 5, 4, 6}
	p.Thumb = 2 // recognition 0, as the example counts none
	l := s.scoreLine(0)
	if l.Track != 36 || l.Cards != -9 || l.Medals != 2 || l.Hijackers != 3 || l.Demands != 6 || l.Total != 38 {
		t.Fatalf("%+v", l)
	}
}

// "The total number of points scored by each player are calculated at the
// end of the game: from the score track; from the obtained bonuses and
// medals; each remaining demand scores one point; obtaining the star token,
// which is worth 5 points; from the obtained hijackers tiles; each Passenger
// Card not used ... minus 3 points; points from the recognition track."
// Recognition: the sheet's -2 / -1 / 0 / 3.
func TestScoringItems(t *testing.T) {
	s := newTest(t, 2, 3)
	s.Star = 0
	for thumb, want := range []int{-2, -1, 0, 3} {
		s.Players[0].Thumb = thumb
		if l := s.scoreLine(0); l.Recognition != want || l.Star != 5 {
			t.Errorf("thumb %d: %+v", thumb, l)
		}
	}
}

// The hijacker tiles' end-of-game extras, as the explanation sheet prints them.
func TestHijackerExtras(t *testing.T) {
	s := newTest(t, 3, 3)
	p := &s.Players[0]
	cases := []struct {
		bonus string
		setup func()
		want  int
	}{
		{"recognition", func() { p.Thumb, s.Players[1].Thumb = 2, 1 }, 4},
		{"recognition", func() { p.Thumb, s.Players[1].Thumb = 2, 2 }, 1},
		{"recognition", func() { p.Thumb, s.Players[1].Thumb = 1, 2 }, 0},
		{"supplies", func() { p.Demands = [4]int{2, 2, 1, 1} }, 6},
		{"supplies", func() { p.Demands = [4]int{2, 1, 1, 1} }, 0},
		{"pilot", func() { p.Pilots = 1 }, 3},
		{"nocards", func() { p.Cards = []int{} }, 5},
		{"firstpersuader", func() { s.FirstPersuader = 0 }, 5},
		{"firstpersuader", func() { s.FirstPersuader = 1 }, 0},
		{"passengers", func() { p.Freed = 3 }, 6},
		{"demandpairs", func() { p.Demands = [4]int{2, 1, 2, 0} }, 2},
		{"demandsteps", func() { p.Demands = [4]int{2, 2, 2, 0} }, 3},
		{"demandsteps", func() { p.Demands = [4]int{1, 1, 0, 0} }, 0},
		{"demandsteps", func() { p.Demands = [4]int{3, 3, 3, 0} }, 6},
	}
	for _, c := range cases {
		c.setup()
		if got := s.extraPoints(0, c.bonus); got != c.want {
			t.Errorf("%s: %d, want %d (%+v)", c.bonus, got, c.want, *p)
		}
	}
}

// "In case of a tie, the player with the most recognition wins: when players
// both have the same level of recognition they can just enjoy a shared victory."
func TestTies(t *testing.T) {
	// Bob and Carol: 10 + 1 intel - 1 recognition = 10; Alice 11 + 1 - 2 = 10.
	s := newTest(t, 3, 3)
	s.Players[0].Score, s.Players[1].Score, s.Players[2].Score = 11, 10, 10
	s.Players[1].Thumb, s.Players[2].Thumb = 1, 1
	var ev []games.Event
	s.finish(endFreed, &ev)
	o := s.Outcome()
	if o.Score[0] != 10 || o.Score[1] != 10 || o.Score[2] != 10 {
		t.Fatalf("scores %v", o.Score)
	}
	if o.Rank[1] != 1 || o.Rank[2] != 1 || o.Rank[0] != 3 || !strings.Contains(o.Text, "share") {
		t.Fatalf("ranks %v: %s", o.Rank, o.Text)
	}
	// The final scoring table is narrated line by line.
	if !strings.Contains(publicText(ev), "1. Bob: 10 + 0 + 1 + 0 + 0 - 0 - 1 = 10") {
		t.Errorf("scoring table:\n%s", publicText(ev))
	}
}

// The six bonus tiles (explanation sheet): "You may free a pilot for (any) 3
// cards." "Take a mini die and an Intel." "Give up to 3 demands to other
// players and score a point per demand from them." "You can choose a free
// Passenger Card from the discard pile." "From now on you can use the top
// face down card on the Passenger Cards stack to get passengers cards." "Get
// a free 'build trust' action. If you draw a red cube you lose 2 points
// instead of receiving 1 point." "Bonus tiles can be used during the game at
// any time." "Used bonus tiles must be returned to the box."
func TestBonusTiles(t *testing.T) {
	grant := func(s *State, seat int, id string) {
		i := data.tile[id]
		s.Tiles = remove(s.Tiles, i)
		s.Players[seat].Tiles = append(s.Players[seat].Tiles, i)
	}
	s := newTest(t, 3, 3)
	grant(s, 1, tilePilot)
	for _, id := range []string{"BL1", "GR1", "YE1"} {
		giveCard(s, 1, id)
	}
	must(t, s, 1, "tile pilot BL1 GR1 YE1") // off turn
	if s.Players[1].Pilots != 1 || s.Players[1].Score != 5 || len(s.UsedTiles) != 1 || len(s.Players[1].Tiles) != 0 {
		t.Fatalf("pilot tile: %+v", s.Players[1])
	}
	refuse(t, s, 1, "tile pilot BL1 GR1 YE1")

	grant(s, 2, tileMini)
	must(t, s, 2, "tile mini")
	if s.Players[2].Mini != 1 || s.Players[2].Demands[intel] != 2 || s.MiniDice != 1 {
		t.Fatalf("mini tile: %+v", s.Players[2])
	}

	grant(s, 0, tileGive)
	giveDemand(s, 0, "food", 2)
	refuse(t, s, 0, "tile give food:1") // not to yourself
	refuse(t, s, 0, "tile give food:2 food:3 food:3")
	must(t, s, 0, "tile give food:2 intel:3")
	if s.Players[0].Score != 2 || s.Players[1].Demands[food] != 1 || s.Players[2].Demands[intel] != 3 {
		t.Fatalf("give tile: %+v / %+v", s.Players[0], s.Players[2])
	}

	grant(s, 1, tileSalvage)
	refuse(t, s, 1, "tile salvage RD1")
	must(t, s, 1, "tile salvage BL1")
	if !containsInt(s.Players[1].Cards, card("BL1")) {
		t.Fatal("salvage")
	}

	grant(s, 2, tileTrust)
	s.Players[2].Score = 5
	c, _ := drawWith(t, s, "red", "tile trust 3", 2)
	if c.Players[2].Score != 3 {
		t.Fatalf("free trust red: score %d", c.Players[2].Score)
	}

	// The top card of the draw pile, for good.
	s = newTest(t, 2, 3)
	grant(s, 0, tileTop)
	pips := data.Cards[s.Draw[len(s.Draw)-1]].Pips
	setDice(s, pips, pips)
	refuse(t, s, 1, "card top "+itoa(pips))
	must(t, s, 0, "card top "+itoa(pips))
	if !s.Players[0].hasTile(tileTop) {
		t.Fatal("the top-card tile was used up")
	}
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
}
