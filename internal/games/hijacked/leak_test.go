package hijacked

import (
	"encoding/json"
	"strings"
	"testing"

	"standoff/internal/games"
)

// publicOutput is everything the table sees: the public view (text and
// data), the prompts (none is private in Hijacked) and the public events.
func publicOutput(t *testing.T, s *State, ev []games.Event) string {
	t.Helper()
	v := s.Public()
	j, _ := json.Marshal(v)
	p, _ := json.Marshal(s.Prompts())
	var b strings.Builder
	b.WriteString(v.Text())
	b.Write(j)
	b.Write(p)
	for _, e := range ev {
		if e.Seat < 0 {
			b.WriteString(e.Text)
		}
	}
	for seat := range s.Players {
		b.WriteString(strings.Join(s.Legal(seat), "|"))
	}
	return b.String()
}

// TestMedalValuesStayPrivate: "he takes the corresponding medal token and
// places it face-down in his personal supply". Along random games, the same
// move is played on a copy whose held medals' values are permuted:
// everything public must come out identical, so no public view, prompt,
// event or legal move depends on the value of a medal a player holds. Only
// exchanging a medal (which moves the score track, as at the table) is left
// out. Medals still on the board lie "number up" (TestBoardMedalsNumberUp).
func TestMedalValuesStayPrivate(t *testing.T) {
	count := 12
	if raceEnabled || testing.Short() {
		count = 3
	}
	for g := range count {
		n := 2 + g%3
		s := newTest(t, n, uint64(900+g))
		rng := games.NewRNG(uint64(g))
		for moves := 0; s.Phase != phaseOver && moves < 3000; moves++ {
			ps := s.Prompts()
			p := ps[rng.Intn(len(ps))]
			legal := s.Legal(p.Seat)
			m := legal[rng.Intn(len(legal))]
			if !strings.HasPrefix(m, "medal") {
				enc, _ := s.Encode()
				st, _ := decode(enc)
				twin := st.(*State)
				var open []int
				for i, md := range twin.Medals {
					if md.State == medalHeld {
						open = append(open, i)
					}
				}
				if len(open) > 1 {
					first := twin.Medals[open[0]].Value
					for k := 0; k < len(open)-1; k++ {
						twin.Medals[open[k]].Value = twin.Medals[open[k+1]].Value
					}
					twin.Medals[open[len(open)-1]].Value = first
				}
				before, after := publicOutput(t, s, nil), publicOutput(t, twin, nil)
				if before != after {
					t.Fatalf("game %d move %d: public output depends on medal values", g, moves)
				}
				ev2, err := twin.Apply(p.Seat, m)
				if err != nil {
					t.Fatal(err)
				}
				ev1 := must(t, s, p.Seat, m)
				if publicOutput(t, s, ev1) != publicOutput(t, twin, ev2) {
					t.Fatalf("game %d move %d %q: public output depends on medal values", g, moves, m)
				}
				continue
			}
			must(t, s, p.Seat, m)
		}
	}
}

// The holder alone sees a medal's value, in their private view and a DM.
func TestMedalValueToHolderOnly(t *testing.T) {
	s := newTest(t, 3, 3)
	s.Medals[0] = Medal{Objective: "demands8", Value: 5, State: medalBoard, Holder: -1}
	giveDemand(s, 1, "food", 6)
	giveDemand(s, 1, "crypto", 1)
	ev := must(t, s, 1, "cash crypto")
	giveDemand(s, 1, "crypto", 2)
	ev = must(t, s, 0, "cash intel")
	private := ""
	for _, e := range ev {
		if e.Seat == 1 {
			private += e.Text
		}
		if e.Seat >= 0 && e.Seat != 1 {
			t.Errorf("event for seat %d: %q", e.Seat, e.Text)
		}
	}
	if !strings.Contains(private, "worth 5 points") {
		t.Fatalf("no private news: %v", ev)
	}
	if !strings.Contains(s.Private(1).Text(), "5 points") || s.Private(0) != nil {
		t.Errorf("private views: %q / %v", s.Private(1).Text(), s.Private(0))
	}
}

// Setup step 11: "Randomly place 3 medal tokens on the designated spots,
// number up". The values on the board are public, in the view's data and
// its text; a won medal lies face down ("places it face-down in his
// personal supply") and its value leaves the public view.
func TestBoardMedalsNumberUp(t *testing.T) {
	s := newTest(t, 3, 3)
	s.Medals[0] = Medal{Objective: "demands8", Value: 5, State: medalBoard, Holder: -1}
	s.Medals[1] = Medal{Objective: "points18", Value: 2, State: medalBoard, Holder: -1}
	v := s.Public().(*PublicView)
	if v.Medals[0].Value != 5 || v.Medals[1].Value != 2 {
		t.Fatalf("board medals %+v", v.Medals)
	}
	if text := v.Text(); !strings.Contains(text, "Own 8 demands: on the board, 5 points]") {
		t.Fatalf("no board value in\n%s", text)
	}
	giveDemand(s, 1, "food", 7)
	must(t, s, 0, "cash intel")
	if s.Medals[0].State != medalHeld {
		t.Fatalf("medal %+v", s.Medals[0])
	}
	v = s.Public().(*PublicView)
	j, _ := json.Marshal(v.Medals[0])
	if v.Medals[0].Value != 0 || strings.Contains(string(j), "5") || !strings.Contains(v.Text(), "Own 8 demands: held face down by Bob]") {
		t.Fatalf("held medal shows its value: %s\n%s", j, v.Text())
	}
}
