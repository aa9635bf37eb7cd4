package hijacked

import (
	"fmt"
	"strings"
	"testing"
)

// cardPosition: Alice on turn in a 2-player game with the seats set.
func cardPosition(t *testing.T) *State {
	s := newTest(t, 2, 11)
	setSeat(s, 1, "GY1", false) // 1 pip
	setSeat(s, 2, "GY2", false) // 2 pips
	setSeat(s, 3, "GY3", false) // 3 pips
	setSeat(s, 4, "BL3", false) // 3 pips (BL3: (2+3)%6+1 = 6? see below)
	setSeat(s, 5, "GY5", false)
	setSeat(s, 6, "GY6", false)
	return s
}

// "In order to choose a face down Passenger Card, the active player must
// spend one of their dice with a value matching the number of pips on the
// back of the card."
func TestFaceDownNeedsMatchingDie(t *testing.T) {
	s := cardPosition(t)
	setDice(s, 2, 4)
	pips := data.Cards[card("GY1")].Pips
	if pips == 2 || pips == 4 {
		t.Fatalf("test data: GY1 has %d pips", pips)
	}
	err := refuse(t, s, 0, "card 1 2")
	if !strings.Contains(err.Error(), "face down") {
		t.Errorf("error %q", err)
	}
	if data.Cards[card("GY2")].Pips != 2 {
		t.Fatal("test data: GY2 pips")
	}
	must(t, s, 0, "card 2 2")
	if s.Pending == nil && s.CardsTaken != 1 {
		t.Fatal("card not chosen")
	}
}

// "Reveal the chosen card if it was face down." "the cards to the left and
// right to the chosen card are also revealed (if they are not already face up)."
func TestNeighboursRevealed(t *testing.T) {
	s := cardPosition(t)
	setDice(s, data.Cards[card("GY3")].Pips, 1)
	must(t, s, 0, "card 3 "+itoa(data.Cards[card("GY3")].Pips))
	if !s.Seats[1].FaceUp || !s.Seats[3].FaceUp || s.Seats[0].FaceUp || s.Seats[4].FaceUp {
		t.Errorf("face up: %v %v %v %v", s.Seats[0].FaceUp, s.Seats[1].FaceUp, s.Seats[3].FaceUp, s.Seats[4].FaceUp)
	}
	// "E: The played or discarded card is replaced with a new face down card."
	if s.Pending == nil {
		if s.Seats[2].Card < 0 || s.Seats[2].FaceUp {
			t.Errorf("seat 3 not refilled face down: %+v", s.Seats[2])
		}
	}
}

// A face up card that "is not reserved can be chosen using a die with any
// number of pips."
func TestFaceUpAnyDie(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 2, "BL1", true)
	setDice(s, 6, 6)
	must(t, s, 0, "card 2 6")
	if s.Pending == nil || data.Cards[s.Pending.Card].ID != "BL1" {
		t.Fatalf("pending %+v", s.Pending)
	}
	refuse(t, s, 0, "end") // the card must be played or discarded first
}

// "To play a Passenger Card, their conditions (if any) must be met ... a
// minimum percentage of trust ... Also, the appropriate demand ... needs to
// be discarded." "If a Passenger Card cannot be played ... it must be
// discarded ... One point is immediately scored." "A player may also decide
// to discard a Passenger Card (and score 1 point) even if all requirements
// are met." "When placing a Passenger Card in your personal supply, you do
// not receive 1 point."
func TestPlayOrDiscard(t *testing.T) {
	// BL1: trust 0? find a card needing trust and one needing a demand.
	var needTrust, needDemand, free string
	for _, c := range data.Cards {
		switch {
		case c.Color == red:
		case c.Trust >= 30 && needTrust == "":
			needTrust = c.ID
		case c.Trust == 0 && c.Demand != "none" && needDemand == "":
			needDemand = c.ID
		case c.Trust == 0 && c.Demand == "none" && free == "":
			free = c.ID
		}
	}
	// Not enough trust: discarded at once for 1 point.
	s := cardPosition(t)
	setSeat(s, 2, needTrust, true)
	setDice(s, 1, 1)
	ev := must(t, s, 0, "card 2 1")
	if s.Pending != nil || s.Players[0].Score != 1 || !strings.Contains(publicText(ev), "must discard") || !containsInt(s.Discard, card(needTrust)) {
		t.Fatalf("score %d, pending %v: %s", s.Players[0].Score, s.Pending, publicText(ev))
	}
	// A demand needed and only the starting intel: intel substitutes.
	// "Since he has no crypto, he uses his intel, which he discards to the general supply."
	s = cardPosition(t)
	setSeat(s, 2, needDemand, true)
	setDice(s, 1, 1)
	must(t, s, 0, "card 2 1")
	if s.Phase != phaseDecide {
		t.Fatal("no decision")
	}
	refuse(t, s, 0, "play "+otherDemand(data.Cards[card(needDemand)].Demand))
	must(t, s, 0, "play intel")
	if s.Players[0].Demands[intel] != 0 || !containsInt(s.Players[0].Cards, card(needDemand)) || s.Players[0].Score != 0 {
		t.Fatalf("after play: %+v", s.Players[0])
	}
	// The demand cashed while the card waits (an any-time action): the
	// prompt no longer offers to play it, and its text says so (play-test:
	// it still read "play it into your supply or discard it").
	s = cardPosition(t)
	setSeat(s, 2, needDemand, true)
	setDice(s, 1, 1)
	must(t, s, 0, "card 2 1")
	must(t, s, 0, "cash intel")
	for _, p := range s.Prompts() {
		if !p.Turn {
			continue
		}
		if !strings.Contains(p.Text, "can no longer play it (it needs") || strings.Contains(p.Text, "play it into") {
			t.Fatalf("after cashing the intel the card needed: %q", p.Text)
		}
		for _, c := range p.Choices {
			if strings.HasPrefix(c.Move, "play") {
				t.Fatalf("play still offered: %+v", p.Choices)
			}
		}
	}
	// Voluntary discard scores 1.
	s = cardPosition(t)
	setSeat(s, 2, free, true)
	setDice(s, 1, 1)
	must(t, s, 0, "card 2 1")
	must(t, s, 0, "discard")
	if s.Players[0].Score != 1 || len(s.Players[0].Cards) != 0 {
		t.Fatalf("after discard: %+v", s.Players[0])
	}
}

func otherDemand(d string) string {
	for _, n := range demandNames[:3] {
		if n != d {
			return n
		}
	}
	return ""
}

// "Players can place a maximum of 5 cards in their personal supply."
func TestSupplyLimit(t *testing.T) {
	s := cardPosition(t)
	for _, id := range []string{"GY7", "BL7", "GR7", "YE7", "GY8"} {
		giveCard(s, 0, id)
	}
	setSeat(s, 2, "BL1", true)
	setDice(s, 1, 1)
	ev := must(t, s, 0, "card 2 1")
	if !strings.Contains(publicText(ev), "5 cards") || len(s.Players[0].Cards) != 5 {
		t.Fatalf("%s", publicText(ev))
	}
}

// "Reserve an adjacent card, if you want." "A player may optionally
// 'reserve' one of face up Passenger Cards ... he places another die with
// any pip value on the card to be reserved."
func TestReserve(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 2, "BL1", true)
	setSeat(s, 5, "BL2", true)
	setDice(s, 3, 4)
	refuse(t, s, 0, "reserve 5 4") // only right after choosing a card
	must(t, s, 0, "card 2 3")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	refuse(t, s, 0, "reserve 2 4") // the refilled seat: face down
	refuse(t, s, 0, "reserve 5 4") // face up, but not next to seat 2
	must(t, s, 0, "reserve 3 4")
	if s.Seats[2].Reserver != 0 || s.Seats[2].ResDie.Value != 4 {
		t.Fatalf("seat 3: %+v", s.Seats[2])
	}
	// Both dice used: the turn ended; next turn Alice rolls only one die.
	if s.Turn != 1 {
		t.Fatalf("turn %d", s.Turn)
	}
	must(t, s, 1, "end")
	if s.Turn != 0 || len(s.Dice) != 1 {
		t.Fatalf("Alice rolls %d dice", len(s.Dice))
	}
	// "is reserved by the same player can be chosen without using any die.
	// Instead, the player takes his die used for the reservation back."
	refuse(t, s, 0, "card 3 "+itoa(s.Dice[0].Value))
	must(t, s, 0, "card 3")
	if s.Seats[2].Reserver == 0 || s.reservation(0) >= 0 {
		t.Fatal("reservation still there")
	}
}

// Rulebook example: "Tristan has reserved a Passenger Card with a die with a
// value of 4. If a next player now wants to take this card, a die with a value
// of at least 4 must be handed in (i.e. 4, 5 or 6)." "The player who reserved
// the card previously immediately gets his die back."
func TestTakeAnothersReservation(t *testing.T) {
	for _, v := range []int{1, 2, 3, 4, 5, 6} {
		s := cardPosition(t)
		setSeat(s, 4, "BL1", true)
		s.Seats[3].Reserver, s.Seats[3].ResDie = 1, Die{Kind: dieOwn, Value: 4}
		setDice(s, v, v)
		_, err := s.Apply(0, "card 4 "+itoa(v))
		if (err == nil) != (v >= 4) {
			t.Errorf("die %d: %v", v, err)
		}
		if err == nil && s.reservation(1) >= 0 {
			t.Errorf("die %d: Bob's reservation remains", v)
		}
	}
}

// "Only 1 Passenger Card may be played per turn. In case of an extra die, 2
// cards can be played per turn."
func TestCardsPerTurn(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 1, "BL1", true)
	setSeat(s, 6, "BL2", true)
	setDice(s, 1, 2)
	must(t, s, 0, "card 1 1")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	err := refuse(t, s, 0, "card 6 2")
	if !strings.Contains(err.Error(), "1 passenger card per turn") {
		t.Errorf("error %q", err)
	}
	s = cardPosition(t)
	setSeat(s, 1, "BL1", true)
	setSeat(s, 6, "BL2", true)
	setDice(s, 1, 2)
	s.Dice = append(s.Dice, Die{Kind: dieBonus, Value: 5})
	s.BonusDice--
	must(t, s, 0, "card 1 1")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	must(t, s, 0, "card 6 2")
}

// Rulebook example: "Tristan rolls a 3 and a 5 with his dice. The six
// Passenger Cards on the back show two 3s, a 6, a 1, a 2 and one face up
// card. He now plays the number 3 card with his 3 die ... He also had the
// option of playing the face-up card with one of his two dice ... he cannot
// also play the face-up card in this round, but he can now reserve one of the
// face up cards for his next turn."
func TestTristanTurn(t *testing.T) {
	s := newTest(t, 2, 5)
	byPips := map[int][]string{}
	for _, c := range data.Cards {
		if c.Color != red {
			byPips[c.Pips] = append(byPips[c.Pips], c.ID)
		}
	}
	// The face-up card lies next to a 3 ("he can now reserve one of the
	// face up cards": the reservation takes an adjacent card).
	setSeat(s, 1, byPips[6][0], false)
	setSeat(s, 2, byPips[1][0], false)
	setSeat(s, 3, byPips[2][0], false)
	setSeat(s, 4, byPips[3][0], false)
	setSeat(s, 5, byPips[3][1], false)
	setSeat(s, 6, "BL1", true)
	setDice(s, 3, 5)
	legal := strings.Join(s.Legal(0), "|")
	for _, want := range []string{"card 4 3", "card 5 3", "card 6 3", "card 6 5"} {
		if !strings.Contains(legal, want) {
			t.Errorf("%q not legal: %s", want, legal)
		}
	}
	for _, not := range []string{"card 1 ", "card 2 ", "card 3 ", "card 4 5"} {
		if strings.Contains(legal, not) {
			t.Errorf("%q legal", not)
		}
	}
	must(t, s, 0, "card 5 3")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	if s.Legal(0) == nil || strings.Contains(strings.Join(s.Legal(0), "|"), "card 6") {
		t.Errorf("a second card is offered: %v", s.Legal(0))
	}
	must(t, s, 0, "reserve 6 5")
}

// "If a face down red card is played, it must be discarded to the discard
// pile immediately (1 point is scored). As a result, the negotiators lose 10%
// trust, the topmost cube must be removed (if any). This does not apply when
// the card is flipped face up because a player has flipped this card as being
// adjacent to his chosen card or when it is played as an already face up card."
func TestRedCards(t *testing.T) {
	s := cardPosition(t)
	s.Trust, s.Green = 3, s.Green-3
	setSeat(s, 2, "RD1", false)
	pips := data.Cards[card("RD1")].Pips
	setDice(s, pips, pips)
	must(t, s, 0, "card 2 "+itoa(pips))
	if s.Trust != 2 || s.Players[0].Score != 1 || !containsInt(s.Discard, card("RD1")) {
		t.Fatalf("face-down red: trust %d score %d", s.Trust, s.Players[0].Score)
	}
	s = cardPosition(t)
	s.Trust, s.Green = 3, s.Green-3
	setSeat(s, 2, "RD2", true)
	setDice(s, 1, 1)
	must(t, s, 0, "card 2 1")
	if s.Trust != 3 || s.Players[0].Score != 1 || len(s.Players[0].Cards) != 0 {
		t.Fatalf("face-up red: trust %d score %d", s.Trust, s.Players[0].Score)
	}
	// Flipped as a neighbour: no trust lost.
	s = cardPosition(t)
	s.Trust, s.Green = 3, s.Green-3
	setSeat(s, 2, "RD3", false)
	setSeat(s, 3, "BL1", true)
	setDice(s, 1, 1)
	must(t, s, 0, "card 3 1")
	if s.Trust != 3 || !s.Seats[1].FaceUp {
		t.Fatalf("neighbour red: trust %d", s.Trust)
	}
}

// "When all the Passenger Cards have been discarded or played, the discard
// pile is reshuffled and placed as a new pile."
func TestReshuffle(t *testing.T) {
	s := cardPosition(t)
	setSeat(s, 2, "BL1", true)
	s.Discard = append(s.Discard, s.Draw...)
	s.Draw = []int{}
	setDice(s, 1, 1)
	must(t, s, 0, "card 2 1")
	if s.Phase == phaseDecide {
		must(t, s, 0, "discard")
	}
	if s.Seats[1].Card < 0 || len(s.Discard) != 0 || len(s.Draw) == 0 {
		t.Fatalf("draw %d discard %d seat %+v", len(s.Draw), len(s.Discard), s.Seats[1])
	}
	if err := conserve(s); err != nil {
		t.Fatal(err)
	}
}

func itoa(v int) string { return string(rune('0' + v)) }

// An empty draw pile is said to be empty, not to show "0 pips" on top.
func TestEmptyDrawPileInTheStatus(t *testing.T) {
	s := cardPosition(t)
	s.Discard = append(s.Discard, s.Draw...)
	s.Draw = []int{}
	text := s.Public().(*PublicView).Text()
	if strings.Contains(text, "0 pips") || strings.Contains(text, "Draw pile 0") || !strings.Contains(text, "Draw pile empty") {
		t.Fatalf("the status reads:\n%s", text)
	}
	s = cardPosition(t)
	top := data.Cards[s.Draw[len(s.Draw)-1]].Pips
	if text := s.Public().(*PublicView).Text(); !strings.Contains(text, fmt.Sprintf("Draw pile %d (top shows %s)", len(s.Draw), plural(top, "pip"))) {
		t.Fatalf("the status reads:\n%s", text)
	}
}
