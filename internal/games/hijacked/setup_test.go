package hijacked

import (
	"testing"

	"standoff/internal/games"
)

// "Place the police team meeple on the police track: 1-2 players: 15,
// 3 players: 10, 4 players: 8" and "Place the bonus dice in the appropriate
// place. 1 die for 1/2 players and 2 dice for 3/4 players."
func TestSetupByPlayerCount(t *testing.T) {
	for n, want := range map[int][2]int{2: {15, 1}, 3: {10, 2}, 4: {8, 2}} {
		s := newTest(t, n, 1)
		if s.Police != want[0] || s.BonusDice != want[1] {
			t.Errorf("%d players: police %d bonus dice %d, want %v", n, s.Police, s.BonusDice, want)
		}
	}
	if _, err := Kind.New(games.Setup{Players: names[:1]}); err == nil {
		t.Error("1 player accepted (the solo mode is its own issue)")
	}
}

// "Each player receives 2 dice, 1 scoring token, 1 communication disc, a
// thumb of the chosen color and 1 intel." "The players randomly choose which
// score track they want so that each player has their own score track."
func TestSetupPlayers(t *testing.T) {
	s := newTest(t, 4, 9)
	tracks := map[int]bool{}
	for _, p := range s.Players {
		if p.Demands != [4]int{0, 0, 0, 1} || p.Score != 0 || p.Thumb != 0 || len(p.Cards) != 0 {
			t.Errorf("%s starts with %+v", p.Name, p)
		}
		tracks[p.Track] = true
	}
	if len(tracks) != 4 {
		t.Errorf("score tracks shared: %v", tracks)
	}
	if len(s.Dice) != 2 || s.Turn != 0 {
		t.Errorf("first turn: %d dice, turn %d", len(s.Dice), s.Turn)
	}
}

// "Shuffle the Passenger Cards, remove the top 5 and put them back in the box
// (unseen). Then place 6 cards face down on the 6 designated spaces on the
// game board. Place the remaining cards in a draw pile."
func TestSetupCards(t *testing.T) {
	s := newTest(t, 3, 2)
	if len(s.Box) != 5 || len(s.Draw) != 64-5-6 {
		t.Fatalf("box %d draw %d", len(s.Box), len(s.Draw))
	}
	for i, st := range s.Seats {
		if st.Card < 0 || st.FaceUp || st.Reserver != -1 {
			t.Errorf("seat %d: %+v", i+1, st)
		}
	}
	for _, v := range s.Public().(*PublicView).Seats {
		if v.Face != nil {
			t.Errorf("seat %d face shown at setup", v.Number)
		}
	}
}

// "Shuffle the hijacker tiles and place 4 tiles face up ... Place the four
// hijacker turning tokens 'fist icon up'." "Place 4 of the 6 numbered tokens
// face up at random." "Place all cubes in the bag." "Randomly place 3 medal
// tokens ... and choose an objective token at random." "Place the wooden
// passengers and pilots."
func TestSetupBoard(t *testing.T) {
	s := newTest(t, 2, 3)
	for i, sl := range s.Slots {
		if sl.Tile < 0 || sl.Disc != -1 || sl.Turns != 0 {
			t.Errorf("hijacker place %d: %+v", i+1, sl)
		}
	}
	if len(s.HijackerRest) != 4 {
		t.Errorf("%d hijackers aside", len(s.HijackerRest))
	}
	seen := map[int]bool{}
	for _, v := range s.Numbers {
		if v < 1 || v > 6 || seen[v] {
			t.Errorf("number tokens %v", s.Numbers)
		}
		seen[v] = true
	}
	if s.Green != 12 || s.Red != 3 || s.Trust != 0 || s.Star != -1 {
		t.Errorf("cubes %d green %d red, trust %d, star %d", s.Green, s.Red, s.Trust, s.Star)
	}
	if s.Passengers != 12 || s.Pilots != 4 || len(s.Tiles) != 6 || s.MiniDice != 2 {
		t.Errorf("passengers %d pilots %d tiles %d mini %d", s.Passengers, s.Pilots, len(s.Tiles), s.MiniDice)
	}
	values := 0
	for i, m := range s.Medals {
		if m.State != medalBoard || m.Objective != data.ObjectiveTokens[s.Objective][i] {
			t.Errorf("medal %d: %+v", i+1, m)
		}
		values += m.Value
	}
	if values != 2+3+5 {
		t.Errorf("medal values sum %d", values)
	}
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
}

// The data file holds every count the rulebook states (checked by load) and
// enough cards of each colour for pairs and triples.
func TestDataCounts(t *testing.T) {
	colors := map[string]int{}
	for _, c := range data.Cards {
		colors[c.Color]++
	}
	for _, c := range []string{"gray", "blue", "green", "yellow"} {
		if colors[c] < 9 {
			t.Errorf("%d %s cards", colors[c], c)
		}
	}
	if colors[red] < 4 {
		t.Errorf("%d red cards", colors[red])
	}
	if _, err := load([]byte(`{"cards":[]}`)); err == nil {
		t.Error("an empty data file loads")
	}
}
