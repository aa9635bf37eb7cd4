package lockedout

import (
	"fmt"
	"strings"
	"testing"

	"standoff/internal/games"
)

var names = []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank"}

// newTest deals a game for n players.
func newTest(t testing.TB, n int, seed uint64) *State {
	t.Helper()
	st, err := Kind.New(games.Setup{Players: names[:n], Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// staged deals a game and clears it for a hand-made position: the given
// seat on turn in the move phase (not the first turn), no maintenance due,
// all pawns in the corridor, all cards moved to the discard pile so a test
// can place exactly the cards it needs.
func staged(t testing.TB, n, turn int) *State {
	t.Helper()
	s := newTest(t, n, 1)
	s.Turn, s.Turns, s.Phase = turn, 5, phaseMove
	s.Maintenance = turn // already past its check this turn
	s.Wait = false
	var all []string
	for seat := range s.Hands {
		all = append(all, s.Hands[seat]...)
		s.Hands[seat] = []string{}
	}
	for room, p := range s.Piles {
		all = append(all, p...)
		s.Piles[room] = []string{}
	}
	s.Discard = append(all, s.Discard...)
	s.Log = nil
	return s
}

// from moves the named cards from wherever they are (discard pile) to dst.
func (s *State) from(t testing.TB, ids ...string) []string {
	t.Helper()
	for _, id := range ids {
		found := false
		for i, c := range s.Discard {
			if c == id {
				s.Discard = append(s.Discard[:i:i], s.Discard[i+1:]...)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("card %s not in the discard pile", id)
		}
	}
	return append([]string(nil), ids...)
}

// must applies a move and fails the test when it is refused.
func must(t testing.TB, s *State, seat int, move string) []games.Event {
	t.Helper()
	ev, err := s.Apply(seat, move)
	if err != nil {
		t.Fatalf("%s by %s refused: %v", move, s.Players[seat], err)
	}
	return ev
}

// refuse applies a move that must be refused and checks the state is unchanged.
func refused(t testing.TB, s *State, seat int, move string) error {
	t.Helper()
	before, _ := s.Encode()
	_, err := s.Apply(seat, move)
	if err == nil {
		t.Fatalf("%s by %s accepted, want refused", move, s.Players[seat])
	}
	if after, _ := s.Encode(); string(after) != string(before) {
		t.Fatalf("refused move %s changed the state", move)
	}
	return err
}

// conserve checks every one of the 56 cards is in exactly one place, the
// tokens are on the track and somebody may act while the game runs.
func conserve(s *State) error {
	var seen [56]bool
	count := 0
	put := func(ids []string) error {
		for _, id := range ids {
			i, ok := ship.cardOrder[id]
			if !ok {
				return fmt.Errorf("unknown card %q", id)
			}
			if seen[i] {
				return fmt.Errorf("card %s is in two places", id)
			}
			seen[i] = true
			count++
		}
		return nil
	}
	for _, h := range s.Hands {
		if err := put(h); err != nil {
			return err
		}
	}
	for _, p := range s.Piles {
		if err := put(p); err != nil {
			return err
		}
	}
	for _, ids := range [][]string{s.Access, s.Supplies, s.Discard, s.Out} {
		if err := put(ids); err != nil {
			return err
		}
	}
	if s.Drawn != nil {
		if err := put([]string{s.Drawn.Card}); err != nil {
			return err
		}
	}
	if count != 56 {
		return fmt.Errorf("%d cards accounted for, want 56", count)
	}
	for i, v := range s.Tokens {
		if v < 0 || v > s.Start {
			return fmt.Errorf("token %d at %d", i, v)
		}
	}
	if s.Phase != phaseOver && s.actor() < 0 {
		return fmt.Errorf("phase %s has nobody to act", s.Phase)
	}
	return nil
}

// publicText gathers names in events.
func publicEvents(ev []games.Event) string {
	var b strings.Builder
	for _, e := range ev {
		if e.Seat == -1 {
			b.WriteString(e.Text + "\n")
		}
	}
	return b.String()
}

func privateTo(ev []games.Event, seat int) string {
	var b strings.Builder
	for _, e := range ev {
		if e.Seat == seat {
			b.WriteString(e.Text + "\n")
		}
	}
	return b.String()
}

func gamesSetup(n int) games.Setup {
	p := make([]string, n)
	for i := range p {
		p[i] = string(rune('A' + i))
	}
	return games.Setup{Players: p, Seed: 1}
}
