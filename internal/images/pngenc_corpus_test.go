package images

import (
	"flag"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/pngenc"
)

var pngencCorpus = flag.String("pngenc-corpus", "", "write every renderer's paletted picture as a PNG into this directory (../pngenc/testdata) for pngenc's benchmarks")

// TestWritePngencCorpus writes the pictures pngenc's benchmarks measure
// (pngenc cannot draw them: it sits below this package). Run with
// -pngenc-corpus ../pngenc/testdata after the pictures change much;
// without the flag it does nothing.
func TestWritePngencCorpus(t *testing.T) {
	if *pngencCorpus == "" {
		t.Skip("no -pngenc-corpus directory given")
	}
	for _, c := range benchCases(t) {
		img, err := c.draw(c.view)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := img.(*image.Paletted)
		if !ok {
			m = Quantize(asRGBA(img))
		}
		data, err := pngenc.EncodePaletted(m)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(*pngencCorpus, strings.ReplaceAll(c.name, "/", "-")+".png")
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
