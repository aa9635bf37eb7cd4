package images

import (
	"encoding/binary"
	"image"
	"image/draw"
	"slices"
	"sync"
)

// Sprites keeps small pictures drawn once (markers, cards) to stamp many
// times, with the strings each says. Keys must come from a bounded set
// (a game's cards, a layout's markers): nothing is ever evicted.
type Sprites struct {
	m sync.Map // key -> *sprite
}

// sprite is a drawn sprite kept compact: cards and boards' pieces are
// mostly flat colour, and kept as whole RGBA pictures they would be a large
// share of the bot's live memory, which under the memory limit makes the
// collector run more often. Its opaque spans are segments, each
// a run of one colour (filled) or pixels as drawn (copied); a partly
// transparent span keeps its pixels, to blend.
type sprite struct {
	once  sync.Once
	w, h  int
	texts []string
	sizes []float64 // the font size of each text (Canvas.sizes)
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
	planeOf(dst).unknown(image.Rect(x, y, x+sp.w, y+sp.h))
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
		sp.texts, sp.sizes = dc.texts, dc.sizes
		sp.keep(dc.RGBA())
	})
	dst.texts = append(dst.texts, sp.texts...)
	dst.sizes = append(dst.sizes, sp.sizes...)
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
	planeOf(dst).unknown(r)
}
