package images

import (
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hijack"
	"standoff/internal/games/hunted"
	"standoff/internal/games/lockedout"
)

// BenchmarkDrawing times the drawing alone (the RGBA picture before the
// palette step) over views from random playouts, so the cached layers,
// shapes and sprites see the variety of a live game rather than one view
// drawn again and again. ns/op is per picture.
func BenchmarkDrawing(b *testing.B) {
	views := func(k *games.Kind, players func(seed uint64) int) (pub, priv []games.View) {
		for seed := uint64(1); seed <= 6; seed++ {
			for _, moves := range []int{0, 10, 40, 120, 300} {
				names := []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}[:players(seed)]
				s, err := k.New(games.Setup{Players: names, Seed: seed})
				if err != nil {
					b.Fatal(err)
				}
				playRandomly(b, s, moves, seed)
				pub = append(pub, s.Public())
				for i := range names {
					if v := s.Private(i); v != nil {
						priv = append(priv, v)
					}
				}
			}
		}
		return pub, priv
	}
	hj, _ := views(hijack.Kind, func(seed uint64) int { return 2 + int(seed%2) })
	lo, lockedOutHands := views(lockedout.Kind, func(seed uint64) int { return 3 + int(seed%4) })
	hu, _ := views(hunted.Kind, func(seed uint64) int { return 1 + int(seed%2) })
	for _, tc := range []struct {
		name  string
		views []games.View
		draw  func(games.View)
	}{
		{"hijack", hj, func(v games.View) { releaseRGBA(drawHijackRGBA(v.(*hijack.View))) }},
		{"lockedout/ship", lo, func(v games.View) { releaseRGBA(lockedOutTurn(v.(*lockedout.PublicView)).RGBA()) }},
		{"lockedout/hand", lockedOutHands, func(v games.View) { releaseRGBA(lockedOutHand(v.(*lockedout.PrivateView)).RGBA()) }},
		{"hunted", hu, func(v games.View) { releaseRGBA(huntedTurnBoard(v.(*hunted.PublicView)).RGBA()) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			for _, v := range tc.views { // caches filled, as in a running bot
				tc.draw(v)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				tc.draw(tc.views[i%len(tc.views)])
				i++
			}
		})
	}
}
