package images

import (
	"image"
	"image/color"
	"math/bits"
	"sync"
)

// The palette step reads every pixel a renderer drew, although most were
// painted by a primitive that knew their colour: a flat fill, a glyph's
// blend of one colour over another. An index plane keeps, beside a
// drawing's pixels, their palette indices wherever the primitive that
// painted them knew them, and marks spans of 16 pixels whose indices it
// does not know (a blend over mixed pixels, a copied shape, gg's
// rasterizer). Only those spans are looked up when the drawing is
// finished; the result is the same as the palette step's on every pixel
// (TestIndexPlaneMatchesThePaletteStep).
//
// Every primitive that paints pixels tells the drawing's plane what it
// painted, finding it by the drawing's *image.RGBA (planes) or through its
// Canvas: a fill gives the colour's index, a glyph the indices of its
// blend table, anything else marks where it painted as not known, and gg's
// rasterizer, which does not say where, the whole drawing. A new way of
// painting must do the same; TestIndexPlaneMatchesThePaletteStep compares
// the plane with the palette step on every renderer's drawings.

const planeSpan = 16

// indexPlane is a drawing's palette indices where they are known.
type indexPlane struct {
	pal   *Palette
	lut   []uint8
	img   *image.RGBA
	out   *image.Paletted // the picture being made: its indices are idx
	w, h  int
	idx   []uint8  // w*h, valid in the spans known
	dirty []uint64 // per row, bit s: span s (x in [16s, 16s+16)) not known
	all   bool     // nothing is known
}

// planes are the index planes of the drawings being drawn, by their
// pixels. A drawing is registered when its canvas is made with a palette
// and leaves at its palette step or when its pixels are given back.
var planes struct {
	mu sync.Mutex
	m  map[*image.RGBA]*indexPlane
}

// maxPlanes bounds the planes registered: a drawing that is never
// finished (a test's) leaves its plane behind, and past the bound every
// plane is dropped; a drawing whose plane went has its palette step done
// in full, which is only slower.
const maxPlanes = 64

// planeBuffers recycles the planes' memory, as rgbaBuffers does pixels.
var planeBuffers = make(chan *indexPlane, 4)

// track gives a drawing filled with one opaque colour an index plane in
// p, all known; nil (untracked) when it is wider than a row's mask holds.
// The plane's indices are the paletted picture the drawing will become.
func track(img *image.RGBA, p *Palette, c color.RGBA) *indexPlane {
	w, h := img.Rect.Dx(), img.Rect.Dy()
	if w > 64*planeSpan || w <= 0 || h <= 0 || img.Rect.Min != (image.Point{}) {
		return nil
	}
	var pl *indexPlane
	select {
	case pl = <-planeBuffers:
	default:
		pl = &indexPlane{}
	}
	out := newPaletted(img.Rect, p.colors)
	dirty := pl.dirty
	if cap(dirty) < h {
		dirty = make([]uint64, h)
	}
	*pl = indexPlane{pal: p, lut: p.table(), img: img, out: out, w: w, h: h, idx: out.Pix, dirty: dirty[:h]}
	fillBytes(pl.idx, pl.lut[pixelKey(rgbaWord(c))])
	clear(pl.dirty)
	planes.mu.Lock()
	if planes.m == nil || len(planes.m) >= maxPlanes {
		planes.m = map[*image.RGBA]*indexPlane{}
	}
	planes.m[img] = pl
	planes.mu.Unlock()
	return pl
}

// trackFrom gives a drawing whose first rows are a copy of a layer, whose
// palette indices in p are layerIdx, and whose other rows are filled with
// one opaque colour, an index plane, all known.
func trackFrom(img *image.RGBA, p *Palette, layerIdx []uint8, c color.RGBA) *indexPlane {
	pl := track(img, p, c)
	if pl != nil {
		copy(pl.idx, layerIdx)
	}
	return pl
}

// planeOf is the plane of a drawing being drawn, nil when it has none.
func planeOf(img *image.RGBA) *indexPlane {
	planes.mu.Lock()
	pl := planes.m[img]
	planes.mu.Unlock()
	return pl
}

// untrack takes a drawing's plane away; its memory serves the next one.
func untrack(img *image.RGBA) *indexPlane {
	planes.mu.Lock()
	pl := planes.m[img]
	delete(planes.m, img)
	planes.mu.Unlock()
	return pl
}

// releasePlane gives a plane back, with its picture unless that was
// taken (finish).
func releasePlane(pl *indexPlane) {
	if pl.out != nil {
		Release(pl.out)
	}
	pl.img, pl.pal, pl.lut, pl.out, pl.idx = nil, nil, nil, nil, nil
	select {
	case planeBuffers <- pl:
	default:
	}
}

// rgbaWord is an opaque colour as a pixel read as a little-endian uint32.
func rgbaWord(c color.RGBA) uint32 {
	return uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | 0xff<<24
}

// fillBytes sets every byte of b to v.
func fillBytes(b []uint8, v uint8) {
	if len(b) == 0 {
		return
	}
	b[0] = v
	repeatPrefix(b, 1)
}

// spansOf is the mask of the spans x0 to x1 (excluded) touch.
func spansOf(x0, x1 int) uint64 {
	s0, s1 := x0/planeSpan, (x1-1)/planeSpan
	return (^uint64(0) >> (63 - s1)) &^ (1<<s0 - 1)
}

// unknown marks the pixels of r as not known. Safe on a nil plane.
func (pl *indexPlane) unknown(r image.Rectangle) {
	if pl == nil || pl.all {
		return
	}
	r = r.Intersect(image.Rect(0, 0, pl.w, pl.h))
	if r.Empty() {
		return
	}
	m := spansOf(r.Min.X, r.Max.X)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		pl.dirty[y] |= m
	}
}

// forget marks the whole drawing not known: a primitive painted it
// somewhere it does not say.
func (pl *indexPlane) forget() {
	if pl != nil {
		pl.all = true
	}
}

// fill records an opaque colour painted over r (clipped): its pixels'
// index is the colour's, and a span it covers whole is known from now on.
func (pl *indexPlane) fill(r image.Rectangle, c color.RGBA) {
	if pl == nil || pl.all {
		return
	}
	r = r.Intersect(image.Rect(0, 0, pl.w, pl.h))
	if r.Empty() {
		return
	}
	i := pl.lut[pixelKey(rgbaWord(c))]
	// The spans covered whole become known; those touched in part keep
	// what they were (their other pixels are as known as before).
	s0 := (r.Min.X + planeSpan - 1) / planeSpan
	s1 := r.Max.X / planeSpan // excluded
	if r.Max.X == pl.w {
		s1 = (pl.w + planeSpan - 1) / planeSpan // the last span, short, covered to the end
	}
	var whole uint64
	if s1 > s0 {
		whole = (^uint64(0) >> (64 - (s1 - s0))) << s0
	}
	n := r.Dx()
	first := pl.idx[r.Min.Y*pl.w+r.Min.X:][:n]
	fillBytes(first, i)
	pl.dirty[r.Min.Y] &^= whole
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		copy(pl.idx[y*pl.w+r.Min.X:][:n], first)
		pl.dirty[y] &^= whole
	}
}

// finish is the drawing's paletted picture, its indices as the palette
// step would give them, reading only the pixels of the spans not known;
// nil when the plane knows nothing. The picture is the caller's.
func (pl *indexPlane) finish() *image.Paletted {
	if pl.all {
		return nil
	}
	p, lut, img, w, out := pl.pal, pl.lut, pl.img, pl.w, pl.idx
	for y := 0; y < pl.h; y++ {
		d := pl.dirty[y]
		if d == 0 {
			continue
		}
		o := out[y*w : (y+1)*w]
		row := img.Pix[y*img.Stride : y*img.Stride+4*w]
		var arow, aidx []uint8
		if y > 0 {
			arow, aidx = img.Pix[(y-1)*img.Stride:(y-1)*img.Stride+4*w], out[(y-1)*w:y*w]
		}
		for d != 0 {
			s := bits.TrailingZeros64(d)
			d &= d - 1
			x0 := s * planeSpan
			if x0 >= w {
				break
			}
			x1 := min(x0+planeSpan, w)
			if x1-x0 == planeSpan && arow != nil && equal64((*[4 * planeSpan]uint8)(row[4*x0:]), (*[4 * planeSpan]uint8)(arow[4*x0:])) {
				copy16((*[planeSpan]uint8)(o[x0:]), (*[planeSpan]uint8)(aidx[x0:]))
				continue
			}
			p.lookupSpan(lut, row[4*x0:4*x1], o[x0:x1])
		}
	}
	m := pl.out
	pl.out = nil
	return m
}
