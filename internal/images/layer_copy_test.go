package images

import (
	"bytes"
	"image"
	"math/rand/v2"
	"testing"

	"standoff/internal/games/hijack"
	"standoff/internal/games/lockedout"
)

// A layer's copy (Hijack's board, Locked Out's map) is the layer, pixel for pixel, whatever the recycled
// buffer held: rows of background alone, rows with a narrow span of
// something else (at either edge too), rows copied whole.
func TestLayerCopy(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	dirty := func(r image.Rectangle) {
		img := image.NewRGBA(r)
		for i := range img.Pix {
			img.Pix[i] = uint8(rng.IntN(256))
		}
		releaseRGBA(img)
	}
	layer := image.NewRGBA(image.Rect(0, 0, 200, 60))
	fillRGBA(layer.Pix, hijackBackground)
	paint := func(x0, x1, y0, y1 int) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				o := layer.PixOffset(x, y)
				layer.Pix[o], layer.Pix[o+1], layer.Pix[o+2], layer.Pix[o+3] = uint8(rng.IntN(256)), uint8(rng.IntN(256)), 7, 255
			}
		}
	}
	paint(150, 170, 10, 20) // a narrow span
	paint(0, 200, 20, 30)   // whole rows
	paint(0, 1, 30, 31)     // the first pixel
	paint(199, 200, 31, 32) // the last pixel
	paint(40, 41, 33, 34)   // two pixels far apart: copied whole
	paint(160, 161, 33, 34)
	cases := map[string]*image.RGBA{"synthetic": layer}
	for name, v := range hijackViews(t) {
		hv := v.(*hijack.View)
		cases[name] = hijackLayers.Get(hijackLayerKey(hv), hijackLayerBuild(hv))
	}
	lo, _ := lockedOutViews(t, 4, 30)
	band := lockedOutLayers.Get(lockedOutMapKey(lo.(*lockedout.PublicView)), lockedOutMapBuild(lo.(*lockedout.PublicView)))
	for name, l := range cases {
		for round := range 2 {
			dirty(l.Rect)
			got := hijackLayerCopy("test "+name, l)
			if !bytes.Equal(got.Pix, l.Pix) || got.Rect != l.Rect {
				t.Errorf("%s, round %d: the copy differs from the layer", name, round)
			}
			releaseRGBA(got)
		}
	}
	for round := range 2 {
		got := make([]uint8, len(band.Pix))
		for i := range got {
			got[i] = uint8(rng.IntN(256))
		}
		lockedOutBandRows.copy("test band", got, band)
		if !bytes.Equal(got, band.Pix) {
			t.Errorf("Locked Out's map, round %d: the copy differs from the layer", round)
		}
	}
	if v, ok := lockedOutBandRows.m.Load("test band"); !ok || len(v.(*layerRows).runs) < 2 {
		t.Errorf("Locked Out's map: no paper rows found")
	}
}
