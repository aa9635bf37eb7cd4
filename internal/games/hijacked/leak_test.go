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
// move is played on a copy whose medal values are permuted: everything public
// must come out identical, so no public view, prompt, event or legal move
// depends on a medal's value. Only exchanging a medal (which moves the score
// track, as at the table) is left out.
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
					if md.State == medalBoard || md.State == medalHeld {
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
