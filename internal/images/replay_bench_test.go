package images_test

import (
	"fmt"
	"image"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/games"
	"standoff/internal/images"
)

// BenchmarkInterleavedGames draws and encodes the pictures of many games
// of every kind in the order a busy bot meets them: one move of each game
// in turn, every game with players of its own names. So the caches shared
// between pictures (layers, glyphs, the PNG writer's bands) see the
// variety of the load test rather than one view drawn again and again.
// ns/op is per picture; the views are made before the timing starts.
func BenchmarkInterleavedGames(b *testing.B) {
	const perKind, moves = 24, 30
	type pic struct {
		view games.View
		draw func(games.View) (image.Image, error)
	}
	var rounds [][]pic
	for _, g := range catalog.Games() {
		k := g.Kind
		opts, err := k.Resolve(nil)
		if err != nil {
			b.Fatal(err)
		}
		for i := range perKind {
			n := k.MinPlayers + i%(k.MaxPlayers-k.MinPlayers+1)
			names := make([]string, n)
			for s := range names {
				names[s] = fmt.Sprintf("%s%d player%d", k.Name, i, s)
			}
			seed := uint64(1000*i + len(rounds))
			st, err := k.New(games.Setup{Players: names, Options: opts, Seed: seed})
			if err != nil {
				b.Fatal(err)
			}
			rng := games.NewRNG(seed)
			for m := range moves {
				if st.Outcome() != nil {
					break
				}
				ps := st.Prompts()
				p := ps[rng.Intn(len(ps))]
				legal := st.Legal(p.Seat)
				if _, err := st.Apply(p.Seat, legal[rng.Intn(len(legal))]); err != nil {
					b.Fatal(err)
				}
				for len(rounds) <= m {
					rounds = append(rounds, nil)
				}
				rounds[m] = append(rounds[m], pic{st.Public(), g.Draw})
			}
		}
	}
	var seq []pic
	for _, r := range rounds {
		seq = append(seq, r...)
	}
	i := 0
	for b.Loop() {
		p := seq[i%len(seq)]
		i++
		img, err := p.draw(p.view)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := images.EncodePNG(img); err != nil {
			b.Fatal(err)
		}
		images.Release(img)
	}
}
