package images

import (
	"bytes"
	"fmt"
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
	const s = "✓\x7f★ Medal 2: Build 100% trust — 5 points ×3"
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
		{16, 20, 1168, 132, 10, hijackedPanel, hijackedLine},
		{24, 34, 146, 178, 10, hijackedBack, hijackedBack},
		{30, 40, 60, 26, 5, hijackedCardBg["blue"], hijackedCardBg["blue"]},
		{40, 50, 44, 24, 4, hijackedPlayer[1], hijackedLine},
		{8, 8, 279, 152, 10, hijackedPanel, hijackedInk},
		// The police track's spaces (hijackedFullTracks): 15 or 16 of them.
		{24 + 540 - 33, 40, 30, 40, 5, hijackedPlaneBg, hijackedLine},
		{24 + 540 - 2*31, 40, 28, 40, 5, hijackedPanel, hijackedLine},
	} {
		fast, ref := hijackedNewCanvas(1200, 260), hijackedNewCanvas(1200, 260)
		roundedBox(fast, c.x, c.y, c.w, c.h, c.r, c.fill, c.line)
		roundedBoxGG(ref, c.x, c.y, c.w, c.h, c.r, c.fill, c.line)
		a, b := fast.RGBA().Pix, ref.RGBA().Pix
		for i := range a {
			if d := int(a[i]) - int(b[i]); d > 3 || d < -3 {
				t.Fatalf("box %v: pixel %d,%d is %d, gg draws %d", c, i/4%1200, i/4/1200, a[i], b[i])
			}
		}
		releaseRGBA(fast.RGBA())
	}
}

// drawString paints exactly what font.Drawer paints with a fresh face: on
// a flat fill and on pixels that are not, in opaque and translucent colours, at
// pen positions anywhere within a pixel, and across the picture's edges.
// drawString paints exactly what font.Drawer paints with a fresh face: on
// a flat fill and on pixels that are not, in opaque and translucent colours, at
// pen positions anywhere within a pixel, across the picture's edges, and
// for runes the font lacks (drawn as its missing-glyph box).
func TestDrawStringSamePixels(t *testing.T) {
	const s = "Recognition −2 · ✓\x7f trust 30% ×3 WAVY fill"
	for _, bold := range []bool{false, true} {
		cached := cachedFaceFor(17, bold).(*cachedFace)
		fresh := Face(17, bold)
		for _, c := range []color.Color{color.RGBA{20, 30, 200, 255}, color.NRGBA{200, 10, 10, 140}, color.White} {
			for _, dot := range []fixed.Point26_6{{X: 5 * 64, Y: 30 * 64}, {X: 5*64 + 23, Y: 30*64 + 41}, {X: -40 * 64, Y: 8 * 64}, {X: 100*64 + 7, Y: 58 * 64}} {
				// A flat fill with a patterned band across it: text
				// over its own background and over other pixels.
				bg := func() *image.RGBA {
					img := image.NewRGBA(image.Rect(0, 0, 300, 60))
					fillRGBA(img.Pix, color.RGBA{236, 228, 208, 255})
					for i := 4 * 300 * 24; i < 4*300*34; i++ {
						img.Pix[i] = uint8(i*13%256) | 0x10
					}
					for i := 3; i < len(img.Pix); i += 4 {
						img.Pix[i] = 255
					}
					return img
				}
				want, got := bg(), bg()
				d := font.Drawer{Dst: want, Src: image.NewUniform(c), Face: fresh, Dot: dot}
				d.DrawString(s)
				cached.drawString(got, nil, c, dot, s)
				if !bytes.Equal(got.Pix, want.Pix) {
					t.Errorf("bold %v, colour %v, pen %v: pixels differ from font.Drawer's", bold, c, dot)
				}
			}
		}
	}
}

// Sizes less than a tenth apart get faces of their own: a shared face made
// at the first size asked for would draw the second a little differently
// (Hijack's cell names and Hijacked's scaled labels have such sizes).
func TestCachedFacesBySize(t *testing.T) {
	const s = "43 trust"
	for _, size := range []float64{19.37, 19.3, 19.33} {
		want := drawWith(Face(size, true), s, 640, 30*64)
		if got := drawWith(cachedFaceFor(size, true), s, 640, 30*64); !bytes.Equal(got, want) {
			t.Errorf("size %v: the cached face draws other pixels than a fresh one", size)
		}
	}
}

// A canvas measures text with a shared face as font.MeasureString does
// with a fresh one, missing glyphs and kerning included.
func TestCanvasMeasureString(t *testing.T) {
	dc := NewCanvas(10, 10)
	for _, size := range []float64{14, 19.37} {
		for _, bold := range []bool{false, true} {
			dc.Font(size, bold)
			for _, s := range []string{"", "AVA Wo", "trust 30% ✓\x7f×3", "Ŵŷ — “quoted”"} {
				w, h := dc.MeasureString(s)
				f := Face(size, bold)
				if want := float64(font.MeasureString(f, s) >> 6); w != want || h != float64(f.Metrics().Height)/64 {
					t.Errorf("size %v bold %v %q: %v x %v, want %v x %v", size, bold, s, w, h, want, float64(f.Metrics().Height)/64)
				}
			}
		}
	}
}

// A face keeps strings' layouts and widths up to a bound, then starts
// again: strings drawn and measured after more than that many others, and
// the same strings from other positions within a pixel, still give
// font.Drawer's pixels and font.MeasureString's widths.
func TestCachedLayoutsPastTheBound(t *testing.T) {
	cached := cachedFaceFor(15.5, false).(*cachedFace)
	fresh := Face(15.5, false)
	c := color.RGBA{20, 30, 200, 255}
	for i := 0; i < 3*maxLayouts; i++ {
		s := fmt.Sprintf("Round %d: AV %d", i%(maxLayouts+40), i)
		if i%7 == 0 {
			s = "Recognition AVA" // found again and again, before and after emptying
		}
		dot := fixed.Point26_6{X: fixed.Int26_6(4*64 + i%64), Y: fixed.Int26_6(20*64 + i*5%64)}
		want, got := image.NewRGBA(image.Rect(0, 0, 220, 30)), image.NewRGBA(image.Rect(0, 0, 220, 30))
		(&font.Drawer{Dst: want, Src: image.NewUniform(c), Face: fresh, Dot: dot}).DrawString(s)
		cached.drawString(got, nil, c, dot, s)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Fatalf("%d %q at %v: pixels differ from font.Drawer's", i, s, dot)
		}
		if w, want := cached.measure(s), font.MeasureString(fresh, s); w != want {
			t.Fatalf("%d %q: width %v, font.MeasureString %v", i, s, w, want)
		}
	}
}
