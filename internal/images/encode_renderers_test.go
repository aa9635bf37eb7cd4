package images

import (
	"bytes"
	"image"
	"image/png"
	"runtime"
	"sync"
	"testing"
	"time"

	"standoff/internal/pngenc"
	"standoff/internal/pngenc/pngtest"
)

// Every picture of every renderer comes back pixel for pixel, stays within
// the pictures' size target, and is not much larger than the standard library's
// fastest encoding of the same paletted picture.
func TestWritePalettedRenderers(t *testing.T) {
	for _, c := range benchCases(t) {
		img, err := c.draw(c.view)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := img.(*image.Paletted)
		if !ok {
			m = Quantize(asRGBA(img))
		}
		data, err := EncodePNG(m)
		if err != nil {
			t.Fatal(err)
		}
		pngtest.Check(t, c.name, m, data)
		std, err := encodeStd(m)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d bytes, the standard library's BestSpeed %d", c.name, len(data), len(std))
		if len(data) > 150_000 {
			t.Errorf("%s: %d bytes, want at most 150000", c.name, len(data))
		}
		if len(data) > len(std)*5/4 {
			t.Errorf("%s: %d bytes, more than a quarter over the standard library's %d", c.name, len(data), len(std))
		}
	}
}

// The same picture always gives the same bytes.
func TestWritePalettedDeterministic(t *testing.T) {
	img, err := Hijack(hijackViews(t)["busy6"])
	if err != nil {
		t.Fatal(err)
	}
	a, _ := EncodePNG(img)
	b, _ := EncodePNG(img)
	if !bytes.Equal(a, b) {
		t.Fatal("two encodings of one picture differ")
	}
}

// BenchmarkEncodePaletted: the encoder alone on each renderer's paletted
// picture, pngenc.EncodePaletted against the standard library at BestSpeed timed
// alternately in the same loop: ms of thread CPU per picture for each
// ("own-ms", "std-ms"), their ratio ("x-std-cpu") and the sizes in KB.
func BenchmarkEncodePaletted(b *testing.B) {
	for _, c := range benchCases(b) {
		img, err := c.draw(c.view)
		if err != nil {
			b.Fatal(err)
		}
		m, ok := img.(*image.Paletted)
		if !ok {
			m = Quantize(asRGBA(img))
		}
		b.Run(c.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var own, std time.Duration
			var ownKB, stdKB float64
			n := 0
			for b.Loop() {
				c0 := threadCPU()
				data, err := pngenc.EncodePaletted(m)
				if err != nil {
					b.Fatal(err)
				}
				c1 := threadCPU()
				ref, err := encodeStd(m)
				if err != nil {
					b.Fatal(err)
				}
				own += c1 - c0
				std += threadCPU() - c1
				ownKB, stdKB = float64(len(data))/1000, float64(len(ref))/1000
				n++
			}
			b.ReportMetric(float64(own.Microseconds())/1000/float64(n), "own-ms")
			b.ReportMetric(float64(std.Microseconds())/1000/float64(n), "std-ms")
			if std > 0 {
				b.ReportMetric(float64(own)/float64(std), "x-std-cpu")
			}
			b.ReportMetric(ownKB, "own-KB")
			b.ReportMetric(stdKB, "std-KB")
		})
	}
}

// Pictures drawn and encoded from several goroutines at once (the bot
// renders GOMAXPROCS at a time, sharing recycled pixels, compressors and
// glyph caches) come out byte for byte as when drawn one by one.
func TestPicturesConcurrentSame(t *testing.T) {
	cases := benchCases(t)
	want := make([][]byte, len(cases))
	for i, c := range cases {
		img, err := c.draw(c.view)
		if err != nil {
			t.Fatal(err)
		}
		if want[i], err = EncodePNG(img); err != nil {
			t.Fatal(err)
		}
	}
	errs := make(chan string, 4*len(cases))
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func(g int) {
			defer func() { done <- true }()
			for k := range cases {
				i := (k + g) % len(cases)
				img, err := cases[i].draw(cases[i].view)
				if err != nil {
					errs <- err.Error()
					continue
				}
				data, err := EncodePNG(img)
				// As the bot does: the next picture reuses this one's memory.
				Release(img)
				if err != nil || !bytes.Equal(data, want[i]) {
					errs <- cases[i].name
				}
			}
		}(g)
	}
	for g := 0; g < 4; g++ {
		<-done
	}
	close(errs)
	for e := range errs {
		t.Errorf("%s: differs when drawn alongside other pictures", e)
	}
}

// encodeStd is the standard library's encoder at BestSpeed with its
// compressor reused, the reference the writer's sizes and times are given
// against.
func encodeStd(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &stdBuffers}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var stdBuffers stdPool

type stdPool struct{ p sync.Pool }

func (b *stdPool) Get() *png.EncoderBuffer {
	v, _ := b.p.Get().(*png.EncoderBuffer)
	return v
}

func (b *stdPool) Put(e *png.EncoderBuffer) { b.p.Put(e) }
