package images

import (
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
