package lockedout

import (
	"testing"

	"standoff/internal/games"
)

// botMove asks the bot for seat's move and fails the test when the policy
// itself (before bot's fallback to the first legal move) picks an illegal one.
func botMove(t testing.TB, s *State, seat int) string {
	t.Helper()
	got, err := Kind.Bot(s, seat, 1, games.NewRNG(1))
	legal := s.Legal(seat)
	k := botView{pub: s.Public().(*PublicView), me: s.Private(seat).(*PrivateView), seat: seat, legal: legal}
	m := k.choose()
	if !contains(legal, m) {
		t.Fatalf("bot chose %q, not among %v (phase %s)", m, legal, s.Phase)
	}
	if err != nil || got != m {
		t.Fatalf("Kind.Bot: %q %v, want %q", got, err, m)
	}
	return m
}

// scrambled copies s and deals every card the seat cannot know about anew:
// the other players' hands, the draw piles, and the card being shown around
// unless the seat sees it. Sizes stay the same, so the public view does too;
// the cards the seat looks at in an accusation stay where they are.
func scrambled(t testing.TB, s *State, seat int, rng *games.RNG) *State {
	t.Helper()
	enc, _ := s.Encode()
	st, err := Kind.Decode(enc)
	if err != nil {
		t.Fatal(err)
	}
	c := st.(*State)
	known := map[string]bool{}
	for _, id := range c.Hands[seat] {
		known[id] = true
	}
	if a := c.Accused; a != nil && (a.Accuser == seat || a.Suspect == seat) {
		for _, id := range a.Seen {
			known[id] = true
		}
	}
	if d := c.Drawn; d != nil && (d.Drawer == seat || (c.Phase == phaseIntercept && d.Ask[0] == seat)) {
		known[d.Card] = true
	}
	var pool []string
	var slots []*[]string
	take := func(list *[]string) {
		var keep []string
		for _, id := range *list {
			if known[id] {
				keep = append(keep, id)
			} else {
				pool = append(pool, id)
			}
		}
		n := len(*list) - len(keep)
		*list = keep
		for range n {
			slots = append(slots, list)
		}
	}
	for other := range c.Hands {
		if other != seat {
			take(&c.Hands[other])
		}
	}
	piles := map[string]*[]string{}
	for _, r := range ship.Rooms {
		if p, ok := c.Piles[r.ID]; ok {
			piles[r.ID] = &p
			take(&p)
		}
	}
	var drawn []string
	if c.Drawn != nil {
		drawn = []string{c.Drawn.Card}
		take(&drawn)
	}
	games.Shuffle(rng, pool)
	for i, slot := range slots {
		*slot = append(*slot, pool[i])
	}
	for other := range c.Hands {
		c.Hands[other] = sortCards(c.Hands[other])
	}
	for id, p := range piles {
		c.Piles[id] = *p
	}
	if c.Drawn != nil {
		c.Drawn.Card = drawn[0]
	}
	return c
}

// The bot reads only its own view: scrambling every card it cannot see
// (other hands, draw piles, a drawn card shown to someone else) never changes
// its choice, over about two thousand positions from bot games.
func TestBotSeesOnlyItsOwnView(t *testing.T) {
	count := 3
	if testing.Short() || raceEnabled {
		count = 1
	}
	positions, changed := 0, 0
	for n := 3; n <= 6; n++ {
		for g := range count {
			seed := uint64(n*100 + g)
			s := newTest(t, n, seed)
			rng := gamesRNG(seed)
			for s.Outcome() == nil {
				seat := s.actor()
				want := botMove(t, s, seat)
				for range 2 {
					c := scrambled(t, s, seat, rng)
					if err := conserve(c); err != nil {
						t.Fatal(err)
					}
					if c.Public().Text() != s.Public().Text() {
						t.Fatal("scrambling changed the public view")
					}
					if h, _ := c.Encode(); string(h) != mustEncode(s) {
						changed++
					}
					if got := botMove(t, c, seat); got != want {
						t.Fatalf("%d players seed %d: bot chose %q, but %q once hidden cards were dealt anew", n, seed, want, got)
					}
				}
				positions++
				must(t, s, seat, want)
			}
		}
	}
	if changed < positions {
		t.Fatalf("only %d of %d scrambles changed anything: the test proves little", changed, 2*positions)
	}
	t.Logf("%d positions", positions)
}

func mustEncode(s *State) string {
	b, _ := s.Encode()
	return string(b)
}

func gamesRNG(seed uint64) *games.RNG { return games.NewRNG(seed ^ 0xb07) }

// Bots at every seat play whole games: every choice legal, every game ends,
// and the gang they make up escapes in at least one game in eight at every
// size (random legal play escapes in 0-5% of games, see TestPlayoutsEnd;
// four players, with the fastest depletion, is the hardest).
func TestBotGames(t *testing.T) {
	count := 40
	if testing.Short() || raceEnabled {
		count = 8
	}
	for n := 3; n <= 6; n++ {
		endings := map[string]int{}
		for g := range count {
			s := newTest(t, n, uint64(n*7919+g))
			for moves := 0; s.Outcome() == nil; moves++ {
				if moves > 5000 {
					t.Fatalf("%d players: no end after %d moves", n, moves)
				}
				seat := s.actor()
				must(t, s, seat, botMove(t, s, seat))
				if err := conserve(s); err != nil {
					t.Fatal(err)
				}
			}
			endings[s.Ending]++
		}
		t.Logf("%d players: %v", n, endings)
		if endings[endEscape] < count/8 {
			t.Fatalf("%d players: bots escaped in %d of %d games: %v", n, endings[endEscape], count, endings)
		}
	}
}

// What the bot does in the spots that matter.
func TestBotChoices(t *testing.T) {
	s := staged(t, 4, 0)
	s.Hands[0] = s.from(t, "OA1", "L1", "R1")
	s.Hands[1] = s.from(t, "OB1", "L2")
	s.Access = s.from(t, "OA2")
	s.Piles["cargo"] = s.from(t, "L3")
	s.Tokens[0] = 2 // fuel is low
	// Towards the cards: the galley is empty, the cargo hold is not.
	if m := botMove(t, s, 0); m != "move cargo" {
		t.Fatalf("moved %q, want the room with cards", m)
	}
	must(t, s, 0, "move cargo")
	// OA1's type already lies in the play area: a duplicate does nothing.
	// Fuel is low and unsaved: play the fuel card.
	if m := botMove(t, s, 0); m != "play R1" {
		t.Fatalf("played %q, want the fuel card", m)
	}
	s.Hands[0] = append(s.Hands[0], s.from(t, "OC1")...)
	s.Hands[0] = sortCards(s.Hands[0])
	if m := botMove(t, s, 0); m != "play OC1" {
		t.Fatalf("played %q, want the needed access card", m)
	}
	must(t, s, 0, "play OC1")
	// Accuse the biggest hand: Bob (2 cards) over Carol and Dave (none).
	if m := botMove(t, s, 0); m != "accuse 2" {
		t.Fatalf("accused %q", m)
	}
	must(t, s, 0, "accuse 2")
	// Bob answers with the access card the gang needs.
	if m := botMove(t, s, 1); m != "reveal OB1" {
		t.Fatalf("answered %q", m)
	}
	s.Stage = 3
	s.Phase = phaseMove
	s.Accused = nil
	s.Pawns[0] = "lab"
	if m := botMove(t, s, 0); m != "move computer" {
		t.Fatalf("moved %q, want the escape", m)
	}
}
