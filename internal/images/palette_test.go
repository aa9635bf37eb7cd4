package images

import (
	"encoding/binary"
	"image"
	"image/color"
	"testing"

	"standoff/internal/games/hijack"
	"standoff/internal/games/hijacked"
	"standoff/internal/games/lockedout"
)

// rgbaDrawings is every renderer's drawing before the palette step, with
// its palette.
func rgbaDrawings(t testing.TB) map[string]struct {
	rgba *image.RGBA
	pal  *Palette
} {
	hv := hijackViews(t)["busy6"].(*hijack.View)
	pub, priv := lockedOutViews(t, 5, 60)
	hu := huntedView(t, []string{"Alice"}, 9, 25, nil)
	hdPub, hdPriv := hijackedViews(t, 4, 120, 5)
	return map[string]struct {
		rgba *image.RGBA
		pal  *Palette
	}{
		"hijack":          {drawHijackRGBA(hv), hijackPalette},
		"lockedout ship":  {lockedOutTurn(pub.(*lockedout.PublicView)).RGBA(), lockedOutPalette},
		"lockedout hand":  {lockedOutHand(priv.(*lockedout.PrivateView)).RGBA(), lockedOutPalette},
		"hunted":          {huntedTurnBoard(hu).RGBA(), huntedPalette},
		"hijacked table":  {hijackedFullTable(hdPub.(*hijacked.PublicView)).RGBA(), hijackedPalette},
		"hijacked turn":   {hijackedTurnTable(hdPub.(*hijacked.PublicView)).RGBA(), hijackedPalette},
		"hijacked medals": {hijackedMedals(hdPriv.(*hijacked.PrivateView)).RGBA(), hijackedPalette},
	}
}

// Paletted, with its shortcuts (rows like the row above, runs), gives
// every pixel the entry the table gives it looked up one by one.
func TestPalettedMatchesPixelByPixel(t *testing.T) {
	for name, c := range rgbaDrawings(t) {
		got := c.pal.Paletted(c.rgba)
		lut := c.pal.table()
		b := c.rgba.Bounds()
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				v := binary.LittleEndian.Uint32(c.rgba.Pix[y*c.rgba.Stride+4*x:])
				if want := c.pal.index(lut, v); got.Pix[y*got.Stride+x] != want {
					t.Fatalf("%s: (%d,%d) took entry %d, want %d", name, x, y, got.Pix[y*got.Stride+x], want)
				}
			}
		}
	}
}

// Pixels that are not opaque, in runs and alone, take the palette's
// nearest entry as they did before the shortcuts.
func TestPalettedNotOpaque(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 70, 6))
	fillRGBA(img.Pix, hijackBackground)
	for y := 0; y < 6; y++ {
		for x := 0; x < 70; x++ {
			switch {
			case y == 2 && x < 40, y == 4 && x%9 == 0:
				img.SetRGBA(x, y, color.RGBA{30, 60, 90, 128})
			case y == 3:
				img.SetRGBA(x, y, color.RGBA{uint8(x * 3), 90, 30, 255})
			}
		}
	}
	got := hijackPalette.Paletted(img)
	lut := hijackPalette.table()
	for y := 0; y < 6; y++ {
		for x := 0; x < 70; x++ {
			v := binary.LittleEndian.Uint32(img.Pix[y*img.Stride+4*x:])
			if want := hijackPalette.index(lut, v); got.Pix[y*got.Stride+x] != want {
				t.Fatalf("(%d,%d) took entry %d, want %d", x, y, got.Pix[y*got.Stride+x], want)
			}
		}
	}
}

// BenchmarkPaletted: the palette step alone on each renderer's drawing.
func BenchmarkPaletted(b *testing.B) {
	for name, c := range rgbaDrawings(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(c.rgba.Pix)))
			for b.Loop() {
				Release(c.pal.Paletted(c.rgba))
			}
		})
	}
}
