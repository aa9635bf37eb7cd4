package hijack

import (
	"strings"
	"testing"

	"standoff/internal/games"
)

var names3 = []string{"Alice", "Bob", "Carol"}

// newTest starts a game for n players with options (defaults for the rest).
func newTest(t testing.TB, n int, opts games.Options) *state {
	t.Helper()
	full, err := Kind.Resolve(opts)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := Kind.New(games.Setup{Players: names3[:n], Options: full, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	return gs.(*state)
}

// setPosition is the test-only constructor for positions from the rulebook:
// markers[seat] lists slots such as "a3 k1 j0"; hand[seat] is what each seat
// still holds. Markers missing from board and hand count as captured, so the
// conservation invariant holds. It also sets the seat to move and forgets
// the position history.
func setPosition(t testing.TB, s *state, turn int, hand []int, markers ...string) {
	t.Helper()
	for i := range s.Board {
		s.Board[i] = empty
	}
	for seat, list := range markers {
		for _, f := range strings.Fields(list) {
			m, err := parseMove(f)
			if err != nil || m.Kind != addMarker || m.From >= s.geo.cells {
				t.Fatalf("bad slot %q", f)
			}
			if s.slot(m.From, m.FromSlot) != empty {
				t.Fatalf("slot %q used twice", f)
			}
			s.Board[m.From*slotsPerCell+m.FromSlot] = int8(seat)
		}
	}
	for seat := range s.Players {
		s.Hand[seat] = hand[seat]
		s.Captured[seat] = s.Opts.NumPieces - hand[seat] - s.onBoard(seat)
		if s.Captured[seat] < 0 {
			t.Fatalf("seat %d has more markers than num_pieces", seat)
		}
	}
	s.Turn = turn
	s.Seen = positionLog{s.positionHash()}
	s.Quiet = 0
}

// mustApply plays a move that must be legal.
func mustApply(t testing.TB, s *state, seat int, mv string) []games.Event {
	t.Helper()
	ev, err := s.Apply(seat, mv)
	if err != nil {
		t.Fatalf("%s by seat %d: %v", mv, seat, err)
	}
	return ev
}

// mustRefuse checks a move is refused and leaves the state unchanged.
func mustRefuse(t testing.TB, s *state, seat int, mv string) error {
	t.Helper()
	before, _ := s.Encode()
	_, err := s.Apply(seat, mv)
	if err == nil {
		t.Fatalf("%s by seat %d was accepted", mv, seat)
	}
	after, _ := s.Encode()
	if string(before) != string(after) {
		t.Fatalf("refused move %s changed the state", mv)
	}
	return err
}

// slotsOf lists a cell's markers as "X5 O1".
func slotsOf(s *state, cell string) string {
	c := s.geo.index[cell]
	var parts []string
	for d := 0; d < slotsPerCell; d++ {
		if v := s.slot(c, d); v != empty {
			parts = append(parts, markerLetters[v]+string(rune('0'+d)))
		}
	}
	return strings.Join(parts, " ")
}

func legalSet(s *state, seat int) map[string]bool {
	m := map[string]bool{}
	for _, x := range s.Legal(seat) {
		m[x] = true
	}
	return m
}
