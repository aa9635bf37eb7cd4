package images

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"sync"
)

// Boxes every game draws: rounded ones with an outline (Hijacked's player
// rows, Cybot panel, seats and hijackers), square ones of whole pixels
// (Hunted's bars and tower, Locked Out's access types) and plain
// rectangles of one colour, each painted straight into the pixels.
//
// A rounded box is large; rasterizing its fill and outline with gg was a
// third of Hijacked's drawing. A box on whole pixels is instead put
// together from a small box drawn once per radius and colours: its four
// corners copied, its straight edges and inside painted as flat spans,
// which gives the pixels gg would have drawn.

// roundedBoxKey names a small box: the corner size k (radius + 2), the radius
// and the colours.
type roundedBoxKey struct {
	k          int
	r          float64
	fill, line color.RGBA
}

var roundedBoxes sync.Map // roundedBoxKey -> *roundedBoxSprite

// roundedBoxSprite is a small box and, for each corner (its quadrants, k+1
// pixels square), the spans to stamp (image/draw's arithmetic, clear
// pixels skipped).
type roundedBoxSprite struct {
	once  sync.Once
	img   *image.RGBA
	quads [4][]stampSpan
}

// roundedBox draws a rounded box with a 2 px outline.
func roundedBox(dc *Canvas, x, y, w, h, r float64, fill, line color.Color) {
	f, okf := fill.(color.RGBA)
	l, okl := line.(color.RGBA)
	k := int(math.Ceil(r)) + 2
	whole := x == math.Trunc(x) && y == math.Trunc(y) && w == math.Trunc(w) && h == math.Trunc(h)
	if !okf || !okl || f.A != 255 || !whole || w < float64(2*k) || h < float64(2*k) {
		roundedBoxGG(dc, x, y, w, h, r, fill, line)
		return
	}
	n := 2 * k
	v, _ := roundedBoxes.LoadOrStore(roundedBoxKey{k, r, f, l}, &roundedBoxSprite{})
	sp := v.(*roundedBoxSprite)
	m := k + 1 // the small box's middle row and column: straight edges
	quads := [4]image.Point{{0, 0}, {m, 0}, {0, m}, {m, m}}
	sp.once.Do(func() {
		// The small box: its path from (1, 1), n x n, so the outline
		// (1 px either side of the path) stays inside.
		c := NewCanvas(n+2, n+2)
		c.DrawRoundedRectangle(1, 1, float64(n), float64(n), r)
		c.SetColor(f)
		c.FillPreserve()
		c.SetColor(l)
		c.SetLineWidth(2)
		c.Stroke()
		sp.img = c.RGBA()
		for i, q := range quads {
			sp.quads[i] = stampSpans(sp.img.SubImage(image.Rect(q.X, q.Y, q.X+k+1, q.Y+k+1)).(*image.RGBA))
		}
	})
	src, dst := sp.img, dc.RGBA()
	X, Y, W, H := int(x), int(y), int(w), int(h)
	// Corners: the small box's quadrants, stamped span by span (as
	// overRGBA would, without image/draw's per-pixel work on clear ones).
	inside := image.Rect(X-1, Y-1, X+W+1, Y+H+1).In(dst.Rect)
	for i, at := range [4]image.Point{{X - 1, Y - 1}, {X + W - k, Y - 1}, {X - 1, Y + H - k}, {X + W - k, Y + H - k}} {
		q := quads[i]
		if !inside {
			overRGBA(dst, src.SubImage(image.Rect(q.X, q.Y, q.X+k+1, q.Y+k+1)).(*image.RGBA), at.Sub(q))
			continue
		}
		dc.plane.unknown(image.Rect(at.X, at.Y, at.X+k+1, at.Y+k+1))
		for _, s := range sp.quads[i] {
			so := src.PixOffset(q.X+int(s.x0), q.Y+int(s.y))
			do := dst.PixOffset(at.X+int(s.x0), at.Y+int(s.y))
			n := 4 * int(s.x1-s.x0)
			if s.opaque {
				copy(dst.Pix[do:do+n], src.Pix[so:so+n])
				continue
			}
			blendOver(dst.Pix[do:do+n], src.Pix[so:so+n])
		}
	}
	// Straight edges: each line across the edge is one colour along it.
	for i := 0; i <= k; i++ {
		paintSpan(dst, image.Rect(X+k, Y-1+i, X+W-k, Y+i), src.RGBAAt(m, i))           // top
		paintSpan(dst, image.Rect(X+k, Y+H-k+i, X+W-k, Y+H-k+i+1), src.RGBAAt(m, m+i)) // bottom
		paintSpan(dst, image.Rect(X-1+i, Y+k, X+i, Y+H-k), src.RGBAAt(i, m))           // left
		paintSpan(dst, image.Rect(X+W-k+i, Y+k, X+W-k+i+1, Y+H-k), src.RGBAAt(m+i, m)) // right
	}
	// Inside: the fill.
	paintSpan(dst, image.Rect(X+k, Y+k, X+W-k, Y+H-k), src.RGBAAt(m, m))
}

// paintSpan paints a premultiplied colour over a rectangle: copied when
// opaque, blended when not, skipped when clear.
func paintSpan(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	switch c.A {
	case 0:
		return
	case 255:
		fillRect(dst, r, c)
	default:
		draw.Draw(dst, r, image.NewUniform(c), image.Point{}, draw.Over)
		planeOf(dst).unknown(r)
	}
}

// fillRect paints an opaque colour over a rectangle (clipped to the
// picture): the same pixels as draw.Draw with draw.Src, the first row
// filled in doubling copies and the others copied from it.
func fillRect(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(dst.Rect)
	if r.Empty() {
		return
	}
	i, n := dst.PixOffset(r.Min.X, r.Min.Y), 4*r.Dx()
	first := dst.Pix[i : i+n]
	fillRGBA(first, c)
	for y := 1; y < r.Dy(); y++ {
		copy(dst.Pix[i+y*dst.Stride:i+y*dst.Stride+n], first)
	}
	planeOf(dst).fill(r, c)
}

// roundedBoxGG is roundedBox as gg draws it, for the boxes that are not stamped.
func roundedBoxGG(dc *Canvas, x, y, w, h, r float64, fill, line color.Color) {
	dc.DrawRoundedRectangle(x, y, w, h, r)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(line)
	dc.SetLineWidth(2)
	dc.Stroke()
}

// squareBox is a rectangle of whole pixels filled and outlined line pixels
// wide inside its bounds, painted straight into the pixels.
func squareBox(dc *Canvas, x, y, w, h, line int, fill, edge color.RGBA) {
	fillRect(dc.RGBA(), image.Rect(x, y, x+w, y+h), edge)
	fillRect(dc.RGBA(), image.Rect(x+line, y+line, x+w-line, y+h-line), fill)
}
