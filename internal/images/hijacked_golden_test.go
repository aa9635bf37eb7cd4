package images

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
)

// hijackedGoldenViews are tables of many kinds: every player count (one is
// the solo game with its Cybot panel), early, middle, late and finished
// games, and a final-score table filled in by hand.
func hijackedGoldenViews(t testing.TB) map[string]games.View {
	out := map[string]games.View{}
	for players := 1; players <= 4; players++ {
		for _, moves := range []int{0, 7, 25, 60, 120, 200, 5000} {
			for seed := uint64(1); seed <= 3; seed++ {
				pub, priv := hijackedGoldenView(t, players, moves, seed+uint64(10*players))
				name := fmt.Sprintf("p%d_m%d_s%d", players, moves, seed)
				out[name+"_public"] = pub
				if priv != nil && priv.(*hijacked.PrivateView) != nil {
					out[name+"_private"] = priv
				}
			}
		}
	}
	for players := 1; players <= 4; players++ {
		pub, _ := hijackedGoldenView(t, players, 90, 5)
		v := pub.(*hijacked.PublicView)
		v.Over, v.Result = true, "Passengers and a pilot are free: the game ends. Carol wins with 41 points."
		for i := range v.Players {
			v.Players[i].FinalScore = &hijacked.ScoreLine{Seat: i, Track: 30 + i, Medals: 2, Demands: 3, Star: 5 * (i % 2), Hijackers: 4, Cards: -3 * i, Recognition: i - 2, Total: 40 + i, Tiles: i % 2, SetAside: 2 * (i % 2)}
		}
		out[fmt.Sprintf("final%d_public", players)] = v
	}
	return out
}

// hijackedGoldenView is hijackedViews, with one player meaning the solo game
// (the human against the Cybot).
func hijackedGoldenView(t testing.TB, players, moves int, seed uint64) (games.View, games.View) {
	t.Helper()
	if players > 1 {
		return hijackedViews(t, players, moves, seed)
	}
	s, err := hijacked.Kind.New(games.Setup{Players: []string{"Alice", "Standoff (bot level 1)"}, Seed: seed, Bots: []int{0, 1}})
	if err != nil {
		t.Fatal(err)
	}
	playRandomly(t, s, moves, seed)
	return s.Public(), s.Private(0)
}

// hijackedDigest is the SHA-256 of a picture's size, palette indices and
// palette, so a single pixel or colour that changes shows.
func hijackedDigest(img image.Image) string {
	p := img.(*image.Paletted)
	h := sha256.New()
	fmt.Fprintf(h, "%v|", p.Rect)
	h.Write(p.Pix)
	for _, c := range p.Palette {
		r, g, b, a := c.RGBA()
		fmt.Fprintf(h, "%d,%d,%d,%d;", r, g, b, a)
	}
	return hex.EncodeToString(h.Sum(nil))[:24]
}

// Every turn picture, full board and medal picture is pixel for pixel what
// the digests record, so a change meant to leave the pictures alone (a
// faster path, a refactor) shows any pixel it moves. A change of layout
// retakes them; docs/performance.md says when and why they were.
// HIJACKED_GOLDEN=1 prints the digests of the current renderer instead.
func TestHijackedSameAsBefore(t *testing.T) {
	views := hijackedGoldenViews(t)
	full := func(name string) bool { return strings.HasSuffix(name, "_public") }
	if os.Getenv("HIJACKED_GOLDEN") != "" {
		for _, r := range []struct {
			name string
			draw func(games.View) (image.Image, error)
			only func(string) bool
		}{{"hijackedGolden", Hijacked, func(string) bool { return true }}, {"hijackedFullGolden", HijackedFull, full}} {
			fmt.Printf("var %s = map[string]string{\n", r.name)
			for _, name := range slices.Sorted(maps.Keys(views)) {
				if !r.only(name) {
					continue
				}
				img, err := r.draw(views[name])
				if err != nil {
					t.Fatal(err)
				}
				fmt.Printf("\t%q: %q,\n", name, hijackedDigest(img))
			}
			fmt.Println("}")
		}
		return
	}
	if len(hijackedGolden) != len(views) {
		t.Fatalf("%d digests for %d views", len(hijackedGolden), len(views))
	}
	for i, name := range slices.Sorted(maps.Keys(views)) {
		if hijackedRace && i%4 != 0 { // under -race a quarter of the views: the same code, many times slower
			continue
		}
		v := views[name]
		img, err := Hijacked(v)
		if err != nil {
			t.Fatal(err)
		}
		if got := hijackedDigest(img); got != hijackedGolden[name] {
			t.Errorf("%s: picture changed (digest %s, was %s)", name, got, hijackedGolden[name])
		}
		Release(img)
		if !full(name) {
			continue
		}
		if img, err = HijackedFull(v); err != nil {
			t.Fatal(err)
		}
		if got := hijackedDigest(img); got != hijackedFullGolden[name] {
			t.Errorf("%s: full board changed (digest %s, was %s)", name, got, hijackedFullGolden[name])
		}
		Release(img)
	}
}

// Shapes copied from their first drawing (shapes.go) give every
// pixel of the pictures (the full board, then the turn picture), before the
// palette, as drawing each directly: the same views drawn with no shapes
// kept and then with them.
func TestHijackedShapesAsDrawn(t *testing.T) {
	views := hijackedGoldenViews(t)
	for i, name := range slices.Sorted(maps.Keys(views)) {
		if hijackedRace && i%4 != 0 { // under -race a quarter of the views: the same code, many times slower
			continue
		}
		v := views[name]
		var a, b []uint8
		var w int
		hijackedForgetShapes(0) // past the bound: every shape drawn directly
		switch v := v.(type) {
		case *hijacked.PublicView:
			a = append(a, hijackedFullTable(v).RGBA().Pix...)
			a = append(a, hijackedTurnTable(v).RGBA().Pix...)
		case *hijacked.PrivateView:
			a = append(a, hijackedMedals(v).RGBA().Pix...)
		}
		hijackedForgetShapes(1024)
		switch v := v.(type) {
		case *hijacked.PublicView:
			b = append(b, hijackedFullTable(v).RGBA().Pix...)
			b = append(b, hijackedTurnTable(v).RGBA().Pix...)
			w = hijackedWidth
		case *hijacked.PrivateView:
			b = append(b, hijackedMedals(v).RGBA().Pix...)
			w = 1000
		}
		n := 0
		for i := 0; i < len(a); i += 4 {
			if a[i] != b[i] || a[i+1] != b[i+1] || a[i+2] != b[i+2] {
				if n < 3 {
					t.Logf("%s: %d,%d: drawn %v, copied %v", name, i/4%w, i/4/w, a[i:i+4], b[i:i+4])
				}
				n++
			}
		}
		if n > 0 {
			t.Errorf("%s: %d pixels differ", name, n)
		}
	}
}

// A disc filled, and filled and outlined (gg's strokes are flattened in
// floating point, where moving a shape even by whole pixels rounds some
// points differently), at many positions within a pixel, over a flat
// background and over a line, copied from its first drawing: the same
// pixels as drawn directly.
func TestHijackedShapeAnywhere(t *testing.T) {
	for _, line := range []bool{false, true} {
		for _, stroke := range []bool{false, true} {
			bad := 0
			for n := 0; n < 60; n++ {
				x := 500 + 660*float64(n)/57
				var pics [2][]uint8
				for pass := 0; pass < 2; pass++ {
					hijackedForgetShapes(1024)
					dc := hijackedNewCanvas(1200, 200)
					if line {
						dc.SetColor(hijackedLine)
						dc.SetLineWidth(4)
						dc.DrawLine(500, 100, 1160, 100)
						dc.Stroke()
					}
					draw := func(dc *Canvas, x, y float64) {
						dc.DrawCircle(x, y, 12)
						dc.SetColor(hijackedPlayer[1])
						if stroke {
							dc.FillPreserve()
							dc.SetColor(hijackedPanel)
							dc.SetLineWidth(2)
							dc.Stroke()
						} else {
							dc.Fill()
						}
					}
					if pass == 0 {
						draw(dc, x, 100)
					} else {
						hijackedShape(dc, "disc", x, 100, 16, draw)
					}
					pics[pass] = append([]uint8(nil), dc.RGBA().Pix...)
					releaseRGBA(dc.RGBA())
				}
				if !bytes.Equal(pics[0], pics[1]) {
					bad++
				}
			}
			if bad > 0 {
				t.Errorf("over a line %v, outlined %v: %d of 60 positions differ", line, stroke, bad)
			}
		}
	}
}

// hijackedForgetShapes empties the kept shapes and bounds them to max (0: none
// kept).
func hijackedForgetShapes(max int64) {
	hijackedShapes.m.Clear()
	hijackedShapes.n.Store(0)
	hijackedShapes.max = max
}
