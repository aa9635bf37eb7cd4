package images

import (
	"image"
	"image/color"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Hijacked's table draws some 300 strings; rasterizing every glyph anew was
// a fifth of its drawing (and a tenth of Hijack's and Locked Out's, which
// take these faces through Canvas.Font). cachedFaceFor shares one face per
// size between pictures and keeps each glyph's mask once rasterized, by rune and by the
// pen's position within its pixel (the mask depends on it), so the pixels
// are exactly those of a fresh face.

// glyphCacheMax bounds the masks kept per face: past it glyphs are drawn
// anew. Hinting keeps the pen's positions within a pixel few: 160 pictures
// of Hijacked and Hunted left 1,166 masks (150 KB) over 32 faces, so the
// bound (a few MB at most per face) is never near.
const glyphCacheMax = 4000

type glyphKey struct {
	r      rune
	fx, fy fixed.Int26_6 // the pen's position within its pixel
}

type cachedGlyph struct {
	dr      image.Rectangle // for a pen at (fx, fy) from the pixel's origin
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

// cachedFace is a font.Face safe for concurrent use (opentype faces are
// not: they share a buffer) that keeps glyph masks.
type cachedFace struct {
	mu     sync.Mutex
	face   font.Face
	glyphs map[glyphKey]cachedGlyph
}

var cachedFaces sync.Map // [2]int{size*10, bold} -> *cachedFace

// cachedFaceFor is the shared caching face for a size.
func cachedFaceFor(size float64, bold bool) font.Face {
	key := [2]int{int(size * 10), 0}
	if bold {
		key[1] = 1
	}
	if f, ok := cachedFaces.Load(key); ok {
		return f.(*cachedFace)
	}
	f, _ := cachedFaces.LoadOrStore(key, &cachedFace{face: Face(size, bold), glyphs: map[glyphKey]cachedGlyph{}})
	return f.(*cachedFace)
}

func (f *cachedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	k := glyphKey{r, dot.X & 63, dot.Y & 63}
	at := image.Pt(int(dot.X>>6), int(dot.Y>>6))
	f.mu.Lock()
	defer f.mu.Unlock()
	g, ok := f.glyphs[k]
	if !ok {
		dr, mask, mp, adv, gok := f.face.Glyph(fixed.Point26_6{X: k.fx, Y: k.fy}, r)
		g = cachedGlyph{dr: dr, advance: adv, ok: gok}
		if gok {
			// The face reuses its mask buffer: keep a copy.
			m := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
			for y := 0; y < dr.Dy(); y++ {
				for x := 0; x < dr.Dx(); x++ {
					m.SetAlpha(x, y, alphaAt(mask, mp.X+x, mp.Y+y))
				}
			}
			g.mask = m
		}
		if len(f.glyphs) < glyphCacheMax {
			f.glyphs[k] = g
		}
	}
	if !g.ok {
		return image.Rectangle{}, nil, image.Point{}, g.advance, false
	}
	return g.dr.Add(at), g.mask, image.Point{}, g.advance, true
}

// alphaAt reads a mask pixel's coverage.
func alphaAt(m image.Image, x, y int) color.Alpha {
	if a, ok := m.(*image.Alpha); ok {
		return a.AlphaAt(x, y)
	}
	_, _, _, al := m.At(x, y).RGBA()
	return color.Alpha{uint8(al >> 8)}
}

func (f *cachedFace) GlyphBounds(r rune) (fixed.Rectangle26_6, fixed.Int26_6, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.face.GlyphBounds(r)
}

func (f *cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.face.GlyphAdvance(r)
}

func (f *cachedFace) Kern(r0, r1 rune) fixed.Int26_6 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.face.Kern(r0, r1)
}

func (f *cachedFace) Close() error { return nil }

func (f *cachedFace) Metrics() font.Metrics {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.face.Metrics()
}
