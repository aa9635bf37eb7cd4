package hijacked

import (
	"strings"
	"testing"
)

// Step F, "Reserve an adjacent card, if you want" ("RESERVE AN ADJACENT
// PASSENGER CARD"): the six seats are one row ("the cards to the left and
// right to the chosen card are also revealed"), so after choosing the card
// of seat 3 only seats 2 and 4 may be reserved; a face-up card elsewhere may
// not, and the refusal names the seats that may.
func TestReserveOnlyAdjacent(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 6, "BL1", true)
	setDice(s, 3, 4)
	must(t, s, 0, "card 3 3") // GY3: 40% trust, discarded at once
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	legal := strings.Join(s.Legal(0), "|")
	for _, want := range []string{"reserve 2 4", "reserve 4 4"} {
		if !strings.Contains(legal, want) {
			t.Errorf("%q not legal: %s", want, legal)
		}
	}
	for _, not := range []string{"reserve 1 ", "reserve 3 ", "reserve 5 ", "reserve 6 "} {
		if strings.Contains(legal, not) {
			t.Errorf("%q legal: %s", not, legal)
		}
	}
	err := refuse(t, s, 0, "reserve 6 4")
	if !strings.Contains(err.Error(), "adjacent") || !strings.Contains(err.Error(), "seat 2 or seat 4") {
		t.Fatalf("refusal %q", err)
	}
	must(t, s, 0, "reserve 4 4")
}

// At the end of the row a card has one neighbour; a card taken from the
// draw pile (the top-card bonus tile) has none to reserve.
func TestReserveAtTheEndsOfTheRow(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 3, "BL1", true)
	setDice(s, 1, 4)
	must(t, s, 0, "card 1 1")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	err := refuse(t, s, 0, "reserve 3 4")
	if !strings.Contains(err.Error(), "seat 2, the neighbour of seat 1") {
		t.Fatalf("refusal %q", err)
	}
	must(t, s, 0, "reserve 2 4")

	s = cardPosition(t)
	giveTile(t, s, 0, tileTop)
	setSeat(s, 2, "BL1", true)
	top := data.Cards[s.Draw[len(s.Draw)-1]].Pips
	setDice(s, top, 4)
	must(t, s, 0, "card top "+itoa(top))
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	if err := refuse(t, s, 0, "reserve 2 4"); !strings.Contains(err.Error(), "draw pile has no neighbours") {
		t.Fatalf("refusal %q", err)
	}
}

// "A player can take the reserved card from his previous turn": a card
// reserved this turn (with a bonus die, a second card would be allowed) is
// not taken back in the same turn; the refusal says why and when it can be.
// Next turn `card 2` takes it.
func TestOwnReservationNotInTheSameTurn(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 2, "BL1", true)
	setDice(s, 1, 4)
	s.Dice = append(s.Dice, Die{Kind: dieBonus, Value: 5})
	s.BonusDice--
	must(t, s, 0, "card 1 1")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	must(t, s, 0, "reserve 2 5b")
	err := refuse(t, s, 0, "card 2")
	for _, want := range []string{"you reserved seat 2 this turn", "from his previous turn", "`card 2` on your next turn"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("refusal %q lacks %q", err, want)
		}
	}
	for _, m := range s.Legal(0) {
		if m == "card 2" {
			t.Errorf("card 2 offered in the turn it was reserved: %v", s.Legal(0))
		}
	}
	must(t, s, 0, "end")
	must(t, s, 1, "end")
	if s.Turn != 0 || s.reservation(0) != 1 {
		t.Fatalf("next turn: turn %d, reservation %d", s.Turn, s.reservation(0))
	}
	must(t, s, 0, "card 2")
}

// The Cybot plays like a negotiator: "A player can take the reserved card
// from his previous turn" holds for it too. Card 4 reserves seat 4; a 2nd
// spare die ("choose 1 more passenger card") does not take that card back
// the same turn.
func TestCybotDoesNotTakeBackItsFreshReservation(t *testing.T) {
	s := cySoloGame(t, 6)
	find := cyFinder(t)
	cyEmptyBoard(s)
	cyPlace(s, 3, find(cyWithPips(4)), false)
	up := find(cyColored("green", 0, false))
	cyPlace(s, 4, up, true)
	s.Players[1].Mini++
	s.MiniDice--
	cybotOn(t, s, 4, 1, 6, 4, 5, 2)
	out := cyRun(t, s)
	cyHas(t, out, "2. Reserve a passenger card: reserves")
	if r := s.reservation(1); r != 3 || cyHolds(s, 1, up) {
		t.Fatalf("the Cybot took back the card it reserved this turn (reservation %d):\n%s", r, out)
	}
}

// A reservation not taken lapses at the end of its owner's next turn: the
// rulebook is silent on it (see the Assumptions), but a reservation is for
// "the next round" ("if he thinks he can put that card to good use the next
// round"; "the die used to reserve his card comes back into his supply along
// with that card when his turn finishes"). Before, a reservation never taken
// cost its owner a die for the rest of the game.
func TestReservationLapsesAfterItsRound(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 2, "BL1", true)
	setDice(s, 1, 4)
	must(t, s, 0, "card 1 1")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	must(t, s, 0, "reserve 2 4") // both dice used: Bob's turn
	must(t, s, 1, "end")
	if s.Turn != 0 || len(s.Dice) != 1 || s.reservation(0) != 1 {
		t.Fatalf("round 2: turn %d, %d dice, reservation %d", s.Turn, len(s.Dice), s.reservation(0))
	}
	ev := must(t, s, 0, "end")
	if s.reservation(0) >= 0 || !s.Seats[1].FaceUp || s.Seats[1].Reserver != -1 {
		t.Fatalf("the reservation outlived its round: seat %+v", s.Seats[1])
	}
	if !strings.Contains(publicText(ev), "Alice's reservation of seat 2 lapses after a round: the die comes back to them.") {
		t.Errorf("not told:\n%s", publicText(ev))
	}
	must(t, s, 1, "end")
	if s.Turn != 0 || len(s.Dice) != 2 {
		t.Fatalf("round 3: Alice rolls %d dice", len(s.Dice))
	}
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
}
