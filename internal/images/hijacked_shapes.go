package images

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"sync"
	"sync/atomic"
)

// Hijacked's small shapes (player discs, demand chips, dice, turning pips)
// repeat from picture to picture, and rasterizing each with gg (its path,
// flattening, stroker and cells, ~280 KB allocated per picture) was most
// of the table's drawing after the boxes. A shape that lands on a flat
// background is instead drawn once over a square of that colour, at the
// same offset within its pixel, and its changed pixels are copied from
// then on. gg and the text painter compose each pixel from that pixel
// alone, so over the same background the copy is the very pixels a direct
// drawing gives. A shape over anything but one colour (a disc on the score
// track's line) is drawn directly, as before.

// hjdShapeKey names a drawn shape: what it is (a comparable value from the
// caller), where it falls within its pixel, and the background colour.
type hjdShapeKey struct {
	what   any
	fx, fy float64
	bg     uint32
}

// hjdShape is a shape's changed pixels: rows of spans, their pixels
// packed in order.
type hjdShape struct {
	once  sync.Once
	fits  bool // the shape stayed inside its square
	spans []stampSpan
	pix   []uint8
	texts []string
}

var (
	hjdShapes     sync.Map // hjdShapeKey -> *hjdShape
	hjdShapeCount atomic.Int64
)

// hjdShapeMax bounds the kept shapes: the table's shapes come from a small
// set (four seats, four demands, dice faces, a few backgrounds), so past
// this many something unexpected varies and the rest are drawn directly.
var hjdShapeMax int64 = 2048

// shape draws what draw paints around (x, y), at most half pixels away,
// from a copy when the square around it is one colour.
func (dc *hjdCanvas) shape(what any, x, y float64, half int, draw func(dc *hjdCanvas, x, y float64)) {
	if dc.naive {
		draw(dc, x, y)
		return
	}
	ix, iy := math.Floor(x), math.Floor(y)
	X, Y := int(ix), int(iy)
	img := dc.RGBA()
	r := image.Rect(X-half, Y-half, X+half+1, Y+half+1)
	bg, flat := flatColour(img, r)
	if !flat {
		draw(dc, x, y)
		return
	}
	k := hjdShapeKey{what, x - ix, y - iy, bg}
	v, ok := hjdShapes.Load(k)
	if !ok {
		if hjdShapeCount.Load() >= hjdShapeMax {
			draw(dc, x, y)
			return
		}
		var loaded bool
		if v, loaded = hjdShapes.LoadOrStore(k, &hjdShape{}); !loaded {
			hjdShapeCount.Add(1)
		}
	}
	sh := v.(*hjdShape)
	sh.once.Do(func() { sh.drawOnce(image.Pt(X-half, Y-half), x, y, half, k.bg, draw) })
	if !sh.fits {
		draw(dc, x, y)
		return
	}
	dc.texts = append(dc.texts, sh.texts...)
	pix := sh.pix
	for _, s := range sh.spans {
		o := img.PixOffset(X-half+int(s.x0), Y-half+int(s.y))
		n := 4 * int(s.x1-s.x0)
		copy(img.Pix[o:o+n], pix[:n])
		pix = pix[n:]
	}
}

// drawOnce paints the shape over its background colour and keeps the
// pixels that changed; a shape reaching the square's border (cut off)
// does not fit and is always drawn directly.
func (sh *hjdShape) drawOnce(at image.Point, x, y float64, half int, bgc uint32, draw func(dc *hjdCanvas, x, y float64)) {
	n := 2*half + 1
	// At least 121 pixels wide: freetype splits curves more finely in a
	// raster over 120 pixels wide or high, as every picture is.
	img := image.NewRGBA(image.Rect(0, 0, max(n, 121), n))
	var bg [4]uint8
	binary.LittleEndian.PutUint32(bg[:], bgc)
	fillRGBA(img.Pix, color.RGBA{bg[0], bg[1], bg[2], bg[3]})
	// Drawn at its place in the picture, moved by whole pixels: gg's
	// translation and the canvas's origin subtract integers from the
	// coordinates, exactly, where drawing at (half, half) would round its
	// curves' points differently.
	c := &hjdCanvas{NewCanvasOn(img)}
	c.origin = at
	c.Translate(-float64(at.X), -float64(at.Y))
	draw(c, x, y)
	sh.texts = c.texts
	px := func(x, y int) uint32 { return binary.LittleEndian.Uint32(img.Pix[img.PixOffset(x, y):]) }
	for i := 0; i < n; i++ {
		if px(i, 0) != bgc || px(i, n-1) != bgc || px(0, i) != bgc || px(n-1, i) != bgc {
			return
		}
	}
	for y := 0; y < n; y++ {
		for x := 0; x < n; {
			if px(x, y) == bgc {
				x++
				continue
			}
			x1 := x + 1
			for x1 < n && px(x1, y) != bgc {
				x1++
			}
			sh.spans = append(sh.spans, stampSpan{y: int32(y), x0: int32(x), x1: int32(x1)})
			o := img.PixOffset(x, y)
			sh.pix = append(sh.pix, img.Pix[o:o+4*(x1-x)]...)
			x = x1
		}
	}
	sh.fits = true
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
