// Package images draws game boards with gg. Each game has one file here that
// draws from its public or private view only, so a renderer cannot show what
// the engine never gave it. Fonts are embedded: output never depends on the
// host's fonts, and the same view always gives the same PNG.
package images

import (
	"bytes"
	"image"
	"image/png"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
)

var (
	fontOnce          sync.Once
	regular, boldFont *opentype.Font
)

// Face returns the embedded Go font at a point size (72 dpi, so points are
// pixels). Faces hold glyph buffers and are not safe to share between
// goroutines, so each call makes a new one; only the parsed fonts are shared.
func Face(size float64, bold bool) font.Face {
	fontOnce.Do(func() {
		regular, _ = opentype.Parse(goregular.TTF)
		boldFont, _ = opentype.Parse(gobold.TTF)
	})
	src := regular
	if bold {
		src = boldFont
	}
	f, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic("images: embedded font: " + err.Error())
	}
	return f
}

// UseFont sets the context's font.
func UseFont(dc *gg.Context, size float64, bold bool) {
	dc.SetFontFace(Face(size, bold))
}

// EncodePNG is the one encoder of every picture the bot posts: a paletted
// picture as it is, an RGBA one reduced to 256 colours first (Quantize), at
// BestSpeed with the compressor's buffers reused. A paletted PNG is a
// quarter of the data and needs no filtering, so it encodes several times
// faster than RGBA at default settings and comes out smaller; BestSpeed
// costs a few percent of size on flat drawings. Other image types are
// encoded as they are, at BestSpeed.
func EncodePNG(img image.Image) ([]byte, error) {
	if m, ok := img.(*image.RGBA); ok {
		img = Quantize(m)
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderBuffers}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// encoderBuffers reuses the PNG encoder's compressor between pictures (it
// is about a megabyte each time otherwise).
var encoderBuffers pngBuffers

type pngBuffers struct{ p sync.Pool }

func (b *pngBuffers) Get() *png.EncoderBuffer {
	v, _ := b.p.Get().(*png.EncoderBuffer)
	return v
}

func (b *pngBuffers) Put(e *png.EncoderBuffer) { b.p.Put(e) }
