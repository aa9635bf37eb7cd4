package images

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"standoff/internal/games/hijack"
	"standoff/internal/games/hijacked"
	"standoff/internal/games/lockedout"
)

// planeDrawings are drawings of every renderer that keeps an index plane,
// from random games of every size and length: what the plane's primitives
// meet in play.
func planeDrawings(t testing.TB) map[string]func() *Canvas {
	out := map[string]func() *Canvas{}
	for players := 2; players <= 4; players++ {
		for _, moves := range []int{0, 7, 30, 90, 200, 5000} {
			seed := uint64(10*players + moves)
			pub, priv := hijackedViews(t, players, moves, seed)
			v := pub.(*hijacked.PublicView)
			name := fmt.Sprintf("hijacked %dp %d moves", players, moves)
			out[name+" turn"] = func() *Canvas { return hijackedTurnTable(hijackedMarked(v)).Canvas }
			out[name+" full"] = func() *Canvas { return hijackedFullTable(hijackedMarked(v)) }
			if pv, ok := priv.(*hijacked.PrivateView); ok && pv != nil {
				out[name+" medals"] = func() *Canvas { return hijackedMedals(pv) }
			}
		}
	}
	for name, v := range hijackViews(t) {
		out["hijack "+name+" turn"] = func() *Canvas { return drawHijackCanvas(v.(*hijack.View)) }
	}
	for players := 3; players <= 6; players++ {
		for _, moves := range []int{0, 15, 40, 90, 400} {
			pub, priv := lockedOutViews(t, players, moves)
			name := fmt.Sprintf("lockedout %dp %d moves", players, moves)
			out[name+" turn"] = func() *Canvas { return lockedOutTable(pub.(*lockedout.PublicView), false) }
			out[name+" full"] = func() *Canvas { return lockedOutTable(pub.(*lockedout.PublicView), true) }
			out[name+" hand"] = func() *Canvas { return lockedOutHand(priv.(*lockedout.PrivateView)) }
		}
	}
	for _, names := range [][]string{{"Alice"}, {"Alice", "Bob"}} {
		for _, moves := range []int{0, 5, 25, 60, 400} {
			v := huntedView(t, names, uint64(3*len(names)+moves), moves, nil)
			name := fmt.Sprintf("hunted %dp %d moves", len(names), moves)
			out[name+" turn"] = func() *Canvas { return huntedTurnBoard(huntedMarked(v)) }
			out[name+" full"] = func() *Canvas { return huntedFullBoard(huntedMarked(v)) }
		}
	}
	return out
}

// The indices the plane gives are the palette step's, pixel for pixel,
// on every drawing; and the plane stays usable on most turn pictures (a
// primitive that stopped telling where it paints would make it give up,
// silently slower).
func TestIndexPlaneMatchesThePaletteStep(t *testing.T) {
	kept, turns := 0, 0
	for name, draw := range planeDrawings(t) {
		dc := draw()
		img := dc.RGBA()
		pl := untrack(img)
		if pl == nil {
			t.Fatalf("%s: drawn without an index plane", name)
		}
		want := pl.pal.Paletted(img)
		var got []uint8
		m := pl.finish()
		ok := m != nil
		if ok {
			got = m.Pix
		}
		if isTurn := name[len(name)-4:] == "turn"; isTurn {
			turns++
			if ok {
				kept++
			}
		}
		if !ok {
			continue
		}
		for i := range got {
			if got[i] != want.Pix[i] {
				x, y := i%want.Stride, i/want.Stride
				t.Fatalf("%s: pixel (%d, %d) %v: the plane gives index %d, the palette step %d (span %d of row %d known: %v)",
					name, x, y, img.RGBAAt(x, y), got[i], want.Pix[i], x/planeSpan, y, pl.dirty[y]&(1<<(x/planeSpan)) == 0)
			}
		}
	}
	if kept*4 < turns*3 {
		t.Fatalf("the plane was given up on %d of %d turn pictures", turns-kept, turns)
	}
	t.Logf("the plane was kept on %d of %d turn pictures", kept, turns)
}

// The plane's own bookkeeping: a fill covering whole spans makes them
// known, one covering part of a span leaves it as it was, and anything
// marked unknown is looked up.
func TestIndexPlaneSpans(t *testing.T) {
	pal := hijackedPalette
	img := newRGBA(image.Rect(0, 0, 100, 3))
	fillRGBA(img.Pix, hijackedPaper)
	pl := track(img, pal, hijackedPaper)
	defer untrack(img)
	pl.unknown(image.Rect(0, 0, 100, 3))
	ink := color.RGBA{0x20, 0x30, 0x40, 0xff}
	fillRect(img, image.Rect(16, 1, 100, 2), ink) // spans 1-6 of row 1 whole, to the picture's edge
	fillRect(img, image.Rect(3, 2, 20, 3), ink)   // span 1 of row 2 in part
	if pl.dirty[0] != spansOf(0, 100) {
		t.Fatalf("row 0: %b, want every span unknown", pl.dirty[0])
	}
	if pl.dirty[1] != 1 {
		t.Fatalf("row 1: %b, want only span 0 unknown", pl.dirty[1])
	}
	if pl.dirty[2] != spansOf(0, 100) {
		t.Fatalf("row 2: %b, want every span still unknown", pl.dirty[2])
	}
	m := pl.finish()
	if m == nil {
		t.Fatal("the plane gave up")
	}
	got := m.Pix
	want := pal.Paletted(img)
	for i := range got {
		if got[i] != want.Pix[i] {
			t.Fatalf("pixel %d: %d, want %d", i, got[i], want.Pix[i])
		}
	}
}
