package images

import (
	"image"
	"image/color"
	"runtime"
	"sync/atomic"
)

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
// buffer made to measure for a small one (a hand) would be dropped the
// next time a larger one (a table) took it, and kept buffers replaced
// over and over.
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
	if pl := untrack(img); pl != nil {
		releasePlane(pl)
	}
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
// stays in the first-level cache, where doubling to the end reads back
// megabytes).
func fillRGBA(pix []uint8, c color.RGBA) {
	if len(pix) < 4 {
		return
	}
	pix[0], pix[1], pix[2], pix[3] = c.R, c.G, c.B, 255
	repeatPrefix(pix, 4)
}

// repeatPrefix copies b's first n bytes over the rest of it: doubling the
// copied span up to a block of 4 KB, then that block over and over.
func repeatPrefix(b []uint8, n int) {
	const block = 4096
	for ; n < len(b) && n < block; n *= 2 {
		copy(b[n:], b[:n])
	}
	for i := n; i < len(b); i += n {
		copy(b[i:], b[:n])
	}
}

// finish maps a finished drawing to p and gives its pixels back for the
// next picture: the drawing is never read again.
func (p *Palette) finish(img *image.RGBA) *image.Paletted {
	if out := p.fromPlane(img); out != nil {
		return out
	}
	out := p.Paletted(img)
	releaseRGBA(img)
	return out
}

// finishFrom is finish for a drawing that started as a copy of base, whose
// palette indices baseIdx are known (PalettedFrom).
func (p *Palette) finishFrom(img, base *image.RGBA, baseIdx []uint8) *image.Paletted {
	if out := p.fromPlane(img); out != nil {
		return out
	}
	out := p.PalettedFrom(img, base, baseIdx)
	releaseRGBA(img)
	return out
}

// fromPlane is a finished drawing's picture made from its index plane
// (plane.go), its pixels given back; nil when it has no plane in p or the
// plane knows nothing, and the palette step must read every pixel.
func (p *Palette) fromPlane(img *image.RGBA) *image.Paletted {
	pl := untrack(img)
	if pl == nil {
		return nil
	}
	defer releasePlane(pl)
	if pl.pal != p {
		return nil
	}
	out := pl.finish()
	if out != nil {
		releaseRGBA(img)
	}
	return out
}
