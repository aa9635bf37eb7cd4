package images

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"

	"standoff/internal/games/hijack"
	"standoff/internal/games/lockedout"
)

// Every colour a game names comes out of its palette exactly (a player's
// colour is a cue the legibility tests read pixel by pixel).
func TestPalettesKeepTheGamesColours(t *testing.T) {
	for name, p := range map[string]*Palette{"hijack": hijackPalette, "lockedout": lockedOutPalette} {
		if n := len(p.Colors()); n > 256 {
			t.Errorf("%s: %d colours", name, n)
		}
		img := image.NewRGBA(image.Rect(0, 0, len(p.keys), 1))
		for i, k := range p.keys {
			img.SetRGBA(i, 0, k)
		}
		out := p.Paletted(img)
		for i, k := range p.keys {
			if got := color.RGBAModel.Convert(out.At(i, 0)).(color.RGBA); got != k {
				t.Errorf("%s: colour %v came out %v", name, k, got)
			}
		}
	}
}

// The fixed palettes must not spoil the picture: measured against the
// RGBA drawing, flat areas are exact and edge shades close (a difference
// of 24 summed over the channels is about 3% of one channel's range).
func TestPalettedPicturesStayFaithful(t *testing.T) {
	hv := hijackViews(t)["busy6"].(*hijack.View)
	pub, priv := lockedOutViews(t, 5, 60)
	cases := map[string]struct {
		rgba *image.RGBA
		pal  *Palette
	}{
		"hijack":         {drawHijackRGBA(hv), hijackPalette},
		"lockedout ship": {lockedOutTurn(pub.(*lockedout.PublicView)).RGBA(), lockedOutPalette},
		"lockedout hand": {lockedOutHand(priv.(*lockedout.PrivateView)).RGBA(), lockedOutPalette},
	}
	for name, c := range cases {
		out := c.pal.Paletted(c.rgba)
		exact, close, total, sum := 0, 0, 0, 0
		for i := 0; i+3 < len(c.rgba.Pix); i += 4 {
			want := c.rgba.Pix[i : i+3]
			got := out.Palette[out.Pix[i/4]].(color.RGBA)
			d := absDiff(want[0], got.R) + absDiff(want[1], got.G) + absDiff(want[2], got.B)
			if d == 0 {
				exact++
			}
			if d <= 24 {
				close++
			}
			sum += d
			total++
		}
		mean := float64(sum) / float64(3*total)
		t.Logf("%s: %.2f%% of pixels exact, %.3f%% within 24 levels, mean error %.3f per channel",
			name, 100*float64(exact)/float64(total), 100*float64(close)/float64(total), mean)
		// Flat areas are exact; anti-aliased edges take a shade close by.
		if float64(exact) < 0.9*float64(total) || float64(close) < 0.99*float64(total) || mean > 0.5 {
			t.Errorf("%s: %d of %d pixels exact, %d within 24 levels, mean error %.3f per channel", name, exact, total, close, mean)
		}
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// A picture of at most 256 distinct colours, none sharing a cell of the
// lookup grid, goes through Quantize unchanged, and the same picture always
// gives the same palette.
func TestQuantizeKeepsFewColoursExactly(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 300, 40))
	var cols []color.RGBA
	for i := 0; i < 200; i++ {
		cols = append(cols, color.RGBA{uint8(i * 37 % 256 &^ 3), uint8(i * 11 % 256 &^ 3), uint8(i &^ 3), 255})
	}
	for y := 0; y < 40; y++ {
		for x := 0; x < 300; x++ {
			img.SetRGBA(x, y, cols[(x*7+y*3)%len(cols)])
		}
	}
	a, b := Quantize(img), Quantize(img)
	for y := 0; y < 40; y++ {
		for x := 0; x < 300; x++ {
			if got := color.RGBAModel.Convert(a.At(x, y)); got != img.At(x, y) {
				t.Fatalf("(%d,%d): %v, want %v", x, y, got, img.At(x, y))
			}
		}
	}
	if !bytes.Equal(a.Pix, b.Pix) || len(a.Palette) != len(b.Palette) {
		t.Fatal("the same picture quantized twice differs")
	}
}

// EncodePNG writes a PNG that decodes to the picture it was given, and an
// RGBA picture comes back with at most 256 colours close to its own.
func TestEncodePNGRoundTrip(t *testing.T) {
	img, err := Hijack(hijackViews(t)["example"])
	if err != nil {
		t.Fatal(err)
	}
	data, err := EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	back, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	pal := img.(*image.Paletted)
	b := pal.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 5 {
			if color.RGBAModel.Convert(back.At(x, y)) != color.RGBAModel.Convert(pal.At(x, y)) {
				t.Fatalf("(%d,%d) differs after the round trip", x, y)
			}
		}
	}
	rgba := drawHijackRGBA(hijackViews(t)["example"].(*hijack.View))
	data, err = EncodePNG(rgba)
	if err != nil {
		t.Fatal(err)
	}
	back, err = png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := back.(*image.Paletted); !ok {
		t.Fatalf("an RGBA picture was encoded as %T, want paletted", back)
	}
}

// The size and width targets (docs/performance.md) for every picture of every renderer
// here: at least 1000 pixels wide and at most 150 KB. (The time target is
// measured by BenchmarkImages, never asserted.) Hijacked's medal picture
// is a small private card, 800 wide by its author's choice: reported in
// docs/performance.md, not checked here.
func TestPicturesWideAndSmall(t *testing.T) {
	for _, c := range benchCases(t) {
		if c.name == "hijacked/medals" {
			continue
		}
		img, err := c.draw(c.view)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		data, err := EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if w := img.Bounds().Dx(); w < 1000 || len(data) > 150_000 {
			t.Errorf("%s: %d pixels wide, %d bytes; want >= 1000 and <= 150000", c.name, w, len(data))
		}
	}
}

// The table's fast search finds exactly the entry the plain search does.
func TestRedIndexMatchesNearest(t *testing.T) {
	for _, p := range []*Palette{hijackPalette, lockedOutPalette} {
		rgb := make([][3]int32, len(p.colors))
		for i, c := range p.colors {
			r, g, b, _ := c.RGBA()
			rgb[i] = [3]int32{int32(r >> 8), int32(g >> 8), int32(b >> 8)}
		}
		x := newRedIndex(rgb)
		for r := int32(0); r < 256; r += 7 {
			for g := int32(0); g < 256; g += 5 {
				for b := int32(0); b < 256; b += 9 {
					if got, want := x.nearest(r, g, b), nearest(rgb, r, g, b); got != want {
						t.Fatalf("(%d,%d,%d): %d, want %d", r, g, b, got, want)
					}
				}
			}
		}
	}
}

// Looking up only what was drawn over a layer gives the same picture as
// looking up every pixel.
func TestPalettedFromMatchesPaletted(t *testing.T) {
	hv := hijackViews(t)["busy6"].(*hijack.View)
	rgba := drawHijackRGBA(hv)
	layer, idx := hijackLayers.Indexed(hijackLayerKey(hv), hijackLayerBuild(hv), hijackPalette)
	if got, want := hijackPalette.PalettedFrom(rgba, layer, idx), hijackPalette.Paletted(rgba); !bytes.Equal(got.Pix, want.Pix) {
		t.Error("hijack: PalettedFrom differs from Paletted")
	}
	pub, _ := lockedOutViews(t, 5, 60)
	pv := pub.(*lockedout.PublicView)
	ship := lockedOutTurn(pv).RGBA()
	band, bidx := lockedOutLayers.Indexed(lockedOutMapKey(pv), lockedOutMapBuild(pv), lockedOutPalette)
	if got, want := lockedOutPalette.PalettedFrom(ship, band, bidx), lockedOutPalette.Paletted(ship); !bytes.Equal(got.Pix, want.Pix) {
		t.Error("lockedout: PalettedFrom differs from Paletted")
	}
	if band.Rect.Dy() >= ship.Rect.Dy() || band.Rect.Dx() != ship.Rect.Dx() {
		t.Errorf("the map layer %v should be a top band of the ship %v", band.Rect, ship.Rect)
	}
}
