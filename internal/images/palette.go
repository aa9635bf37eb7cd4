package images

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"slices"
	"sync"
)

// lutBits is the precision of the lookup tables per colour channel: 6 bits
// keeps neighbouring anti-aliasing shades apart while the table (2^18
// entries) stays small.
const lutBits = 6

func lutKey(r, g, b uint8) int {
	return int(r>>(8-lutBits))<<(2*lutBits) | int(g>>(8-lutBits))<<lutBits | int(b>>(8-lutBits))
}

// Palette is a fixed palette: a game's own colours, blends between the
// pairs of colours that meet at anti-aliased edges, and a coarse cube of
// every other colour, with a table from RGB to the nearest entry.
type Palette struct {
	colors color.Palette
	keys   []color.RGBA
	once   sync.Once
	lut    []uint8
}

// NewPalette makes a palette from a game's opaque colours (each kept
// exactly) and the pairs of colours that meet at edges (text on its
// background, a marker's white outline on its colour), each pair blended in
// steps-1 shades between. A cube (5, 4 or 3 levels a channel) fills what is left, so a colour nobody planned
// for still lands near itself. It panics if the colours do not fit in 256
// entries: a programming error caught by the tests.
func NewPalette(keys []color.RGBA, pairs [][2]color.RGBA, steps int) *Palette {
	p := &Palette{}
	seen := map[color.RGBA]bool{}
	add := func(c color.RGBA) {
		c.A = 255
		if !seen[c] && len(p.colors) < 256 {
			seen[c] = true
			p.colors = append(p.colors, c)
		}
	}
	for _, k := range keys {
		k.A = 255
		add(k)
		p.keys = append(p.keys, k)
	}
	for _, pr := range pairs {
		a, b := pr[0], pr[1]
		for i := 1; i < steps; i++ {
			mix := func(x, y uint8) uint8 { return uint8((int(x)*(steps-i) + int(y)*i + steps/2) / steps) }
			add(color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255})
		}
	}
	if len(p.colors) == 256 {
		panic("images: palette full before its cube: fewer colours or pairs")
	}
	var levels []uint8
	for _, l := range [][]uint8{{0, 64, 128, 192, 255}, {0, 85, 170, 255}, {0, 128, 255}} {
		levels = l
		if len(p.colors)+len(l)*len(l)*len(l) <= 256 {
			break
		}
	}
	for _, r := range levels {
		for _, g := range levels {
			for _, b := range levels {
				add(color.RGBA{r, g, b, 255})
			}
		}
	}
	return p
}

// Colors is the palette in index order.
func (p *Palette) Colors() color.Palette { return p.colors }

// table builds the lookup table once: each cell of the RGB grid takes the
// entry nearest its centre, and the game's own colours take their cells, so
// every flat colour comes out exactly as drawn.
func (p *Palette) table() []uint8 {
	p.once.Do(func() {
		rgb := make([][3]int32, len(p.colors))
		for i, c := range p.colors {
			r, g, b, _ := c.RGBA()
			rgb[i] = [3]int32{int32(r >> 8), int32(g >> 8), int32(b >> 8)}
		}
		lut := make([]uint8, 1<<(3*lutBits))
		const half = 1 << (7 - lutBits)
		byRed := newRedIndex(rgb)
		for key := range lut {
			r := int32(key>>(2*lutBits))<<(8-lutBits) + half
			g := int32(key>>lutBits&(1<<lutBits-1))<<(8-lutBits) + half
			b := int32(key&(1<<lutBits-1))<<(8-lutBits) + half
			lut[key] = uint8(byRed.nearest(r, g, b))
		}
		for i, k := range p.keys {
			lut[lutKey(k.R, k.G, k.B)] = uint8(p.colors.Index(p.keys[i]))
		}
		p.lut = lut
	})
	return p.lut
}

// redIndex finds nearest colours as nearest does, searching outwards from
// the red channel and stopping where red alone is already too far: the
// table's 2^18 searches take a fraction of the time.
type redIndex struct {
	es []redEntry // by red, then index
}

type redEntry struct {
	c [3]int32
	i int
}

func newRedIndex(rgb [][3]int32) redIndex {
	es := make([]redEntry, len(rgb))
	for i, c := range rgb {
		es[i] = redEntry{c, i}
	}
	slices.SortFunc(es, func(a, b redEntry) int {
		if a.c[0] != b.c[0] {
			return int(a.c[0] - b.c[0])
		}
		return a.i - b.i
	})
	return redIndex{es}
}

// nearest gives the same entry as nearest(rgb, ...): the least weighted
// distance, the lowest index among equals.
func (x redIndex) nearest(r, g, b int32) int {
	es := x.es
	k, _ := slices.BinarySearchFunc(es, r, func(e redEntry, r int32) int { return int(e.c[0] - r) })
	best, bestD := -1, int32(1<<30)
	try := func(e redEntry) {
		dr, dg, db := e.c[0]-r, e.c[1]-g, e.c[2]-b
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD || d == bestD && e.i < best {
			best, bestD = e.i, d
		}
	}
	for lo, hi := k-1, k; lo >= 0 || hi < len(es); {
		if hi < len(es) {
			if dr := es[hi].c[0] - r; 3*dr*dr > bestD {
				hi = len(es)
			} else {
				try(es[hi])
				hi++
			}
		}
		if lo >= 0 {
			if dr := es[lo].c[0] - r; 3*dr*dr > bestD {
				lo = -1
			} else {
				try(es[lo])
				lo--
			}
		}
	}
	return best
}

func nearest(rgb [][3]int32, r, g, b int32) int {
	best, bestD := 0, int32(1<<30)
	for i, c := range rgb {
		dr, dg, db := c[0]-r, c[1]-g, c[2]-b
		// Weighted like the eye: green counts most, blue least.
		d := 3*dr*dr + 4*dg*dg + 2*db*db
		if d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// Paletted maps a picture to the palette, one table read per pixel. A pixel
// that is not opaque (no renderer leaves one, they all clear a background)
// takes the palette's nearest colour the slow way.
func (p *Palette) Paletted(src *image.RGBA) *image.Paletted {
	return p.PalettedFrom(src, nil, nil)
}

// PalettedFrom is Paletted for a picture that began as a copy of base (a
// layer as wide as the picture, its rows the picture's top rows; nil for
// none), whose palette form is baseIdx. Rows are looked up only where they
// differ from both the base and the row above: a row equal to either costs
// one vectorised comparison, and a row that differs in places (text, a
// marker) copies the indices of its spans still equal to one of them. The
// result is the same as looking up every pixel.
func (p *Palette) PalettedFrom(src, base *image.RGBA, baseIdx []uint8) *image.Paletted {
	lut := p.table()
	b := src.Bounds()
	dst := newPaletted(b, p.colors)
	w := b.Dx()
	same := base != nil && base.Rect.Dx() == w && len(baseIdx) == w*base.Rect.Dy()
	for y := 0; y < b.Dy(); y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+4*w]
		out := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		var brow, bidx, arow, aidx []uint8
		if same && y < base.Rect.Dy() {
			brow, bidx = base.Pix[y*base.Stride:y*base.Stride+4*w], baseIdx[y*w:(y+1)*w]
			if bytes.Equal(row, brow) {
				copy(out, bidx)
				continue
			}
		}
		if y > 0 {
			arow, aidx = src.Pix[(y-1)*src.Stride:(y-1)*src.Stride+4*w], dst.Pix[(y-1)*dst.Stride:(y-1)*dst.Stride+w]
			if bytes.Equal(row, arow) {
				copy(out, aidx)
				continue
			}
		}
		p.paletteRow(lut, row, out, brow, bidx, arow, aidx)
	}
	return dst
}

// paletteRow maps one row of pixels, 16 at a time: a span equal to a
// reference row (the base's, the row above; nil for none) takes that row's
// indices, a span of one colour is filled, and any other span looks up
// every pixel without a branch per pixel (a branch mispredicted at each
// anti-aliased edge cost more than the lookups).
func (p *Palette) paletteRow(lut, row, out, brow, bidx, arow, aidx []uint8) {
	const span = 16
	w := len(out)
	prev := binary.LittleEndian.Uint32(row)
	last := p.index(lut, prev)
	for x0 := 0; x0 < w; x0 += span {
		x1 := min(x0+span, w)
		if x1-x0 == span {
			px := (*[4 * span]uint8)(row[4*x0:])
			if brow != nil && equal64(px, (*[4 * span]uint8)(brow[4*x0:])) {
				copy16((*[span]uint8)(out[x0:]), (*[span]uint8)(bidx[x0:]))
				continue
			}
			if arow != nil && equal64(px, (*[4 * span]uint8)(arow[4*x0:])) {
				copy16((*[span]uint8)(out[x0:]), (*[span]uint8)(aidx[x0:]))
				continue
			}
			if uniform64(px, uint64(prev)|uint64(prev)<<32) {
				fill := uint64(last) * 0x0101010101010101
				binary.LittleEndian.PutUint64(out[x0:], fill)
				binary.LittleEndian.PutUint64(out[x0+8:], fill)
				continue
			}
		}
		px := row[4*x0 : 4*x1]
		o := out[x0:x1]
		p.lookupSpan(lut, px, o)
		prev, last = binary.LittleEndian.Uint32(px[len(px)-4:]), o[len(o)-1]
	}
}

// lookupSpan looks up a span of at most 16 pixels px into o: a whole span
// without a branch per pixel (a branch mispredicted at each anti-aliased
// edge cost more than the lookups), and the span again the slow way when
// some pixel is not opaque.
func (p *Palette) lookupSpan(lut, px, o []uint8) {
	const span = 16
	var opaque uint32
	if len(o) == span {
		opaque = lookup16((*[4 * span]uint8)(px), (*[span]uint8)(o), (*[1 << (3 * lutBits)]uint8)(lut))
	} else {
		opaque = 0xffffffff
		for x := range o {
			v := binary.LittleEndian.Uint32(px[4*x:])
			opaque &= v
			o[x] = lut[pixelKey(v)&(1<<(3*lutBits)-1)]
		}
	}
	if opaque>>24 != 0xff {
		for x := range o {
			o[x] = p.index(lut, binary.LittleEndian.Uint32(px[4*x:]))
		}
	}
}

// lookup16 looks up 16 pixels, two to a word read, on arrays whose sizes
// spare the bounds checks; it returns the pixels ANDed together, whose top
// byte says whether all were opaque.
func lookup16(px *[64]uint8, o *[16]uint8, lut *[1 << (3 * lutBits)]uint8) uint32 {
	all := uint64(0xffffffffffffffff)
	for i := 0; i < 8; i++ {
		v := binary.LittleEndian.Uint64(px[8*i:])
		all &= v
		o[2*i] = lut[pixelKey(uint32(v))&(1<<(3*lutBits)-1)]
		o[2*i+1] = lut[pixelKey(uint32(v>>32))&(1<<(3*lutBits)-1)]
	}
	return uint32(all) & uint32(all>>32)
}

// copy16 copies 16 bytes in two words, without copy's call.
func copy16(dst, src *[16]uint8) {
	binary.LittleEndian.PutUint64(dst[0:8], binary.LittleEndian.Uint64(src[0:8]))
	binary.LittleEndian.PutUint64(dst[8:16], binary.LittleEndian.Uint64(src[8:16]))
}

// uniform64 reports whether the 64 bytes of a all repeat the 8-byte
// pattern pat.
func uniform64(a *[64]uint8, pat uint64) bool {
	x := binary.LittleEndian.Uint64(a[0:]) ^ pat
	x |= binary.LittleEndian.Uint64(a[8:]) ^ pat
	x |= binary.LittleEndian.Uint64(a[16:]) ^ pat
	x |= binary.LittleEndian.Uint64(a[24:]) ^ pat
	x |= binary.LittleEndian.Uint64(a[32:]) ^ pat
	x |= binary.LittleEndian.Uint64(a[40:]) ^ pat
	x |= binary.LittleEndian.Uint64(a[48:]) ^ pat
	x |= binary.LittleEndian.Uint64(a[56:]) ^ pat
	return x == 0
}

// equal64 reports whether the 64 bytes of a and b are equal, without a
// call or a branch per word.
func equal64(a, b *[64]uint8) bool {
	x := binary.LittleEndian.Uint64(a[0:]) ^ binary.LittleEndian.Uint64(b[0:])
	x |= binary.LittleEndian.Uint64(a[8:]) ^ binary.LittleEndian.Uint64(b[8:])
	x |= binary.LittleEndian.Uint64(a[16:]) ^ binary.LittleEndian.Uint64(b[16:])
	x |= binary.LittleEndian.Uint64(a[24:]) ^ binary.LittleEndian.Uint64(b[24:])
	x |= binary.LittleEndian.Uint64(a[32:]) ^ binary.LittleEndian.Uint64(b[32:])
	x |= binary.LittleEndian.Uint64(a[40:]) ^ binary.LittleEndian.Uint64(b[40:])
	x |= binary.LittleEndian.Uint64(a[48:]) ^ binary.LittleEndian.Uint64(b[48:])
	x |= binary.LittleEndian.Uint64(a[56:]) ^ binary.LittleEndian.Uint64(b[56:])
	return x == 0
}

// index is the palette entry of a pixel read as a little-endian uint32.
func (p *Palette) index(lut []uint8, v uint32) uint8 {
	if v>>24 != 0xff {
		return uint8(p.colors.Index(color.RGBA{uint8(v), uint8(v >> 8), uint8(v >> 16), uint8(v >> 24)}))
	}
	return lut[pixelKey(v)]
}

// pixelKey is lutKey of a pixel read as a little-endian uint32.
func pixelKey(v uint32) uint32 {
	return (v&0xfc)<<10 | (v>>8&0xfc)<<4 | (v >> 18 & 0x3f)
}
