package images

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/fogleman/gg"
)

// Every coverage the painters can give is read back as itself: the
// recording colour's red and green name it exactly.
func TestCoverageDecodes(t *testing.T) {
	cr, cg, _, _ := coverageColour{}.RGBA()
	for ma := uint32(0); ma <= 0xffff; ma++ {
		got, ok := coverageOf(painted(0, cr, 0, ma), painted(0, cg, 0, ma))
		if !ok || got != ma {
			t.Fatalf("coverage %d reads back as %d (%t)", ma, got, ok)
		}
	}
	// The 65,536 coverages take every (red, green) pair: each pair is
	// read as the one coverage that paints it.
	named := 0
	for r := range 256 {
		for g := range 256 {
			ma, ok := coverageOf(uint8(r), uint8(g))
			if !ok {
				continue
			}
			named++
			if painted(0, cr, 0, ma) != uint8(r) || painted(0, cg, 0, ma) != uint8(g) {
				t.Fatalf("(%d, %d) read as coverage %d, which paints otherwise", r, g, ma)
			}
		}
	}
	if named != 0x10000 {
		t.Fatalf("%d pairs name a coverage, want 65536", named)
	}
}

// Paths painted from their recorded coverage are the pixels gg paints,
// over a background of many colours (the coverage is kept apart from it),
// the first time and the times after, opaque and translucent colours,
// strokes (dashed too) and fills; a rectangle too small draws directly,
// with the same pixels.
func TestCoverageIsGG(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	bg := image.NewRGBA(image.Rect(0, 0, 400, 300))
	for i := range bg.Pix {
		bg.Pix[i] = uint8(rng.IntN(256))
		if i%4 == 3 {
			bg.Pix[i] = 255
		}
	}
	paths := []struct {
		name   string
		x, y   float64
		rect   image.Rectangle
		col    color.Color
		record func(gc *gg.Context)
	}{
		{"hex", 200.3, 150.7, covRect(150, 100, 251, 201, 6), color.RGBA{240, 170, 0, 255}, func(gc *gg.Context) {
			gc.SetLineWidth(7)
			hijackHexPath(gc, 200.3, 150.7, 45)
			gc.Stroke()
		}},
		{"dashed", 120.25, 90.5, covRect(80, 50, 161, 131, 6), color.RGBA{240, 170, 0, 255}, func(gc *gg.Context) {
			gc.SetLineWidth(4)
			gc.SetDash(10, 6)
			hijackHexPath(gc, 120.25, 90.5, 38)
			gc.Stroke()
			gc.SetDash()
		}},
		{"translucent line", 30, 40, covRect(30, 40, 350, 260, 6), color.NRGBA{240, 170, 0, 210}, func(gc *gg.Context) {
			gc.SetLineWidth(5.5)
			gc.DrawLine(30.4, 40.9, 349.2, 259.6)
			gc.Stroke()
		}},
		{"rounded fill", 12, 33.3, covRect(12, 33.3, 312, 85.3, 3), color.RGBA{255, 236, 170, 255}, func(gc *gg.Context) {
			gc.DrawRoundedRectangle(12, 33.3, 300, 52, 10)
			gc.Fill()
		}},
		{"circle, rect too small", 250, 150, image.Rect(240, 140, 260, 160), color.White, func(gc *gg.Context) {
			gc.DrawCircle(250, 150, 20)
			gc.Fill()
		}},
	}
	cache := &coverageCache{max: 100, maxBytes: 1 << 20}
	for _, p := range paths {
		want := image.NewRGBA(bg.Rect)
		copy(want.Pix, bg.Pix)
		gc := gg.NewContextForRGBA(want)
		gc.SetColor(p.col)
		p.record(gc)
		for round := range 2 {
			got := image.NewRGBA(bg.Rect)
			copy(got.Pix, bg.Pix)
			cache.paintPath(NewCanvasOn(got), p.name, p.x, p.y, p.rect, p.col, p.record)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%s, round %d: pixels differ from gg's", p.name, round)
			}
		}
	}
	// A cache that keeps nothing draws through gg, and one full of other
	// paths records each for its picture alone: the same pixels either
	// way, nothing more kept.
	full := &coverageCache{max: 0, maxBytes: 1 << 20}
	one := &coverageCache{max: 1, maxBytes: 1 << 20}
	one.n.Store(1)
	for _, c := range []struct {
		name  string
		cache *coverageCache
	}{{"a cache keeping nothing", full}, {"a cache full of others", one}} {
		for _, p := range paths {
			want := image.NewRGBA(bg.Rect)
			gc := gg.NewContextForRGBA(want)
			gc.SetColor(p.col)
			p.record(gc)
			got := image.NewRGBA(bg.Rect)
			c.cache.paintPath(NewCanvasOn(got), p.name, p.x, p.y, p.rect, p.col, p.record)
			if !bytes.Equal(got.Pix, want.Pix) {
				t.Errorf("%s, %s: pixels differ from gg's", p.name, c.name)
			}
		}
	}
	if full.n.Load() != 0 {
		t.Errorf("a cache keeping nothing recorded %d paths", full.n.Load())
	}
	if one.n.Load() != 1 {
		t.Errorf("a cache full of others recorded %d more paths", one.n.Load()-1)
	}
	n, kept := 0, 0
	cache.m.Range(func(_, v any) bool {
		n++
		if v.(*coverage).ok {
			kept++
		}
		return true
	})
	if n != len(paths) || kept != len(paths)-1 {
		t.Errorf("%d paths recorded, %d kept; want %d and %d", n, kept, len(paths), len(paths)-1)
	}
}

// Pictures drawn at once share a path's first recording: each paints
// gg's pixels (run with -race).
func TestCoverageConcurrent(t *testing.T) {
	record := func(gc *gg.Context) {
		gc.SetLineWidth(7)
		hijackHexPath(gc, 150.5, 140.25, 50)
		gc.Stroke()
	}
	col := color.RGBA{240, 170, 0, 255}
	want := image.NewRGBA(image.Rect(0, 0, 300, 300))
	gc := gg.NewContextForRGBA(want)
	gc.SetColor(col)
	record(gc)
	cache := &coverageCache{max: 10, maxBytes: 1 << 20}
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			got := image.NewRGBA(want.Rect)
			cache.paintPath(NewCanvasOn(got), "hex", 150.5, 140.25, covRect(100, 90, 201, 191, 7), col, record)
			if !bytes.Equal(got.Pix, want.Pix) {
				errs <- fmt.Errorf("pixels differ from gg's")
				return
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
	if cache.n.Load() != 1 {
		t.Errorf("%d recordings of one path", cache.n.Load())
	}
}
