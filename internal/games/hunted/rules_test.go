package hunted

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// topLocation puts a location card on top of the location deck.
func (s *State) topLocation(t testing.TB, ids ...string) {
	t.Helper()
	for _, id := range ids {
		switch {
		case indexOf(s.Locations, id) >= 0:
			s.Locations = without(s.Locations, id)
		case indexOf(s.LocUnused, id) >= 0:
			s.LocUnused = without(s.LocUnused, id)
		default:
			t.Fatalf("location %s is not available", id)
		}
		s.Locations = append(s.Locations, id)
	}
}

// row sets the seat's row from the discard pile.
func (s *State) setRow(t testing.TB, seat int, ids ...string) {
	t.Helper()
	s.Players[seat].Row = s.pull(t, ids...)
}

// TestSetup: "one cube on the space for six health, and the other cube on the
// space for twenty time"; "Place the Handgun card ... put three ammo tokens
// and four blue d6 on the card"; "Place the Chocolates card"; "Draw fourteen
// Location cards ... Shuffle these cards with the Roof card and place the
// three cards at the bottom of the Location deck."
func TestSetup(t *testing.T) {
	for seed := uint64(1); seed <= 200; seed++ {
		s := newTest(t, seed, nil)
		p := s.Players[0]
		if p.Health != 6 || s.Time != 20 || testDice(p.Health) != 2 {
			t.Fatalf("health %d time %d", p.Health, s.Time)
		}
		if w := s.Weapons["HG1"]; w == nil || w.Dice != 4 || w.Mags != 3 || s.Ammo != ammoTokens-3 {
			t.Fatalf("handgun %+v, supply %d", w, s.Ammo)
		}
		if strings.Join(p.Inv, " ") != "HG1 CH" {
			t.Fatalf("inventory %v", p.Inv)
		}
		if len(s.Deck) != huntedCards || len(s.Locations) != 15 || len(s.LocUnused) != 2 {
			t.Fatalf("deck %d, locations %d, set aside %d", len(s.Deck), len(s.Locations), len(s.LocUnused))
		}
		roof := -1
		for i, id := range s.Locations {
			if data.location[id].Roof {
				roof = i
			}
		}
		if roof < 0 || roof > 2 { // index 0 is the bottom
			t.Fatalf("seed %d: the Roof is at %d from the bottom", seed, roof)
		}
		if err := conserve(s); err != nil {
			t.Fatal(err)
		}
	}
}

// TestHarderStarts: "experienced players can increase the game difficulty by
// beginning the game with four health and/or seventeen time."
func TestHarderStarts(t *testing.T) {
	s := newTest(t, 1, games.Options{"health": 4, "time": 17})
	if s.Players[0].Health != 4 || s.Time != 17 || testDice(4) != 2 {
		t.Fatalf("health %d time %d", s.Players[0].Health, s.Time)
	}
	for _, o := range []games.Options{{"health": 5}, {"time": 18}} {
		opts, err := Kind.Resolve(o)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Kind.New(games.Setup{Players: []string{"A"}, Options: opts, Seed: 1}); err == nil || !strings.Contains(err.Error(), "harder start") {
			t.Fatalf("options %v accepted: %v", o, err)
		}
	}
}

// TestDraw: "draw the top card from the Hunted deck and place it face up in
// the row ... If the draw deck runs out, shuffle the discard pile to create a
// new draw deck."
func TestDraw(t *testing.T) {
	s := staged(t)
	s.stack(t, "W01")
	must(t, s, "draw")
	if strings.Join(s.Players[0].Row, " ") != "W01" || len(s.Deck) != 0 {
		t.Fatalf("row %v deck %d", s.Players[0].Row, len(s.Deck))
	}
	discards := len(s.Discard)
	must(t, s, "draw")
	if len(s.Deck)+len(s.Discard) != discards-1 || len(s.Discard) != 0 {
		t.Fatalf("deck %d discard %d after reshuffle", len(s.Deck), len(s.Discard))
	}
}

// TestHide: "discard all cards in the row to the discard pile and reduce the
// value on the time track by one."
func TestHide(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "T01", "W01")
	must(t, s, "hide")
	if len(s.Players[0].Row) != 0 || s.Time != 19 || indexOf(s.Discard, "T01") < 0 {
		t.Fatalf("row %v time %d", s.Players[0].Row, s.Time)
	}
}

// TestRulebookExample: "you've drawn three cards and have a Hallway, a
// Grenade, and an Ammo in the row ... You could discard both the Grenade and
// the Ammo to provide two Move actions, activating the Hallway card ...
// discard the Hallway card and draw one Location card. ... Or instead, you
// could choose to discard the Hallway card to provide one Search action and
// use it to place the Ammo into your inventory."
func TestRulebookExample(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D03", "I04", "I01")
	s.topLocation(t, "L07")
	must(t, s, "activate hallway with grenade ammo")
	if len(s.Players[0].Row) != 0 || len(s.LocPassed) != 1 || s.LocPassed[0] != "L07" {
		t.Fatalf("row %v passed %v", s.Players[0].Row, s.LocPassed)
	}
	for _, id := range []string{"D03", "I04", "I01"} {
		if indexOf(s.Discard, id) < 0 {
			t.Fatalf("%s not discarded", id)
		}
	}

	s = staged(t)
	s.setRow(t, 0, "D03", "I04", "I01")
	must(t, s, "activate I01 with D03")
	if strings.Join(s.Players[0].Row, " ") != "I04" || indexOf(s.Players[0].Inv, "I01") < 0 {
		t.Fatalf("row %v inventory %v", s.Players[0].Row, s.Players[0].Inv)
	}
}

// TestOneIconPerCard: "you can only use one action icon on a card when you
// discard it" and "only one card can be activated at a time".
func TestOneIconPerCard(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "I07", "I01") // Medkit costs search + search; Ammo gives move or search
	err := refused(t, s, "activate I07 with I01")
	if !strings.Contains(err.Error(), "exactly 2") {
		t.Fatalf("error %v", err)
	}
	s = staged(t)
	s.setRow(t, 0, "I07", "I01", "I02")
	must(t, s, "activate I07 with I01 I02")
	// A Door costs one move: a Hallway (search only) cannot pay.
	s = staged(t)
	s.setRow(t, 0, "D07", "D03")
	if err := refused(t, s, "activate D07 with D03"); !strings.Contains(err.Error(), "gives search") {
		t.Fatalf("error %v", err)
	}
	refused(t, s, "activate T01")
}

// TestKeyToken: "you may discard one key token at any point to activate a
// card in the row that requires a key icon."
func TestKeyToken(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D10")
	refused(t, s, "activate D10 with key")
	s.Players[0].Keys, s.Keys = 1, keyTokens-1
	s.topLocation(t, "L07", "L06")
	must(t, s, "activate D10 with key")
	if s.Players[0].Keys != 0 || s.Phase != phaseChoose {
		t.Fatalf("keys %d phase %s", s.Players[0].Keys, s.Phase)
	}
}

// TestRegroupCard: "Regroup cards can be activated from the Hunted Row by
// losing one time. When activated, the card grants you a regroup token."
func TestRegroupCard(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "R01")
	must(t, s, "activate R01")
	if s.Time != 19 || s.Players[0].Regroup != 1 || s.Regroups != regroupTokens-1 {
		t.Fatalf("time %d regroup %d", s.Time, s.Players[0].Regroup)
	}
}

// TestRegroupToken: "These tokens can be discarded after any die roll to add
// two to a die."
func TestRegroupToken(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = []string{"HG1"} // no Chocolates
	s.Out = append(s.Out, "CH")
	s.Players[0].Regroup, s.Regroups = 1, regroupTokens-1
	s.stack(t, "E03") // Sniper Fire: test, fail: lose 1 health
	s.forceDice(t, 6, 3, 1)
	must(t, s, "draw")
	if s.Phase != phaseRoll {
		t.Fatalf("phase %s", s.Phase)
	}
	refused(t, s, "draw") // "Any card drawn requiring a test must be resolved before doing any other action."
	must(t, s, "regroup 1")
	if s.Players[0].Health != 6 || s.Players[0].Regroup != 0 || s.Phase != phaseMain {
		t.Fatalf("health %d regroup %d phase %s", s.Players[0].Health, s.Players[0].Regroup, s.Phase)
	}
}

// TestTest: "To resolve a test, you will roll dice (based on current health
// ...) and will try to roll equal to or greater than five. If multiple dice
// are rolled, only one of the dice can be used ...; you may not add dice
// together".
func TestTest(t *testing.T) {
	for _, c := range []struct {
		health int
		faces  []int
		hurt   bool
	}{{6, []int{4, 4}, true}, {6, []int{2, 5}, false}, {3, []int{5}, false}, {3, []int{4}, true}} {
		s := staged(t)
		s.Players[0].Inv = []string{"HG1"}
		s.Out = append(s.Out, "CH")
		s.Players[0].Health = c.health
		s.stack(t, "E03")
		s.forceDice(t, 6, c.faces...)
		must(t, s, "draw")
		if got := len(s.Rolls[len(s.Rolls)-1].Dice); got != testDice(c.health) {
			t.Fatalf("health %d rolled %d dice", c.health, got)
		}
		if hurt := s.Players[0].Health < c.health; hurt != c.hurt {
			t.Fatalf("health %d faces %v: hurt %v", c.health, c.faces, hurt)
		}
	}
}

// TestRerollCostsNoTime: "You do not lose time when you play a card to
// reroll dice." The Chocolates: "Discard to reroll any number of dice you
// just rolled."
func TestRerollCostsNoTime(t *testing.T) {
	s := staged(t)
	s.stack(t, "E03")
	s.forceDice(t, 6, 1, 1, 6)
	must(t, s, "draw")
	must(t, s, "reroll CH 2")
	if s.Time != 20 || s.Players[0].Health != 6 || indexOf(s.Out, "CH") < 0 {
		t.Fatalf("time %d health %d", s.Time, s.Players[0].Health)
	}
}

// TestTwoLocations: "if two cards are drawn, you must choose one card to
// play and discard the other (other than the Roof card.)"
func TestTwoLocations(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D12", "I04", "I05")
	s.topLocation(t, "L11", "L07") // Break Room drawn first
	must(t, s, "activate D12 with I04 I05")
	if s.Phase != phaseChoose || len(s.LocChoice) != 2 {
		t.Fatalf("phase %s choice %v", s.Phase, s.LocChoice)
	}
	refused(t, s, "draw")
	must(t, s, "go break room")
	if strings.Join(s.LocPassed, " ") != "L11 L07" || s.Time != 20 {
		t.Fatalf("passed %v time %d", s.LocPassed, s.Time)
	}
	// The Roof is never discarded: it goes back on top.
	s = staged(t)
	s.setRow(t, 0, "D12", "I04", "I05")
	roof := "L01"
	s.Locations = without(s.Locations, roof)
	s.Locations = append(s.Locations, roof)
	s.topLocation(t, "L07")
	must(t, s, "activate D12 with I04 I05")
	must(t, s, "go L07")
	if s.Locations[len(s.Locations)-1] != roof || indexOf(s.LocPassed, roof) >= 0 || !s.Public().(*PublicView).RoofTop {
		t.Fatalf("roof not back on top: %v", s.Locations)
	}
}

// TestOptionalLocation: "If one card is drawn, you must complete the action
// on that card (unless it is designated as optional)".
func TestOptionalLocation(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D07", "I04")
	s.topLocation(t, "L04")
	must(t, s, "activate D07 with I04")
	if s.Phase != phaseOptional {
		t.Fatalf("phase %s", s.Phase)
	}
	must(t, s, "no")
	if s.Time != 20 || s.Phase != phaseMain {
		t.Fatalf("time %d phase %s", s.Time, s.Phase)
	}
}

// TestSurveillanceRoom: "You may lose 1 time to draw the top 3 cards.
// Discard 1. Place 1 on the bottom of the deck. Place 1 on top of the deck."
func TestSurveillanceRoom(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D07", "I04")
	s.topLocation(t, "L02")
	s.stack(t, "T14", "W03", "E01", "W01")
	deck := len(s.Deck)
	must(t, s, "activate D07 with I04")
	must(t, s, "yes")
	if s.Time != 19 || s.Phase != phaseSurveil || strings.Join(s.Surveil, " ") != "T14 W03 E01" {
		t.Fatalf("time %d phase %s surveil %v", s.Time, s.Phase, s.Surveil)
	}
	refused(t, s, "watch T14 T14")
	must(t, s, "watch T14 E01")
	if s.Deck[0] != "E01" || s.Deck[len(s.Deck)-1] != "W03" || s.Deck[len(s.Deck)-2] != "W01" || indexOf(s.Discard, "T14") < 0 || len(s.Deck) != deck-1 {
		t.Fatalf("deck %v", s.Deck)
	}
}

// TestSearchDeck: "draw cards one at a time, stop when you find the noted
// card, and shuffle the other cards that have been drawn back into the deck."
func TestSearchDeck(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "I10")...) // Flashlight: find a hostage
	s.stack(t, "W01", "T01", "H03", "H04")
	must(t, s, "use I10")
	if indexOf(s.Players[0].Inv, "H03") < 0 || indexOf(s.Deck, "H04") < 0 || indexOf(s.Deck, "W01") < 0 || indexOf(s.Deck, "T01") < 0 {
		t.Fatalf("inventory %v deck %v", s.Players[0].Inv, s.Deck)
	}
}

// TestAmbush: "draw cards one at a time; if a terrorist card is revealed,
// you must fight it, but you do not have to draw any additional cards" and
// "Event cards that cause you to fight a terrorist do not clear the row."
func TestAmbush(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "W01", "D01")
	s.stack(t, "E02", "I04", "T06", "T14")
	must(t, s, "draw")
	if s.Phase != phaseFight || s.Fight.Card != "T06" || len(s.Players[0].Row) != 2 || indexOf(s.Deck, "T14") < 0 || indexOf(s.Deck, "I04") < 0 {
		t.Fatalf("phase %s fight %+v row %v", s.Phase, s.Fight, s.Players[0].Row)
	}
}

// TestTriggerSecondTerrorist: "if there is ever a terrorist card already in
// the row and another terrorist card is drawn ... you must immediately
// discard all cards in the row and fight the stronger terrorist, discarding
// the weaker."
func TestTriggerSecondTerrorist(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "T04", "W01")
	s.stack(t, "T06")
	must(t, s, "draw")
	// Two Guards (3, 2) has more terrorists than the Enforcer (5).
	if s.Phase != phaseFight || s.Fight.Card != "T06" || len(s.Players[0].Row) != 0 || indexOf(s.Discard, "T04") < 0 || indexOf(s.Discard, "W01") < 0 {
		t.Fatalf("phase %s fight %+v", s.Phase, s.Fight)
	}
}

// TestTriggerBells: "or if there are ever two or more bell icons and a
// terrorist in the row", whichever comes last; one bell is not enough, and
// "With only one terrorist card in the row, you have the opportunity to hide".
func TestTriggerBells(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D01") // 1 bell
	s.stack(t, "T01", "W02")
	must(t, s, "draw")
	if s.Phase != phaseMain || len(s.Players[0].Row) != 2 {
		t.Fatalf("one bell and a terrorist started a fight")
	}
	if !has(s.Legal(0), verbHide) {
		t.Fatal("cannot hide from a single terrorist")
	}
	must(t, s, "draw") // SMG: a second bell
	if s.Phase != phaseFight || s.Fight.Card != "T01" || len(s.Players[0].Row) != 0 {
		t.Fatalf("phase %s", s.Phase)
	}
	// Bells first, then the terrorist.
	s = staged(t)
	s.setRow(t, 0, "D01", "W03")
	s.stack(t, "T02")
	must(t, s, "draw")
	if s.Phase != phaseFight || s.Fight.Card != "T02" {
		t.Fatalf("phase %s", s.Phase)
	}
}

// TestStrongerTerrorist: "The card with the greatest number of terrorists on
// it is considered the stronger one; if the number of terrorists is the
// same, fight the one with the higher sum of target numbers." and "a card
// with multiple terrorists on it only counts as one terrorist card".
func TestStrongerTerrorist(t *testing.T) {
	cases := []struct{ first, second, want string }{
		{"T04", "T01", "T04"}, // 5 beats 3
		{"T01", "T04", "T04"},
		{"T07", "T06", "T07"}, // 4+3 beats 3+2
		{"T04", "T12", "T12"}, // three terrorists beat one 5
		{"T14", "T09", "T14"},
		{"T02", "T03", "T02"}, // a full tie keeps the first
	}
	for _, c := range cases {
		s := staged(t)
		s.setRow(t, 0, c.first)
		s.stack(t, c.second)
		must(t, s, "draw")
		if s.Fight == nil || s.Fight.Card != c.want {
			t.Fatalf("%s then %s: fight %+v, want %s", c.first, c.second, s.Fight, c.want)
		}
	}
	// A three-terrorist card alone is one terrorist card: no trigger.
	s := staged(t)
	s.stack(t, "T14")
	must(t, s, "draw")
	if s.Phase != phaseMain {
		t.Fatal("one multi-terrorist card started a fight")
	}
}

// fightStaged starts a fight with a terrorist card by the trigger.
func fightStaged(t *testing.T, card string) *State {
	s := staged(t)
	s.setRow(t, 0, "T01")
	s.Players[0].Inv = []string{"HG1"}
	s.Out = append(s.Out, "CH")
	s.stack(t, card)
	if card == "T01" {
		t.Fatal("pick another card")
	}
	must(t, s, "draw")
	if s.Fight == nil || s.Fight.Card != card {
		t.Fatalf("fight %+v", s.Fight)
	}
	return s
}

// TestFightRounds: "You may only roll as many dice as the weapon currently
// has on its card", "Every time you roll dice in a fight, you lose one
// time", "A single die may only be used to attack one enemy", hits stay ("You
// do not have to hit that number again on a future roll") and "If you do not
// defeat the terrorist card in the first round of combat, then you lose one
// health".
func TestFightRounds(t *testing.T) {
	s := fightStaged(t, "T07") // Patrol 4, 3
	refused(t, s, "fight 5 HG1")
	s.forceDice(t, 6, 6, 1)
	must(t, s, "fight 2 HG1")
	f := s.Fight
	if s.Time != 19 || s.Weapons["HG1"].Dice != 2 || !f.Hit[0] || f.Hit[1] || s.Players[0].Health != 5 || f.Round != 1 {
		t.Fatalf("time %d dice %d hits %v health %d", s.Time, s.Weapons["HG1"].Dice, f.Hit, s.Players[0].Health)
	}
	// One die of 6 cannot take both the 4 and the 3.
	s.forceDice(t, 6, 3)
	s.stack(t, "W01", "W02")
	must(t, s, "fight 1 HG1")
	if s.Fight != nil || s.Phase != phaseReward || indexOf(s.Discard, "T07") < 0 {
		t.Fatalf("phase %s fight %+v", s.Phase, s.Fight)
	}
}

// TestHostageIcon: "if you take damage from one of these terrorists ...
// instead of moving your health cube, discard a hostage card from your
// inventory and remove it from the game. Discard a face-up hostage before a
// face-down one."
func TestHostageIcon(t *testing.T) {
	s := fightStaged(t, "T05") // Enforcer 5, hostage icon
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "H01", "H02")...)
	s.FaceDown["H01"] = true
	s.forceDice(t, 6, 1)
	must(t, s, "fight 1 HG1")
	if s.Players[0].Health != 6 || indexOf(s.Out, "H02") < 0 || indexOf(s.Players[0].Inv, "H01") < 0 {
		t.Fatalf("health %d out %v inv %v", s.Players[0].Health, s.Out, s.Players[0].Inv)
	}
	s.forceDice(t, 6, 1)
	must(t, s, "fight 1 HG1")
	s.forceDice(t, 6, 1)
	must(t, s, "fight 1 HG1")
	if s.Players[0].Health != 5 || indexOf(s.Out, "H01") < 0 {
		t.Fatalf("health %d out %v", s.Players[0].Health, s.Out)
	}
}

// TestHostageFlip: "Each hostage card has an effect that can be activated
// while it's in your inventory. After gaining the effect, flip the card face
// down. The card will remain in your inventory".
func TestHostageFlip(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "H02")...) // Intern: +2 time
	s.Time = 15
	must(t, s, "flip H02")
	if s.Time != 17 || !s.FaceDown["H02"] || indexOf(s.Players[0].Inv, "H02") < 0 {
		t.Fatalf("time %d", s.Time)
	}
	refused(t, s, "flip H02")
}

// TestWeapons: "When a weapon is activated and placed in your inventory,
// place the indicated number of ammo tokens and dice on the weapon's card";
// "To reload a weapon, discard a magazine token, reduce the value on the time
// track by one, and place dice back on the card"; the ammo tokens "represent
// how many magazines the weapon has before being discarded".
func TestWeapons(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = []string{"HG1"}
	s.Out = append(s.Out, "CH")
	s.setRow(t, 0, "W01", "D03") // Pistol costs search
	must(t, s, "activate W01 with D03")
	w := s.Weapons["W01"]
	if w.Dice != 3 || w.Mags != 1 || s.Ammo != ammoTokens-4 {
		t.Fatalf("pistol %+v supply %d", w, s.Ammo)
	}
	refused(t, s, "reload W01") // fully loaded
	s.setRow(t, 0, "T01")
	s.stack(t, "T02")
	must(t, s, "draw")
	s.forceDice(t, 6, 1, 1, 1)
	must(t, s, "fight 3 W01")
	must(t, s, "reload W01")
	if w := s.Weapons["W01"]; w.Dice != 3 || w.Mags != 0 || s.Time != 18 || s.Ammo != ammoTokens-3 {
		t.Fatalf("pistol %+v time %d supply %d", w, s.Time, s.Ammo)
	}
	s.forceDice(t, 6, 1, 1, 1)
	must(t, s, "fight 3 W01")
	if s.Weapons["W01"] != nil || indexOf(s.Discard, "W01") < 0 {
		t.Fatal("an empty pistol was not discarded")
	}
}

// TestGrenade: "roll an eight-sided die ... the number rolled is equal to or
// greater than multiple target numbers added together, you take out multiple
// terrorists. For example, the roll of a 7 would take out a 4 AND a 3."
func TestGrenade(t *testing.T) {
	s := fightStaged(t, "T07") // Patrol 4, 3
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "I04", "I05")...)
	s.forceDice(t, 8, 7)
	s.stack(t, "I06", "W01")
	must(t, s, "grenade I04")
	if s.Fight != nil || s.Time != 19 || indexOf(s.Discard, "I04") < 0 || s.Players[0].Health != 6 {
		t.Fatalf("fight %+v time %d", s.Fight, s.Time)
	}
	// A 6 takes only the 4 (the harder one) of 4 and 3.
	s = fightStaged(t, "T07")
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "I04")...)
	s.forceDice(t, 8, 6)
	must(t, s, "grenade I04")
	if !s.Fight.Hit[0] || s.Fight.Hit[1] {
		t.Fatalf("hits %v", s.Fight.Hit)
	}
}

// TestBareHands: "flip the handgun card over to reveal the 'bare hands' side.
// Now, anytime you need to make a roll during a fight, you may only roll one
// 6-sided die per round of combat. You still lose one time when rolling ...
// If you find more ammo, you may flip the card back over to the handgun side
// after losing one time to reload."
func TestBareHands(t *testing.T) {
	s := fightStaged(t, "T09") // Gunmen 4, 4
	s.forceDice(t, 6, 6)
	must(t, s, "fight hands")
	if !s.Weapons["HG1"].Flipped || len(s.Rolls[len(s.Rolls)-1].Dice) != 1 || s.Time != 19 {
		t.Fatalf("handgun %+v", s.Weapons["HG1"])
	}
	refused(t, s, "fight 1 HG1")
	must(t, s, "reload HG1")
	if w := s.Weapons["HG1"]; w.Flipped || w.Dice != 4 || w.Mags != 2 || s.Time != 18 {
		t.Fatalf("handgun %+v time %d", w, s.Time)
	}
	// Out of ammo: the handgun flips by itself.
	s.Weapons["HG1"].Mags, s.Ammo = 0, s.Ammo+2
	s.forceDice(t, 6, 1, 1, 1, 1)
	must(t, s, "fight 4 HG1")
	if !s.Weapons["HG1"].Flipped || s.holder("HG1") != 0 {
		t.Fatal("the empty handgun did not flip")
	}
}

// TestWinningAFight: "you may draw cards from the Hunted deck equal to the
// number of terrorists on the card ... If any of the drawn cards are an item,
// weapon, or hostage, you may immediately add one of them to your inventory
// for free. Slide the other cards back into the middle of the deck."
func TestWinningAFight(t *testing.T) {
	s := fightStaged(t, "T06") // Two Guards: draw 2
	s.Deck = append(s.pullRegroups(t), s.Deck...)
	s.stack(t, "W03", "T14")
	s.forceDice(t, 6, 6, 6)
	must(t, s, "fight 2 HG1")
	if s.Phase != phaseReward || strings.Join(s.RewardDraw, " ") != "W03 T14" {
		t.Fatalf("phase %s reward %v", s.Phase, s.RewardDraw)
	}
	refused(t, s, "take T14")
	must(t, s, "take W03")
	if s.Weapons["W03"] == nil || s.Deck[len(s.Deck)/2] != "T14" && s.Deck[(len(s.Deck)-1)/2] != "T14" {
		t.Fatalf("deck %v", s.Deck)
	}
}

// pullRegroups takes the three regroup cards out of the discard pile (to build a deck of known size).
func (s *State) pullRegroups(t testing.TB) []string { return s.pull(t, "R01", "R02", "R03") }

// TestRoof: "If you're able to hit him three times, you defeat him, rescue
// your wife, and win the game."
func TestRoof(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D07", "I04")
	s.Locations = []string{"L01"}
	s.LocPassed = append(s.LocPassed, without(data.locIDs(), "L01")...)
	s.LocPassed = without(s.LocPassed, s.LocUnused[0])
	s.LocPassed = without(s.LocPassed, s.LocUnused[1])
	must(t, s, "activate D07 with I04")
	if s.Fight == nil || !s.Fight.Lars {
		t.Fatalf("no Lars fight: %+v", s.Fight)
	}
	s.Players[0].Inv = []string{"HG1"}
	s.Out = append(s.Out, "CH")
	s.forceDice(t, 6, 5, 6, 1, 2)
	must(t, s, "fight 4 HG1")
	if s.Fight.LarsHits != 2 || s.Players[0].Health != 5 {
		t.Fatalf("hits %d health %d", s.Fight.LarsHits, s.Players[0].Health)
	}
	must(t, s, "reload HG1")
	s.forceDice(t, 6, 5)
	must(t, s, "fight 1 HG1")
	if !s.Won || s.Outcome() == nil || s.Outcome().Rank[0] != 1 {
		t.Fatalf("not won: %+v", s.Outcome())
	}
}

// TestLosing: "if you run out of time or if your health is reduced to zero,
// you lose."
func TestLosing(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "W01")
	s.Time = 1
	must(t, s, "hide")
	if s.Outcome() == nil || s.Outcome().Rank[0] != 2 || !strings.Contains(s.Outcome().Text, "Time has run out") {
		t.Fatalf("outcome %+v", s.Outcome())
	}
	s = staged(t)
	s.Players[0].Health = 1
	s.Players[0].Inv = []string{"HG1"}
	s.Out = append(s.Out, "CH")
	s.stack(t, "E03")
	s.forceDice(t, 6, 1)
	must(t, s, "draw")
	if s.Outcome() == nil || !strings.Contains(s.Outcome().Text, "health is gone") {
		t.Fatalf("outcome %+v", s.Outcome())
	}
}

// TestMaxima: "You may never go above twenty time or six health."
func TestMaxima(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "I07", "I13")...)
	refused(t, s, "use I07") // health already full
	refused(t, s, "use I13") // time already 20
	s.Players[0].Health, s.Time = 5, 19
	must(t, s, "use I07")
	must(t, s, "use I13")
	if s.Players[0].Health != 6 || s.Time != 20 {
		t.Fatalf("health %d time %d", s.Players[0].Health, s.Time)
	}
}

// TestScore: "+2 points for every health point you have left, +1 point for
// every time unit you have left, +3 points for every face-up hostage card in
// your inventory, +1 point for every face-down hostage card".
func TestScore(t *testing.T) {
	s := staged(t)
	s.Players[0].Health, s.Time = 3, 7
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "H01", "H02", "H03")...)
	s.FaceDown["H03"] = true
	total, _, _, _, _ := s.Score()
	if total != 2*3+7+3*2+1 {
		t.Fatalf("score %d", total)
	}
	ev, _ := s.Resign(0)
	if s.Outcome().Score[0] != 20 || !strings.Contains(eventText(ev), "Score 20") {
		t.Fatalf("outcome %+v", s.Outcome())
	}
}
