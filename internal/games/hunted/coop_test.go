package hunted

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// coop is a co-op game with every Hunted card in the discard pile.
func coop(t *testing.T) *State {
	t.Helper()
	return staged(t, "Alice", "Bob")
}

// TestCoopSetup: "begin the game with only four health (which is your max)
// and only two magazine tokens for your handgun, and remove the Sgt. Pratt
// or Agent O'Neil card from the Hunted deck. Then, give player two: A handgun
// card, two magazine tokens, and four 6-sided dice; The 'player 2' health
// tracker card and a cube. Place the cube on the four space." "Players will
// share time"; "Both players have access to the 'Chocolates' card".
func TestCoopSetup(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		s := newTest(t, seed, nil, "Alice", "Bob")
		for i, p := range s.Players {
			if p.Health != 4 || p.MaxHealth != 4 {
				t.Fatalf("player %d health %d/%d", i+1, p.Health, p.MaxHealth)
			}
		}
		if w := s.Weapons["HG1"]; w.Mags != 2 || w.Dice != 4 {
			t.Fatalf("player 1 handgun %+v", w)
		}
		if w := s.Weapons["HG2"]; w.Mags != 2 || w.Dice != 4 || s.holder("HG2") != 1 {
			t.Fatalf("player 2 handgun %+v", w)
		}
		if !data.card[s.Role].Role || indexOf(s.Out, s.Role) < 0 || len(s.Deck) != huntedCards-1 {
			t.Fatalf("role %s out %v deck %d", s.Role, s.Out, len(s.Deck))
		}
		if strings.Join(s.SharedInv, "") != "CH" || s.Time != 20 || s.Phase != phaseStart || s.Turn != 0 {
			t.Fatalf("shared %v time %d phase %s", s.SharedInv, s.Time, s.Phase)
		}
	}
}

// TestCoopTurns: "you'll alternate taking turns. On your turn, you have two
// options: 1. Draw 2. Hide"; "When you're done with any card interactions, it
// is the other player's turn"; "If you choose to hide, lose one time and
// discard the cards in front of you. The cards in the other player's row are
// unaffected. It is now the other player's turn."
func TestCoopTurns(t *testing.T) {
	s := coop(t)
	s.setRow(t, 0, "D03", "I04")
	s.setRow(t, 1, "W01")
	if _, err := s.Apply(1, "draw"); err == nil {
		t.Fatal("player 2 drew on player 1's turn")
	}
	refused(t, s, "activate I04 with D03") // draw or hide first
	s.stack(t, "I01", "H01")
	must(t, s, "draw")
	refused(t, s, "draw") // one draw a turn
	must(t, s, "end")
	if s.Turn != 1 || s.Phase != phaseStart {
		t.Fatalf("turn %d phase %s", s.Turn, s.Phase)
	}
	must(t, s, "hide")
	if len(s.Players[1].Row) != 0 || len(s.Players[0].Row) != 3 || s.Time != 19 || s.Turn != 0 {
		t.Fatalf("rows %v %v time %d turn %d", s.Players[0].Row, s.Players[1].Row, s.Time, s.Turn)
	}
}

// TestSharedRow: "After taking a draw action, you may move one card from
// your row to the shared row. The card is now considered to be in both
// players' rows. This means a card with a noise icon counts as one noise for
// both players." "If the cards in a player's row get discarded due to a
// terrorist attack or a hide action, all the cards in the shared row also
// get discarded."
func TestSharedRow(t *testing.T) {
	s := coop(t)
	s.setRow(t, 0, "D01", "I04") // D01 rings once
	s.setRow(t, 1, "T01", "W03") // the Shotgun rings once: one bell, one terrorist
	s.stack(t, "I01")
	must(t, s, "draw")
	must(t, s, "share D01")
	refused(t, s, "share I04") // one card a turn
	// Bob's row now holds two bells and a terrorist: Bob fights, Alice decides.
	if s.Fight == nil || s.Fight.Owner != 1 || s.Turn != 0 || len(s.Shared) != 0 || len(s.Players[1].Row) != 0 || len(s.Players[0].Row) != 2 {
		t.Fatalf("fight %+v shared %v rows %v %v", s.Fight, s.Shared, s.Players[0].Row, s.Players[1].Row)
	}
	// Round one is Bob's: only his weapons.
	refused(t, s, "fight 1 HG1")
	s.forceDice(t, 6, 1)
	must(t, s, "fight 1 HG2")
	must(t, s, "keep") // the shared Chocolates could reroll
	if s.Players[1].Health != 3 {
		t.Fatalf("Bob's health %d", s.Players[1].Health)
	}
	// "for the second round and on, the players may decide who is going to
	// fight the terrorist for that round": Alice's handgun now.
	s.forceDice(t, 6, 1)
	must(t, s, "fight 1 HG1")
	must(t, s, "keep")
	if s.Players[0].Health != 3 || s.Players[1].Health != 3 {
		t.Fatalf("health %d %d", s.Players[0].Health, s.Players[1].Health)
	}
}

// TestSharedRowUse: a shared card may pay in the partner's turn after they
// drew ("A player must take a draw action before interacting with any cards
// in the shared row"), and a hide discards it.
func TestSharedRowUse(t *testing.T) {
	s := coop(t)
	s.Shared = s.pull(t, "I04")
	s.setRow(t, 1, "D07")
	s.Turn, s.Phase = 1, phaseStart
	refused(t, s, "activate D07 with I04")
	s.stack(t, "W01")
	must(t, s, "draw")
	s.topLocation(t, "L07")
	must(t, s, "activate D07 with I04")
	s.Shared = s.pull(t, "I05")
	must(t, s, "end")
	must(t, s, "hide")
	if len(s.Shared) != 0 || indexOf(s.Discard, "I05") < 0 {
		t.Fatalf("shared row %v after a hide", s.Shared)
	}
}

// TestGive: "At any time, if you want to give an inventory card to the other
// player, spend one time and place it in their inventory." Weapons keep
// their dice and magazines.
func TestGive(t *testing.T) {
	s := coop(t)
	s.stack(t, "W01")
	must(t, s, "draw")
	must(t, s, "give HG1")
	if s.holder("HG1") != 1 || s.Time != 19 || s.Weapons["HG1"].Mags != 2 {
		t.Fatalf("holder %d time %d", s.holder("HG1"), s.Time)
	}
	refused(t, s, "give CH") // the Chocolates are shared already
}

// TestSharedChocolates: "Both players have access to the 'Chocolates' card,
// and either player may use it during the game."
func TestSharedChocolates(t *testing.T) {
	s := coop(t)
	s.Turn, s.Phase = 1, phaseStart
	s.stack(t, "E03") // Sniper Fire
	s.forceDice(t, 6, 1, 1, 6, 6)
	must(t, s, "draw")
	must(t, s, "reroll CH 1 2")
	if s.Players[1].Health != 4 || len(s.SharedInv) != 0 {
		t.Fatalf("health %d shared %v", s.Players[1].Health, s.SharedInv)
	}
}

// TestCoopLosing: "if either player goes to zero on their health tracker or
// if time runs out, both players lose."
func TestCoopLosing(t *testing.T) {
	s := coop(t)
	s.Players[1].Health = 1
	s.Turn, s.Phase = 1, phaseStart
	s.SharedInv = nil
	s.Out = append(s.Out, "CH")
	s.stack(t, "E03")
	s.forceDice(t, 6, 1)
	must(t, s, "draw")
	o := s.Outcome()
	if o == nil || o.Rank[0] != 2 || o.Rank[1] != 2 || !strings.Contains(o.Text, "Bob's health is gone") {
		t.Fatalf("outcome %+v", o)
	}
}

// TestCoopNoHideAfterDraw: "On your turn, you have two options: 1. Draw
// 2. Hide". A turn that began with a draw has no hide: it is refused with
// what to do instead, and no button or legal move offers it.
func TestCoopNoHideAfterDraw(t *testing.T) {
	s := coop(t)
	s.stack(t, "W01")
	must(t, s, "draw")
	err := refused(t, s, "hide")
	if !strings.Contains(err.Error(), "draw or a hide, not both") || !strings.Contains(err.Error(), "`end`") {
		t.Fatalf("refusal %q", err)
	}
	if has(s.Legal(0), verbHide) || reachable(t, s)[verbHide] {
		t.Fatal("hide is offered after the draw")
	}
	must(t, s, "end")
	must(t, s, "hide") // Bob's turn begins: hiding is his first option
}

// TestGiveAnyTime: "At any time, if you want to give an inventory card to
// the other player, spend one time and place it in their inventory." Either
// player gives, on the partner's turn too and in the middle of a fight or a
// roll; the partner sees a standing offer, and the game never waits for it.
func TestGiveAnyTime(t *testing.T) {
	s := coop(t)
	s.Players[1].Inv = append(s.Players[1].Inv, s.pull(t, "I07")...) // Bob's Medkit
	// Alice's turn, before her draw: Bob gives.
	if _, err := s.Apply(1, "give I07"); err != nil {
		t.Fatalf("Bob's gift on Alice's turn refused: %v", err)
	}
	if s.holder("I07") != 0 || s.Time != 19 || s.Turn != 0 || s.Phase != phaseStart {
		t.Fatalf("holder %d time %d turn %d phase %s", s.holder("I07"), s.Time, s.Turn, s.Phase)
	}
	// Anything else by Bob is still refused, with the hint.
	if _, err := s.Apply(1, "draw"); err == nil || !strings.Contains(err.Error(), "`give`") {
		t.Fatalf("Bob's draw on Alice's turn: %v", err)
	}
	// Bob's standing offer: a button of his own, opening his cards.
	var offer *games.Prompt
	for _, p := range s.Prompts() {
		if p.Seat == 1 {
			p := p
			offer = &p
		}
	}
	if offer == nil || !offer.Standing || offer.Turn || len(offer.Choices) != 1 || offer.Choices[0].Refine == "" {
		t.Fatalf("Bob's offer %+v", offer)
	}
	// Whoever clicks gives from their own inventory.
	if _, cs := s.Refine(0, offer.Choices[0].Refine); len(cs) != 2 || cs[0].Move != "give HG1" || cs[1].Move != "give I07" {
		t.Fatalf("Alice's click on Bob's button: %+v", cs)
	}
	if _, cs := s.Refine(1, offer.Choices[0].Refine); len(cs) != 1 || cs[0].Move != "give HG2" {
		t.Fatalf("Bob's gift menu %+v", cs)
	}
	// In a fight: Alice gives her Medkit to Bob before the first round, and Bob
	// gives on Alice's turn during the roll.
	s.setRow(t, 0, "T01")
	s.stack(t, "T07")
	must(t, s, "draw")
	if s.Phase != phaseFight {
		t.Fatalf("phase %s", s.Phase)
	}
	must(t, s, "give I07")
	if s.holder("I07") != 1 || s.Time != 18 {
		t.Fatalf("holder %d time %d", s.holder("I07"), s.Time)
	}
	s.forceDice(t, 6, 1)
	must(t, s, "fight 1 HG1")
	if s.Phase != phaseRoll {
		t.Fatalf("phase %s: the Chocolates should leave the roll open", s.Phase)
	}
	if _, err := s.Apply(1, "give I07"); err != nil {
		t.Fatalf("Bob's gift during Alice's roll: %v", err)
	}
	if s.holder("I07") != 0 || s.Phase != phaseRoll {
		t.Fatalf("holder %d phase %s", s.holder("I07"), s.Phase)
	}
	// No time left: nothing to pay with.
	s.Time = 0
	if _, err := s.Apply(1, "give HG2"); err == nil || !strings.Contains(err.Error(), "no time") {
		t.Fatalf("a gift with no time left: %v", err)
	}
}

// TestCoopScoreBothSeats: "if either player goes to zero on their health
// tracker or if time runs out, both players lose"; the win is shared too.
// The outcome ranks and scores both seats alike, so each is credited.
func TestCoopScoreBothSeats(t *testing.T) {
	s := coop(t)
	s.Won = true
	var ev []games.Event
	s.settle(&ev)
	o := s.Outcome()
	if o == nil || len(o.Rank) != 2 || o.Rank[0] != 1 || o.Rank[1] != 1 || len(o.Score) != 2 || o.Score[0] != o.Score[1] || o.Score[0] == 0 {
		t.Fatalf("outcome %+v", o)
	}
}
