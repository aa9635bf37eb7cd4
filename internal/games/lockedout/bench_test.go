package lockedout_test

import (
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/lockedout"
)

// Engine benchmarks (issue 13): Apply, Prompts, Legal and the state's
// round trip through its encoding, each on positions of seeded random
// 4-player games (a move chosen among Legal for the seat the game waits
// on). The move path decodes the stored state, applies, asks for prompts and
// encodes again, so these are a move's engine cost.

type benchPosition struct {
	state []byte
	seat  int
	move  string
}

func benchPositions(b *testing.B) []benchPosition {
	b.Helper()
	opts, err := lockedout.Kind.Resolve(nil)
	if err != nil {
		b.Fatal(err)
	}
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank"}[:4]
	var out []benchPosition
	for seed := uint64(1); len(out) < 300 && seed < 50; seed++ {
		st, err := lockedout.Kind.New(games.Setup{Players: names, Options: opts, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		rng := games.NewRNG(seed)
		for moves := 0; moves < 400 && st.Outcome() == nil; moves++ {
			seat, legal := -1, []string(nil)
			for _, p := range st.Prompts() {
				if l := st.Legal(p.Seat); !p.Standing && len(l) > 0 {
					seat, legal = p.Seat, l
					break
				}
			}
			if seat < 0 {
				break
			}
			move := legal[rng.Intn(len(legal))]
			enc, err := st.Encode()
			if err != nil {
				b.Fatal(err)
			}
			out = append(out, benchPosition{enc, seat, move})
			if _, err := st.Apply(seat, move); err != nil {
				b.Fatalf("seed %d: %s by seat %d: %v", seed, move, seat, err)
			}
		}
	}
	if len(out) == 0 {
		b.Fatal("no positions")
	}
	return out
}

func decodeAll(b *testing.B, ps []benchPosition) []games.State {
	out := make([]games.State, len(ps))
	for i, p := range ps {
		st, err := lockedout.Kind.Decode(p.state)
		if err != nil {
			b.Fatal(err)
		}
		out[i] = st
	}
	return out
}

func BenchmarkApply(b *testing.B) {
	ps := benchPositions(b)
	i := 0
	for b.Loop() {
		b.StopTimer()
		p := ps[i%len(ps)]
		st, err := lockedout.Kind.Decode(p.state)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := st.Apply(p.seat, p.move); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkPrompts(b *testing.B) {
	states := decodeAll(b, benchPositions(b))
	i := 0
	for b.Loop() {
		_ = states[i%len(states)].Prompts()
		i++
	}
}

func BenchmarkLegal(b *testing.B) {
	ps := benchPositions(b)
	states := decodeAll(b, ps)
	i := 0
	for b.Loop() {
		_ = states[i%len(states)].Legal(ps[i%len(ps)].seat)
		i++
	}
}

func BenchmarkDecodeEncode(b *testing.B) {
	ps := benchPositions(b)
	i := 0
	for b.Loop() {
		st, err := lockedout.Kind.Decode(ps[i%len(ps)].state)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := st.Encode(); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
