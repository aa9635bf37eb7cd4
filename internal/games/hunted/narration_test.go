package hunted

import (
	"strings"
	"testing"
)

// TestSearchNamesCards: "draw cards one at a time, stop when you find the
// noted card, and shuffle the other cards that have been drawn back into
// the deck." The cards are turned up one by one, so the narration names
// each of them (assumption 17), the card found last.
func TestSearchNamesCards(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "I10")...) // Flashlight: find a hostage
	s.stack(t, "W01", "T01", "H03", "H04")
	text := eventText(must(t, s, "use I10"))
	want := "Searching for a hostage: Pistol (W01), Lookout (T01), Accountant (H03), which goes to Alice's inventory. The other 2 cards are shuffled back into the deck."
	if !strings.Contains(text, want) {
		t.Fatalf("narration:\n%s\nwant %q", text, want)
	}
	// Nothing found: every card looked at is named.
	s = staged(t)
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "I10")...)
	s.stack(t, "W02", "I04", "D07", "W01", "T14", "H03")
	text = eventText(must(t, s, "use I10"))
	want = "Searching for a hostage: SMG (W02), Grenade (I04), Door (D07), Pistol (W01), Strike Team (T14); none found, the 5 cards are shuffled back into the deck."
	if !strings.Contains(text, want) {
		t.Fatalf("narration:\n%s\nwant %q", text, want)
	}
}

// TestAmbushNamesCards: "if a terrorist card is revealed, you must fight it,
// but you do not have to draw any additional cards": the cards drawn before
// it are named, and the verb agrees with the card ("Two Guards attack").
func TestAmbushNamesCards(t *testing.T) {
	s := staged(t)
	s.stack(t, "E02", "I04", "T06", "T14")
	text := eventText(must(t, s, "draw"))
	want := "Cards drawn: Grenade (I04), Two Guards (T06). Two Guards attack! The other card is shuffled back into the deck."
	if !strings.Contains(text, want) {
		t.Fatalf("narration:\n%s\nwant %q", text, want)
	}
	s = staged(t)
	s.stack(t, "E02", "I04", "D07", "W01", "T14")
	text = eventText(must(t, s, "draw"))
	want = "Cards drawn: Grenade (I04), Door (D07), Pistol (W01). No terrorist; the 3 cards are shuffled back into the deck."
	if !strings.Contains(text, want) {
		t.Fatalf("narration:\n%s\nwant %q", text, want)
	}
}

// TestFightNarrationGrammar: "There are also some cards that force you to
// fight a terrorist if you fail a test. There is no card to represent this
// terrorist": cardless terrorists, one or two, and cards named as one or as
// several people, each told with verbs that agree.
func TestFightNarrationGrammar(t *testing.T) {
	cases := []struct {
		fight      *Fight
		wound, win string
	}{
		{cardless([]int{4}), "The terrorist still stands: Alice loses 1 health", "The terrorist is defeated!"},
		{cardless([]int{4, 3}), "The 2 terrorists still stand: Alice loses 1 health", "The 2 terrorists are defeated!"},
		{cardFight("T09"), "Gunmen still stand: Alice loses 1 health", "Gunmen are defeated!"},
		{cardFight("T07"), "Patrol still stands: Alice loses 1 health", "Patrol is defeated!"},
	}
	for _, c := range cases {
		s := staged(t)
		s.Players[0].Inv = []string{"HG1"}
		s.Out = append(s.Out, "CH")
		if c.fight.Card != "" {
			s.pull(t, c.fight.Card)
		}
		s.startFight(0, c.fight, nil)
		s.forceDice(t, 6, 1, 1)
		text := eventText(must(t, s, "fight 2 HG1"))
		if !strings.Contains(text, c.wound) {
			t.Fatalf("%s: wound told as\n%s\nwant %q", c.fight.Name, text, c.wound)
		}
		s.forceDice(t, 6, 6, 6)
		text = eventText(must(t, s, "fight 2 HG1"))
		if !strings.Contains(text, c.win) {
			t.Fatalf("%s: win told as\n%s\nwant %q", c.fight.Name, text, c.win)
		}
	}
	// A hostage-icon card: "they attack the hostages you've rescued first".
	s := fightStaged(t, "T08") // Patrol, hostage icon
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "H01")...)
	s.forceDice(t, 6, 1)
	text := eventText(must(t, s, "fight 1 HG1"))
	if want := "Patrol still stands and attacks the hostages: Receptionist (H01) is lost."; !strings.Contains(text, want) {
		t.Fatalf("narration:\n%s\nwant %q", text, want)
	}
}

// TestReloadNarration: "place dice back on the card that are equal to the
// value listed for the weapon": a one-die weapon reloads "1 die".
func TestReloadNarration(t *testing.T) {
	s := staged(t)
	s.Players[0].Inv = append(s.Players[0].Inv, s.pull(t, "W05")...) // Magnum: 1 d10, 2 magazines
	s.Weapons["W05"] = &Weapon{Dice: 0, Mags: 2}
	s.Ammo -= 2
	text := eventText(must(t, s, "reload W05"))
	if want := "reloads Magnum (W05): 1 die, 1 magazine left"; !strings.Contains(text, want) {
		t.Fatalf("narration:\n%s\nwant %q", text, want)
	}
}

// TestRerollLabels: "Discard to reroll any number of dice you just rolled":
// the menu names one die or several dice.
func TestRerollLabels(t *testing.T) {
	s := staged(t)
	s.stack(t, "E03")
	s.forceDice(t, 6, 1, 1)
	must(t, s, "draw")
	_, cs := s.Refine(0, "reroll:CH")
	var labels []string
	for _, c := range cs {
		labels = append(labels, c.Label)
	}
	if got := strings.Join(labels, "; "); got != "Reroll die 1; Reroll die 2; Reroll dice 1 and 2" {
		t.Fatalf("labels %q", got)
	}
}

// TestHitsListed: "When fighting multiple terrorists, each of the card's
// target numbers must be hit to defeat the card": the roll names the
// targets it hit as a list ("hits 4, 3 and 3").
func TestHitsListed(t *testing.T) {
	s := fightStaged(t, "T13") // Squad 4, 3, 3
	s.forceDice(t, 6, 4, 3, 3)
	text := eventText(must(t, s, "fight 3 HG1"))
	if !strings.Contains(text, "d6:4 d6:3 d6:3: hits 4, 3 and 3.") {
		t.Fatalf("narration:\n%s", text)
	}
}
