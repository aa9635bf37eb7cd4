package images

import (
	"encoding/binary"
	"hash/maphash"
	"image"
	"image/color"
	"math"
	"sync"
	"sync/atomic"
)

// Small shapes (discs, chips, dice, pawns) repeat from picture to picture,
// and rasterizing each with gg (its path, flattening, stroker and cells,
// and their allocations) costs more than the rest of the drawing. A shape is instead drawn once over a copy of what lies under it
// (one colour, or the very pixels), where it is in the picture, and its
// changed pixels are copied from then on. gg and the text painter compose
// each pixel from that pixel alone, so over the same background the copy
// is the very pixels a direct drawing gives.

// shapeKey names a drawn shape: what it is (a comparable value from the
// caller), where it is, the rectangle it stays in (from its pixel), and
// what lies under it: the background colour, or for a background of
// several colours, a hash of its pixels (checked against a second hash of
// them, with a seed of its own: a copy of the pixels compared instead was
// most of the cache's memory, and under the memory limit the collector
// runs more often the more the heap keeps). The place is the exact point:
// gg computes a shape's points in floating point at its place, and the
// same shape elsewhere, even whole pixels away, can round a point to
// another 1/64 of a pixel (strokes do, at a few pixels a disc).
type shapeKey struct {
	what any
	x, y float64
	rel  image.Rectangle
	bg   uint32
	hash uint64
}

// keptShape is a shape's changed pixels: rows of spans, their pixels
// packed in order.
type keptShape struct {
	once  sync.Once
	fits  bool   // the shape stayed inside its rectangle
	check uint64 // the second hash of the background of several colours it was drawn over (0: one colour)
	spans []stampSpan
	pix   []uint8
	texts []string
	sizes []float64 // the font size of each text (Canvas.sizes)
}

// shapeCache is a bounded set of kept shapes.
type shapeCache struct {
	m   sync.Map // shapeKey -> *keptShape
	n   atomic.Int64
	max int64
}

var shapeSeed, shapeCheckSeed = maphash.MakeSeed(), maphash.MakeSeed()

// shapeIn draws what draw paints inside rel (pixels from the one holding
// (x, y)) from a copy in c of its first drawing over the same background.
func (dc *Canvas) shapeIn(c *shapeCache, what any, x, y float64, rel image.Rectangle, draw func(dc *Canvas, x, y float64)) {
	ix, iy := math.Floor(x), math.Floor(y)
	img := dc.RGBA()
	r := rel.Add(image.Pt(int(ix), int(iy)))
	if !r.In(img.Rect) {
		draw(dc, x, y)
		return
	}
	k := shapeKey{what: what, x: x, y: y, rel: rel}
	bg, flat := flatColour(img, r)
	var check uint64
	if flat {
		k.bg = bg
	} else {
		k.hash, check = hashRect(img, r)
	}
	v, ok := c.m.Load(k)
	if !ok {
		if c.max == 0 {
			draw(dc, x, y) // a cache that keeps nothing: the tests' reference
			return
		}
		if c.n.Load() >= c.max {
			// A shape the full cache cannot keep is drawn the same way,
			// for this picture alone: its pixels are the same as drawn
			// directly, and the index plane learns where they went.
			v = &keptShape{}
			ok = true
		}
	}
	if !ok {
		var loaded bool
		if v, loaded = c.m.LoadOrStore(k, &keptShape{}); !loaded {
			c.n.Add(1)
		}
	}
	sh := v.(*keptShape)
	sh.once.Do(func() { sh.drawOnce(img, r, x, y, k.bg, flat, draw); sh.check = check })
	if !sh.fits || sh.check != check {
		draw(dc, x, y)
		return
	}
	dc.texts = append(dc.texts, sh.texts...)
	dc.sizes = append(dc.sizes, sh.sizes...)
	dc.plane.unknown(r)
	pix := sh.pix
	for _, s := range sh.spans {
		o := img.PixOffset(r.Min.X+int(s.x0), r.Min.Y+int(s.y))
		n := 4 * int(s.x1-s.x0)
		copy(img.Pix[o:o+n], pix[:n])
		pix = pix[n:]
	}
}

// drawOnce paints the shape over a copy of its background (src's pixels
// in r) and keeps the pixels that changed; a shape reaching the
// rectangle's border (cut off) does not fit and is always drawn directly.
func (sh *keptShape) drawOnce(src *image.RGBA, r image.Rectangle, x, y float64, bgc uint32, flat bool, draw func(dc *Canvas, x, y float64)) {
	// Drawn where it is in the picture, with the very coordinates: moved
	// elsewhere, gg's strokes (flattened in floating point) round a few
	// points differently. The canvas spans the picture up to r but holds
	// only r's rows of r's width: its stride is r's width, so any pixel
	// (x, y) of r is at 4*(y*w+x), and pixels left of r share memory with
	// the row above (nothing draws there: the shape stays inside r); the
	// rows above r cost w pixels each, once per kept shape. At least 121
	// pixels wide: freetype splits curves more finely in a raster over 120
	// pixels wide or high, as every picture is.
	w, h := r.Dx(), r.Dy()
	W := max(r.Max.X, 121)
	img := &image.RGBA{Pix: make([]uint8, 4*((r.Max.Y-1)*w+W)), Stride: 4 * w, Rect: image.Rect(0, 0, W, r.Max.Y)}
	row := func(img *image.RGBA, y int) []uint8 {
		o := img.PixOffset(r.Min.X, y)
		return img.Pix[o : o+4*w]
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		if flat {
			var bg [4]uint8
			binary.LittleEndian.PutUint32(bg[:], bgc)
			fillRGBA(row(img, y), color.RGBA{bg[0], bg[1], bg[2], bg[3]})
			continue
		}
		copy(row(img, y), row(src, y))
	}
	// before reads what lay under the shape: src is not drawn on here.
	before := func(x, y int) uint32 {
		if flat {
			return bgc
		}
		return binary.LittleEndian.Uint32(src.Pix[src.PixOffset(r.Min.X+x, r.Min.Y+y):])
	}
	c := NewCanvasOn(img)
	draw(c, x, y)
	sh.texts, sh.sizes = c.texts, c.sizes
	// px reads the drawing at (x, y) from r's corner.
	px := func(x, y int) uint32 {
		return binary.LittleEndian.Uint32(img.Pix[img.PixOffset(r.Min.X+x, r.Min.Y+y):])
	}
	for i := 0; i < w; i++ {
		if px(i, 0) != before(i, 0) || px(i, h-1) != before(i, h-1) {
			return
		}
	}
	for j := 0; j < h; j++ {
		if px(0, j) != before(0, j) || px(w-1, j) != before(w-1, j) {
			return
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; {
			if px(x, y) == before(x, y) {
				x++
				continue
			}
			x1 := x + 1
			for x1 < w && px(x1, y) != before(x1, y) {
				x1++
			}
			sh.spans = append(sh.spans, stampSpan{y: int32(y), x0: int32(x), x1: int32(x1)})
			o := img.PixOffset(r.Min.X+x, r.Min.Y+y)
			sh.pix = append(sh.pix, img.Pix[o:o+4*(x1-x)]...)
			x = x1
		}
	}
	sh.fits = true
}

// hashRect hashes the pixels of r, row by row, twice with seeds of their
// own: the key's hash and its check.
func hashRect(img *image.RGBA, r image.Rectangle) (key, check uint64) {
	var h, c maphash.Hash
	h.SetSeed(shapeSeed)
	c.SetSeed(shapeCheckSeed)
	n := 4 * r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		o := img.PixOffset(r.Min.X, y)
		h.Write(img.Pix[o : o+n])
		c.Write(img.Pix[o : o+n])
	}
	return h.Sum64(), c.Sum64()
}

// flatColour reports whether every pixel of r (inside the picture, and
// opaque) is one colour, and which, as a little-endian uint32.
func flatColour(img *image.RGBA, r image.Rectangle) (uint32, bool) {
	if r.Empty() || !r.In(img.Rect) {
		return 0, false
	}
	o := img.PixOffset(r.Min.X, r.Min.Y)
	c := binary.LittleEndian.Uint32(img.Pix[o:])
	if c>>24 != 0xff {
		return 0, false
	}
	pat := uint64(c) | uint64(c)<<32
	n := 4 * r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := img.Pix[img.PixOffset(r.Min.X, y):][:n]
		i := 0
		for ; i+8 <= n; i += 8 {
			if binary.LittleEndian.Uint64(row[i:]) != pat {
				return 0, false
			}
		}
		for ; i < n; i += 4 {
			if binary.LittleEndian.Uint32(row[i:]) != c {
				return 0, false
			}
		}
	}
	return c, true
}
