package lockedout

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"standoff/internal/games"
)

// TestPublicOutputNeverShowsAHand plays full seeded games and scans every
// public output after every move: the public view's Text, the view struct
// printed with %+v and as JSON, every public event and every prompt that is
// not Private. No id of a card in any hand, nor of the card being shown
// around, may appear; nor its name, unless a face-up card on the table has
// the same name (two copies of an access card share a name).
func TestPublicOutputNeverShowsAHand(t *testing.T) {
	t.Parallel()
	count := 6
	if testing.Short() {
		count = 2
	}
	for n := 3; n <= 6; n++ {
		t.Run(fmt.Sprintf("%d players", n), func(t *testing.T) {
			t.Parallel()
			scanGames(t, n, count)
		})
	}
}

// scanGames plays count games of n players (with an occasional resignation)
// and scans the public output after every move.
func scanGames(t *testing.T, n, count int) {
	for i := range count {
		seed := uint64(n*1000 + i)
		s := newTest(t, n, seed)
		rng := games.NewRNG(seed)
		var ev []games.Event
		for moves := 0; s.Outcome() == nil; moves++ {
			scanPublic(t, s, ev)
			checkPrompts(t, s)
			p := s.Prompts()[0]
			legal := s.Legal(p.Seat)
			var err error
			if rng.Intn(400) == 0 {
				ev, err = s.Resign(rng.Intn(n))
				if err != nil && !strings.Contains(err.Error(), "already") {
					t.Fatal(err)
				}
				continue
			}
			ev, err = s.Apply(p.Seat, legal[rng.Intn(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
		}
		scanPublic(t, s, ev)
	}
}

func scanPublic(t *testing.T, s *State, ev []games.Event) {
	t.Helper()
	v := s.Public().(*PublicView)
	js, _ := json.Marshal(v)
	out := []string{v.Text(), fmt.Sprintf("%+v", v), string(js), publicEvents(ev)}
	for _, p := range s.Prompts() {
		if !p.Private {
			out = append(out, fmt.Sprintf("%+v", p))
		}
	}
	text := strings.Join(out, "\n")
	// Card ids are whole words: L1 must not match L16.
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool {
		return !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	}) {
		words[w] = true
	}

	public := map[string]bool{}
	for _, ids := range [][]string{s.Access, s.Supplies, s.Discard} {
		for _, id := range ids {
			public[ship.card[id].Name] = true
		}
	}
	secret := []string{}
	for _, h := range s.Hands {
		secret = append(secret, h...)
	}
	if s.Drawn != nil {
		secret = append(secret, s.Drawn.Card)
	}
	for _, id := range secret {
		if words[id] {
			t.Fatalf("hidden card id %s appears in public output:\n%s", id, text)
		}
		if name := ship.card[id].Name; !public[name] && strings.Contains(text, name) {
			t.Fatalf("hidden card name %q appears in public output:\n%s", name, text)
		}
	}
}

// checkPrompts holds every prompt to the platform's limits: one prompt, at
// most 25 choices of at most 80 characters, each a legal move or a drill-down
// that leads to legal moves, and a legal default.
func checkPrompts(t *testing.T, s *State) {
	t.Helper()
	ps := s.Prompts()
	if len(ps) != 1 {
		t.Fatalf("%d prompts", len(ps))
	}
	p := ps[0]
	legal := map[string]bool{}
	for _, m := range s.Legal(p.Seat) {
		legal[m] = true
	}
	if p.Default != "" && !legal[p.Default] {
		t.Fatalf("default %q is not legal: %+v", p.Default, p)
	}
	var walk func(choices []games.Choice, depth int)
	walk = func(choices []games.Choice, depth int) {
		if len(choices) == 0 || len(choices) > maxChoices {
			t.Fatalf("%d choices in %+v", len(choices), p)
		}
		for _, c := range choices {
			if utf8.RuneCountInString(c.Label) > 80 || c.Label == "" {
				t.Fatalf("label %q", c.Label)
			}
			if (c.Move == "") == (c.Refine == "") {
				t.Fatalf("choice %+v needs exactly one of move and refine", c)
			}
			if c.Move != "" && !legal[c.Move] {
				t.Fatalf("choice %+v is not a legal move; legal %v", c, s.Legal(p.Seat))
			}
			if c.Refine != "" {
				if depth > 3 {
					t.Fatal("refine too deep")
				}
				_, sub := s.Refine(p.Seat, c.Refine)
				walk(sub, depth+1)
			}
		}
	}
	walk(p.Choices, 0)
	if p.Turn != (p.Seat == s.Turn && s.Phase != phaseIntercept && s.Phase != phaseAnswer) {
		t.Fatalf("turn flag %+v in phase %s", p, s.Phase)
	}
}

// Big hands are grouped so no menu has more than 25 choices.
func TestBigHandsUseDrillDown(t *testing.T) {
	s := staged(t, 3, 0)
	s.Pawns = []string{"corridor", "galley", "cargo"}
	var ids []string
	for _, c := range ship.Cards {
		if c.Kind != kindLoot || !c.Share {
			ids = append(ids, c.ID)
		}
	}
	s.Hands[1] = s.from(t, ids[:34]...) // 18 resource and 16 access cards
	s.Hands[0] = s.from(t, ids[34:]...) // 16 loot cards
	s.Piles["galley"] = s.from(t, "S1", "S2")
	must(t, s, 0, "move galley")
	p := s.Prompts()[0]
	if p.Seat != 1 || len(p.Choices) != 3 || p.Choices[1].Refine != "swap:access" {
		t.Fatalf("swap prompt %+v", p)
	}
	checkPrompts(t, s)
	text, sub := s.Refine(1, "swap:resource")
	if len(sub) != 19 || !strings.Contains(text, "resource") {
		t.Fatalf("refine %q %v", text, sub)
	}
	must(t, s, 1, sub[3].Move)
	s.Hands[0] = append(s.Hands[0], s.Hands[1]...)
	s.Hands[1] = []string{}
	s.Hands[0] = sortCards(s.Hands[0])
	checkPrompts(t, s)
	p = s.Prompts()[0]
	if p.Choices[0].Refine != "play:access" {
		t.Fatalf("play prompt %+v", p.Choices)
	}
	_, first := s.Refine(0, "search")
	_, second := s.Refine(0, first[0].Refine)
	if len(second) != len(first)-1 || !strings.HasPrefix(second[0].Move, "search ") {
		t.Fatalf("search drill-down %v", second)
	}
	must(t, s, 0, second[0].Move)
}
