package images

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// The renderers draw hundreds of strings a picture, and rasterizing every
// glyph anew was a large part of their drawing (docs/performance.md).
// cachedFaceFor shares one face per size between pictures and keeps each
// glyph's mask once rasterized, by rune and by the pen's position within
// its pixel (the mask depends on it), so the pixels are exactly those of a
// fresh face.

// glyphCacheMax bounds the masks kept per face: past it glyphs are drawn
// anew. Hinting keeps the pen's positions within a pixel few, so the
// renderers stay far below it (a few MB at most per face).
const glyphCacheMax = 4000

type glyphKey struct {
	r      rune
	fx, fy fixed.Int26_6 // the pen's position within its pixel
}

type cachedGlyph struct {
	dr      image.Rectangle // for a pen at (fx, fy) from the pixel's origin
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool        // false for a rune the font lacks
	spans   []glyphSpan // the mask's covered pixels, for drawString
}

// glyphSpan is a run of a mask's row with some coverage; uncovered
// pixels, most of a glyph's box, are in no span.
type glyphSpan struct{ y, x0, x1 int16 }

// glyphSpans finds a mask's spans once, when the glyph is cached.
func glyphSpans(m *image.Alpha) []glyphSpan {
	var spans []glyphSpan
	b := m.Bounds()
	for y := 0; y < b.Dy(); y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+b.Dx()]
		for x := 0; x < len(row); {
			if row[x] == 0 {
				x++
				continue
			}
			x1 := x + 1
			for x1 < len(row) && row[x1] != 0 {
				x1++
			}
			spans = append(spans, glyphSpan{int16(y), int16(x), int16(x1)})
			x = x1
		}
	}
	return spans
}

type cachedAdvance struct {
	advance fixed.Int26_6
	ok      bool
}

// cachedFace is a font.Face safe for concurrent use (opentype faces are
// not: they share a buffer) that keeps glyph masks.
type cachedFace struct {
	mu       sync.Mutex
	face     font.Face
	glyphs   map[glyphKey]*cachedGlyph
	advances map[rune]cachedAdvance
	kerns    map[[2]rune]fixed.Int26_6
	blends   map[blendKey]*[256]uint32
	// indexTabs are blend tables as palette indices (indexTable).
	indexTabs map[indexTabKey]*[256]uint8
	// layouts and widths: whole strings, found by one lookup instead of
	// two or three per rune (labels and numbers repeat picture after
	// picture); emptied when full, as names and events come and go.
	layouts map[layoutKey][]placedGlyph
	widths  map[string]fixed.Int26_6
	wraps   map[wrapKey][]string
}

// wrapKey is a string wrapped at a width.
type wrapKey struct {
	s     string
	width float64
}

// layoutKey is a string drawn from a pen at (fx, fy) within its pixel.
type layoutKey struct {
	s      string
	fx, fy fixed.Int26_6
}

// placedGlyph is a glyph of a laid-out string and the pixel its pen is
// in, from the pixel of the string's start.
type placedGlyph struct {
	g  *cachedGlyph
	at image.Point
}

// maxLayouts bounds each face's strings and widths (a few hundred bytes a
// string).
const maxLayouts = 512

func (f *cachedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g, at := f.glyph(dot, r)
	if g.mask == nil {
		return image.Rectangle{}, nil, image.Point{}, g.advance, g.ok
	}
	return g.dr.Add(at), g.mask, image.Point{}, g.advance, g.ok
}

// glyph is a rune's cached glyph for a pen at dot, and where its box
// goes; f.mu held.
func (f *cachedFace) glyph(dot fixed.Point26_6, r rune) (*cachedGlyph, image.Point) {
	k := glyphKey{r, dot.X & 63, dot.Y & 63}
	at := image.Pt(int(dot.X>>6), int(dot.Y>>6))
	g, ok := f.glyphs[k]
	if !ok {
		dr, mask, mp, adv, gok := f.face.Glyph(fixed.Point26_6{X: k.fx, Y: k.fy}, r)
		g = &cachedGlyph{dr: dr, advance: adv, ok: gok}
		// A rune the font lacks is not ok but still has a mask (the
		// missing-glyph box), which font.Drawer draws: keep it too.
		if mask != nil && !dr.Empty() {
			// The face reuses its mask buffer: keep a copy.
			m := image.NewAlpha(image.Rect(0, 0, dr.Dx(), dr.Dy()))
			for y := 0; y < dr.Dy(); y++ {
				for x := 0; x < dr.Dx(); x++ {
					m.SetAlpha(x, y, alphaAt(mask, mp.X+x, mp.Y+y))
				}
			}
			g.mask = m
			g.spans = glyphSpans(m)
		}
		if len(f.glyphs) < glyphCacheMax {
			f.glyphs[k] = g
		}
	}
	return g, at
}

// drawString draws s as font.Drawer's DrawString does with this face and
// a uniform colour, to the same pixels (image/draw's arithmetic for a
// glyph over RGBA), under one lock for the whole string, with kerning
// cached, and painting only each mask's covered spans. Text sits on flat
// fills: a pixel still of the background colour found at the first glyph
// takes its result from a table of the 256 coverages (made once per
// colour and background); others are blended one by one.
func (f *cachedFace) drawString(dst *image.RGBA, pl *indexPlane, c color.Color, dot fixed.Point26_6, s string) {
	sr, sg, sb, sa := c.RGBA()
	f.mu.Lock()
	defer f.mu.Unlock()
	var bg uint32
	var tab *[256]uint32
	var itab *[256]uint8
	start := image.Pt(int(dot.X>>6), int(dot.Y>>6))
	for _, p := range f.layout(dot, s) {
		g := p.g
		if g.mask == nil {
			continue
		}
		box := g.dr.Add(start.Add(p.at))
		if !box.In(dst.Rect) {
			// Clipped: image/draw's own way.
			draw.DrawMask(dst, box, image.NewUniform(c), image.Point{}, g.mask, image.Point{}, draw.Over)
			pl.unknown(box)
			continue
		}
		if tab == nil {
			bg = binary.LittleEndian.Uint32(dst.Pix[dst.PixOffset(box.Min.X, box.Min.Y):])
			tab = f.blendTable([4]uint32{sr, sg, sb, sa}, bg)
			if pl != nil && !pl.all {
				itab = f.indexTable([4]uint32{sr, sg, sb, sa}, bg, tab, pl.pal)
			}
		}
		for _, sp := range g.spans {
			y := box.Min.Y + int(sp.y)
			i := dst.PixOffset(box.Min.X+int(sp.x0), y)
			d := dst.Pix[i : i+4*int(sp.x1-sp.x0)]
			mrow := g.mask.Pix[int(sp.y)*g.mask.Stride+int(sp.x0):]
			if itab == nil || pl.all {
				for j := 0; j < len(d); j += 4 {
					p := d[j : j+4 : j+4]
					ma := mrow[j/4]
					if binary.LittleEndian.Uint32(p) == bg {
						binary.LittleEndian.PutUint32(p, tab[ma])
						continue
					}
					p[0], p[1], p[2], p[3] = blendGlyph(p, sr, sg, sb, sa, uint32(ma))
				}
				pl.unknown(image.Rect(box.Min.X+int(sp.x0), y, box.Min.X+int(sp.x1), y+1))
				continue
			}
			// The plane learns each pixel's index with it: from the
			// table's where the pixel was the background, and not at all
			// (its span marked) where it was blended.
			x0 := box.Min.X + int(sp.x0)
			ix := pl.idx[y*pl.w+x0:][:len(d)/4]
			for j := 0; j < len(d); j += 4 {
				p := d[j : j+4 : j+4]
				ma := mrow[j/4]
				if binary.LittleEndian.Uint32(p) == bg {
					binary.LittleEndian.PutUint32(p, tab[ma])
					ix[j/4] = itab[ma]
					continue
				}
				p[0], p[1], p[2], p[3] = blendGlyph(p, sr, sg, sb, sa, uint32(ma))
				pl.dirty[y] |= 1 << ((x0 + j/4) / planeSpan)
			}
		}
	}
}

// layout is s's glyphs for a pen starting at dot, each with the pixel
// its pen is in (from dot's pixel), kerned and advanced as font.Drawer
// does; f.mu held.
func (f *cachedFace) layout(dot fixed.Point26_6, s string) []placedGlyph {
	k := layoutKey{s, dot.X & 63, dot.Y & 63}
	if l, ok := f.layouts[k]; ok {
		return l
	}
	// From the same position within the pixel: the glyphs (chosen by
	// their pen's position within its pixel) and the pixels are those
	// for dot, moved by whole pixels.
	pen := fixed.Point26_6{X: k.fx, Y: k.fy}
	var l []placedGlyph
	prevC := rune(-1)
	for _, r := range s {
		if prevC >= 0 {
			pen.X += f.kern(prevC, r)
		}
		g, at := f.glyph(pen, r)
		l = append(l, placedGlyph{g, at})
		pen.X += g.advance
		prevC = r
	}
	if len(f.layouts) >= maxLayouts {
		clear(f.layouts)
	}
	f.layouts[k] = l
	return l
}

// blendGlyph is a pixel d under a glyph of coverage ma (0-255) in a colour
// (premultiplied, 16 bits a channel), by image/draw's drawGlyphOver.
func blendGlyph(d []uint8, sr, sg, sb, sa, ma uint32) (uint8, uint8, uint8, uint8) {
	const m = 1<<16 - 1
	ma |= ma << 8
	a := (m - (sa * ma / m)) * 0x101
	return uint8((uint32(d[0])*a + sr*ma) / m >> 8), uint8((uint32(d[1])*a + sg*ma) / m >> 8),
		uint8((uint32(d[2])*a + sb*ma) / m >> 8), uint8((uint32(d[3])*a + sa*ma) / m >> 8)
}

type blendKey struct {
	src [4]uint32
	bg  uint32
}

// indexTabKey is a blend table in a palette.
type indexTabKey struct {
	blend blendKey
	pal   *Palette
}

// indexTable is the palette index of each pixel of a blend table, for
// drawings that keep an index plane; f.mu held.
func (f *cachedFace) indexTable(src [4]uint32, bg uint32, tab *[256]uint32, p *Palette) *[256]uint8 {
	key := indexTabKey{blendKey{src, bg}, p}
	if t, ok := f.indexTabs[key]; ok {
		return t
	}
	lut := p.table()
	t := new([256]uint8)
	for ma, v := range tab {
		t[ma] = p.index(lut, v)
	}
	if f.indexTabs == nil {
		f.indexTabs = map[indexTabKey]*[256]uint8{}
	}
	if len(f.indexTabs) < 256 {
		f.indexTabs[key] = t
	}
	return t
}

// blendTable is the pixel a glyph of each coverage makes in colour src
// over the pixel bg; f.mu held. A game's text colours on its fills are a
// few dozen pairs; past the bound a table is made for the string alone.
func (f *cachedFace) blendTable(src [4]uint32, bg uint32) *[256]uint32 {
	key := blendKey{src, bg}
	if t, ok := f.blends[key]; ok {
		return t
	}
	t := new([256]uint32)
	var d [4]uint8
	binary.LittleEndian.PutUint32(d[:], bg)
	for ma := range t {
		p0, p1, p2, p3 := blendGlyph(d[:], src[0], src[1], src[2], src[3], uint32(ma))
		t[ma] = uint32(p0) | uint32(p1)<<8 | uint32(p2)<<16 | uint32(p3)<<24
	}
	if len(f.blends) < 256 {
		f.blends[key] = t
	}
	return t
}

// measure is font.MeasureString with this face, under one lock.
func (f *cachedFace) measure(s string) (advance fixed.Int26_6) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if w, ok := f.widths[s]; ok {
		return w
	}
	prevC := rune(-1)
	for _, c := range s {
		if prevC >= 0 {
			advance += f.kern(prevC, c)
		}
		a, ok := f.advances[c]
		if !ok {
			a.advance, a.ok = f.face.GlyphAdvance(c)
			if len(f.advances) < glyphCacheMax {
				f.advances[c] = a
			}
		}
		// A rune the font lacks still advances (by its missing-glyph
		// box), as font.MeasureString counts it.
		advance += a.advance
		prevC = c
	}
	if len(f.widths) >= maxLayouts {
		clear(f.widths)
	}
	f.widths[s] = advance
	return advance
}

// wrapped is wrap's lines for s at width (gg's WordWrap with this face),
// kept by string and width: a picture's texts repeat from one to the
// next, and wrapping measures every word under the face's lock, twice.
// The lines are shared: never change them.
func (f *cachedFace) wrapped(s string, width float64, wrap func() []string) []string {
	k := wrapKey{s, width}
	f.mu.Lock()
	lines, ok := f.wraps[k]
	f.mu.Unlock()
	if ok {
		return lines
	}
	lines = wrap() // measures through the face, which locks it
	f.mu.Lock()
	if f.wraps == nil || len(f.wraps) >= maxLayouts {
		f.wraps = map[wrapKey][]string{}
	}
	f.wraps[k] = lines
	f.mu.Unlock()
	return lines
}

// kern is the face's kerning of a pair, cached; f.mu held.
func (f *cachedFace) kern(r0, r1 rune) fixed.Int26_6 {
	k, ok := f.kerns[[2]rune{r0, r1}]
	if !ok {
		k = f.face.Kern(r0, r1)
		if len(f.kerns) < 4*glyphCacheMax {
			f.kerns[[2]rune{r0, r1}] = k
		}
	}
	return k
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
	a, ok := f.advances[r]
	if !ok {
		a.advance, a.ok = f.face.GlyphAdvance(r)
		if len(f.advances) < glyphCacheMax {
			f.advances[r] = a
		}
	}
	return a.advance, a.ok
}

func (f *cachedFace) Kern(r0, r1 rune) fixed.Int26_6 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.kern(r0, r1)
}

func (f *cachedFace) Close() error { return nil }

func (f *cachedFace) Metrics() font.Metrics {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.face.Metrics()
}
