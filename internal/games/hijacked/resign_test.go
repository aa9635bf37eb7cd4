package hijacked

import (
	"testing"
)

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
	if !s.OutOfPlay(1) || s.OutOfPlay(0) || s.OutOfPlay(2) {
		t.Fatal("only the resigned seat is out of play (games.OutOfPlay)")
	}
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
