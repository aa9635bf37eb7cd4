package images

import (
	"image"
	"sync"
)

// Layers keeps, per layout, what a renderer draws the same way every time,
// so each picture starts from a copy instead of drawing it again. It holds
// at most max layouts (the oldest built goes first), so memory stays
// bounded whatever the views.
type Layers struct {
	mu    sync.Mutex
	max   int
	order []string
	m     map[string]*layer
}

type layer struct {
	once    sync.Once
	img     *image.RGBA
	idxOnce sync.Once
	idx     []uint8 // the layer in its palette, for PalettedFrom
}

// NewLayers keeps up to max layouts.
func NewLayers(max int) *Layers { return &Layers{max: max, m: map[string]*layer{}} }

// Copy returns a new picture holding the layout's fixed layer, drawn by
// build the first time the key is asked for.
func (l *Layers) Copy(key string, build func() *image.RGBA) *image.RGBA {
	src := l.Get(key, build)
	out := newRGBA(src.Rect)
	copy(out.Pix, src.Pix)
	return out
}

// Get returns the layer itself, shared: copy it, never draw on it.
func (l *Layers) Get(key string, build func() *image.RGBA) *image.RGBA {
	return l.entry(key, build).img
}

// Indexed returns the layer and its palette indices (a layout's layers
// all take the same palette), for PalettedFrom.
func (l *Layers) Indexed(key string, build func() *image.RGBA, p *Palette) (*image.RGBA, []uint8) {
	e := l.entry(key, build)
	e.idxOnce.Do(func() { e.idx = p.Paletted(e.img).Pix })
	return e.img, e.idx
}

func (l *Layers) entry(key string, build func() *image.RGBA) *layer {
	l.mu.Lock()
	e, ok := l.m[key]
	if !ok {
		e = &layer{}
		l.m[key] = e
		l.order = append(l.order, key)
		if len(l.order) > l.max {
			delete(l.m, l.order[0])
			l.order = l.order[1:]
		}
	}
	l.mu.Unlock()
	e.once.Do(func() { e.img = build() })
	return e
}
