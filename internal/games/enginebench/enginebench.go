// Package enginebench measures a game engine's share of a move the same way
// for every game (issue 13): Apply, Prompts, Legal and the state's round trip
// through its encoding, each on positions of seeded random games (a move
// chosen among Legal for the seat the game waits on). The move path decodes
// the stored state, applies, asks for prompts and encodes again, so these are
// a move's engine cost. Each game's bench_test.go calls Run.
package enginebench

import (
	"testing"

	"standoff/internal/games"
)

type benchPosition struct {
	state []byte
	seat  int
	move  string
}

func positions(b *testing.B, k *games.Kind, players int) []benchPosition {
	b.Helper()
	opts, err := k.Resolve(nil)
	if err != nil {
		b.Fatal(err)
	}
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank"}[:players]
	var out []benchPosition
	for seed := uint64(1); len(out) < 300 && seed < 50; seed++ {
		st, err := k.New(games.Setup{Players: names, Options: opts, Seed: seed})
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

func decodeAll(b *testing.B, k *games.Kind, ps []benchPosition) []games.State {
	out := make([]games.State, len(ps))
	for i, p := range ps {
		st, err := k.Decode(p.state)
		if err != nil {
			b.Fatal(err)
		}
		out[i] = st
	}
	return out
}

// Run benchmarks an engine on games of the given number of players.
func Run(b *testing.B, k *games.Kind, players int) {
	b.Run("Apply", func(b *testing.B) {
		ps := positions(b, k, players)
		i := 0
		for b.Loop() {
			b.StopTimer()
			p := ps[i%len(ps)]
			st, err := k.Decode(p.state)
			if err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			if _, err := st.Apply(p.seat, p.move); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})

	b.Run("Prompts", func(b *testing.B) {
		states := decodeAll(b, k, positions(b, k, players))
		i := 0
		for b.Loop() {
			_ = states[i%len(states)].Prompts()
			i++
		}
	})

	b.Run("Legal", func(b *testing.B) {
		ps := positions(b, k, players)
		states := decodeAll(b, k, ps)
		i := 0
		for b.Loop() {
			_ = states[i%len(states)].Legal(ps[i%len(ps)].seat)
			i++
		}
	})

	b.Run("DecodeEncode", func(b *testing.B) {
		ps := positions(b, k, players)
		i := 0
		for b.Loop() {
			st, err := k.Decode(ps[i%len(ps)].state)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := st.Encode(); err != nil {
				b.Fatal(err)
			}
			i++
		}
	})
}
