package images

import (
	"bytes"
	"image"
	"image/color"
	"sync"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// drawWith draws s with a face at a pen position given in 1/64 pixel.
func drawWith(f font.Face, s string, x, y fixed.Int26_6) []uint8 {
	img := image.NewRGBA(image.Rect(0, 0, 300, 60))
	d := font.Drawer{Dst: img, Src: image.NewUniform(color.Black), Face: f, Dot: fixed.Point26_6{X: x, Y: y}}
	d.DrawString(s)
	return img.Pix
}

// The shared glyph-caching face gives exactly the pixels of a fresh face,
// wherever the pen falls within a pixel, also when many pictures draw with
// it at once (it is run under -race in CI).
func TestCachedFaceSamePixels(t *testing.T) {
	const s = "Medal 2: Build 100% trust — 5 points ×3 ✓"
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 16; i++ {
				x, y := fixed.Int26_6(640+g*13+i*7), fixed.Int26_6(30*64+i*5)
				want := drawWith(Face(19, i%2 == 0), s, x, y)
				got := drawWith(cachedFaceFor(19, i%2 == 0), s, x, y)
				if !bytes.Equal(want, got) {
					errs <- "pen at " + x.String() + "," + y.String()
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Errorf("cached face differs from a fresh one, %s", e)
	}
}

// A box put together from a small box's corners and edges gives gg's
// pixels for the whole box (within 3 of 255: the corners are blended
// twice, onto clear pixels and then onto the picture), for every
// radius and pair of colours the table uses.
func TestHijackedBoxAsDrawn(t *testing.T) {
	for _, c := range []struct {
		x, y, w, h, r float64
		fill, line    color.RGBA
	}{
		{16, 20, 1168, 132, 10, hjdPanel, hjdLine},
		{24, 34, 146, 178, 10, hjdBack, hjdBack},
		{30, 40, 60, 26, 5, hjdCardBg["blue"], hjdCardBg["blue"]},
		{40, 50, 44, 24, 4, hjdPlayer[1], hjdLine},
		{8, 8, 279, 152, 10, hjdPanel, hjdInk},
	} {
		fast, naive := hjdNewCanvas(1200, 260, false), hjdNewCanvas(1200, 260, true)
		fast.box(c.x, c.y, c.w, c.h, c.r, c.fill, c.line)
		naive.box(c.x, c.y, c.w, c.h, c.r, c.fill, c.line)
		a, b := fast.RGBA().Pix, naive.RGBA().Pix
		for i := range a {
			if d := int(a[i]) - int(b[i]); d > 3 || d < -3 {
				t.Fatalf("box %v: pixel %d,%d is %d, gg draws %d", c, i/4%1200, i/4/1200, a[i], b[i])
			}
		}
		releaseRGBA(fast.RGBA())
	}
}
