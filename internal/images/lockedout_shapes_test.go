package images

import (
	"bytes"
	"fmt"
	"testing"

	"standoff/internal/games/lockedout"
)

// Locked Out's pawns copied from their first drawing (shapes.go) give
// every pixel of the ship, before the palette, as drawing each directly:
// games of every size at several points, drawn with no shapes kept and
// then with them.
func TestLockedOutShapesAsDrawn(t *testing.T) {
	defer func(max int64) { lockedOutShapes.max = max }(lockedOutShapes.max)
	for players := 3; players <= 6; players++ {
		for _, moves := range []int{0, 15, 40, 90, 400} {
			pub, _ := lockedOutViews(t, players, moves)
			v := pub.(*lockedout.PublicView)
			var pics [3][]uint8
			for pass, max := range []int64{0, 512, 1} { // 1: full at once, the others drawn for the picture alone
				lockedOutShapes.m.Clear()
				lockedOutShapes.n.Store(0)
				lockedOutShapes.max = max // 0: every shape drawn directly
				for range 2 {             // the second time copied
					dc := lockedOutTurn(v)
					pics[pass] = append(pics[pass][:0], dc.RGBA().Pix...)
					releaseRGBA(dc.RGBA())
				}
			}
			if !bytes.Equal(pics[0], pics[2]) {
				t.Errorf("%d players, %d moves: with the cache full, the shapes drawn for the picture alone differ from drawing them directly", players, moves)
			}
			if !bytes.Equal(pics[0], pics[1]) {
				n := 0
				for i := range pics[0] {
					if pics[0][i] != pics[1][i] {
						n++
					}
				}
				t.Errorf("%s: %d bytes differ", fmt.Sprintf("%d players, %d moves", players, moves), n)
			}
		}
	}
}
