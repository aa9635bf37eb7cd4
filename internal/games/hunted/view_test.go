package hunted

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPublicView: the view carries the rows, inventories with weapon dice
// and magazines, tracks, tokens and location progress, and never the order
// of the decks.
func TestPublicView(t *testing.T) {
	s := staged(t, "Alice", "Bob")
	s.setRow(t, 0, "T01", "D03")
	s.Shared = s.pull(t, "I04")
	s.stack(t, "W03", "T14", "H01")
	v := s.Public().(*PublicView)
	if len(v.Players) != 2 || len(v.Players[0].Row) != 2 || len(v.Shared) != 1 || v.Deck != 3 || v.LocLeft != 15 || v.RoofIn != 3 {
		t.Fatalf("view %+v", v)
	}
	hg := v.Players[0].Inv[0]
	if hg.ID != "HG1" || hg.Dice != 4 || hg.Mags != 2 || hg.Sides != 6 {
		t.Fatalf("handgun %+v", hg)
	}
	b, _ := json.Marshal(v)
	for _, hidden := range []string{"W03", "T14", "H01"} {
		if strings.Contains(string(b), hidden) {
			t.Fatalf("the view names %s from the deck", hidden)
		}
	}
	text := v.Text()
	for _, want := range []string{"Time 20/20", "Alice: health 4/4", "Lookout (T01) [3]", "Shared row: Grenade (I04)", "Handgun (HG1) 4/4 d6, 2 mag", "the Roof is among the last 3"} {
		if !strings.Contains(text, want) {
			t.Fatalf("text lacks %q:\n%s", want, text)
		}
	}
	if s.Private(0) != nil {
		t.Fatal("Hunted has no private view")
	}
}

// TestNewFightShowsNoOldDice: "After the terrorist encounter has been
// initiated, you first decide how many dice will be used for the initial
// assault": a new fight starts with no dice rolled, so its view carries
// none of the previous fight's ("hits 4" before any roll).
func TestNewFightShowsNoOldDice(t *testing.T) {
	s := fightStaged(t, "T02") // Gunman 4
	s.forceDice(t, 6, 6)
	must(t, s, "fight 1 HG1")
	if s.Fight != nil || len(s.Rolls) == 0 {
		t.Fatalf("the first fight is not won: %+v", s.Fight)
	}
	if s.Phase == phaseReward {
		must(t, s, "take none")
	}
	// The reward draw may have reshuffled the discard pile into the deck.
	s.Discard = append(s.Discard, s.Deck...)
	s.Deck = []string{}
	s.setRow(t, 0, "T01")
	s.stack(t, "T04")
	must(t, s, "draw")
	v := s.Public().(*PublicView)
	if v.Fight == nil || v.Fight.Name != "Enforcer" {
		t.Fatalf("no new fight: %+v", v.Fight)
	}
	if len(v.Rolls) != 0 || strings.Contains(v.Text(), "hits 4") {
		t.Fatalf("the new fight shows old dice: %+v\n%s", v.Rolls, v.Text())
	}
	s.forceDice(t, 6, 2)
	must(t, s, "fight 1 HG1")
	if v := s.Public().(*PublicView); len(v.Rolls) != 1 || v.Rolls[0].Outcome != "no hit" {
		t.Fatalf("the new fight's own roll: %+v", v.Rolls)
	}
}

// TestDiceBelongToTheirFight: a fight's dice are shown while it lasts and
// at its end (its reward chosen); the board after that, between fights,
// shows none of them.
func TestDiceBelongToTheirFight(t *testing.T) {
	s := fightStaged(t, "T02") // Gunman 4
	s.forceDice(t, 6, 2)
	must(t, s, "fight 1 HG1")
	if v := s.Public().(*PublicView); len(v.Rolls) != 1 {
		t.Fatalf("during the fight: %+v", v.Rolls)
	}
	s.forceDice(t, 6, 6)
	must(t, s, "fight 1 HG1")
	if v := s.Public().(*PublicView); len(v.Rolls) != 2 || v.Rolls[1].Outcome != "hits 4" {
		t.Fatalf("at the fight's end: %+v", v.Rolls)
	}
	if s.Phase == phaseReward {
		must(t, s, "take none")
	}
	s.Discard = append(s.Discard, s.Deck...)
	s.Deck = []string{}
	s.stack(t, "I01")
	must(t, s, "draw")
	if v := s.Public().(*PublicView); len(v.Rolls) != 0 || strings.Contains(v.Text(), "hits 4") {
		t.Fatalf("between fights the last fight's dice are still shown: %+v\n%s", v.Rolls, v.Text())
	}
}

// TestCoopHandgunsNamed: co-op has two cards called Handgun ("give player
// two: A handgun card"); the view says whose each is, also when one was
// given to the partner.
func TestCoopHandgunsNamed(t *testing.T) {
	s := coop(t)
	must(t, s, "give HG1")
	v := s.Public().(*PublicView)
	var names []string
	for _, c := range v.Players[1].Inv {
		names = append(names, c.Name)
	}
	if strings.Join(names, ",") != "Bob's Handgun,Alice's Handgun" {
		t.Fatalf("Bob's inventory: %v", names)
	}
	s.Turn = 1
	s.Phase = phaseMain
	s.Drew = true
	s.startFight(1, cardless([]int{6}), nil)
	s.forceDice(t, 6, 2)
	must(t, s, "fight 1 HG1")
	if v := s.Public().(*PublicView); v.Roll == nil || v.Roll.What != "fight: Alice's Handgun (HG1)" {
		t.Fatalf("the roll not kept yet: %+v", v.Roll)
	}
	must(t, s, "keep")
	if v := s.Public().(*PublicView); len(v.Rolls) != 1 || !strings.HasPrefix(v.Rolls[0].What, "Alice's Handgun (HG1) vs") {
		t.Fatalf("the roll with Alice's handgun: %+v", v.Rolls)
	}
	if solo := staged(t).Public().(*PublicView); solo.Players[0].Inv[0].Name != "Handgun" {
		t.Fatalf("solo: %q", solo.Players[0].Inv[0].Name)
	}
}
