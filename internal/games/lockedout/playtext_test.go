package lockedout

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

// The play phase's words offer only what its controls offer: "search once
// more" was offered when no search was possible, and "play cards" with no
// card to play, so a player looked for a control that was not there.
func TestPlayTextOffersOnlyWhatIsPossible(t *testing.T) {
	seen := map[string]int{}
	for i := range 20 {
		seed := uint64(4_000 + i)
		s := newTest(t, 3+i%4, seed)
		rng := games.NewRNG(seed ^ 0xfeed)
		for moves := 0; s.Outcome() == nil && moves < 20000; moves++ {
			seat := s.actor()
			if s.Phase == phasePlay {
				for _, p := range s.Prompts() {
					if p.Seat != seat || !p.Turn {
						continue
					}
					var search, play bool
					for _, c := range p.Choices {
						search = search || c.Refine == "search"
						play = play || strings.HasPrefix(c.Label, "Play ")
					}
					if says := strings.Contains(p.Text, "search once more,") || strings.Contains(p.Text, "search once more or"); says != search {
						t.Fatalf("seed %d: %q, but a search control: %v", seed, p.Text, search)
					}
					if says := strings.Contains(p.Text, "play cards"); says != play {
						t.Fatalf("seed %d: %q, but a play control: %v", seed, p.Text, play)
					}
					seen[map[bool]string{true: "search", false: "no search"}[search]+map[bool]string{true: ", play", false: ", no play"}[play]]++
				}
			}
			legal := s.Legal(seat)
			if _, err := s.Apply(seat, legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(seen) < 3 {
		t.Fatalf("the playouts met too few kinds of play phase to check the words: %v", seen)
	}
	t.Log(seen)
}

// "7₮" read as a typo: money is said in words everywhere a player reads it
// (events, decisions, controls, views), "7 znooties", "1 znooty".
func TestMoneyIsSaidInWords(t *testing.T) {
	check := func(seed uint64, what, s string) {
		if strings.Contains(s, "₮") {
			t.Fatalf("seed %d: %s says %q", seed, what, s)
		}
	}
	words := 0
	for i := range 6 {
		seed := uint64(9_000 + i)
		s := newTest(t, 3+i%4, seed)
		rng := games.NewRNG(seed)
		for moves := 0; s.Outcome() == nil && moves < 20000; moves++ {
			for _, p := range s.Prompts() {
				check(seed, "a decision", p.Text)
				for _, c := range p.Choices {
					check(seed, "a control", c.Label)
				}
			}
			for seat := range s.n() {
				check(seed, "a hand", s.Private(seat).Text())
			}
			check(seed, "the table", s.Public().Text())
			seat := s.actor()
			legal := s.Legal(seat)
			ev, err := s.Apply(seat, legal[rng.Intn(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range ev {
				check(seed, "an event", e.Text)
				if strings.Contains(e.Text, "znoot") {
					words++
				}
			}
		}
	}
	if words == 0 {
		t.Fatal("no event named an amount: the check saw nothing")
	}
}
