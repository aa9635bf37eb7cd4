package images

import (
	"encoding/binary"
	"image"
	"image/color"
	"image/draw"
	"slices"
	"sync"
)

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
