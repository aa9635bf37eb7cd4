package hijacked

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// drawWith finds an RNG state whose cube draws come out as wanted, so the
// rulebook's cube examples can be replayed exactly.
func drawWith(t *testing.T, s *State, want string, move string, seat int) (*State, []games.Event) {
	t.Helper()
	base, _ := s.Encode()
	for seed := uint64(0); seed < 5000; seed++ {
		st, _ := decode(base)
		c := st.(*State)
		c.RNG = *games.NewRNG(seed)
		ev, err := c.Apply(seat, move)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(publicText(ev), "builds trust: "+want+".") {
			return c, ev
		}
	}
	t.Fatalf("no draw %q found", want)
	return nil, nil
}

// Rulebook example: "Tristan draws a red cube from the bag as the first cube.
// His turn ends immediately, but he does receive one point. Demi then also
// takes a grab from the bag during her turn and draws a green cube twice in a
// row and then a red cube and scores two points."
func TestTrustExamples(t *testing.T) {
	s := newTest(t, 2, 4)
	setDice(s, 2, 3)
	c, _ := drawWith(t, s, "red", "trust 3 2", 0)
	if c.Players[0].Score != 1 || c.Trust != 0 || c.Red != 3 {
		t.Errorf("red first: score %d trust %d red in bag %d", c.Players[0].Score, c.Trust, c.Red)
	}
	c, _ = drawWith(t, s, "green, green, red", "trust 3 2", 0)
	if c.Players[0].Score != 2 || c.Trust != 2 || c.Green != 10 {
		t.Errorf("green, green, red: score %d trust %d", c.Players[0].Score, c.Trust)
	}
	// "(a player can also choose not to draw another cube)": up to 1 cube.
	c, _ = drawWith(t, s, "green", "trust 1 2", 0)
	if c.Players[0].Score != 1 || c.Trust != 1 {
		t.Errorf("one green: score %d trust %d", c.Players[0].Score, c.Trust)
	}
	refuse(t, c, 0, "trust 2 3") // once a turn
}

// "The first player to reach 100% trust receives the star token." "When the
// trust level drops below 100% and another player brings it back to 100%, he
// can take the star token from the other player."
func TestStarToken(t *testing.T) {
	s := newTest(t, 2, 4)
	s.Trust, s.Green = 9, 3
	setDice(s, 2, 3)
	c, _ := drawWith(t, s, "green", "trust 1 2", 0)
	if c.Star != 0 || c.Trust != 10 {
		t.Fatalf("star %d trust %d", c.Star, c.Trust)
	}
	// trust drops and Bob brings it back
	c.Trust, c.Green = 9, c.Green+1
	must(t, c, 0, "end")
	setDice(c, 4, 4)
	c2, _ := drawWith(t, c, "green", "trust 2 4", 1)
	if c2.Star != 1 {
		t.Fatalf("star with %d", c2.Star)
	}
	if c2.scoreLine(1).Star != 5 || c2.scoreLine(0).Star != 0 {
		t.Error("the star is not worth 5 to its holder")
	}
}

// Rulebook example: "Demi places her two dice with a value of 1 and 5 on the
// space containing the hijacker token that requires dice with a value of 1
// to 3 and 4 to 6. She then places her communication disc on the indicated
// space. She turns the hijacker turning token to 1 and scores a point on the
// score track. If she now performs this action three more times, she has
// persuaded the hijacker to surrender and places the tile face up in her
// personal supply. The 2 topmost green cubes (if any) will be removed from
// the level of trust."
func TestPersuadeDemi(t *testing.T) {
	s := newTest(t, 2, 6)
	boss := data.hijacker["H1"] // 1-3 and 4-6
	for i := range s.Slots {
		if s.Slots[i].Tile == boss {
			s.Slots[i].Tile = s.Slots[0].Tile
		}
	}
	s.HijackerRest = remove(s.HijackerRest, boss)
	if s.Slots[0].Tile != boss {
		s.HijackerRest = append(s.HijackerRest, s.Slots[0].Tile)
	}
	s.Slots[0].Tile = boss
	s.Trust, s.Green = 5, 7
	setDice(s, 2, 2)
	refuse(t, s, 0, "persuade 1 2 2") // both low
	setDice(s, 1, 5)
	must(t, s, 0, "persuade 1 1 5")
	if s.Slots[0].Disc != 0 || s.Slots[0].Turns != 1 || s.Players[0].Score != 1 {
		t.Fatalf("after one: %+v score %d", s.Slots[0], s.Players[0].Score)
	}
	// "Any other player is not allowed to interfere with that hijacker."
	if s.Turn != 1 {
		t.Fatalf("turn %d", s.Turn)
	}
	setDice(s, 2, 6)
	refuse(t, s, 1, "persuade 1 2 6")
	for k := 2; k <= 4; k++ {
		must(t, s, 1, "end")
		setDice(s, 5, 1)
		must(t, s, 0, "persuade 1 5 1")
	}
	p := s.Players[0]
	if len(p.Hijackers) != 1 || p.Hijackers[0] != boss || s.Slots[0].Tile == boss || s.Slots[0].Disc != -1 {
		t.Fatalf("surrender: %+v slot %+v", p, s.Slots[0])
	}
	if s.Trust != 3 || s.FirstPersuader != 0 {
		t.Errorf("trust %d first %d", s.Trust, s.FirstPersuader)
	}
	// 4 turns + the tile's points on surrender.
	if p.Score < 4+data.Hijackers[boss].Points {
		t.Errorf("score %d", p.Score)
	}
	if s.Medals[0].State == medalBoard && s.Medals[0].Objective == "persuade" {
		t.Error("persuade medal not won")
	}
}

// "Players are allowed to place their dice on a different hijacker in
// subsequent turns, and move their communication disc accordingly (and start
// all over again)."
func TestMoveDisc(t *testing.T) {
	s := newTest(t, 2, 6)
	s.Slots[0].Disc, s.Slots[0].Turns = 0, 2
	h := data.Hijackers[s.Slots[1].Tile]
	setDice(s, h.Ranges[0][0], h.Ranges[1][0])
	must(t, s, 0, "persuade 2 "+itoa(h.Ranges[0][0])+" "+itoa(h.Ranges[1][0]))
	if s.Slots[0].Disc != -1 || s.Slots[0].Turns != 0 || s.Slots[1].Disc != 0 || s.Slots[1].Turns != 1 {
		t.Fatalf("slots %+v %+v", s.Slots[0], s.Slots[1])
	}
}

// "It is required that all players are on at the same level on the score
// track ... the police team is set back two places immediately ... Players
// are not allowed to do this action in the first two rounds." "all other
// players immediately receive two points (clockwise ...). The player who
// performs this action does not receive any points, but draws the two
// topmost bonus tiles (if any), chooses one ... The other bonus tile will be
// shuffled into the pile." "the player places his thumb on the first spot on
// the recognition track. When the same player repeats this action in another
// round, he moves his thumb one place forward."
func TestPoliceRetreat(t *testing.T) {
	s := newTest(t, 3, 8)
	setDice(s, 1, 6)
	err := refuse(t, s, 0, "retreat 1 6")
	if !strings.Contains(err.Error(), "first two rounds") {
		t.Errorf("round 1: %v", err)
	}
	s.Round = 3
	s.Players[1].Score = 2
	err = refuse(t, s, 0, "retreat 1 6")
	if !strings.Contains(err.Error(), "same level") {
		t.Errorf("unequal: %v", err)
	}
	s.Players[1].Score = 0
	police := s.Police
	top := s.Tiles[len(s.Tiles)-2:]
	must(t, s, 0, "retreat 1 6")
	if s.Police != police+2 || s.Players[0].Score != 0 || s.Players[1].Score != 2 || s.Players[2].Score != 2 || s.Players[0].Thumb != 1 {
		t.Fatalf("police %d scores %d %d %d thumb %d", s.Police, s.Players[0].Score, s.Players[1].Score, s.Players[2].Score, s.Players[0].Thumb)
	}
	if s.Phase != phaseKeep || len(s.Keep) != 2 || s.Keep[0] != top[0] {
		t.Fatalf("keep %v", s.Keep)
	}
	refuse(t, s, 0, "end")
	want := data.BonusTiles[s.Keep[1]].ID
	must(t, s, 0, "keep "+want)
	if len(s.Players[0].Tiles) != 1 || data.BonusTiles[s.Players[0].Tiles[0]].ID != want || len(s.Tiles) != 5 {
		t.Fatalf("tiles %v pile %d", s.Players[0].Tiles, len(s.Tiles))
	}
	// "It is possible to move further away than the initial starting position."
	if s.Police <= s.PoliceStart {
		t.Errorf("police %d not beyond the start %d", s.Police, s.PoliceStart)
	}
}

// "There are four number tokens during the game that determine which number
// of pips corresponds to which requirement. As a result, a die with a number
// that does not match a number token cannot be used in this action."
func TestTakeDemand(t *testing.T) {
	s := newTest(t, 2, 3)
	missing := 0
	for v := 1; v <= 6; v++ {
		if s.numberPlace(v) < 0 {
			missing = v
		}
	}
	setDice(s, missing, s.Numbers[2])
	refuse(t, s, 0, "demand "+itoa(missing))
	before := s.Players[0].Demands[food]
	must(t, s, 0, "demand "+itoa(s.Numbers[2])) // the third place gives food
	if s.Players[0].Demands[food] != before+1 {
		t.Fatalf("demands %v", s.Players[0].Demands)
	}
}

// "Every player can take a bonus die. This die can be obtained by placing one
// other die on the corresponding space. This die may not be used in the
// current round, but must be played in the next round, after which the die is
// returned to the designated space after the turn has ended."
func TestBonusDie(t *testing.T) {
	s := newTest(t, 2, 3)
	setDice(s, 4, 4)
	must(t, s, 0, "bonus 4")
	if s.BonusDice != 0 || s.Players[0].Bonus != 1 || len(s.Dice) != 2 {
		t.Fatalf("bonus %d pending %d", s.BonusDice, s.Players[0].Bonus)
	}
	must(t, s, 0, "end")
	must(t, s, 1, "end")
	if len(s.Dice) != 3 || s.Dice[2].Kind != dieBonus || s.cardLimit() != 2 {
		t.Fatalf("dice %+v", s.Dice)
	}
	s.Dice[2].Value = 5
	if err := refuse(t, s, 0, "end"); !strings.Contains(err.Error(), "must be played") {
		t.Fatalf("ending with the bonus die unplayed: %v", err)
	}
	must(t, s, 0, "trust 1 5b")
	if s.Turn == 0 {
		must(t, s, 0, "end")
	}
	if s.BonusDice != 1 {
		t.Fatalf("bonus die not returned: %d", s.BonusDice)
	}
	// "The latter does not apply if the player with that die reserves a
	// Passenger Card. Then it remains for one more round."
	s = newTest(t, 2, 3)
	setSeat(s, 1, "BL1", true)
	setSeat(s, 2, "BL2", true)
	s.Dice = []Die{{Kind: dieOwn, Value: 1}, {Kind: dieBonus, Value: 3}}
	s.BonusDice = 0
	must(t, s, 0, "card 1 1")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	must(t, s, 0, "reserve 2 3b")
	if s.BonusDice != 0 || s.Seats[1].ResDie.Kind != dieBonus {
		t.Fatalf("bonus die left the card: %d", s.BonusDice)
	}
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
}

// "A demand can be used to increase or decrease the number of pips on a die
// by 1 ... For example, 1 demand can be used to change a 1 into a 2 or a 6.
// If two demands are submitted, the 1 can even be changed into a 3 or a 5."
// "Demi rolls a 6, but needs a 3 to perform an action. She hands in three
// demands of her choice in order to turn her die into a 3."
func TestAdjustDice(t *testing.T) {
	s := newTest(t, 2, 3)
	giveDemand(s, 0, "food", 3)
	setDice(s, 1, 1)
	must(t, s, 0, "adjust 1 + food")
	if s.Dice[0].Value != 2 {
		t.Fatalf("1+1 = %d", s.Dice[0].Value)
	}
	must(t, s, 0, "adjust 1 - food")
	if s.Dice[0].Value != 6 && s.Dice[1].Value != 6 {
		t.Fatalf("1-1 = %v", s.Dice)
	}
	setDice(s, 1, 4)
	giveDemand(s, 0, "crypto", 2)
	must(t, s, 0, "adjust 1 + crypto")
	must(t, s, 0, "adjust 2 + crypto")
	if s.Dice[0].Value != 3 {
		t.Fatalf("two up: %d", s.Dice[0].Value)
	}
	// Demi: a 6 into a 3 with three demands.
	s = newTest(t, 2, 3)
	giveDemand(s, 0, "medicine", 2)
	setDice(s, 6, 2)
	must(t, s, 0, "adjust 6 - medicine")
	must(t, s, 0, "adjust 5 - medicine")
	must(t, s, 0, "adjust 4 - intel")
	if s.Dice[0].Value != 3 || s.Players[0].demandCount() != 0 || s.Players[0].Score != 0 {
		t.Fatalf("Demi: %v, %v, score %d", s.Dice, s.Players[0].Demands, s.Players[0].Score)
	}
	refuse(t, s, 0, "adjust 3 + food") // no demands left
}

// "A demand immediately earns one point if it is returned to the general
// supply. This can be done at any time during the game, even if it is not
// the player's turn."
func TestCashDemandAnyTime(t *testing.T) {
	s := newTest(t, 3, 3)
	must(t, s, 2, "cash intel")
	if s.Players[2].Score != 1 || s.Players[2].Demands[intel] != 0 || s.Turn != 0 {
		t.Fatalf("%+v", s.Players[2])
	}
	refuse(t, s, 2, "cash intel")
	refuse(t, s, 2, "end") // turn moves stay with the player on turn
}

// "If two Passenger Cards of the same color are scored, then they can be
// traded at any time (even during another player's turn) during the game for
// a (wooden) passenger ... 3 points are immediately scored per passenger."
// "To free a pilot you need three cards of the same color. The pilot
// immediately scores 5 points ... there are only four in the game."
// "Red cards cannot be collected to free passengers or pilots."
func TestFreePassengersAndPilots(t *testing.T) {
	s := newTest(t, 2, 3)
	giveCard(s, 1, "BL1")
	giveCard(s, 1, "BL2")
	giveCard(s, 1, "GR1")
	refuse(t, s, 1, "free passenger green")
	refuse(t, s, 1, "free pilot blue")
	refuse(t, s, 1, "free passenger red")
	must(t, s, 1, "free passenger blue")
	p := s.Players[1]
	if p.Freed != 1 || p.Score != 3 || len(p.Cards) != 1 || s.Passengers != 11 {
		t.Fatalf("%+v", p)
	}
	giveCard(s, 0, "YE1")
	giveCard(s, 0, "YE2")
	giveCard(s, 0, "YE3")
	s.Pilots = 0
	refuse(t, s, 0, "free pilot yellow")
	s.Pilots = 4
	must(t, s, 0, "free pilot yellow")
	if s.Players[0].Pilots != 1 || s.Players[0].Score != 5 || s.Pilots != 3 {
		t.Fatalf("%+v", s.Players[0])
	}
}

// "When a player stops on a bonus on the score track, he may immediately take
// the matching demand ... If he passes a bonus without stopping, he receives
// no demand."
func TestScoreTrackBonus(t *testing.T) {
	s := newTest(t, 2, 3)
	p := &s.Players[0]
	b := data.ScoreTracks[p.Track].Bonuses[0]
	d := demandIndex(b.Demand)
	var ev []games.Event
	p.Score = b.At - 2
	s.addPoints(0, 3, &ev) // passes
	if p.Demands[d] != map[bool]int{true: 1, false: 0}[d == intel] {
		t.Fatalf("passing gave %v", p.Demands)
	}
	p.Score = b.At - 1
	s.addPoints(0, 1, &ev) // stops
	want := 1
	if d == intel {
		want = 2
	}
	if p.Demands[d] != want {
		t.Fatalf("stopping gave %v", p.Demands)
	}
}

// "If a player meets one of the objectives for a medal first, he takes the
// corresponding medal token and places it face-down in his personal supply
// (exchange them at any time for points during the game or at the end
// scoring)." "If more players earn the same medal at the same time, the
// medal will be discarded."
func TestMedals(t *testing.T) {
	s := newTest(t, 3, 3)
	s.Medals[0] = Medal{Objective: "demands8", Value: 3, State: medalBoard, Holder: -1}
	s.Medals[1] = Medal{Objective: "points18", Value: 5, State: medalBoard, Holder: -1}
	giveDemand(s, 2, "food", 6)
	giveDemand(s, 2, "crypto", 1)
	ev := must(t, s, 2, "cash intel") // 7 demands: not yet
	giveDemand(s, 2, "crypto", 2)     // 9: the check runs after the next move
	ev = must(t, s, 1, "cash intel")
	if s.Medals[0].Holder != 2 || s.Medals[0].State != medalHeld {
		t.Fatalf("medal %+v", s.Medals[0])
	}
	for _, e := range ev {
		if e.Seat < 0 && strings.Contains(e.Text, "3 points") {
			t.Errorf("public event shows the value: %q", e.Text)
		}
	}
	priv := s.Private(2).Text()
	if !strings.Contains(priv, "3 points") {
		t.Errorf("holder does not see the value: %s", priv)
	}
	must(t, s, 2, "medal 1")
	if s.Medals[0].State != medalCashed || s.Players[2].Score != 1+3 {
		t.Fatalf("cashed: %+v score %d", s.Medals[0], s.Players[2].Score)
	}
	refuse(t, s, 2, "medal 1")
	// Two players reach 18 points at once: discarded.
	s.Players[0].Score, s.Players[1].Score = 18, 18
	must(t, s, 0, "cash intel")
	if s.Medals[1].State != medalDiscarded {
		t.Fatalf("medal %+v", s.Medals[1])
	}
}

// "One of the players has been able to negotiate at least three passengers
// and one pilot from the plane. The other players must still complete their
// turn during the current round."
func TestEndByFreeing(t *testing.T) {
	s := newTest(t, 3, 3)
	s.Players[0].Freed, s.Players[0].Pilots = 3, 1
	s.Passengers, s.Pilots = 9, 3
	must(t, s, 0, "end")
	if s.Phase == phaseOver {
		t.Fatal("ended before the round was complete")
	}
	must(t, s, 1, "end")
	must(t, s, 2, "end")
	if s.Phase != phaseOver || s.Ending != endFreed || s.Result == nil {
		t.Fatalf("phase %s ending %s", s.Phase, s.Ending)
	}
}

// "The police team has reached the last place: the plane is then stormed by
// the police! If the police breach the plane, the game ends immediately. All
// players lose the game!"
func TestPoliceBreach(t *testing.T) {
	s := newTest(t, 2, 3)
	s.Police = 1
	must(t, s, 0, "end")
	must(t, s, 1, "end")
	o := s.Outcome()
	if o == nil || s.Ending != endPolice || len(o.Winners()) != 0 {
		t.Fatalf("outcome %+v", o)
	}
}

// "During this phase the Police Team advances one space towards the plane."
func TestPolicePhase(t *testing.T) {
	s := newTest(t, 2, 3)
	must(t, s, 0, "end")
	if s.Police != 15 {
		t.Fatal("police moved mid-round")
	}
	must(t, s, 1, "end")
	if s.Police != 14 || s.Round != 2 || s.Turn != 0 {
		t.Fatalf("police %d round %d turn %d", s.Police, s.Round, s.Turn)
	}
}

// "If two demands are submitted, the 1 can even be changed into a 3 or a 5."
func TestAdjustTwoDown(t *testing.T) {
	s := newTest(t, 2, 3)
	giveDemand(s, 0, "food", 1)
	setDice(s, 1, 2)
	must(t, s, 0, "adjust 1 - food")
	must(t, s, 0, "adjust 6 - intel")
	if s.Dice[0].Value != 5 {
		t.Fatalf("1 - 2 = %d", s.Dice[0].Value)
	}
}

// "When the same player repeats this action in another round, he moves his
// thumb one place forward." Medal: "Let the police withdraw for the second
// time on the recognition track."
func TestThumbForward(t *testing.T) {
	s := newTest(t, 2, 3)
	s.Round = 3
	s.Medals[0] = Medal{Objective: "withdraw2", Value: 2, State: medalBoard, Holder: -1}
	for k := 1; k <= 4; k++ {
		for i := range s.Players {
			s.Players[i].Score = 10
		}
		s.Turn, s.Phase, s.Done = 0, phaseTurn, nil
		setDice(s, 1, 2)
		must(t, s, 0, "retreat 1 2")
		if s.Phase == phaseKeep {
			must(t, s, 0, s.Legal(0)[0])
		}
		if want := min(k, 3); s.Players[0].Thumb != want {
			t.Fatalf("retreat %d: thumb %d", k, s.Players[0].Thumb)
		}
		if k == 2 && s.Medals[0].Holder != 0 {
			t.Fatalf("second withdrawal: medal %+v", s.Medals[0])
		}
	}
}

// A move that names one die twice, when only one such die is unused, is
// refused for the die it lacks (play-test: "you have no unused die
// showing 6" while one 6 was there).
func TestTwoDiceOfOneValueRefusedForTheSecond(t *testing.T) {
	s := newTest(t, 2, 3)
	setDice(s, 6, 6)
	s.Dice[1].Used = true
	err := refuse(t, s, s.Turn, "persuade 1 6 6")
	if !strings.Contains(err.Error(), "needs 2 dice showing 6") || strings.Contains(err.Error(), "no unused") {
		t.Fatalf("refusal: %v", err)
	}
	s.Dice[0].Used = true
	if err := refuse(t, s, s.Turn, "persuade 1 6 6"); !strings.Contains(err.Error(), "needs 2 dice showing 6") {
		t.Fatalf("refusal with none left: %v", err)
	}
}
