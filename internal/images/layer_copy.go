package images

import (
	"encoding/binary"
	"image"
	"image/color"
	"sync"
)

// A picture starts as a copy of its layout's cached layer (Layers), a few
// megabytes copied every picture. Rows of a layer that are one background
// colour, or that colour around a narrow span (a title, a key beside a
// panel), are written instead: writing costs about half of copying.

// layerRows is where a layer differs from the background: runs of rows
// copied whole, written whole, or written around a span copied.
type layerRows struct {
	layer *image.RGBA
	runs  []layerRowRun
}

// layerRowRun is rows y0 to y1 (excluded), copied over [x0, x1) and
// written the background around it: a run copied whole spans the width,
// a run of background alone is empty.
type layerRowRun struct{ y0, y1, x0, x1 int }

// layerRowsCache keeps the rows of each layout's layer for one background
// colour (a layer rebuilt after its eviction is found again): a few
// hundred runs a layout, for a bounded set of layouts.
type layerRowsCache struct {
	bg color.RGBA
	m  sync.Map // layer key -> *layerRows
}

// copy writes the layer's pixels to dst (its rows, at the layer's stride),
// the very pixels copy(dst, layer.Pix) gives.
func (c *layerRowsCache) copy(key string, dst []uint8, layer *image.RGBA) {
	v, ok := c.m.Load(key)
	if !ok || v.(*layerRows).layer != layer {
		v = c.rowsOf(layer)
		c.m.Store(key, v)
	}
	s, w := layer.Stride, layer.Rect.Dx()
	for _, r := range v.(*layerRows).runs {
		switch {
		case r.x0 == 0 && r.x1 == w:
			copy(dst[r.y0*s:r.y1*s], layer.Pix[r.y0*s:r.y1*s])
		case r.x0 == r.x1:
			fillRGBA(dst[r.y0*s:r.y1*s], c.bg)
		default:
			for y := r.y0; y < r.y1; y++ {
				o := y * s
				fillRGBA(dst[o:o+4*r.x0], c.bg)
				copy(dst[o+4*r.x0:o+4*r.x1], layer.Pix[o+4*r.x0:o+4*r.x1])
				fillRGBA(dst[o+4*r.x1:o+4*w], c.bg)
			}
		}
	}
}

// rowsOf finds a layer's rows: a row whose pixels other than the
// background span under half its width is written around that span; the
// others are copied whole.
func (c *layerRowsCache) rowsOf(layer *image.RGBA) *layerRows {
	w, h := layer.Rect.Dx(), layer.Rect.Dy()
	bg := binary.LittleEndian.Uint32([]uint8{c.bg.R, c.bg.G, c.bg.B, 255})
	rows := &layerRows{layer: layer}
	for y := 0; y < h; y++ {
		row := layer.Pix[y*layer.Stride:]
		x0, x1 := w, 0
		for x := 0; x < w; x++ {
			if binary.LittleEndian.Uint32(row[4*x:]) != bg {
				x0, x1 = min(x0, x), x+1
			}
		}
		switch {
		case x1 == 0:
			x0, x1 = 0, 0
		case 2*(x1-x0) >= w:
			x0, x1 = 0, w
		}
		if n := len(rows.runs); n > 0 && rows.runs[n-1].y1 == y && rows.runs[n-1].x0 == x0 && rows.runs[n-1].x1 == x1 {
			rows.runs[n-1].y1++
			continue
		}
		rows.runs = append(rows.runs, layerRowRun{y, y + 1, x0, x1})
	}
	return rows
}
