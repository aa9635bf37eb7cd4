package images

import (
	"image"
	"image/color"
	"math"
	"sync"
	"sync/atomic"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// cachedFaces are the glyph faces every renderer shares through
// Canvas.Font, one cachedFace (glyph_cache.go) per size, kept between
// pictures.
var cachedFaces sync.Map // faceKey -> *cachedFace

// faceKey is a face's exact size: sizes a tenth apart (the renderers
// scale some text with the layout) rasterize differently, so sharing one
// face between them would change pixels depending on which picture came
// first.
type faceKey struct {
	size uint64 // math.Float64bits
	bold bool
}

// maxCachedFaces bounds the shared faces. The renderers' sizes come from
// their layouts (a few dozen); past the bound a size gets a face of its
// own each time, correct but rasterizing anew.
const maxCachedFaces = 256

var cachedFaceCount atomic.Int32

// cachedFaceFor is the shared caching face for a size.
func cachedFaceFor(size float64, bold bool) font.Face {
	key := faceKey{math.Float64bits(size), bold}
	if f, ok := cachedFaces.Load(key); ok {
		return f.(*cachedFace)
	}
	f := &cachedFace{face: Face(size, bold), glyphs: map[glyphKey]*cachedGlyph{}, layouts: map[layoutKey][]placedGlyph{}, widths: map[string]fixed.Int26_6{},
		advances: map[rune]cachedAdvance{}, kerns: map[[2]rune]fixed.Int26_6{}, blends: map[blendKey]*[256]uint32{}}
	if cachedFaceCount.Load() >= maxCachedFaces {
		return f
	}
	v, loaded := cachedFaces.LoadOrStore(key, f)
	if !loaded {
		cachedFaceCount.Add(1)
	}
	return v.(*cachedFace)
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
	// texts keeps every string drawn, so tests can read what a picture says;
	// sizes holds the font size each was drawn at (the same index), so tests
	// can check that the smallest text stays legible at phone width.
	texts []string
	sizes []float64
	size  float64
	// plane is the drawing's index plane (plane.go), nil when untracked:
	// every way this canvas paints tells it where.
	plane *indexPlane
}

// NewCanvas is a blank canvas of a size.
func NewCanvas(w, h int) *Canvas { return NewCanvasOn(image.NewRGBA(image.Rect(0, 0, w, h))) }

// NewCanvasOn draws on an existing picture (a copy of a layer).
func NewCanvasOn(img *image.RGBA) *Canvas {
	return &Canvas{Context: gg.NewContextForRGBA(img), img: img, color: color.Black, plane: planeOf(img)}
}

// gg's painting, which does not say where it painted: the index plane
// knows nothing after it. A renderer that knows where a stroke goes uses
// strokeIn.

func (dc *Canvas) Fill()           { dc.plane.forget(); dc.Context.Fill() }
func (dc *Canvas) FillPreserve()   { dc.plane.forget(); dc.Context.FillPreserve() }
func (dc *Canvas) Stroke()         { dc.plane.forget(); dc.Context.Stroke() }
func (dc *Canvas) StrokePreserve() { dc.plane.forget(); dc.Context.StrokePreserve() }
func (dc *Canvas) SetPixel(x, y int) {
	dc.plane.forget()
	dc.Context.SetPixel(x, y)
}
func (dc *Canvas) DrawImage(im image.Image, x, y int) {
	dc.plane.forget()
	dc.Context.DrawImage(im, x, y)
}
func (dc *Canvas) DrawImageAnchored(im image.Image, x, y int, ax, ay float64) {
	dc.plane.forget()
	dc.Context.DrawImageAnchored(im, x, y, ax, ay)
}

// strokeIn strokes the path, which paints only inside r.
func (dc *Canvas) strokeIn(r image.Rectangle) {
	dc.plane.unknown(r)
	dc.Context.Stroke()
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
		dc.plane.fill(dc.img.Rect, c)
		return
	}
	dc.plane.forget()
	dc.Context.Clear()
}

// Font sets the embedded font at a size: a face shared by every picture,
// which keeps its glyph masks (the same pixels as a fresh face's without
// rasterizing again).
func (dc *Canvas) Font(size float64, bold bool) {
	dc.SetFontFace(cachedFaceFor(size, bold))
	dc.size = size
}

func (dc *Canvas) SetFontFace(f font.Face) {
	dc.face = f
	dc.height = float64(f.Metrics().Height) / 64
	dc.size = dc.height / 1.2 // gg's faces: a line is 1.2 times the size; Font sets it exactly
	dc.Context.SetFontFace(f)
}

// DrawString draws with the baseline at y, as gg does.
func (dc *Canvas) DrawString(s string, x, y float64) { dc.DrawStringAnchored(s, x, y, 0, 0) }

// MeasureString is gg's: the advance width and the font height. With a
// shared face it is summed under one lock instead of two per rune.
func (dc *Canvas) MeasureString(s string) (w, h float64) {
	if f, ok := dc.face.(*cachedFace); ok {
		return float64(f.measure(s) >> 6), dc.height
	}
	return dc.Context.MeasureString(s)
}

// DrawStringAnchored places text like gg's (the anchor is a fraction of the
// advance width and of the font height) but draws the glyph masks directly.
func (dc *Canvas) DrawStringAnchored(s string, x, y, ax, ay float64) {
	if dc.face == nil {
		dc.Font(12, false)
	}
	dc.texts = append(dc.texts, s)
	dc.sizes = append(dc.sizes, dc.size)
	w, h := dc.MeasureString(s)
	x -= ax * w
	y += ay * h
	dot := fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(y * 64)}
	if f, ok := dc.face.(*cachedFace); ok {
		f.drawString(dc.img, dc.plane, dc.color, dot, s)
		return
	}
	dc.plane.forget()
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

// Wrap is gg's WordWrap at the current font. With a shared face the lines
// are kept by the face (a picture's texts repeat from one to the next, and
// wrapping measures every word under the face's lock). The lines are
// shared: never change them.
func (dc *Canvas) Wrap(s string, width float64) []string {
	if f, ok := dc.face.(*cachedFace); ok {
		return f.wrapped(s, width, func() []string { return dc.WordWrap(s, width) })
	}
	return dc.WordWrap(s, width)
}

// Fit shortens s with an ellipsis until it fits width at the current font;
// when not even one letter and the ellipsis fit, it is that letter and the
// ellipsis.
func (dc *Canvas) Fit(s string, width float64) string {
	if w, _ := dc.MeasureString(s); w <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if w, _ := dc.MeasureString(string(r) + "…"); w <= width {
			break
		}
	}
	return string(r) + "…"
}

// clip shortens s to at most n letters, the last an ellipsis, for a column
// that holds n letters whatever the font.
func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
