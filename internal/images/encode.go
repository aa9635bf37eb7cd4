package images

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// The shared fast path of every renderer (issue 13). A picture costs three
// things: drawing, reducing it to a palette, and PNG encoding. Each has a
// cheap form here:
//
//   - Canvas draws text straight onto the RGBA with the glyph masks (gg
//     sends every glyph through a bilinear transform, even with no
//     transform set, which was most of its text cost);
//   - Layers keeps what never changes for a layout (background, the board's
//     cells, legends) drawn once and copied into each new picture, and
//     Sprites keeps small repeated pieces (markers, pawns) to stamp;
//   - Palette is a game's fixed palette with a lookup table from RGB to
//     palette index: one table read per pixel instead of counting colours
//     in a map; Quantize does the same for a picture whose palette is not
//     known in advance, with arrays instead of maps;
//   - EncodePNG writes a paletted picture at BestSpeed with reused
//     compressor buffers (a quarter of the data of RGBA, no filters).

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
			if brow != nil && equal64(row[4*x0:], brow[4*x0:]) {
				copy16(out[x0:], bidx[x0:])
				continue
			}
			if arow != nil && equal64(row[4*x0:], arow[4*x0:]) {
				copy16(out[x0:], aidx[x0:])
				continue
			}
			if uniform64(row[4*x0:], uint64(prev)|uint64(prev)<<32) {
				fill := uint64(last) * 0x0101010101010101
				binary.LittleEndian.PutUint64(out[x0:], fill)
				binary.LittleEndian.PutUint64(out[x0+8:], fill)
				continue
			}
		}
		opaque := uint32(0xffffffff)
		px := row[4*x0 : 4*x1]
		o := out[x0:x1]
		for x := range o {
			v := binary.LittleEndian.Uint32(px[4*x:])
			opaque &= v
			o[x] = lut[pixelKey(v)&(1<<(3*lutBits)-1)]
		}
		if opaque>>24 != 0xff {
			// Some pixel is not opaque: the slow way for this span.
			for x := range o {
				o[x] = p.index(lut, binary.LittleEndian.Uint32(px[4*x:]))
			}
		}
		prev, last = binary.LittleEndian.Uint32(px[len(px)-4:]), o[len(o)-1]
	}
}

// copy16 copies 16 bytes in two words, without copy's call.
func copy16(dst, src []uint8) {
	binary.LittleEndian.PutUint64(dst[0:8], binary.LittleEndian.Uint64(src[0:8]))
	binary.LittleEndian.PutUint64(dst[8:16], binary.LittleEndian.Uint64(src[8:16]))
}

// uniform64 reports whether the first 64 bytes of a all repeat the 8-byte
// pattern pat.
func uniform64(a []uint8, pat uint64) bool {
	a = a[:64]
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

// equal64 reports whether the first 64 bytes of a and b are equal, without
// a call or a branch per word.
func equal64(a, b []uint8) bool {
	a, b = a[:64], b[:64]
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

// quantizer holds Quantize's tables between pictures.
type quantizer struct {
	count []uint32 // pixels per RGB cell
	first []uint32 // first colour seen in the cell, 0xRRGGBB
	lut   []uint8
	used  []int32 // cells with a count, to reset and to rank
}

var quantizers = sync.Pool{New: func() any {
	n := 1 << (3 * lutBits)
	return &quantizer{count: make([]uint32, n), first: make([]uint32, n), lut: make([]uint8, n)}
}}

// Quantize reduces a picture whose colours are not known in advance (a
// renderer without its own Palette) to at most 256 colours: the cells of
// the RGB grid holding the most pixels, each represented by the first
// colour seen in it; every other cell takes the nearest kept colour. Two
// passes over the pixels, with arrays instead of maps. Ties go by cell, so
// the result is deterministic.
func Quantize(src *image.RGBA) *image.Paletted {
	q := quantizers.Get().(*quantizer)
	defer quantizers.Put(q)
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	q.used = q.used[:0]
	opaque := true
	for y := 0; y < h; y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+4*w]
		// Runs of one colour (flat fills) are counted in one step.
		prev := binary.LittleEndian.Uint32(row)
		run := uint32(0)
		for x := 0; x <= w; x++ {
			var v uint32
			if x < w {
				v = binary.LittleEndian.Uint32(row[4*x:])
				if v == prev {
					run++
					continue
				}
			}
			k := pixelKey(prev)
			if q.count[k] == 0 {
				q.first[k] = prev&0xff<<16 | prev>>8&0xff<<8 | prev>>16&0xff
				q.used = append(q.used, int32(k))
			}
			q.count[k] += run
			opaque = opaque && prev>>24 == 0xff
			prev, run = v, 1
		}
	}
	if !opaque {
		// Transparency needs alpha in the palette; no renderer makes it,
		// so take the exact but slow way.
		for _, k := range q.used {
			q.count[k] = 0
		}
		dst := image.NewPaletted(b, nil)
		dst.Palette = slowPalette(src)
		draw.Draw(dst, b, src, b.Min, draw.Src)
		return dst
	}
	ranked := slices.Clone(q.used)
	slices.SortFunc(ranked, func(a, c int32) int {
		if q.count[a] != q.count[c] {
			if q.count[a] > q.count[c] {
				return -1
			}
			return 1
		}
		return int(a - c)
	})
	if len(ranked) > 256 {
		ranked = ranked[:256]
	}
	pal := make(color.Palette, len(ranked))
	rgb := make([][3]int32, len(ranked))
	for i, k := range ranked {
		c := q.first[k]
		pal[i] = color.RGBA{uint8(c >> 16), uint8(c >> 8), uint8(c), 255}
		rgb[i] = [3]int32{int32(c >> 16), int32(c >> 8 & 0xff), int32(c & 0xff)}
	}
	for i, k := range ranked {
		q.lut[k] = uint8(i)
		q.count[k] = 0
	}
	for _, k := range q.used {
		if q.count[k] != 0 {
			c := q.first[k]
			q.lut[k] = uint8(nearest(rgb, int32(c>>16), int32(c>>8&0xff), int32(c&0xff)))
			q.count[k] = 0
		}
	}
	dst := newPaletted(b, pal)
	for y := 0; y < h; y++ {
		row := src.Pix[y*src.Stride : y*src.Stride+4*w]
		out := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		prev := binary.LittleEndian.Uint32(row)
		last := q.lut[pixelKey(prev)]
		for x := range out {
			if v := binary.LittleEndian.Uint32(row[4*x:]); v != prev {
				last, prev = q.lut[pixelKey(v)], v
			}
			out[x] = last
		}
	}
	return dst
}

// slowPalette is the 256 most used exact colours, for the rare picture
// with transparency.
func slowPalette(src *image.RGBA) color.Palette {
	count := map[color.RGBA]int{}
	for i := 0; i+3 < len(src.Pix); i += 4 {
		count[color.RGBA{src.Pix[i], src.Pix[i+1], src.Pix[i+2], src.Pix[i+3]}]++
	}
	cs := make([]color.RGBA, 0, len(count))
	for c := range count {
		cs = append(cs, c)
	}
	slices.SortFunc(cs, func(a, b color.RGBA) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		ka := uint32(a.R)<<24 | uint32(a.G)<<16 | uint32(a.B)<<8 | uint32(a.A)
		kb := uint32(b.R)<<24 | uint32(b.G)<<16 | uint32(b.B)<<8 | uint32(b.A)
		if ka < kb {
			return -1
		}
		return 1
	})
	if len(cs) > 256 {
		cs = cs[:256]
	}
	pal := make(color.Palette, len(cs))
	for i, c := range cs {
		pal[i] = c
	}
	return pal
}

// Layers keeps, per layout, what a renderer draws the same way every time,
// so each picture starts from a copy instead of drawing it again. It holds
// at most max layouts (the oldest built goes first), so memory stays
// bounded whatever the views.
type Layers struct {
	mu    sync.Mutex
	max   int
	order []string
	m     map[string]*layer
}

type layer struct {
	once    sync.Once
	img     *image.RGBA
	idxOnce sync.Once
	idx     []uint8 // the layer in its palette, for PalettedFrom
}

// NewLayers keeps up to max layouts.
func NewLayers(max int) *Layers { return &Layers{max: max, m: map[string]*layer{}} }

// Copy returns a new picture holding the layout's fixed layer, drawn by
// build the first time the key is asked for.
func (l *Layers) Copy(key string, build func() *image.RGBA) *image.RGBA {
	src := l.Get(key, build)
	out := newRGBA(src.Rect)
	copy(out.Pix, src.Pix)
	return out
}

// Get returns the layer itself, shared: copy it, never draw on it.
func (l *Layers) Get(key string, build func() *image.RGBA) *image.RGBA {
	return l.entry(key, build).img
}

// Indexed returns the layer and its palette indices (a layout's layers
// all take the same palette), for PalettedFrom.
func (l *Layers) Indexed(key string, build func() *image.RGBA, p *Palette) (*image.RGBA, []uint8) {
	e := l.entry(key, build)
	e.idxOnce.Do(func() { e.idx = p.Paletted(e.img).Pix })
	return e.img, e.idx
}

func (l *Layers) entry(key string, build func() *image.RGBA) *layer {
	l.mu.Lock()
	e, ok := l.m[key]
	if !ok {
		e = &layer{}
		l.m[key] = e
		l.order = append(l.order, key)
		if len(l.order) > l.max {
			delete(l.m, l.order[0])
			l.order = l.order[1:]
		}
	}
	l.mu.Unlock()
	e.once.Do(func() { e.img = build() })
	return e
}

// rgbaBuffers recycles the pixels of finished drawings: a picture is about
// 5 MB of RGBA, and reusing it spares the allocator, the clearing of fresh
// memory and the collector. One per processor is kept (the bot draws at
// most GOMAXPROCS pictures at once), not a sync.Pool: the drawing
// allocates enough to collect garbage every few pictures, and a pool is
// emptied at each collection.
var rgbaBuffers = make(chan []uint8, runtime.GOMAXPROCS(0))

// newRGBA is a picture whose pixels are NOT cleared: the caller fills
// every one (a copied layer, fillRGBA). A kept buffer too small for it is
// dropped, so the ones kept grow to the largest picture drawn.
func newRGBA(r image.Rectangle) *image.RGBA {
	n := 4 * r.Dx() * r.Dy()
	for range cap(rgbaBuffers) {
		select {
		case b := <-rgbaBuffers:
			if cap(b) >= n {
				return &image.RGBA{Pix: b[:n], Stride: 4 * r.Dx(), Rect: r}
			}
			continue
		default:
		}
		break
	}
	return &image.RGBA{Pix: make([]uint8, n, grownTo(&rgbaLargest, n)), Stride: 4 * r.Dx(), Rect: r}
}

// rgbaLargest and palettedLargest are the sizes of the largest pictures
// drawn so far. A fresh buffer is made that large, whatever the picture it
// is made for: the pictures of the four games differ in size, and a
// buffer made to measure for a small one (a hand) was dropped the next
// time a larger one (a table) took it, so kept buffers were replaced over
// and over (a seventh of the bytes allocated under load).
var rgbaLargest, palettedLargest atomic.Int64

// grownTo records n in largest and returns the largest size seen.
func grownTo(largest *atomic.Int64, n int) int {
	for {
		l := largest.Load()
		if int64(n) <= l {
			return int(l)
		}
		if largest.CompareAndSwap(l, int64(n)) {
			return n
		}
	}
}

// releaseRGBA gives a picture's pixels back once nothing reads it.
func releaseRGBA(img *image.RGBA) {
	select {
	case rgbaBuffers <- img.Pix[:0]:
	default:
	}
}

// palettedBuffers recycles the indices of encoded pictures, as rgbaBuffers
// does their pixels: a fresh 1-2 MB image.Paletted per picture, zeroed by
// the allocator, was three quarters of the bytes a move allocated.
var palettedBuffers = make(chan []uint8, runtime.GOMAXPROCS(0))

// newPaletted is a paletted picture whose indices are NOT cleared: the
// caller writes every one.
func newPaletted(r image.Rectangle, pal color.Palette) *image.Paletted {
	n := r.Dx() * r.Dy()
	var img *image.Paletted
	for range cap(palettedBuffers) {
		select {
		case b := <-palettedBuffers:
			if cap(b) >= n {
				img = &image.Paletted{Pix: b[:n], Stride: r.Dx(), Rect: r, Palette: pal}
			} else {
				continue
			}
		default:
		}
		break
	}
	if img == nil {
		img = &image.Paletted{Pix: make([]uint8, n, grownTo(&palettedLargest, n)), Stride: r.Dx(), Rect: r, Palette: pal}
	}
	return img
}

// Release hands a picture a renderer returned back once it is encoded and
// nothing reads it any more, so the next picture reuses its memory. Every
// renderer here returns a picture of its caller's own (never one it keeps:
// TestRenderersReturnFreshPictures), which is what makes this safe; release
// a picture once.
func Release(img image.Image) {
	m, ok := img.(*image.Paletted)
	if !ok || cap(m.Pix) == 0 {
		return
	}
	select {
	case palettedBuffers <- m.Pix[:0]:
	default:
	}
}

// fillRGBA paints pixels one opaque colour: a first block of 4 KB by
// doubling the copied span, then that block copied over and over (it
// stays in the first-level cache, where doubling to the end read back
// megabytes: 2.7 times slower for a whole picture).
func fillRGBA(pix []uint8, c color.RGBA) {
	if len(pix) < 4 {
		return
	}
	pix[0], pix[1], pix[2], pix[3] = c.R, c.G, c.B, 255
	const block = 4096
	n := 4
	for ; n < len(pix) && n < block; n *= 2 {
		copy(pix[n:], pix[:n])
	}
	for i := n; i < len(pix); i += n {
		copy(pix[i:], pix[:n])
	}
}

// Sprites keeps small pictures drawn once (markers, cards) to stamp many
// times, with the strings each says. Keys must come from a bounded set
// (a game's cards, a layout's markers): nothing is ever evicted.
type Sprites struct {
	m sync.Map // key -> *sprite
}

// sprite is a drawn sprite kept compact: cards and boards' pieces are
// mostly flat colour, and kept as whole RGBA pictures they were half of
// the bot's live memory (about 40 MB), which under the memory limit made
// the collector run twice as often. Its opaque spans are segments, each
// a run of one colour (filled) or pixels as drawn (copied); a partly
// transparent span keeps its pixels, to blend.
type sprite struct {
	once  sync.Once
	w, h  int
	texts []string
	spans []spriteSpan
	segs  []spriteSeg
	pix   []uint8 // the copied and blended pixels, in order
}

// spriteSpan is one span of a sprite's row (stampSpan) and its segments,
// segs[seg0:seg1]; a blended span has none and takes its pixels from pix.
type spriteSpan struct {
	stampSpan
	seg0, seg1 int32
}

// spriteSeg is n pixels: of one colour when fill is set, otherwise the
// next n pixels of pix.
type spriteSeg struct {
	n      int32
	colour uint32 // little-endian RGBA
	fill   bool
}

// minFill is the shortest run kept as one colour: shorter ones copy.
const minFill = 8

// keep stores img's spans compactly.
func (sp *sprite) keep(img *image.RGBA) {
	sp.w, sp.h = img.Rect.Dx(), img.Rect.Dy()
	for _, s := range stampSpans(img) {
		row := img.Pix[int(s.y)*img.Stride:]
		ss := spriteSpan{stampSpan: s, seg0: int32(len(sp.segs))}
		if !s.opaque {
			sp.pix = append(sp.pix, row[4*s.x0:4*s.x1]...)
			ss.seg1 = ss.seg0
			sp.spans = append(sp.spans, ss)
			continue
		}
		lit := 0 // pixels copied since the last segment
		for x := int(s.x0); x < int(s.x1); {
			c := binary.LittleEndian.Uint32(row[4*x:])
			n := 1
			for x+n < int(s.x1) && binary.LittleEndian.Uint32(row[4*(x+n):]) == c {
				n++
			}
			if n < minFill {
				sp.pix = append(sp.pix, row[4*x:4*(x+n)]...)
				lit += n
				x += n
				continue
			}
			if lit > 0 {
				sp.segs = append(sp.segs, spriteSeg{n: int32(lit)})
				lit = 0
			}
			sp.segs = append(sp.segs, spriteSeg{n: int32(n), colour: c, fill: true})
			x += n
		}
		if lit > 0 {
			sp.segs = append(sp.segs, spriteSeg{n: int32(lit)})
		}
		ss.seg1 = int32(len(sp.segs))
		sp.spans = append(sp.spans, ss)
	}
	sp.pix = slices.Clip(sp.pix)
	sp.segs = slices.Clip(sp.segs)
	sp.spans = slices.Clip(sp.spans)
}

// image is the sprite as a transparent picture again (for the rare
// stamp across a picture's edge).
func (sp *sprite) image() *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, sp.w, sp.h))
	sp.paint(img, 0, 0)
	return img
}

// paint copies the sprite's spans onto dst at (x, y), blending its
// partly transparent ones.
func (sp *sprite) paint(dst *image.RGBA, x, y int) {
	pix := sp.pix
	for _, s := range sp.spans {
		do := dst.PixOffset(x+int(s.x0), y+int(s.y))
		n := 4 * int(s.x1-s.x0)
		d := dst.Pix[do : do+n]
		if !s.opaque {
			blendOver(d, pix[:n]) // onto clear pixels (image): a copy
			pix = pix[n:]
			continue
		}
		for _, g := range sp.segs[s.seg0:s.seg1] {
			m := 4 * int(g.n)
			if g.fill {
				fillPixels(d[:m], g.colour)
			} else {
				copy(d[:m], pix[:m])
				pix = pix[m:]
			}
			d = d[m:]
		}
	}
}

// fillPixels writes one colour over whole pixels, two at a time.
func fillPixels(d []uint8, c uint32) {
	v := uint64(c) | uint64(c)<<32
	i := 0
	for ; i+8 <= len(d); i += 8 {
		binary.LittleEndian.PutUint64(d[i:], v)
	}
	if i < len(d) {
		binary.LittleEndian.PutUint32(d[i:], c)
	}
}

// stampSpan is a run of a sprite's row that is opaque (copied as it is)
// or partly transparent (blended); fully transparent pixels, most of a
// round marker's square, are in no span and cost nothing.
type stampSpan struct {
	y, x0, x1 int32
	opaque    bool
}

// stampSpans finds the spans of a sprite once, when it is drawn.
func stampSpans(img *image.RGBA) []stampSpan {
	var spans []stampSpan
	b := img.Bounds()
	for y := 0; y < b.Dy(); y++ {
		row := img.Pix[y*img.Stride : y*img.Stride+4*b.Dx()]
		for x := 0; x < b.Dx(); {
			v := binary.LittleEndian.Uint32(row[4*x:])
			if v == 0 {
				x++
				continue
			}
			opaque := v>>24 == 0xff
			x1 := x + 1
			for ; x1 < b.Dx(); x1++ {
				u := binary.LittleEndian.Uint32(row[4*x1:])
				if u == 0 || (u>>24 == 0xff) != opaque {
					break
				}
			}
			spans = append(spans, stampSpan{int32(y), int32(x), int32(x1), opaque})
			x = x1
		}
	}
	return spans
}

// Stamp draws the sprite named key with its top-left corner at (x, y);
// the first time, draw paints it on a transparent w x h canvas.
func (s *Sprites) Stamp(dst *Canvas, key any, w, h, x, y int, draw func(dc *Canvas)) {
	v, ok := s.m.Load(key)
	if !ok {
		// Only the first stamp of a key allocates its entry.
		v, _ = s.m.LoadOrStore(key, &sprite{})
	}
	sp := v.(*sprite)
	sp.once.Do(func() {
		dc := NewCanvas(w, h)
		draw(dc)
		sp.texts = dc.texts
		sp.keep(dc.RGBA())
	})
	dst.texts = append(dst.texts, sp.texts...)
	at := image.Pt(x, y)
	if !image.Rect(0, 0, sp.w, sp.h).Add(at).In(dst.img.Rect) {
		overRGBA(dst.img, sp.image(), at)
		return
	}
	// The same pixels as draw.Draw with draw.Over, span by span: opaque
	// runs copied or filled, edges blended by the same arithmetic.
	sp.paint(dst.img, x, y)
}

// blendOver composites premultiplied src over dst pixel by pixel, with
// image/draw's arithmetic for RGBA over RGBA (drawCopyOver), so the
// result is the same to the bit.
func blendOver(dst, src []uint8) {
	const m = 1<<16 - 1
	for i := 0; i+3 < len(src); i += 4 {
		s := src[i : i+4 : i+4]
		sr, sg, sb, sa := uint32(s[0])*0x101, uint32(s[1])*0x101, uint32(s[2])*0x101, uint32(s[3])*0x101
		a := (m - sa) * 0x101
		d := dst[i : i+4 : i+4]
		d[0] = uint8((uint32(d[0])*a/m + sr) >> 8)
		d[1] = uint8((uint32(d[1])*a/m + sg) >> 8)
		d[2] = uint8((uint32(d[2])*a/m + sb) >> 8)
		d[3] = uint8((uint32(d[3])*a/m + sa) >> 8)
	}
}

// StampCentered draws the sprite centred on (x, y), rounded to the pixel;
// draw paints it on a canvas of 2*half+1 pixels around its centre c.
func (s *Sprites) StampCentered(dst *Canvas, key any, half int, x, y float64, draw func(dc *Canvas, c float64)) {
	n := 2*half + 1
	s.Stamp(dst, key, n, n, int(x+0.5)-half-1, int(y+0.5)-half-1, func(dc *Canvas) { draw(dc, float64(half)+0.5) })
}

// overRGBA composites src (premultiplied) over dst at the offset.
func overRGBA(dst, src *image.RGBA, at image.Point) {
	r := src.Rect.Add(at).Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	draw.Draw(dst, r, src, r.Min.Sub(at), draw.Over)
}

// Canvas is a gg context that keeps one font face per size for the
// picture and draws text straight onto its pixels. Methods named like gg's
// replace them; everything else is gg's.
type Canvas struct {
	*gg.Context
	img    *image.RGBA
	color  color.Color
	face   font.Face
	height float64
	faces  map[[2]int]font.Face
	// texts keeps every string drawn, so tests can read what a picture says.
	texts []string
	// naive draws text through gg, as before the fast path: the
	// benchmarks' baseline.
	naive bool
}

// NewCanvas is a blank canvas of a size.
func NewCanvas(w, h int) *Canvas { return NewCanvasOn(image.NewRGBA(image.Rect(0, 0, w, h))) }

// NewCanvasOn draws on an existing picture (a copy of a layer).
func NewCanvasOn(img *image.RGBA) *Canvas {
	return &Canvas{Context: gg.NewContextForRGBA(img), img: img, color: color.Black, faces: map[[2]int]font.Face{}}
}

// RGBA is the picture drawn so far.
func (dc *Canvas) RGBA() *image.RGBA { return dc.img }

func (dc *Canvas) SetColor(c color.Color) {
	dc.color = c
	dc.Context.SetColor(c)
}

// Clear paints the whole picture the current colour; an opaque one is
// copied in doubling spans, many times faster than gg's per-pixel fill.
func (dc *Canvas) Clear() {
	if c, ok := dc.color.(color.RGBA); ok && c.A == 255 {
		fillRGBA(dc.img.Pix, c)
		return
	}
	dc.Context.Clear()
}

func (dc *Canvas) SetRGB(r, g, b float64) {
	dc.SetColor(color.NRGBA{uint8(r * 255), uint8(g * 255), uint8(b * 255), 255})
}

// Font sets the embedded font at a size: a face shared by every picture,
// or, for the naive baseline, one made once per picture.
func (dc *Canvas) Font(size float64, bold bool) {
	key := [2]int{int(size * 10), 0}
	if bold {
		key[1] = 1
	}
	if !dc.naive {
		// The faces shared between pictures keep their glyph masks, the
		// same pixels as a fresh face's without rasterizing again.
		dc.SetFontFace(cachedFaceFor(size, bold))
		return
	}
	f, ok := dc.faces[key]
	if !ok {
		f = Face(size, bold)
		dc.faces[key] = f
	}
	dc.SetFontFace(f)
}

func (dc *Canvas) SetFontFace(f font.Face) {
	dc.face = f
	dc.height = float64(f.Metrics().Height) / 64
	dc.Context.SetFontFace(f)
}

// DrawString draws with the baseline at y, as gg does.
func (dc *Canvas) DrawString(s string, x, y float64) { dc.DrawStringAnchored(s, x, y, 0, 0) }

// MeasureString is gg's: the advance width and the font height. With a
// shared face it is summed under one lock instead of two per rune.
func (dc *Canvas) MeasureString(s string) (w, h float64) {
	if f, ok := dc.face.(*cachedFace); ok && !dc.naive {
		return float64(f.measure(s) >> 6), dc.height
	}
	return dc.Context.MeasureString(s)
}

// DrawStringAnchored places text like gg's (the anchor is a fraction of the
// advance width and of the font height) but draws the glyph masks directly.
func (dc *Canvas) DrawStringAnchored(s string, x, y, ax, ay float64) {
	dc.texts = append(dc.texts, s)
	if dc.face == nil {
		dc.Font(12, false)
	}
	if dc.naive {
		dc.Context.DrawStringAnchored(s, x, y, ax, ay)
		return
	}
	w, h := dc.MeasureString(s)
	x -= ax * w
	y += ay * h
	dot := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	if f, ok := dc.face.(*cachedFace); ok {
		f.drawString(dc.img, dc.color, dot, s)
		return
	}
	d := font.Drawer{Dst: dc.img, Src: image.NewUniform(dc.color), Face: dc.face, Dot: dot}
	d.DrawString(s)
}

// DrawStringWrapped wraps and aligns text as gg's does.
func (dc *Canvas) DrawStringWrapped(s string, x, y, ax, ay, width, lineSpacing float64, align gg.Align) {
	lines := dc.WordWrap(s, width)
	h := float64(len(lines))*dc.height*lineSpacing - (lineSpacing-1)*dc.height
	x -= ax * width
	y -= ay * h
	switch align {
	case gg.AlignLeft:
		ax = 0
	case gg.AlignCenter:
		ax = 0.5
		x += width / 2
	case gg.AlignRight:
		ax = 1
		x += width
	}
	for _, line := range lines {
		dc.DrawStringAnchored(line, x, y, ax, 1)
		y += dc.height * lineSpacing
	}
}
