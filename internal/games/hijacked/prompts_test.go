package hijacked

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"standoff/internal/games"
)

// reachable collects every move a seat can reach by clicking through its
// prompts and their guided menus.
func reachable(t *testing.T, s *State, seat int) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	var walk func(cs []games.Choice, depth int)
	walk = func(cs []games.Choice, depth int) {
		if depth > 6 {
			t.Fatal("menus nest too deep")
		}
		if len(cs) > maxChoices {
			t.Fatalf("%d choices in one menu", len(cs))
		}
		for _, c := range cs {
			if (c.Move == "") == (c.Refine == "") {
				t.Fatalf("choice %+v: exactly one of move and refine", c)
			}
			if len(c.Label) > 100 {
				t.Errorf("label too long: %q", c.Label)
			}
			if c.Move != "" {
				out[c.Move] = true
				continue
			}
			_, more := s.Refine(seat, c.Refine)
			if len(more) == 0 {
				t.Fatalf("refine %q opens nothing", c.Refine)
			}
			walk(more, depth+1)
		}
	}
	for _, p := range s.Prompts() {
		if p.Seat == seat {
			walk(p.Choices, 0)
		}
	}
	return out
}

// Every game must be playable by clicking alone: the moves reachable through
// a seat's prompts are exactly its legal moves (the gifts tile, built one
// gift at a time, reaches every gift set), at every moment of random games.
func TestPromptsReachEveryLegalMove(t *testing.T) {
	games := 6
	if testing.Short() || raceEnabled {
		games = 2
	}
	for g := range games {
		n := 2 + g%3
		s := newTest(t, n, uint64(500+g))
		rng := newRNG(uint64(g))
		// Give everyone every bonus tile's chance now and then.
		for moves := 0; s.Phase != phaseOver && moves < 400; moves++ {
			if moves == 30 {
				for i, tl := range s.Tiles {
					s.Players[i%n].Tiles = append(s.Players[i%n].Tiles, tl)
				}
				s.Tiles = []int{}
			}
			for seat := range s.Players {
				legal := s.Legal(seat)
				got := reachable(t, s, seat)
				var missing, extra []string
				for _, m := range legal {
					if !got[m] {
						missing = append(missing, m)
					}
					delete(got, m)
				}
				for m := range got {
					extra = append(extra, m)
				}
				sort.Strings(missing)
				if len(missing) > 0 || len(extra) > 0 {
					t.Fatalf("game %d move %d seat %d: not clickable %v; clickable but illegal %v", g, moves, seat, missing, extra)
				}
			}
			ps := s.Prompts()
			p := ps[rng.Intn(len(ps))]
			legal := s.Legal(p.Seat)
			must(t, s, p.Seat, legal[rng.Intn(len(legal))])
		}
	}
}

// Prompts follow the contract: the player on turn has the one Turn prompt
// with a default; any-time prompts never wait for anyone (no default).
func TestPromptShape(t *testing.T) {
	s := newTest(t, 3, 3)
	giveDemand(s, 2, "food", 1)
	ps := s.Prompts()
	turns := 0
	for _, p := range ps {
		if p.Turn {
			turns++
			if p.Seat != s.Turn || p.Default != verbEnd {
				t.Errorf("turn prompt %+v", p)
			}
		} else if p.Default != "" {
			t.Errorf("any-time prompt with a default: %+v", p)
		}
		if p.Private {
			t.Errorf("private prompt %+v", p)
		}
	}
	if turns != 1 {
		t.Fatalf("%d turn prompts", turns)
	}
	found := false
	for _, p := range ps {
		if p.Seat == 2 && !p.Turn {
			found = true
			if !strings.Contains(fmt.Sprint(p.Choices), "cash food") {
				t.Errorf("Carol's any-time prompt: %+v", p)
			}
		}
	}
	if !found {
		t.Error("Carol, off turn with demands, has no any-time prompt")
	}
}

func newRNG(seed uint64) *games.RNG { return games.NewRNG(seed) }

// The gifts tile with many demands and players is built one gift at a time,
// and every gift set is still reachable exactly once.
func TestGiftMenu(t *testing.T) {
	s := newTest(t, 4, 3)
	i := data.tile[tileGive]
	s.Tiles = remove(s.Tiles, i)
	s.Players[1].Tiles = append(s.Players[1].Tiles, i)
	giveDemand(s, 1, "food", 2)
	giveDemand(s, 1, "crypto", 2)
	giveDemand(s, 1, "medicine", 1)
	legal := 0
	for _, m := range s.Legal(1) {
		if strings.HasPrefix(m, "tile give") {
			legal++
		}
	}
	if legal <= maxChoices {
		t.Fatalf("only %d gift sets: the test wants more than one menu holds", legal)
	}
	got := reachable(t, s, 1)
	n := 0
	for m := range got {
		if strings.HasPrefix(m, "tile give") {
			n++
		}
	}
	if n != legal {
		t.Fatalf("%d gift sets clickable, %d legal", n, legal)
	}
	must(t, s, 1, "tile give crypto:1 food:3 food:4")
}

// The turn prompt counts the passenger cards still possible, not the
// turn's limit alone: with a bonus die 2 cards may be chosen ("In case of an
// extra die, 2 cards can be played per turn"), but each takes a die, so with
// one die left it says 1; with no card a die can take, it says nothing.
func TestTurnTextCountsTheCardsStillPossible(t *testing.T) {
	turnText := func(s *State) string {
		for _, p := range s.Prompts() {
			if p.Turn {
				return p.Text
			}
		}
		t.Fatal("no turn prompt")
		return ""
	}
	s := cardPosition(t)
	setSeat(s, 2, "BL1", true)
	setDice(s, 1)
	s.Dice = append(s.Dice, Die{Kind: dieBonus, Value: 5})
	s.BonusDice--
	if got := turnText(s); !strings.Contains(got, "You may still choose 2 passenger cards.") {
		t.Fatalf("two dice and a bonus die: %q", got)
	}
	must(t, s, 0, "trust 1 1")
	if got := turnText(s); !strings.Contains(got, "You may still choose 1 passenger card.") {
		t.Fatalf("one die left: %q", got)
	}
	// No face-up card, and no face-down card shows the die's pips.
	s = cardPosition(t)
	for i := range s.Seats {
		s.Seats[i].FaceUp = false
	}
	pips := map[int]bool{}
	for _, st := range s.Seats {
		pips[data.Cards[st.Card].Pips] = true
	}
	v := 1
	for pips[v] {
		v++
	}
	if v > 6 {
		t.Skip("every value shows on a seat")
	}
	setDice(s, v, v)
	if got := turnText(s); strings.Contains(got, "may still choose") {
		t.Fatalf("dice %d, %d take no card, yet: %q", v, v, got)
	}
}
