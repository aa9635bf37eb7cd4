package hijacked

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// Tests of the Cybot, the automaton of the solo mode (rulebook 001). Each
// crafts a position, puts the Cybot on turn with a chosen card and dice and
// checks what it does. Card faces are found by their properties, so that
// rebalancing the data file does not silently change what a test checks.

// soloGame deals a solo game with the human (seat 0) starting.
func cySoloGame(t *testing.T, seed uint64) *State {
	t.Helper()
	s, err := New(soloSetup(seed), Config{First: 0})
	if err != nil {
		t.Fatal(err)
	}
	if s.Cybot == nil || s.Cybot.Seat != 1 {
		t.Fatal("the setup with a bot in seat 2 is not a solo game")
	}
	return s
}

// finder hands out cards by their properties, each once.
func cyFinder(t *testing.T) func(pred func(Card) bool) string {
	used := map[string]bool{}
	return func(pred func(Card) bool) string {
		t.Helper()
		for _, c := range data.Cards {
			if !used[c.ID] && pred(c) {
				used[c.ID] = true
				return c.ID
			}
		}
		t.Fatal("no card in the data file has the properties this test needs")
		return ""
	}
}

func cyColored(color string, maxTrust int, demand bool) func(Card) bool {
	return func(c Card) bool {
		return c.Color == color && c.Trust <= maxTrust && (c.Demand != "none") == demand
	}
}

func cyWithPips(pips int) func(Card) bool {
	return func(c Card) bool { return c.Pips == pips && c.Color != red }
}

// emptyBoard takes every card off the six seats (onto the draw pile).
func cyEmptyBoard(s *State) {
	for i := range s.Seats {
		if c := s.Seats[i].Card; c >= 0 {
			s.Draw = append([]int{c}, s.Draw...)
		}
		s.Seats[i] = Seat{Card: -1, Reserver: -1}
	}
}

// place puts a card on an empty or occupied seat.
func cyPlace(s *State, seat int, id string, faceUp bool) {
	take(s, card(id))
	if old := s.Seats[seat-1].Card; old >= 0 {
		s.Draw = append([]int{old}, s.Draw...)
	}
	s.Seats[seat-1] = Seat{Card: card(id), FaceUp: faceUp, Reserver: -1}
}

// cybotOn puts the Cybot on turn with the card on top of its deck, gives it
// bonus bonus dice, and sets the dice it rolled (own dice first).
func cybotOn(t *testing.T, s *State, cardNo, bonus int, values ...int) string {
	t.Helper()
	c := s.Cybot
	c.Deck = append(remove(c.Deck, cardNo), cardNo)
	s.Players[1].Bonus += bonus
	s.BonusDice -= bonus
	var ev []games.Event
	s.beginTurn(1, &ev)
	if len(s.Dice) != len(values) {
		t.Fatalf("the Cybot rolled %d dice, the test sets %d", len(s.Dice), len(values))
	}
	for i, v := range values {
		s.Dice[i].Value = v
	}
	if c.Card != cardNo {
		t.Fatalf("card %d drawn, want %d", c.Card, cardNo)
	}
	return publicText(ev)
}

// run plays the Cybot's move and returns its public narration.
func cyRun(t *testing.T, s *State) string {
	t.Helper()
	ev, err := s.Apply(1, moveCybot)
	if err != nil {
		t.Fatalf("cybot: %v", err)
	}
	return publicText(ev)
}

func cyHolds(s *State, seat int, id string) bool {
	return containsInt(s.Players[seat].Cards, card(id))
}

func cyHas(t *testing.T, text, want string) {
	t.Helper()
	if !strings.Contains(text, want) {
		t.Fatalf("narration lacks %q:\n%s", want, text)
	}
}

func cyTokens(s *State, seat int) int { return s.Players[seat].demandCount() }

// numberNot is a die value no number token shows.
func cyNumberNot(s *State) int {
	for v := 1; v <= 6; v++ {
		if s.numberPlace(v) < 0 {
			return v
		}
	}
	return 0
}

// TestCybotSetup: "Set up a 2-player game (police start on 15). Shuffle the
// Cybot cards face down." The bot's seat is the Cybot, named so, with the
// 12 cards in its deck.
func TestCybotSetup(t *testing.T) {
	s := cySoloGame(t, 1)
	if s.Police != 15 || s.n() != 2 || s.Players[1].Name != "Cybot" {
		t.Fatalf("police %d, %d players, seat 2 %q", s.Police, s.n(), s.Players[1].Name)
	}
	if len(s.Cybot.Deck) != 12 {
		t.Fatalf("deck %v", s.Cybot.Deck)
	}
	for _, bots := range [][]int{nil, {0, 0}, {1, 1}} {
		g, _ := New(games.Setup{Players: []string{"A", "B"}, Seed: 1, Bots: bots}, Config{First: 0})
		if g.Cybot != nil {
			t.Fatalf("bots %v: a Cybot without exactly one bot seat", bots)
		}
	}
	g, _ := New(games.Setup{Players: []string{"A", "B", "C"}, Seed: 1, Bots: []int{0, 0, 1}}, Config{First: 0})
	if g.Cybot != nil {
		t.Fatal("a Cybot in a 3-player game")
	}
}

// TestCybotDeckReshuffles: "when the pile runs out, reshuffle it." Every
// card is drawn once in 12 turns, then the deck is new.
func TestCybotDeckReshuffles(t *testing.T) {
	s := cySoloGame(t, 2)
	seen := map[int]bool{}
	for range 12 {
		var ev []games.Event
		s.Turn = 1
		s.beginTurn(1, &ev)
		seen[s.Cybot.Card] = true
	}
	if len(seen) != 12 || len(s.Cybot.Deck) != 0 {
		t.Fatalf("drew %d different cards, %d left", len(seen), len(s.Cybot.Deck))
	}
	var ev []games.Event
	s.beginTurn(1, &ev)
	if len(s.Cybot.Deck) != 11 || !strings.Contains(publicText(ev), "shuffled") {
		t.Fatalf("no reshuffle: %d left", len(s.Cybot.Deck))
	}
}

// Card 1: "Choose passenger card; take bonus die."
func TestCybotCard1(t *testing.T) {
	s := cySoloGame(t, 3)
	find := cyFinder(t)
	cyEmptyBoard(s)
	blue := find(cyColored("blue", 0, false))
	cyPlace(s, 2, blue, true)
	cybotOn(t, s, 1, 0, 3, 5)
	out := cyRun(t, s)
	cyHas(t, out, "Cybot card 1 (dice 3, 5): 1. Choose a passenger card; 2. Take the bonus die.")
	if !cyHolds(s, 1, blue) || s.Players[1].Bonus != 1 {
		t.Fatalf("card %v bonus %d:\n%s", s.Players[1].Cards, s.Players[1].Bonus, out)
	}
	if s.Turn != 0 {
		t.Fatal("the Cybot's turn did not end")
	}
}

// Card 2: "Choose passenger card." The die left over buys a demand token:
// "When the card is done and 1 die is left, trade it for 1 demand token."
func TestCybotCard2(t *testing.T) {
	s := cySoloGame(t, 4)
	find := cyFinder(t)
	cyEmptyBoard(s)
	blue := find(cyColored("blue", 0, false))
	cyPlace(s, 4, blue, true)
	before := cyTokens(s, 1)
	cybotOn(t, s, 2, 0, 2, 4)
	out := cyRun(t, s)
	if !cyHolds(s, 1, blue) || cyTokens(s, 1) != before+1 {
		t.Fatalf("cards %v, tokens %d:\n%s", s.Players[1].Cards, cyTokens(s, 1), out)
	}
	cyHas(t, out, "Spare dice: trades its")
}

// Card 3: "Build trust; choose passenger card; reserve passenger card."
// With 3 dice all three are done; the reservation takes the highest die.
func TestCybotCard3(t *testing.T) {
	s := cySoloGame(t, 5)
	find := cyFinder(t)
	cyEmptyBoard(s)
	a := find(cyColored("gray", 0, false))
	b := find(cyColored("yellow", 0, true))
	cyPlace(s, 1, a, true)
	cyPlace(s, 2, b, true) // beside seat 1, where it chooses
	cybotOn(t, s, 3, 1, 2, 6, 1)
	out := cyRun(t, s)
	cyHas(t, out, "1. Build trust: up to 3 cubes")
	if len(s.Players[1].Cards) != 1 || s.reservation(1) < 0 {
		t.Fatalf("cards %v reservation %d:\n%s", s.Players[1].Cards, s.reservation(1), out)
	}
	if r := s.Seats[s.reservation(1)]; r.ResDie.Value != 6 {
		t.Fatalf("reserved with a %d, want its highest die 6:\n%s", r.ResDie.Value, out)
	}
	// With 2 dice the reservation has no die left: "go to the next".
	s2 := cySoloGame(t, 5)
	cyEmptyBoard(s2)
	cyPlace(s2, 1, a, true)
	cyPlace(s2, 2, b, true)
	cybotOn(t, s2, 3, 0, 2, 6)
	out = cyRun(t, s2)
	cyHas(t, out, "3. Reserve a passenger card: not possible (no die left), next.")
}

// Card 4: "Play a face-down passenger card; reserve passenger card." The die
// that matches the face-down card goes there, the other reserves.
func TestCybotCard4(t *testing.T) {
	s := cySoloGame(t, 6)
	find := cyFinder(t)
	cyEmptyBoard(s)
	down := find(cyWithPips(4))
	up := find(cyColored("green", 100, false))
	cyPlace(s, 3, down, false)
	cyPlace(s, 4, up, true)
	cybotOn(t, s, 4, 0, 6, 4)
	out := cyRun(t, s)
	cyHas(t, out, "1. Play a face-down passenger card: takes the face-down card at seat 3 (4 pips) with its 4: ")
	cyHas(t, out, "2. Reserve a passenger card: reserves")
	if r := s.reservation(1); r != 3 || s.Seats[r].ResDie.Value != 6 {
		t.Fatalf("no reservation of seat 4, beside seat 3, with the 6:\n%s", out)
	}
	// "Reserve an adjacent card, if you want" (step F): the Cybot too, so
	// a face-up card two seats away from the one it chose is not reserved.
	s3 := cySoloGame(t, 6)
	cyEmptyBoard(s3)
	cyPlace(s3, 3, down, false)
	cyPlace(s3, 6, up, true)
	cybotOn(t, s3, 4, 0, 6, 4)
	out = cyRun(t, s3)
	cyHas(t, out, "1. Play a face-down passenger card: takes the face-down card at seat 3 (4 pips) with its 4: ")
	cyHas(t, out, "2. Reserve a passenger card: not possible (no face-up card beside the seat it chose from), next.")
	if r := s3.reservation(1); r >= 0 {
		t.Fatalf("the Cybot reserved seat %d, not beside seat 3:\n%s", r+1, out)
	}
	// A face-up card is not what card 4 plays.
	s2 := cySoloGame(t, 6)
	cyEmptyBoard(s2)
	cyPlace(s2, 6, up, true)
	cybotOn(t, s2, 4, 0, 6, 4)
	out = cyRun(t, s2)
	cyHas(t, out, "1. Play a face-down passenger card: not possible")
}

// Card 5: "Choose passenger card; take bonus die. Keep this card as a
// reminder for the next turn and use the bonus die first to choose 1 more
// passenger card."
func TestCybotCard5Reminder(t *testing.T) {
	s := cySoloGame(t, 7)
	find := cyFinder(t)
	cyEmptyBoard(s)
	cyPlace(s, 2, find(cyColored("blue", 0, false)), true)
	cybotOn(t, s, 5, 0, 1, 2)
	out := cyRun(t, s)
	if !s.Cybot.Reminder || s.Players[1].Bonus != 1 {
		t.Fatalf("reminder %v bonus %d:\n%s", s.Cybot.Reminder, s.Players[1].Bonus, out)
	}
	if v := s.Public().(*PublicView).Cybot; v.Reminder == "" {
		t.Fatal("the view does not show the reminder")
	}
	// Next turn: the bonus die chooses first, then card 2 with the own dice.
	cyEmptyBoard(s)
	cyPlace(s, 5, find(cyColored("blue", 0, false)), true)
	cyPlace(s, 1, find(cyColored("gray", 0, false)), true)
	cards := len(s.Players[1].Cards)
	cybotOn(t, s, 2, 0, 3, 3, 5)
	out = cyRun(t, s)
	cyHas(t, out, "Reminder (card 5), the bonus die chooses 1 more passenger card: takes")
	cyHas(t, out, "with its bonus 5")
	if len(s.Players[1].Cards) != cards+2 || s.Cybot.Reminder {
		t.Fatalf("cards %d, want %d; reminder %v:\n%s", len(s.Players[1].Cards), cards+2, s.Cybot.Reminder, out)
	}
}

// Card 6: "Choose a passenger card of a colour it already collects, to build
// a set. If there is no incomplete set or no face-up card: choose 1 card."
func TestCybotCard6(t *testing.T) {
	s := cySoloGame(t, 8)
	find := cyFinder(t)
	cyEmptyBoard(s)
	giveCard(s, 1, find(cyColored("blue", 100, false)))
	gray := find(cyColored("gray", 0, false))
	blue := find(cyColored("blue", 0, false))
	cyPlace(s, 1, gray, true)
	cyPlace(s, 5, blue, true)
	cybotOn(t, s, 6, 0, 2, 3)
	out := cyRun(t, s)
	if !cyHolds(s, 1, blue) || cyHolds(s, 1, gray) {
		t.Fatalf("took %v, want the blue card:\n%s", s.Players[1].Cards, out)
	}
	// An incomplete set but no card of its colour face up: not possible.
	s2 := cySoloGame(t, 8)
	cyEmptyBoard(s2)
	giveCard(s2, 1, find(cyColored("yellow", 100, false)))
	cyPlace(s2, 1, gray, true)
	cybotOn(t, s2, 6, 0, 2, 3)
	out = cyRun(t, s2)
	cyHas(t, out, "1. Choose a passenger card to build a set: not possible")
	// No incomplete set: it chooses 1 card as usual.
	s3 := cySoloGame(t, 8)
	cyEmptyBoard(s3)
	cyPlace(s3, 1, gray, true)
	cybotOn(t, s3, 6, 0, 2, 3)
	cyRun(t, s3)
	if !cyHolds(s3, 1, gray) {
		t.Fatalf("without a set it did not choose the gray card: %v", s3.Players[1].Cards)
	}
}

// Card 7: "Police retreat. If impossible: the Cybot's thumb advances anyway
// and it puts the top bonus tile in its display; its 2 dice can go to other
// actions." In round 1 a retreat is impossible; the dice go to the spare
// dice rule (a token and 1 more card).
func TestCybotCard7(t *testing.T) {
	s := cySoloGame(t, 9)
	find := cyFinder(t)
	cyEmptyBoard(s)
	gray := find(cyColored("gray", 0, false))
	cyPlace(s, 3, gray, true)
	top := s.Tiles[len(s.Tiles)-1]
	before := cyTokens(s, 1)
	cybotOn(t, s, 7, 0, 1, 4)
	out := cyRun(t, s)
	cyHas(t, out, "1. Police retreat: not possible (not in the first two rounds); its thumb advances anyway")
	cyHas(t, out, "its thumb advances anyway")
	p := s.Players[1]
	if p.Thumb != 1 || len(p.Tiles) != 1 || p.Tiles[0] != top || s.Police != 14 {
		t.Fatalf("thumb %d tiles %v police %d", p.Thumb, p.Tiles, s.Police)
	}
	if cyTokens(s, 1) != before+1 || !cyHolds(s, 1, gray) {
		t.Fatalf("spare dice: tokens %d cards %v:\n%s", cyTokens(s, 1), p.Cards, out)
	}
}

// Card 8: "Police retreat; choose a passenger card to build a set." With
// equal scores (from round 3) the retreat is done as usual: the police go
// back 2, the human scores 2, the Cybot takes a bonus tile and its thumb.
func TestCybotCard8(t *testing.T) {
	s := cySoloGame(t, 10)
	s.Round = 3
	police := s.Police
	cybotOn(t, s, 8, 0, 2, 5)
	out := cyRun(t, s)
	cyHas(t, out, "1. Police retreat: with its 2 and 5.")
	if s.Police != police+2-1 || s.Players[0].Score != 2 || s.Players[1].Thumb != 1 || len(s.Players[1].Tiles) != 1 {
		t.Fatalf("police %d, human %d, thumb %d, tiles %v:\n%s", s.Police, s.Players[0].Score, s.Players[1].Thumb, s.Players[1].Tiles, out)
	}
	cyHas(t, out, "2. Choose a passenger card to build a set: not possible (no die left), next.")
}

// Card 9: "Persuade hijacker (if impossible: use up to 2 tokens to make it
// possible); take bonus die."
func TestCybotCard9Tokens(t *testing.T) {
	s := cySoloGame(t, 11)
	boss := data.hijacker["H1"] // one die 1-3, one die 4-6
	s.Slots[3] = Slot{Tile: boss, Disc: -1}
	s.Cybot.Hijacker = boss
	giveDemand(s, 1, "food", 1)
	before := cyTokens(s, 1)
	cybotOn(t, s, 9, 0, 5, 6) // both dice in 4-6: one token turns the 6 into a 1
	out := cyRun(t, s)
	cyHas(t, out, "1. Persuade its hijacker using 1 token: Cybot talks to The Boss with 5 and 1:")
	if cyTokens(s, 1) != before-1 || s.Slots[3].Turns != 1 || s.Slots[3].Disc != 1 {
		t.Fatalf("tokens %d (had %d), turns %d disc %d:\n%s", cyTokens(s, 1), before, s.Slots[3].Turns, s.Slots[3].Disc, out)
	}
	cyHas(t, out, "2. Take the bonus die: not possible (no die left), next.")
	// More than 2 tokens would be needed: not possible, the bonus die next.
	s2 := cySoloGame(t, 11)
	veteran := data.hijacker["H5"] // two dice 1-3
	s2.Slots[3] = Slot{Tile: veteran, Disc: -1}
	s2.Cybot.Hijacker = veteran
	giveDemand(s2, 1, "food", 3)
	cybotOn(t, s2, 9, 0, 5, 5) // 5 -> 3 takes 2 turns each: 4 tokens
	out = cyRun(t, s2)
	cyHas(t, out, "1. Persuade its hijacker: not possible")
	if s2.Players[1].Bonus != 1 {
		t.Fatalf("no bonus die:\n%s", out)
	}
}

// Card 10: "Persuade hijacker; build trust; choose passenger card." The
// persuasion takes both dice, so the rest cannot be done.
func TestCybotCard10(t *testing.T) {
	s := cySoloGame(t, 12)
	rookie := data.hijacker["H4"] // two dice 3-6
	s.Slots[3] = Slot{Tile: rookie, Disc: -1}
	cybotOn(t, s, 10, 0, 3, 6)
	out := cyRun(t, s)
	cyHas(t, out, "1. Persuade its hijacker: Cybot talks to The Rookie with 3 and 6:")
	cyHas(t, out, "2. Build trust: not possible (no die left), next.")
	cyHas(t, out, "3. Choose a passenger card: not possible (no die left), next.")
}

// Card 11: "Take bonus die; police retreat (even if impossible: advance the
// Cybot's thumb 1 space and put the top bonus tile in its display)." The
// bonus die takes one die, so the retreat lacks its 2 dice.
func TestCybotCard11(t *testing.T) {
	s := cySoloGame(t, 13)
	s.Round = 3
	cybotOn(t, s, 11, 0, 2, 3)
	out := cyRun(t, s)
	cyHas(t, out, "1. Take the bonus die: with its")
	cyHas(t, out, "2. Police retreat: not possible (it needs 2 dice); its thumb advances anyway")
	if s.Players[1].Thumb != 1 || len(s.Players[1].Tiles) != 1 || s.Players[1].Bonus != 1 {
		t.Fatalf("thumb %d tiles %v bonus %d", s.Players[1].Thumb, s.Players[1].Tiles, s.Players[1].Bonus)
	}
}

// Card 12: "Build trust (if impossible: use up to 2 tokens to make it
// possible); take a demand token; choose passenger card." The die that fits
// the demand is kept for it: "if action 1 takes any die, keep the die that
// also fits action 2".
func TestCybotCard12KeepsTheDie(t *testing.T) {
	s := cySoloGame(t, 14)
	match := s.Numbers[0]
	other := cyNumberNot(s)
	cybotOn(t, s, 12, 0, match, other)
	out := cyRun(t, s)
	cyHas(t, out, "1. Build trust: up to 3 cubes with its "+cyItoa(other))
	cyHas(t, out, "2. Take a demand token: Cybot takes "+aDemand(data.NumberPlaces[s.numberPlace(match)])+" with a "+cyItoa(match))
	cyHas(t, out, "3. Choose a passenger card: not possible (no die left), next.")
	// The same dice the other way round give the same use.
	s2 := cySoloGame(t, 14)
	cybotOn(t, s2, 12, 0, other, match)
	out = cyRun(t, s2)
	cyHas(t, out, "2. Take a demand token: Cybot takes "+aDemand(data.NumberPlaces[s.numberPlace(match)])+" with a "+cyItoa(match))
}

func cyItoa(v int) string { return string(rune('0' + v)) }

// The preferences: "Among several options it takes, in order: (1) the
// colour the Cybot owns most of; (2) the colour you own most of; (3) the
// easiest card (lowest cost first; on a tie the lowest trust); (4) a random
// card of your choice."
func TestCybotTieBreaks(t *testing.T) {
	t.Run("1 the colour the Cybot owns most of", func(t *testing.T) {
		s := cySoloGame(t, 20)
		find := cyFinder(t)
		cyEmptyBoard(s)
		giveCard(s, 1, find(cyColored("gray", 100, false)))
		giveCard(s, 1, find(cyColored("gray", 100, false)))
		giveCard(s, 1, find(cyColored("blue", 100, false)))
		blue := find(cyColored("blue", 0, false))
		gray := find(cyColored("gray", 0, true))
		cyPlace(s, 1, blue, true)
		cyPlace(s, 6, gray, true)
		cybotOn(t, s, 2, 0, 1, 1)
		out := cyRun(t, s)
		cyHas(t, out, "takes the gray card at seat 6")
		// Its third gray card completes a set: "As soon as the Cybot has a
		// complete set it trades it for 1 pilot or 1 passenger."
		cyHas(t, out, "Cybot frees a pilot for")
		if s.Players[1].Pilots != 1 || s.Players[1].colorCount("gray") != 0 {
			t.Fatalf("pilots %d, cards %v", s.Players[1].Pilots, s.Players[1].Cards)
		}
	})
	t.Run("2 the colour you own most of", func(t *testing.T) {
		s := cySoloGame(t, 21)
		find := cyFinder(t)
		cyEmptyBoard(s)
		giveCard(s, 0, find(cyColored("yellow", 100, false)))
		green := find(cyColored("green", 0, false))
		yellow := find(cyColored("yellow", 100, true))
		s.Trust = data.TrustSpaces
		s.Green -= data.TrustSpaces
		cyPlace(s, 2, green, true)
		cyPlace(s, 5, yellow, true)
		cybotOn(t, s, 2, 0, 1, 1)
		cyRun(t, s)
		if !cyHolds(s, 1, yellow) {
			t.Fatalf("took %v, want the yellow card (you own a yellow one)", s.Players[1].Cards)
		}
	})
	t.Run("3 the easiest card", func(t *testing.T) {
		s := cySoloGame(t, 22)
		find := cyFinder(t)
		cyEmptyBoard(s)
		s.Trust = data.TrustSpaces
		s.Green -= data.TrustSpaces
		costly := find(cyColored("green", 0, true))
		hard := find(func(c Card) bool { return c.Color == "blue" && c.Trust >= 30 && c.Demand == "none" })
		easy := find(func(c Card) bool { return c.Color == "yellow" && c.Trust <= 20 && c.Demand == "none" })
		cyPlace(s, 1, costly, true)
		cyPlace(s, 3, hard, true)
		cyPlace(s, 6, easy, true)
		cybotOn(t, s, 2, 0, 4, 4)
		cyRun(t, s)
		if !cyHolds(s, 1, easy) {
			t.Fatalf("took %v, want %s (no demand, lowest trust)", s.Players[1].Cards, easy)
		}
	})
	t.Run("4 a random card of your choice", func(t *testing.T) {
		s := cySoloGame(t, 23)
		find := cyFinder(t)
		cyEmptyBoard(s)
		a := find(cyColored("gray", 0, false))
		b := find(cyColored("green", 0, false))
		cyPlace(s, 2, a, true)
		cyPlace(s, 5, b, true)
		cybotOn(t, s, 2, 0, 3, 3)
		out := cyRun(t, s)
		cyHas(t, out, "seats 2, 5 tie on every preference")
		ps := s.Prompts()
		var ask *games.Prompt
		for i := range ps {
			if ps[i].Seat == 0 && !ps[i].Standing {
				ask = &ps[i]
			}
		}
		if ask == nil || ask.Turn || ask.Default == "" || len(ask.Choices) != 2 {
			t.Fatalf("no question with a default to the human: %+v", ps)
		}
		if legal := s.Legal(1); len(legal) != 0 {
			t.Fatalf("the Cybot may move while it waits: %v", legal)
		}
		refuse(t, s, 1, moveCybot)
		refuse(t, s, 0, "pick 3")
		must(t, s, 0, "pick 5")
		cyRun(t, s)
		if !cyHolds(s, 1, b) {
			t.Fatalf("took %v, want the picked %s", s.Players[1].Cards, b)
		}
	})
}

// "prefers face-up cards of a colour it already owns and has not completed
// (fewer than 3), and prefers cards it can play": a face-up card it can play
// beats a face-down one, a face-down one beats a face-up card it must
// discard, and it never looks under a face-down card (two positions that
// differ only in the faces of face-down cards get the same choice).
func TestCybotPrefersPlayable(t *testing.T) {
	s := cySoloGame(t, 24)
	find := cyFinder(t)
	cyEmptyBoard(s)
	unplayable := find(func(c Card) bool { return c.Color == "blue" && c.Trust >= 50 })
	down := find(cyWithPips(3))
	cyPlace(s, 1, unplayable, true)
	cyPlace(s, 4, down, false)
	cybotOn(t, s, 2, 0, 3, 5)
	out := cyRun(t, s)
	cyHas(t, out, "takes the face-down card at seat 4 (3 pips) with its 3")
	for _, swap := range []string{find(cyWithPips(3)), find(cyWithPips(3))} {
		s2 := cySoloGame(t, 24)
		cyEmptyBoard(s2)
		cyPlace(s2, 1, unplayable, true)
		cyPlace(s2, 4, swap, false)
		cybotOn(t, s2, 2, 0, 3, 5)
		cyHas(t, cyRun(t, s2), "takes the face-down card at seat 4 (3 pips) with its 3")
	}
}

// Spare dice: "When the card is done and 1 die is left, trade it for 1
// demand token. With a 2nd die left, choose 1 more passenger card; if there
// is no face-up passenger card, turn up the face-down one with the highest
// value. If that is impossible too, or a die is still left, take a bonus
// die. Any dice still left are discarded."
func TestCybotSpareDice(t *testing.T) {
	// Card 7 in round 1 leaves every die spare.
	t.Run("1 die: a token of the number it shows", func(t *testing.T) {
		s := cySoloGame(t, 30)
		cyEmptyBoard(s)
		cybotOn(t, s, 4, 0, s.Numbers[2], 6) // nothing on the board: card 4 is impossible
		s.Dice[1].Used = true                // one die left
		before := s.Players[1].Demands
		out := cyRun(t, s)
		want := demandIndex(data.NumberPlaces[2])
		if s.Players[1].Demands[want] != before[want]+1 {
			t.Fatalf("no %s:\n%s", demandNames[want], out)
		}
	})
	t.Run("2 dice: a token and a face-up card", func(t *testing.T) {
		s := cySoloGame(t, 31)
		find := cyFinder(t)
		cyEmptyBoard(s)
		gray := find(cyColored("gray", 0, false))
		cyPlace(s, 2, gray, true)
		before := cyTokens(s, 1)
		cybotOn(t, s, 7, 0, 2, 6)
		out := cyRun(t, s)
		if cyTokens(s, 1) != before+1 || !cyHolds(s, 1, gray) {
			t.Fatalf("tokens %d cards %v:\n%s", cyTokens(s, 1), s.Players[1].Cards, out)
		}
		cyHas(t, out, "Spare dice: trades its 2 for a demand token")
		cyHas(t, out, "1 more passenger card, takes the gray card at seat 2")
	})
	t.Run("2 dice, nothing face up: the highest face-down card", func(t *testing.T) {
		s := cySoloGame(t, 32)
		find := cyFinder(t)
		cyEmptyBoard(s)
		cyPlace(s, 1, find(cyWithPips(2)), false)
		cyPlace(s, 3, find(cyWithPips(5)), false)
		cyPlace(s, 6, find(cyWithPips(4)), false)
		cybotOn(t, s, 7, 0, 1, 1)
		out := cyRun(t, s)
		cyHas(t, out, "1 more passenger card, takes the face-down card at seat 3 (5 pips) with its 1")
	})
	t.Run("2 dice, no card at all: a bonus die", func(t *testing.T) {
		s := cySoloGame(t, 33)
		cyEmptyBoard(s)
		cybotOn(t, s, 7, 0, 3, 4)
		out := cyRun(t, s)
		cyHas(t, out, "no passenger card it can choose or turn up")
		if s.Players[1].Bonus != 1 {
			t.Fatalf("no bonus die:\n%s", out)
		}
	})
	t.Run("3 dice: a token, a card, and the third discarded (the only bonus die is in use)", func(t *testing.T) {
		s := cySoloGame(t, 34)
		find := cyFinder(t)
		cyEmptyBoard(s)
		cyPlace(s, 2, find(cyColored("gray", 0, false)), true)
		before := cyTokens(s, 1)
		cybotOn(t, s, 7, 1, 2, 5, 6)
		out := cyRun(t, s)
		if cyTokens(s, 1) != before+1 || len(s.Players[1].Cards) != 1 || s.Players[1].Bonus != 0 {
			t.Fatalf("tokens %d cards %v bonus %d:\n%s", cyTokens(s, 1), s.Players[1].Cards, s.Players[1].Bonus, out)
		}
		cyHas(t, out, "trades its 2 for a demand token")
		cyHas(t, out, "with its bonus 6")
		cyHas(t, out, "the 5 left is discarded")
	})
	t.Run("dice still left are discarded", func(t *testing.T) {
		s := cySoloGame(t, 35)
		cyEmptyBoard(s)
		cybotOn(t, s, 1, 1, 2, 5, 6) // card 1 takes the bonus die; no card to choose
		out := cyRun(t, s)
		cyHas(t, out, "left are discarded")
		if err := conserveSolo(s); err != nil {
			t.Fatal(err)
		}
	})
}
