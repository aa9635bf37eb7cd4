package hijacked

import (
	"testing"
)

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

// Resigning hands the seat's cards and demands back; with one player left
// that player wins.
func TestResign(t *testing.T) {
	s := newTest(t, 3, 3)
	giveCard(s, 1, "BL1")
	setSeat(s, 2, "BL2", true)
	s.Seats[1].Reserver, s.Seats[1].ResDie = 1, Die{Kind: dieOwn, Value: 3}
	if _, err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	if s.reservation(1) >= 0 || len(s.Players[1].Cards) != 0 || s.Players[1].demandCount() != 0 {
		t.Fatalf("after resigning: %+v", s.Players[1])
	}
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
	refuse(t, s, 1, "cash intel")
	if _, err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	o := s.Outcome()
	if o == nil || len(o.Winners()) != 1 || o.Winners()[0] != 2 {
		t.Fatalf("outcome %+v", o)
	}
}

// A resigning player on turn passes the turn on, and the round still ends
// with the police phase.
func TestResignOnTurn(t *testing.T) {
	s := newTest(t, 3, 3)
	if _, err := s.Resign(0); err != nil {
		t.Fatal(err)
	}
	if s.Turn != 1 || s.Phase != phaseTurn {
		t.Fatalf("turn %d", s.Turn)
	}
	must(t, s, 1, "end")
	must(t, s, 2, "end")
	if s.Round != 2 || s.Police != 9 || s.Turn != 1 {
		t.Fatalf("round %d police %d turn %d", s.Round, s.Police, s.Turn)
	}
}
