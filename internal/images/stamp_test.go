package images

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// Stamping a sprite by its spans gives the same pixels as image/draw's
// Over, for opaque, transparent and half-transparent pixels, inside the
// picture and across its edge.
func TestStampMatchesDrawOver(t *testing.T) {
	paint := func(dc *Canvas) {
		dc.SetColor(color.RGBA{200, 40, 40, 255})
		dc.DrawCircle(20, 20, 15)
		dc.Fill()
		dc.SetColor(color.NRGBA{10, 90, 200, 120})
		dc.DrawRectangle(5, 25, 30, 10)
		dc.Fill()
		dc.Font(14, true)
		dc.SetColor(color.White)
		dc.DrawStringAnchored("Q", 20, 20, 0.5, 0.5)
	}
	var sprites Sprites
	for _, at := range []image.Point{{10, 10}, {0, 0}, {70, 50}, {-12, 30}, {90, -5}} {
		bg := image.NewRGBA(image.Rect(0, 0, 100, 80))
		for i := range bg.Pix {
			bg.Pix[i] = uint8(i * 7 % 251)
		}
		for i := 3; i < len(bg.Pix); i += 4 {
			bg.Pix[i] = 255
		}
		want := image.NewRGBA(bg.Rect)
		copy(want.Pix, bg.Pix)
		ref := NewCanvas(40, 40)
		paint(ref)
		draw.Draw(want, ref.RGBA().Rect.Add(at).Intersect(want.Rect), ref.RGBA(), ref.RGBA().Rect.Add(at).Intersect(want.Rect).Min.Sub(at), draw.Over)

		got := NewCanvasOn(bg)
		sprites.Stamp(got, "sprite", 40, 40, at.X, at.Y, paint)
		if !bytes.Equal(got.RGBA().Pix, want.Pix) {
			t.Errorf("stamped at %v: pixels differ from draw.Over", at)
		}
	}
}

// fillRect paints what draw.Draw paints with draw.Src, inside the picture
// and across its edges.
func TestFillRectMatchesDrawSrc(t *testing.T) {
	c := color.RGBA{12, 200, 90, 255}
	for _, r := range []image.Rectangle{image.Rect(3, 4, 50, 40), image.Rect(-5, 10, 8, 90), image.Rect(60, -3, 120, 2), image.Rect(7, 7, 8, 8), image.Rect(9, 9, 9, 20)} {
		want := image.NewRGBA(image.Rect(0, 0, 100, 80))
		for i := range want.Pix {
			want.Pix[i] = uint8(i * 11 % 256)
		}
		got := image.NewRGBA(want.Rect)
		copy(got.Pix, want.Pix)
		draw.Draw(want, r, image.NewUniform(c), image.Point{}, draw.Src)
		fillRect(got, r, c)
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("%v: pixels differ from draw.Src", r)
		}
	}
}

// A kept sprite is its spans' segments, not a whole picture: a card of
// flat colour with a line of text keeps a small part of its RGBA bytes,
// and gives back every pixel it was drawn with.
func TestSpriteKeptCompact(t *testing.T) {
	card := NewCanvas(160, 150)
	card.DrawRoundedRectangle(2, 2, 154, 146, 8)
	card.SetColor(color.RGBA{236, 228, 208, 255})
	card.FillPreserve()
	card.SetColor(color.RGBA{60, 60, 70, 255})
	card.SetLineWidth(2)
	card.Stroke()
	card.Font(16, true)
	card.DrawStringAnchored("Security door", 80, 40, 0.5, 0.5)
	var sp sprite
	sp.keep(card.RGBA())
	kept := len(sp.pix) + 12*len(sp.segs) + 20*len(sp.spans)
	if whole := len(card.RGBA().Pix); kept*4 > whole {
		t.Errorf("kept %d bytes of a %d-byte picture", kept, whole)
	}
	if !bytes.Equal(sp.image().Pix, card.RGBA().Pix) {
		t.Error("the kept sprite does not give back its pixels")
	}
}
