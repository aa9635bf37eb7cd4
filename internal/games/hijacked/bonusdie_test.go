package hijacked

import (
	"strings"
	"testing"
)

// "This die may not be used in the current round, but must be played in the
// next round": ending the turn with the bonus die unplayed is refused, with
// the rule and a move that still places it; the prompt's default (what an
// idle player gets) places it too. Once it fits nowhere, ending is allowed.
func TestBonusDieMustBePlayed(t *testing.T) {
	s := newTest(t, 2, 3)
	s.BonusDice = 0
	s.Dice = []Die{{Kind: dieOwn, Value: 2}, {Kind: dieOwn, Value: 3}, {Kind: dieBonus, Value: 6}}
	err := refuse(t, s, 0, "end")
	for _, want := range []string{"bonus die showing 6 must be played", "must be played in the next round", "`"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %q lacks %q", err, want)
		}
	}
	for _, p := range s.Prompts() {
		if p.Turn && (p.Default == verbEnd || !strings.Contains(p.Default, "6b")) {
			t.Errorf("turn prompt default %q", p.Default)
		}
	}
	for _, m := range s.Legal(0) {
		if m == "end" {
			t.Error("end is listed as legal")
		}
	}
	// Own dice may stay unused: only the bonus die must be played.
	must(t, s, 0, "trust 1 6b")
	if s.Turn != 0 {
		t.Fatal("the turn ended by itself although 2 and 3 still fit")
	}
	must(t, s, 0, "end")
}

// Where the bonus die fits no action space (as it shows; adjusting it with
// demands is not required), the turn may end.
func TestBonusDieThatFitsNothing(t *testing.T) {
	s := newTest(t, 2, 3)
	s.BonusDice = 0
	s.Dice = []Die{{Kind: dieOwn, Value: 2, Used: true}, {Kind: dieOwn, Value: 3, Used: true}, {Kind: dieBonus, Value: 6}}
	s.Done = []string{spaceTrust, spaceDemand, spaceBonus, spacePersuade, spaceRetreat}
	s.CardsTaken = 2
	if _, _, ok := s.placeExtra(0); ok {
		t.Fatal("the bonus die still fits")
	}
	must(t, s, 0, "end")
}

// "The latter does not apply if the player with that die reserves a
// Passenger Card. Then it remains for one more round." A bonus die on a
// reservation goes back to its space at the end of its owner's turn one
// round later (in a 2-player game the only bonus die is not blocked until
// someone takes the card).
func TestBonusDieReservationOneMoreRound(t *testing.T) {
	s := newTest(t, 2, 3)
	setSeat(s, 1, "BL1", true)
	setSeat(s, 2, "BL2", true)
	s.Dice = []Die{{Kind: dieOwn, Value: 1}, {Kind: dieBonus, Value: 3}}
	s.BonusDice = 0
	must(t, s, 0, "card 1 1")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	must(t, s, 0, "reserve 2 3b")
	if s.Turn == 0 {
		must(t, s, 0, "end")
	}
	if s.BonusDice != 0 || s.Seats[1].Reserver != 0 {
		t.Fatalf("the bonus die left the card at once: space %d, seat %+v", s.BonusDice, s.Seats[1])
	}
	must(t, s, 1, "end") // round 2
	if s.Turn != 0 || s.Round != 2 || s.Seats[1].Reserver != 0 || len(s.Dice) != 2 {
		t.Fatalf("round 2: turn %d, seat %+v, dice %+v", s.Turn, s.Seats[1], s.Dice)
	}
	ev := must(t, s, 0, "end")
	if s.BonusDice != 1 || s.Seats[1].Reserver != -1 || !s.Seats[1].FaceUp {
		t.Fatalf("after one more round: space %d, seat %+v", s.BonusDice, s.Seats[1])
	}
	if !strings.Contains(publicText(ev), "bonus die goes back to its space") {
		t.Errorf("not told:\n%s", publicText(ev))
	}
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
}

// "The mini dice have a one-time effect and must be returned to the general
// supply after use. The same rules apply to the mini dice as to the bonus
// dice." A mini die from the bonus tile is rolled on the next turn (allowing
// a second card) and goes back to the tower after it.
func TestMiniDie(t *testing.T) {
	s := newTest(t, 2, 3)
	i := data.tile[tileMini]
	s.Tiles = remove(s.Tiles, i)
	s.Players[0].Tiles = append(s.Players[0].Tiles, i)
	must(t, s, 0, "tile mini")
	if len(s.Dice) != 2 {
		t.Fatal("the mini die was rolled in the turn it was taken")
	}
	must(t, s, 0, "end")
	must(t, s, 1, "end")
	if len(s.Dice) != 3 || s.Dice[2].Kind != dieMini || s.cardLimit() != 2 || s.MiniDice != 1 {
		t.Fatalf("dice %+v, tower %d", s.Dice, s.MiniDice)
	}
	s.Dice[2].Value = 5
	refuse(t, s, 0, "end") // "The same rules apply to the mini dice as to the bonus dice."
	must(t, s, 0, "trust 1 5m")
	if s.Turn == 0 {
		must(t, s, 0, "end")
	}
	if s.MiniDice != 2 {
		t.Fatalf("mini die not returned: %d", s.MiniDice)
	}
}
