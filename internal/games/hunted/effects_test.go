package hunted

import "testing"

// Tests of the authored cards' effects (docs/rules/hunted.md, Assumptions).

// TestSmokeGrenade removes a terrorist from the row ("items that ... get rid of terrorists").
func TestSmokeGrenade(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "T04", "D03")
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "I12")...)
	must(t, s, "use I12 T04")
	if indexOf(s.Players[0].Row, "T04") >= 0 || indexOf(s.Discard, "T04") < 0 || indexOf(s.Discard, "I12") < 0 {
		t.Fatalf("row %v", s.Players[0].Row)
	}
	refused(t, s, "use I12 T04")
}

// TestElevatorShaft: an optional location that draws one more location card.
func TestElevatorShaft(t *testing.T) {
	s := staged(t)
	s.setRow(t, 0, "D07", "I04")
	s.topLocation(t, "L06", "L04") // Elevator Shaft on top, Security Office next
	must(t, s, "activate D07 with I04")
	must(t, s, "yes")
	if s.Time != 19 || s.Players[0].Keys != 1 || len(s.LocPassed) != 2 {
		t.Fatalf("time %d keys %d passed %v", s.Time, s.Players[0].Keys, s.LocPassed)
	}
}

// TestFailedTestFight: "There are also some cards that force you to fight a
// terrorist if you fail a test. There is no card to represent this
// terrorist, but carry out the fight as normal." The row stays.
func TestFailedTestFight(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = []string{"HG1"}
	s.Out = append(s.Out, "CH")
	s.setRow(t, 0, "D03")
	s.stack(t, "E01") // Patrol Sweep: test, fail: fight a terrorist (4)
	s.forceDice(t, 6, 1, 2)
	must(t, s, "draw")
	if s.Fight == nil || s.Fight.Card != "" || s.Fight.Targets[0] != 4 || len(s.Players[0].Row) != 1 {
		t.Fatalf("fight %+v row %v", s.Fight, s.Players[0].Row)
	}
	s.forceDice(t, 6, 6)
	must(t, s, "fight 1 HG1")
	if s.Fight != nil || s.Phase != phaseMain || len(s.RewardDraw) != 0 {
		t.Fatalf("a cardless terrorist gave a reward or did not fall: %s", s.Phase)
	}
}

// TestPrattHit: Sgt. Pratt's flip puts a hit on the hardest target.
func TestPrattHit(t *testing.T) {
	s := fightStaged(t, "T07")
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "H09")...)
	refused(t, s, "use H09")
	must(t, s, "flip H09")
	if !s.Fight.Hit[0] || s.Fight.Hit[1] || s.Time != 20 {
		t.Fatalf("hits %v", s.Fight.Hit)
	}
}

// TestLarsGrenade: against Lars a grenade of 5 or more is one hit.
func TestLarsGrenade(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "I04")...)
	s.startFight(0, &Fight{Name: "Lars", Lars: true, Targets: []int{5}, Hit: []bool{false}}, nil)
	s.forceDice(t, 8, 8)
	must(t, s, "grenade I04")
	must(t, s, "keep") // the Chocolates could reroll
	if s.Fight.LarsHits != 1 || s.Players[0].Health != 5 {
		t.Fatalf("hits %d health %d", s.Fight.LarsHits, s.Players[0].Health)
	}
}
