package images

import (
	"image"

	"standoff/internal/pngenc"
)

// EncodePNG is the one encoder of every picture the bot posts: a paletted
// picture as it is, an RGBA one reduced to 256 colours first (Quantize),
// both written by pngenc.EncodePaletted. A paletted PNG is a quarter of the
// data of RGBA and needs no filtering. Other image types are encoded by the
// standard library at BestSpeed.
func EncodePNG(img image.Image) ([]byte, error) {
	if m, ok := img.(*image.RGBA); ok {
		q := Quantize(m)
		defer Release(q)
		img = q
	}
	return pngenc.Encode(img)
}
