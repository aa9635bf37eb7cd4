package hunted

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// TestUsedChocolatesNeverReturn: the Chocolates is one of the "3 STARTING
// CARDS", not of the "69 HUNTED CARDS" ("Place the Chocolates card to the
// right of the Handgun card", while "Shuffle the Hunted deck" concerns the
// others), and it says "Discard to reroll any number of dice you just
// rolled." Used, it leaves the game: it never goes to the Hunted discard
// pile, from where "If the draw deck runs out, shuffle the discard pile to
// create a new draw deck" would bring it back to be drawn and taken again.
// Seeded random playouts that reroll with it whenever they can check that,
// once used, it is out for good.
func TestUsedChocolatesNeverReturn(t *testing.T) {
	count := gameCount(150, 30)
	for _, v := range setups {
		t.Run(v.name, func(t *testing.T) {
			used, reshuffledAfter := 0, 0
			// Fewer games (the race detector) go on past count, up to the
			// normal 150, until one reshuffles after the Chocolates was
			// used: the check needs such a game to have teeth.
			for i := 0; i < count || (reshuffledAfter == 0 && i < max(count, 150)); i++ {
				s := newTest(t, uint64(7_000_000+i), v.opts, v.names...)
				rng := games.NewRNG(uint64(i) ^ 0xc0c0a)
				spent := false
				for moves := 0; s.Outcome() == nil && moves < 5000; moves++ {
					legal := s.Legal(s.Turn)
					m := legal[rng.Intn(len(legal))]
					for _, l := range legal {
						if strings.HasPrefix(l, "reroll CH ") {
							m = l // spend it as soon as it may be spent
						}
					}
					deckBefore := len(s.Deck)
					ev, err := s.Apply(s.Turn, m)
					if err != nil {
						t.Fatalf("seed %d: legal %q refused: %v", i, m, err)
					}
					if strings.HasPrefix(m, "reroll CH ") {
						spent = true
						used++
					}
					if spent && len(s.Deck) > deckBefore+1 {
						reshuffledAfter++
					}
					if strings.Contains(eventText(ev), "draws Chocolates") {
						t.Fatalf("seed %d: the Chocolates was drawn from the Hunted deck after %q:\n%s", i, m, eventText(ev))
					}
					if err := conserve(s); err != nil {
						t.Fatalf("seed %d after %q: %v", i, m, err)
					}
					if spent && indexOf(s.Out, "CH") < 0 {
						t.Fatalf("seed %d after %q: the used Chocolates is back in play", i, m)
					}
				}
			}
			// The check has teeth only if the Chocolates was used and the
			// discard pile was shuffled into a new deck afterwards.
			if used < count/10 || reshuffledAfter == 0 {
				t.Fatalf("%d of %d games used the Chocolates, %d reshuffles after: the playouts test too little", used, count, reshuffledAfter)
			}
		})
	}
}

// TestChocolatesLeavesTheGame: "Discard to reroll any number of dice you
// just rolled": the card leaves the game, not to the Hunted discard pile.
func TestChocolatesLeavesTheGame(t *testing.T) {
	s := staged(t)
	s.stack(t, "E03") // Sniper Fire: test, fail: lose 1 health
	s.forceDice(t, 6, 1, 1, 6)
	must(t, s, "draw")
	must(t, s, "reroll CH 1")
	if indexOf(s.Out, "CH") < 0 || indexOf(s.Discard, "CH") >= 0 || indexOf(s.Players[0].Inv, "CH") >= 0 {
		t.Fatalf("the used Chocolates: out %v, discard has it %v", s.Out, indexOf(s.Discard, "CH") >= 0)
	}
}

// TestNothingCostsNothing: a card that costs nothing (a starting card,
// should one ever lie in a row) is told as free, never as "[]", "Pay  for"
// or "paying with nothing".
func TestNothingCostsNothing(t *testing.T) {
	if d := describe("CH"); strings.Contains(d, "[") {
		t.Errorf("describe: %q", d)
	}
	s := staged(t)
	s.Players[0].Inv = []string{"HG1"}
	s.Players[0].Row = []string{"CH"}
	s.Out = without(s.Out, "CH")
	for _, m := range s.Legal(0) {
		if strings.HasSuffix(m, " ") || strings.Contains(m, "with ") && strings.HasSuffix(m, "with") {
			t.Errorf("legal move %q", m)
		}
	}
	if !has(s.Legal(0), "activate CH") {
		t.Fatalf("legal %v", s.Legal(0))
	}
	title, choices := s.Refine(0, "act")
	for _, c := range choices {
		if strings.Contains(c.Label, "cost )") || strings.Contains(c.Label, "cost ;") {
			t.Errorf("%s: %q", title, c.Label)
		}
	}
	title, choices = s.Refine(0, "act:CH")
	if strings.Contains(title, "  ") || len(choices) != 1 || choices[0].Move != "activate CH" || strings.HasSuffix(choices[0].Label, "with ") {
		t.Fatalf("%q %+v", title, choices)
	}
	text := eventText(must(t, s, "activate CH"))
	if strings.Contains(text, "nothing") || !strings.Contains(text, "for free") {
		t.Fatalf("%q", text)
	}
}
