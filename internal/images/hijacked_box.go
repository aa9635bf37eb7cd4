package images

import (
	"image"
	"image/color"
	"image/draw"
	"math"
)

// Hijacked's boxes (player rows, the Cybot panel, seats, hijackers) are
// large rounded rectangles; rasterizing their fill and outline with gg was
// a third of the table's drawing. A box on whole pixels is instead put
// together from a small box drawn once per radius and colours: its four
// corners copied, its straight edges and inside painted as flat spans,
// which gives the pixels gg would have drawn.

// hjdBoxKey names a small box: the corner size k (radius + 2), the radius
// and the colours.
type hjdBoxKey struct {
	k          int
	r          float64
	fill, line color.RGBA
}

var hjdBoxes Sprites

// box draws a rounded box with a 2 px outline.
func (dc *hjdCanvas) box(x, y, w, h, r float64, fill, line color.Color) {
	f, okf := fill.(color.RGBA)
	l, okl := line.(color.RGBA)
	k := int(math.Ceil(r)) + 2
	whole := x == math.Trunc(x) && y == math.Trunc(y) && w == math.Trunc(w) && h == math.Trunc(h)
	if dc.naive || !okf || !okl || f.A != 255 || !whole || w < float64(2*k) || h < float64(2*k) {
		dc.DrawRoundedRectangle(x, y, w, h, r)
		dc.SetColor(fill)
		dc.FillPreserve()
		dc.SetColor(line)
		dc.SetLineWidth(2)
		dc.Stroke()
		return
	}
	n := 2 * k
	v, _ := hjdBoxes.m.LoadOrStore(hjdBoxKey{k, r, f, l}, &sprite{})
	sp := v.(*sprite)
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
	})
	src, dst := sp.img, dc.RGBA()
	X, Y, W, H := int(x), int(y), int(w), int(h)
	m := k + 1 // the small box's middle row and column: straight edges
	// Corners: the small box's quadrants (k+1 pixels square).
	for _, q := range [][4]int{
		{0, 0, X - 1, Y - 1}, {m, 0, X + W - k, Y - 1},
		{0, m, X - 1, Y + H - k}, {m, m, X + W - k, Y + H - k},
	} {
		sr := image.Rect(q[0], q[1], q[0]+k+1, q[1]+k+1)
		overRGBA(dst, src.SubImage(sr).(*image.RGBA), image.Pt(q[2]-q[0], q[3]-q[1]))
	}
	// Straight edges: each line across the edge is one colour along it.
	for i := 0; i <= k; i++ {
		hjdSpan(dst, image.Rect(X+k, Y-1+i, X+W-k, Y+i), src.RGBAAt(m, i))           // top
		hjdSpan(dst, image.Rect(X+k, Y+H-k+i, X+W-k, Y+H-k+i+1), src.RGBAAt(m, m+i)) // bottom
		hjdSpan(dst, image.Rect(X-1+i, Y+k, X+i, Y+H-k), src.RGBAAt(i, m))           // left
		hjdSpan(dst, image.Rect(X+W-k+i, Y+k, X+W-k+i+1, Y+H-k), src.RGBAAt(m+i, m)) // right
	}
	// Inside: the fill.
	hjdSpan(dst, image.Rect(X+k, Y+k, X+W-k, Y+H-k), src.RGBAAt(m, m))
}

// hjdSpan paints a premultiplied colour over a rectangle: copied when
// opaque, blended when not, skipped when clear.
func hjdSpan(dst *image.RGBA, r image.Rectangle, c color.RGBA) {
	switch c.A {
	case 0:
		return
	case 255:
		fillRect(dst, r, c)
	default:
		draw.Draw(dst, r, image.NewUniform(c), image.Point{}, draw.Over)
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
}
