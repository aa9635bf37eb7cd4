package images

import (
	"testing"

	"standoff/internal/games/hijacked"
)

// BenchmarkHijackedTable times the three steps of the turn picture apart
// (a game in progress: BenchmarkImages' hijacked/table is a finished one,
// whose picture leaves out the seats, hijackers and dice): drawing (its pixels given
// back each time, as the bot does), the palette step on that drawing, and
// the PNG writer on its result; and the drawing of the full board.
func BenchmarkHijackedTable(b *testing.B) {
	pub, _ := hijackedViews(b, 4, 80, 7)
	v := pub.(*hijacked.PublicView)
	b.Run("draw", func(b *testing.B) {
		for b.Loop() {
			releaseRGBA(hijackedTurnTable(v).RGBA())
		}
	})
	dc := hijackedTurnTable(v)
	b.Run("palette", func(b *testing.B) {
		for b.Loop() {
			Release(hijackedPalette.Paletted(dc.RGBA()))
		}
	})
	img := hijackedPalette.Paletted(dc.RGBA())
	b.Run("encode", func(b *testing.B) {
		for b.Loop() {
			if _, err := EncodePNG(img); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("full/draw", func(b *testing.B) {
		for b.Loop() {
			releaseRGBA(hijackedFullTable(v).RGBA())
		}
	})
}
