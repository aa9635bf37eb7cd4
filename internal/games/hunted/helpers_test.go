package hunted

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"standoff/internal/games"
)

// newTest sets up a game: one name for solo, two for co-op.
func newTest(t testing.TB, seed uint64, opts games.Options, names ...string) *State {
	t.Helper()
	if len(names) == 0 {
		names = []string{"Alice"}
	}
	o, err := Kind.Resolve(opts)
	if err != nil {
		t.Fatal(err)
	}
	st, err := Kind.New(games.Setup{Players: names, Options: o, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// staged is a solo game with every Hunted card in the discard pile and an
// empty row, so a test can place exactly the cards it needs with put.
func staged(t testing.TB, names ...string) *State {
	t.Helper()
	s := newTest(t, 1, nil, names...)
	s.Discard = append(s.Discard, s.Deck...)
	s.Deck = []string{}
	s.Log = nil
	return s
}

// pull takes cards out of the discard pile.
func (s *State) pull(t testing.TB, ids ...string) []string {
	t.Helper()
	for _, id := range ids {
		i := indexOf(s.Discard, id)
		if i < 0 {
			t.Fatalf("card %s is not in the discard pile", id)
		}
		s.Discard = remove(s.Discard, i)
	}
	return append([]string{}, ids...)
}

// stack puts cards on the deck so that the first named is drawn first.
func (s *State) stack(t testing.TB, ids ...string) {
	t.Helper()
	s.pull(t, ids...)
	for i := len(ids) - 1; i >= 0; i-- {
		s.Deck = append(s.Deck, ids[i])
	}
}

// must applies a move that must be accepted.
func must(t testing.TB, s *State, move string) []games.Event {
	t.Helper()
	ev, err := s.Apply(s.Turn, move)
	if err != nil {
		t.Fatalf("%q refused: %v\n%s", move, err, s.Public().Text())
	}
	if err := conserve(s); err != nil {
		t.Fatalf("after %q: %v", move, err)
	}
	return ev
}

// refused applies a move that must be refused, leaving the state unchanged.
func refused(t testing.TB, s *State, move string) error {
	t.Helper()
	before, _ := s.Encode()
	_, err := s.Apply(s.Turn, move)
	if err == nil {
		t.Fatalf("%q accepted, want refusal", move)
	}
	if after, _ := s.Encode(); string(before) != string(after) {
		t.Fatalf("refused %q changed the state", move)
	}
	return err
}

// forceDice makes the next rolls come out as given, by searching for an RNG
// state that rolls them (dice of the given sides, in order).
func (s *State) forceDice(t testing.TB, sides int, faces ...int) {
	t.Helper()
	for seed := uint64(1); seed < 5_000_000; seed++ {
		r := games.NewRNG(seed)
		ok := true
		for _, f := range faces {
			if r.Intn(sides)+1 != f {
				ok = false
				break
			}
		}
		if ok {
			s.RNG = *games.NewRNG(seed)
			return
		}
	}
	t.Fatalf("no seed rolls %v on d%d", faces, sides)
}

// conserve checks that every card and token is in exactly one place.
func conserve(s *State) error {
	seen := map[string]string{}
	put := func(where string, ids ...string) error {
		for _, id := range ids {
			if prev, dup := seen[id]; dup {
				return fmt.Errorf("card %s is in %s and in %s", id, prev, where)
			}
			seen[id] = where
		}
		return nil
	}
	parts := map[string][]string{"deck": s.Deck, "discard": s.Discard, "out": s.Out, "shared row": s.Shared,
		"shared inventory": s.SharedInv, "surveillance": s.Surveil, "reward": s.RewardDraw}
	for i, p := range s.Players {
		parts[fmt.Sprintf("row %d", i)] = p.Row
		parts[fmt.Sprintf("inventory %d", i)] = p.Inv
	}
	if s.Fight != nil && s.Fight.Card != "" {
		parts["fight"] = []string{s.Fight.Card}
	}
	var names []string
	for k := range parts {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := put(k, parts[k]...); err != nil {
			return err
		}
	}
	for id, where := range seen {
		// The starting cards are not Hunted cards: "69 HUNTED CARDS & 3
		// STARTING CARDS". None is ever shuffled, drawn or discarded.
		if data.card[id].Start && where != "out" && !strings.HasPrefix(where, "inventory") && where != "shared inventory" {
			return fmt.Errorf("starting card %s is in the %s", id, where)
		}
	}
	if len(seen) != huntedCards+startingCards {
		return fmt.Errorf("%d cards in play, want %d", len(seen), huntedCards+startingCards)
	}
	locs := map[string]bool{}
	for _, id := range append(append(append(append([]string{}, s.Locations...), s.LocPassed...), s.LocUnused...), s.LocChoice...) {
		if locs[id] {
			return fmt.Errorf("location %s twice", id)
		}
		locs[id] = true
	}
	if len(locs) != locationCards {
		return fmt.Errorf("%d location cards, want %d", len(locs), locationCards)
	}
	ammo, keys, regroup := s.Ammo, s.Keys, s.Regroups
	for id, w := range s.Weapons {
		if s.holder(id) < 0 {
			return fmt.Errorf("weapon %s has dice but is in no inventory", id)
		}
		if w.Mags < 0 || w.Dice < 0 || w.Dice > data.card[id].Dice {
			return fmt.Errorf("weapon %s holds %d dice and %d magazines", id, w.Dice, w.Mags)
		}
		ammo += w.Mags
	}
	for i, p := range s.Players {
		keys += p.Keys
		regroup += p.Regroup
		for _, id := range p.Inv {
			if data.card[id].Type == typeWeapon && s.Weapons[id] == nil {
				return fmt.Errorf("weapon %s in inventory %d has no state", id, i)
			}
		}
		if p.Health < 0 || p.Health > p.MaxHealth {
			return fmt.Errorf("%s has health %d", p.Name, p.Health)
		}
	}
	for id := range s.FaceDown {
		if s.holder(id) < 0 {
			return fmt.Errorf("face-down hostage %s is in no inventory", id)
		}
	}
	if ammo != ammoTokens || keys != keyTokens || regroup != regroupTokens || s.Ammo < 0 || s.Keys < 0 || s.Regroups < 0 {
		return fmt.Errorf("tokens: ammo %d keys %d regroup %d, want %d %d %d", ammo, keys, regroup, ammoTokens, keyTokens, regroupTokens)
	}
	if f := s.Fight; f != nil {
		hits := f.LarsHits
		for _, h := range f.Hit {
			if h {
				hits++
			}
		}
		if hits > hitTokens {
			return fmt.Errorf("%d hit tokens on the fight, only %d exist", hits, hitTokens)
		}
	}
	if s.Time < 0 || s.Time > maxTime {
		return fmt.Errorf("time %d", s.Time)
	}
	return nil
}

// eventText joins narration for assertions.
func eventText(ev []games.Event) string {
	var out []string
	for _, e := range ev {
		out = append(out, e.Text)
	}
	return strings.Join(out, "\n")
}
