package images

import (
	"image"
	"image/color"
	"math"
	"sync"
	"sync/atomic"

	"github.com/fogleman/gg"
)

// A gg stroke or fill is two steps: freetype's rasterizer turns the path
// into spans of coverage (its stroker, cells and sorting: most of the
// cost, and most of the allocations), then a painter
// blends the colour into each span's pixels by its coverage alone. The
// coverage depends only on the path (at its exact place) and the
// rasterizer's bounds, never on the pixels under it, so it is recorded
// once and painted from then on with the painter's own arithmetic: the
// same pixels over any background, unlike a kept shape (shapes.go), which
// holds for one background only.
//
// The coverage is read back from gg itself: painted with a pattern (gg
// then uses its pattern painter, with the same arithmetic) of a colour
// chosen so that each pixel's red and green, painted over zero, name its
// 16-bit coverage exactly (coverageOf).

// covSpan is a run of a row's pixels of one coverage (0-0xffff).
type covSpan struct {
	y, x0, x1 int16
	alpha     uint16
}

// coverage is a path's recorded coverage; ok is false when the path
// reached the border of the rectangle it was recorded in (it is then
// always drawn directly).
type coverage struct {
	once  sync.Once
	ok    bool
	spans []covSpan
}

// coverageCache is a bounded set of recorded coverages, by count and by
// bytes (8 a span).
type coverageCache struct {
	m        sync.Map // coverageKey -> *coverage
	n, bytes atomic.Int64
	max      int64
	maxBytes int64
}

// coverageKey names a path: what it is (a comparable value from the
// caller that, with the exact point, determines every point of the path
// and how it is stroked or filled) and the rectangle it stays in.
type coverageKey struct {
	what any
	x, y float64
	r    image.Rectangle
	// split is freetype's class of raster size (it splits curves more
	// finely in larger ones): over 120 pixels wide or high for every
	// picture here, where a path inside r rasterizes the same whatever
	// the picture's size.
	split int
}

// splitClass is the raster size class freetype's SetBounds chooses its
// curve splitting by.
func splitClass(r image.Rectangle) int {
	switch w, h := r.Dx(), r.Dy(); {
	case w > 120 || h > 120:
		return 2
	case w > 24 || h > 24:
		return 1
	}
	return 0
}

// coverageColour is the colour the coverage is recorded with: red and
// green over a zero pixel become (ma*0xffff/0xffff)>>8 and
// (ma*2^24/0xffff)>>8 (kept to 8 bits), which together are distinct for
// every coverage ma (TestCoverageDecodes); blue and alpha stay zero.
type coverageColour struct{}

func (coverageColour) RGBA() (r, g, b, a uint32) { return 0xffff, 1 << 24, 0, 0 }

// coveragePattern paints coverageColour, noting a pixel painted outside
// the rectangle recorded (whose pixels the recording canvas does not
// hold apart).
type coveragePattern struct {
	r       image.Rectangle
	escaped bool
}

func (p *coveragePattern) ColorAt(x, y int) color.Color {
	if !image.Pt(x, y).In(p.r) {
		p.escaped = true
	}
	return coverageColour{}
}

// coverageLow maps a recorded pixel's red (the coverage's high byte) and
// green to the coverage's low byte (64 KB, made on the first recording).
var coverageLow = sync.OnceValue(func() *[256][256]uint8 {
	t := new([256][256]uint8)
	cr, cg, _, _ := coverageColour{}.RGBA()
	for ma := uint32(0); ma <= 0xffff; ma++ {
		t[painted(0, cr, 0, ma)][painted(0, cg, 0, ma)] = uint8(ma)
	}
	return t
})

// coverageOf is the coverage a recorded pixel's red and green name, and
// whether they name one (painted over zero with coverageColour).
func coverageOf(r, g uint8) (uint32, bool) {
	ma := uint32(r)<<8 | uint32(coverageLow()[r][g])
	cr, cg, _, _ := coverageColour{}.RGBA()
	return ma, painted(0, cr, 0, ma) == r && painted(0, cg, 0, ma) == g
}

// painted is one channel of a pixel after a painter's blend (freetype's
// RGBAPainter and gg's pattern painter alike, from image/draw's
// drawGlyphOver): d under colour channel c of alpha ca, at coverage ma.
func painted(d, c, ca, ma uint32) uint8 {
	const m = 1<<16 - 1
	a := (m - (ca * ma / m)) * 0x101
	return uint8((d*a + c*ma) / m >> 8)
}

// paintPath paints the path record builds and strokes or fills (record
// must not set a colour: it is given one to read the coverage) in colour
// col: from the coverage recorded the first time for key, or directly
// through gg when the cache is full or the path leaves rect (absolute).
func (c *coverageCache) paintPath(dc *Canvas, key any, x, y float64, rect image.Rectangle, col color.Color, record func(gc *gg.Context)) {
	img := dc.RGBA()
	if img.Rect.Min != (image.Point{}) || !rect.In(img.Rect) || rect.Dx() > math.MaxInt16 || rect.Max.Y > math.MaxInt16 || rect.Max.X > math.MaxInt16 {
		c.direct(dc, col, record)
		return
	}
	k := coverageKey{key, x, y, rect, splitClass(img.Rect)}
	v, ok := c.m.Load(k)
	if !ok && c.max == 0 {
		c.direct(dc, col, record) // a cache that keeps nothing: the tests' reference
		return
	}
	if !ok && (c.n.Load() >= c.max || c.bytes.Load() >= c.maxBytes) {
		// A path the full cache cannot keep is recorded the same way
		// for this picture alone: the same pixels as drawn directly, and
		// the index plane learns where they went.
		cv := &coverage{}
		if cv.record(rect, img.Rect, record); cv.ok {
			cv.paint(img, col)
			return
		}
		c.direct(dc, col, record)
		return
	}
	if !ok {
		var loaded bool
		if v, loaded = c.m.LoadOrStore(k, &coverage{}); !loaded {
			c.n.Add(1)
		}
	}
	cv := v.(*coverage)
	cv.once.Do(func() {
		cv.record(rect, img.Rect, record)
		c.bytes.Add(int64(8 * len(cv.spans)))
	})
	if !cv.ok {
		c.direct(dc, col, record)
		return
	}
	cv.paint(img, col)
}

// direct draws the path through gg on the canvas.
func (c *coverageCache) direct(dc *Canvas, col color.Color, record func(gc *gg.Context)) {
	dc.SetColor(col)
	dc.plane.forget() // gg paints through its own context
	record(dc.Context)
}

// record rasterizes the path over zero pixels in r of a picture of pic's
// size and reads each pixel's coverage back. The canvas has the
// picture's bounds (the rasterizer's, and the painter's clipping, are the
// picture's) but holds only r's rows of r's width: its stride is r's
// width, so any pixel (x, y) of r is at 4*(y*w+x), and the pixels out of
// r share memory with r's; a path painting any of them is not kept.
func (cv *coverage) record(r, pic image.Rectangle, record func(gc *gg.Context)) {
	w := r.Dx()
	W, H := pic.Max.X, pic.Max.Y
	img := &image.RGBA{Pix: make([]uint8, 4*((H-1)*w+W)), Stride: 4 * w, Rect: image.Rect(0, 0, W, H)}
	gc := gg.NewContextForRGBA(img)
	pat := &coveragePattern{r: r}
	gc.SetFillStyle(pat)
	gc.SetStrokeStyle(pat)
	record(gc)
	if pat.escaped {
		return
	}
	px := func(x, y int) []uint8 {
		o := img.PixOffset(x, y)
		return img.Pix[o : o+4]
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		var cur covSpan
		open := false
		for x := r.Min.X; x < r.Max.X; x++ {
			p := px(x, y)
			ma, ok := coverageOf(p[0], p[1])
			if !ok || p[2]|p[3] != 0 {
				return // not a coverage: never cached
			}
			if open && (ma == 0 || uint16(ma) != cur.alpha) {
				cv.spans = append(cv.spans, cur)
				open = false
			}
			if ma != 0 && !open {
				cur = covSpan{y: int16(y), x0: int16(x), x1: int16(x), alpha: uint16(ma)}
				open = true
			}
			if open {
				cur.x1 = int16(x + 1)
			}
		}
		if open {
			cv.spans = append(cv.spans, cur)
		}
	}
	cv.spans = append([]covSpan(nil), cv.spans...)
	cv.ok = true
}

// paint blends col into img by the coverage, as freetype's RGBAPainter
// does (the same uint32 arithmetic, its terms that depend on the span
// alone taken out of the pixel loop); a span an opaque colour covers
// fully takes the colour whatever was under it.
func (cv *coverage) paint(img *image.RGBA, col color.Color) {
	const m = 1<<16 - 1
	cr, cg, cb, ca := col.RGBA()
	full := uint32(painted(0, cr, ca, m)) | uint32(painted(0, cg, ca, m))<<8 |
		uint32(painted(0, cb, ca, m))<<16 | uint32(painted(0, ca, ca, m))<<24
	if pl := planeOf(img); pl != nil && !pl.all {
		for _, s := range cv.spans {
			pl.dirty[s.y] |= spansOf(int(s.x0), int(s.x1))
		}
	}
	for _, s := range cv.spans {
		ma := uint32(s.alpha)
		o := img.PixOffset(int(s.x0), int(s.y))
		d := img.Pix[o : o+4*int(s.x1-s.x0)]
		if ca == m && ma == m {
			fillPixels(d, full)
			continue
		}
		a := (m - (ca * ma / m)) * 0x101
		r, g, b, al := cr*ma, cg*ma, cb*ma, ca*ma
		for i := 0; i+3 < len(d); i += 4 {
			p := d[i : i+4 : i+4]
			p[0] = uint8((uint32(p[0])*a + r) / m >> 8)
			p[1] = uint8((uint32(p[1])*a + g) / m >> 8)
			p[2] = uint8((uint32(p[2])*a + b) / m >> 8)
			p[3] = uint8((uint32(p[3])*a + al) / m >> 8)
		}
	}
}
