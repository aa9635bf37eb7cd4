package images

import (
	"bytes"
	"image"
	"image/color"
	"reflect"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
)

// keptBytes is what a kept shape holds in its slices, whatever they are.
func keptBytes(sh *keptShape) int {
	n := 0
	v := reflect.ValueOf(sh).Elem()
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Slice {
			n += f.Len() * int(f.Type().Elem().Size())
		}
	}
	return n
}

// hijackedPlayTurns draws the turn picture after every move of a few games.
func hijackedPlayTurns(t testing.TB, games_, moves int) {
	for g := range games_ {
		names := []string{"Alice", "Bob", "Carol", "Dave"}[:2+g%3]
		s, err := hijacked.Kind.New(games.Setup{Players: names, Seed: uint64(g + 1)})
		if err != nil {
			t.Fatal(err)
		}
		rng := games.NewRNG(uint64(g + 1))
		for mv := 0; mv < moves && s.Outcome() == nil; mv++ {
			randomMove(t, s, rng)
			releaseRGBA(hijackedTurnTable(s.Public().(*hijacked.PublicView)).RGBA())
		}
	}
}

// A shape kept over a background of several colours holds its changed
// pixels, not a copy of what lay under it too: the cache (up to 1,024
// shapes) is live memory, and under the memory limit the collector runs
// more often the more the heap keeps.
func TestKeptShapesHoldLessThanTheirRectangles(t *testing.T) {
	defer hijackedForgetShapes(hijackedShapes.max)
	hijackedForgetShapes(1024)
	hijackedPlayTurns(t, 6, 80)
	kept, rects, several := 0, 0, 0
	hijackedShapes.m.Range(func(k, v any) bool {
		key, sh := k.(shapeKey), v.(*keptShape)
		if key.hash != 0 {
			several++
			kept += keptBytes(sh)
			rects += 4 * key.rel.Dx() * key.rel.Dy()
		}
		return true
	})
	if several == 0 {
		t.Fatal("no shape was kept over a background of several colours")
	}
	if kept >= rects {
		t.Errorf("%d shapes over several colours hold %d bytes, as much as their rectangles' %d", several, kept, rects)
	}
}

// A shape whose background hashes like another's (a collision of the
// key's hash, made here by hand) is drawn directly: the check hash tells
// the backgrounds apart.
func TestKeptShapeCheckTellsBackgroundsApart(t *testing.T) {
	c := &shapeCache{max: 16}
	disc := func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, 9)
		dc.SetColor(color.RGBA{200, 30, 30, 255})
		dc.Fill()
	}
	picture := func(right color.RGBA) *Canvas {
		dc := NewCanvas(200, 200)
		fillRGBA(dc.RGBA().Pix, color.RGBA{240, 240, 240, 255})
		fillRect(dc.RGBA(), image.Rect(100, 0, 200, 200), right)
		return dc
	}
	rel := image.Rect(-12, -12, 13, 13)
	a := picture(color.RGBA{20, 20, 90, 255})
	a.shapeIn(c, "disc", 100.5, 100.5, rel, disc)
	// The shape kept over a's background, filed under b's key as if b's
	// pixels hashed alike.
	b := picture(color.RGBA{20, 90, 20, 255})
	r := rel.Add(image.Pt(100, 100))
	ka, _ := hashRect(picture(color.RGBA{20, 20, 90, 255}).RGBA(), r) // a before its disc
	kb, _ := hashRect(b.RGBA(), r)
	v, _ := c.m.Load(shapeKey{what: "disc", x: 100.5, y: 100.5, rel: rel, hash: ka})
	c.m.Store(shapeKey{what: "disc", x: 100.5, y: 100.5, rel: rel, hash: kb}, v)
	b.shapeIn(c, "disc", 100.5, 100.5, rel, disc)
	want := picture(color.RGBA{20, 90, 20, 255})
	disc(want, 100.5, 100.5)
	if !bytes.Equal(b.RGBA().Pix, want.RGBA().Pix) {
		t.Error("a shape kept over another background was copied onto this one")
	}
}

// BenchmarkHijackedShapes draws Hijacked's turn pictures with the shapes
// kept, and reports what the kept shapes over several colours hold.
func BenchmarkHijackedShapes(b *testing.B) {
	defer hijackedForgetShapes(hijackedShapes.max)
	hijackedForgetShapes(1024)
	for b.Loop() {
		hijackedPlayTurns(b, 3, 60)
	}
	kept := 0
	hijackedShapes.m.Range(func(_, v any) bool {
		kept += keptBytes(v.(*keptShape))
		return true
	})
	b.ReportMetric(float64(kept)/1024, "kept-KB")
}
