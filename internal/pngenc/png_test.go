package pngenc

import (
	"fmt"
	"hash/adler32"
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"standoff/internal/pngenc/pngtest"
)

func grey(n int) color.Palette {
	p := make(color.Palette, n)
	for i := range p {
		p[i] = color.RGBA{uint8(i), uint8(255 - i), uint8(i * 7), 255}
	}
	return p
}

// Shapes and contents that stress the writer's edges: one row or column,
// odd widths, lines too long for a match to reach the row above, one
// colour, every pixel different, a sub-picture with a stride, a palette with
// transparency, and blocks split mid-picture.
func TestWritePalettedShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	type shape struct {
		name string
		w, h int
		pal  int
		fill func(x, y int) uint8
	}
	random := func(x, y int) uint8 { return uint8(rng.IntN(256)) }
	flat := func(x, y int) uint8 { return 3 }
	stripes := func(x, y int) uint8 { return uint8(y / 7 % 5) }
	mixed := func(x, y int) uint8 {
		switch {
		case y%9 == 0:
			return uint8(rng.IntN(4))
		case x%31 < 5:
			return uint8(x)
		}
		return uint8(y / 3 % 4)
	}
	shapes := []shape{
		{"1x1", 1, 1, 1, flat},
		{"1x300", 1, 300, 4, random},
		{"2x300", 2, 300, 2, mixed},
		{"300x1", 300, 1, 256, random},
		{"3x3", 3, 3, 16, random},
		{"odd random", 257, 33, 256, random},
		{"odd mixed", 1201, 97, 256, mixed},
		{"all one colour", 1000, 1000, 1, flat},
		{"stripes", 999, 400, 5, stripes},
		{"all different", 256, 256, 256, func(x, y int) uint8 { return uint8(x + y*3) }},
		{"width 32767", 32767, 5, 8, mixed},
		{"width 32768", 32768, 4, 8, stripes},
		{"width 40000", 40000, 6, 8, mixed},
		{"width 40000 flat", 40000, 3, 2, flat},
		{"many blocks", 600, 700, 256, random},
	}
	for _, s := range shapes {
		m := image.NewPaletted(image.Rect(0, 0, s.w, s.h), grey(s.pal))
		for y := 0; y < s.h; y++ {
			for x := 0; x < s.w; x++ {
				m.Pix[y*m.Stride+x] = uint8(int(s.fill(x, y)) % s.pal)
			}
		}
		data, err := Encode(m)
		if err != nil {
			t.Fatalf("%s: %v", s.name, err)
		}
		pngtest.Check(t, s.name, m, data)
	}

	big := image.NewPaletted(image.Rect(0, 0, 200, 100), grey(200))
	for i := range big.Pix {
		big.Pix[i] = uint8(i / 300 % 200)
	}
	sub := big.SubImage(image.Rect(13, 7, 150, 90)).(*image.Paletted)
	data, err := Encode(sub)
	if err != nil {
		t.Fatal(err)
	}
	pngtest.Check(t, "sub-picture", sub, data)

	alpha := image.NewPaletted(image.Rect(0, 0, 40, 30), color.Palette{
		color.RGBA{255, 0, 0, 255}, color.NRGBA{0, 255, 0, 128}, color.RGBA{0, 0, 255, 255}, color.Transparent,
		color.RGBA{9, 9, 9, 255},
	})
	for i := range alpha.Pix {
		alpha.Pix[i] = uint8(i % 5)
	}
	data, err = Encode(alpha)
	if err != nil {
		t.Fatal(err)
	}
	pngtest.Check(t, "transparency", alpha, data)
}

// What EncodePaletted cannot write (an empty picture) goes to the standard
// library, which reports it.
func TestEncodeEmpty(t *testing.T) {
	if _, err := Encode(image.NewPaletted(image.Rect(0, 0, 0, 5), grey(2))); err == nil {
		t.Error("an empty picture was encoded without an error")
	}
}

// The Adler-32 carried over repeated rows matches hashing every byte, over
// enough rows for the sums to wrap many times.
func TestWritePalettedAdlerWraps(t *testing.T) {
	m := image.NewPaletted(image.Rect(0, 0, 5000, 300), grey(256))
	for y := 0; y < 300; y++ {
		for x := 0; x < 5000; x++ {
			m.Pix[y*m.Stride+x] = uint8(255 - (x+y/50)%3)
		}
	}
	data, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	pngtest.Check(t, "wrapping sums", m, data)
}

// FuzzWritePaletted: any small picture built from the fuzzer's bytes (rows
// repeated and runs stretched, as the renderers' pictures are) comes back
// exactly. `go test -fuzz FuzzWritePaletted ./internal/pngenc` to explore.
func FuzzWritePaletted(f *testing.F) {
	f.Add(uint16(7), uint8(3), []byte{1, 2, 3, 4, 5})
	f.Add(uint16(1), uint8(0), []byte{0})
	f.Add(uint16(300), uint8(255), []byte("some rows repeat, some do not"))
	f.Fuzz(func(t *testing.T, w uint16, colours uint8, seed []byte) {
		width := int(w%2000) + 1
		if len(seed) == 0 {
			seed = []byte{0}
		}
		height := len(seed)%40 + 1
		n := int(colours) + 1
		m := image.NewPaletted(image.Rect(0, 0, width, height), grey(n))
		k := 0
		for y := 0; y < height; y++ {
			mode := seed[y%len(seed)] % 4
			for x := 0; x < width; x++ {
				var v uint8
				switch {
				case mode == 0 && y > 0:
					v = m.Pix[(y-1)*m.Stride+x] // the row above
				case mode == 1 && x > 0 && x%17 != 0:
					v = m.Pix[y*m.Stride+x-1] // a run
				default:
					v = seed[k%len(seed)] + uint8(k/len(seed))
					k++
				}
				m.Pix[y*m.Stride+x] = uint8(int(v) % n)
			}
		}
		data, err := Encode(m)
		if err != nil {
			t.Fatal(err)
		}
		pngtest.Check(t, fmt.Sprintf("%dx%d, %d colours", width, height, n), m, data)
	})
}

// adlerSums continued over pieces gives hash/adler32's checksum of the
// whole, for lengths around its blocks and for the bytes that weigh most.
func TestAdlerSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 100, 4095, 4096, 4097, 8200, 40000} {
		for _, fill := range []string{"random", "255", "0"} {
			p := make([]byte, n)
			for i := range p {
				switch fill {
				case "random":
					p[i] = uint8(rng.IntN(256))
				case "255":
					p[i] = 255
				}
			}
			for _, cut := range []int{0, n / 3, n} {
				a, b := uint32(1), uint32(0)
				for _, piece := range [][]byte{p[:cut], p[cut:]} {
					s, t := adlerSums(piece)
					b = uint32((uint64(b) + uint64(len(piece))%adlerMod*uint64(a) + uint64(t)) % adlerMod)
					a = (a + s) % adlerMod
				}
				if got, want := b<<16|a, adler32.Checksum(p); got != want {
					t.Fatalf("%d bytes (%s), cut at %d: %08x, want %08x", n, fill, cut, got, want)
				}
			}
		}
	}
}
