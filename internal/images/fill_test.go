package images

import (
	"bytes"
	"image/color"
	"testing"
)

// fillRGBA gives every pixel the colour, at any length (whole pixels or
// not, under, at and over its 4 KB block), as setting them one by one.
func TestFillRGBA(t *testing.T) {
	c := color.RGBA{0xf7, 0xf5, 0xef, 0x80} // the alpha is set opaque
	for _, n := range []int{0, 3, 4, 8, 60, 4092, 4096, 4100, 8191, 8192, 12000, 40004, 1 << 20} {
		got, want := make([]uint8, n), make([]uint8, n)
		for i := range want {
			want[i] = [4]uint8{c.R, c.G, c.B, 255}[i%4]
		}
		if n < 4 {
			want = make([]uint8, n) // too short for a pixel: left alone
		}
		fillRGBA(got, c)
		if !bytes.Equal(got, want) {
			t.Errorf("%d bytes: not every pixel the colour", n)
		}
	}
}
