// Package pngtest checks a PNG written from a paletted picture against
// that picture, for the tests of the PNG writer and of the renderers.
package pngtest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"testing"
)

// Check decodes data with the standard library twice, as a picture
// (image/png) and as its raw zlib stream (compress/zlib, which checks the
// Adler-32), and compares both with the paletted picture it came from.
func Check(t testing.TB, name string, m *image.Paletted, data []byte) {
	t.Helper()
	back, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: image/png cannot read it: %v", name, err)
	}
	got, ok := back.(*image.Paletted)
	if !ok {
		t.Fatalf("%s: decoded as %T, want *image.Paletted", name, back)
	}
	b := m.Bounds()
	if got.Bounds().Dx() != b.Dx() || got.Bounds().Dy() != b.Dy() {
		t.Fatalf("%s: decoded %v, want the size of %v", name, got.Bounds(), b)
	}
	if len(got.Palette) < len(m.Palette) {
		t.Fatalf("%s: %d colours decoded, want %d", name, len(got.Palette), len(m.Palette))
	}
	for i, c := range m.Palette {
		if want, have := color.NRGBAModel.Convert(c), color.NRGBAModel.Convert(got.Palette[i]); want != have {
			t.Fatalf("%s: palette entry %d is %v, want %v", name, i, have, want)
		}
	}
	for y := 0; y < b.Dy(); y++ {
		want := m.Pix[y*m.Stride : y*m.Stride+b.Dx()]
		have := got.Pix[y*got.Stride : y*got.Stride+b.Dx()]
		if !bytes.Equal(want, have) {
			for x := range want {
				if want[x] != have[x] {
					t.Fatalf("%s: pixel (%d,%d) is %d, want %d", name, x, y, have[x], want[x])
				}
			}
		}
	}
	// The zlib stream on its own: every chunk's CRC, then the IDAT data
	// inflated to exactly the filtered rows, with a matching Adler-32.
	var idat []byte
	for p := 8; p < len(data); {
		n := int(binary.BigEndian.Uint32(data[p:]))
		kind, body := string(data[p+4:p+8]), data[p+8:p+8+n]
		if crc := binary.BigEndian.Uint32(data[p+8+n:]); crc != crc32.ChecksumIEEE(data[p+4:p+8+n]) {
			t.Fatalf("%s: chunk %s has a wrong CRC", name, kind)
		}
		if kind == "IDAT" {
			idat = append(idat, body...)
		}
		p += 12 + n
	}
	zr, err := zlib.NewReader(bytes.NewReader(idat))
	if err != nil {
		t.Fatalf("%s: zlib: %v", name, err)
	}
	raw, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: zlib: %v", name, err)
	}
	var want []byte
	for y := 0; y < b.Dy(); y++ {
		want = append(want, 0)
		want = append(want, m.Pix[y*m.Stride:y*m.Stride+b.Dx()]...)
	}
	if !bytes.Equal(raw, want) {
		t.Fatalf("%s: the zlib stream inflates to %d bytes unlike the %d filtered rows", name, len(raw), len(want))
	}
}
