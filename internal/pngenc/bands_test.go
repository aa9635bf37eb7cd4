package pngenc

import (
	"bytes"
	"fmt"
	"image"
	"math/rand/v2"
	"testing"

	"standoff/internal/pngenc/pngtest"
)

// withBands runs f with an empty cache of bands of the given limit, and
// puts the bot's cache back after.
func withBands(t *testing.T, limit int, f func()) {
	t.Helper()
	saved := bands
	bands = newBandCache(limit)
	defer func() { bands = saved }()
	f()
}

// board is a picture like a renderer's: flat margins, a panel of text-like
// noise whose content depends on seed, and rows that repeat.
func board(w, h int, seed uint64) *image.Paletted {
	rng := rand.New(rand.NewPCG(seed, 9))
	m := image.NewPaletted(image.Rect(0, 0, w, h), grey(16))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var v uint8
			switch {
			case y < 40 || y >= h-40:
				v = 1 // margins every picture shares
			case y%50 < 10:
				v = uint8(rng.IntN(16)) // this picture's own text
			default:
				v = uint8(2 + x/64%3) // panels every picture shares
			}
			m.Pix[y*m.Stride+x] = v
		}
	}
	return m
}

// A picture's file is the same, byte for byte, whether its bands were all
// compressed for it, some found from other pictures, or all found: the
// cache saves work and changes nothing a player or a test can see.
func TestBandsFoundOrNotGiveTheSameFile(t *testing.T) {
	pics := []*image.Paletted{board(300, 200, 1), board(300, 200, 2), board(300, 231, 1), board(299, 200, 1)}
	alone := make([][]byte, len(pics))
	for i, m := range pics {
		withBands(t, 1<<20, func() {
			var err error
			if alone[i], err = EncodePaletted(m); err != nil {
				t.Fatal(err)
			}
		})
		pngtest.Check(t, fmt.Sprintf("picture %d, cache empty", i), m, alone[i])
	}
	withBands(t, 1<<20, func() {
		for round := range 3 {
			for i, m := range pics {
				data, err := EncodePaletted(m)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(data, alone[i]) {
					pngtest.Check(t, fmt.Sprintf("round %d, picture %d", round, i), m, data)
					t.Fatalf("round %d, picture %d: %d bytes, not the %d it has with an empty cache", round, i, len(data), len(alone[i]))
				}
			}
		}
		if bands.found == 0 || bands.found == bands.lookups {
			t.Fatalf("%d of %d bands found: the test should mix found and compressed bands", bands.found, bands.lookups)
		}
	})
}

// A band is kept the second time it is compressed, and found from then on.
func TestBandsAreKeptOnTheirSecondUse(t *testing.T) {
	withBands(t, 1<<20, func() {
		m := board(200, bandRows, 5) // one band
		lookups := func() (found, all uint64) { return bands.found, bands.lookups }
		for i, want := range []uint64{0, 0, 1, 2} {
			data, err := EncodePaletted(m)
			if err != nil {
				t.Fatal(err)
			}
			pngtest.Check(t, fmt.Sprintf("encoding %d", i+1), m, data)
			if found, all := lookups(); found != want || all != uint64(i+1) {
				t.Fatalf("after encoding %d: %d of %d bands found, want %d of %d", i+1, found, all, want, i+1)
			}
		}
	})
}

// The cache holds at most two generations of its limit, however many
// different bands go through it.
func TestBandsStayWithinTheirLimit(t *testing.T) {
	const limit = 64 << 10
	withBands(t, limit, func() {
		for seed := range uint64(200) {
			m := board(400, 96, seed)
			for range 2 { // twice, so that its bands are kept
				data, err := EncodePaletted(m)
				if err != nil {
					t.Fatal(err)
				}
				if seed%50 == 0 {
					pngtest.Check(t, fmt.Sprint("seed ", seed), m, data)
				}
			}
			held := 0
			for _, gen := range []map[bandKey]band{bands.cur, bands.old} {
				for _, b := range gen {
					held += len(b.data) + bandOverhead
				}
			}
			if held > 2*limit {
				t.Fatalf("after %d pictures the cache holds %d bytes, over twice its limit %d", seed+1, held, limit)
			}
		}
		if len(bands.old) == 0 {
			t.Fatal("the cache never started a new generation: the test did not reach its limit")
		}
	})
}
