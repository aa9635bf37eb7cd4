package images

import (
	"encoding/binary"
	"image"
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
		"hijack":          {drawHijackRGBA(hv, false), hjPalette},
		"lockedout ship":  {lockedOutShip(pub.(*lockedout.PublicView)).RGBA(), loPalette},
		"lockedout hand":  {lockedOutHand(priv.(*lockedout.PrivateView)).RGBA(), loPalette},
		"hunted":          {huntedBoard(hu).RGBA(), huPalette},
		"hijacked table":  {hjdTable(hdPub.(*hijacked.PublicView), false).RGBA(), hjdPalette},
		"hijacked medals": {hjdMedals(hdPriv.(*hijacked.PrivateView), false).RGBA(), hjdPalette},
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
