package pngenc

// The writer against the alternatives on the renderers' pictures
// (testdata, written by internal/images' TestWritePngencCorpus), each
// implementation of a picture run next to the other so that a shared
// machine's load falls on all alike. BenchmarkEncode writes the whole PNG
// file from the paletted picture:
//
//   - pngenc: EncodePaletted (klauspost/compress's flate at BestSpeed, the
//     rows handed over one by one, this package's chunks and Adler-32
//     carried over repeated rows);
//   - zlib: the same chunks with klauspost's zlib at BestSpeed for the IDAT,
//     from a copy of the rows with their filter bytes (as image/png does);
//   - stdlib: image/png at BestSpeed with its compressor reused.
//
// Each reports the wall time (sec/op), this thread's CPU time per picture
// (cpu-sec/op: preemption by other work inflates wall times at random,
// CPU time much less) and the output's size (B). Measurements, never
// assertions: docs/performance.md has the figures and the command (and
// the comparison with the DEFLATE compressor this package had before).

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	kzlib "github.com/klauspost/compress/zlib"

	"standoff/internal/pngenc/pngtest"
)

type corpusPicture struct {
	name string
	m    *image.Paletted
}

func corpus(tb testing.TB) []corpusPicture {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "*.png"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no pictures in testdata (%v): go test ./internal/images -run TestWritePngencCorpus -pngenc-corpus ../pngenc/testdata", err)
	}
	var out []corpusPicture
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			tb.Fatalf("%s: %v", f, err)
		}
		m, ok := img.(*image.Paletted)
		if !ok {
			tb.Fatalf("%s: %T, want a paletted picture", f, img)
		}
		out = append(out, corpusPicture{strings.TrimSuffix(filepath.Base(f), ".png"), m})
	}
	return out
}

// filteredRows appends the picture's rows, each after its filter byte 0.
func filteredRows(dst []byte, m *image.Paletted) []byte {
	b := m.Bounds()
	w := b.Dx()
	for y := 0; y < b.Dy(); y++ {
		dst = append(dst, 0)
		dst = append(dst, m.Pix[y*m.Stride:y*m.Stride+w]...)
	}
	return dst
}

// klauspostPNG is EncodePaletted's file with klauspost's zlib for the
// IDAT: the rows are copied out with their filter bytes (as image/png
// does) and compressed at BestSpeed by a reused writer.
type klauspostPNG struct {
	filtered []byte
	idat     bytes.Buffer
	zw       *kzlib.Writer
}

func (k *klauspostPNG) encode(m *image.Paletted) ([]byte, error) {
	out := appendHead(nil, m)
	k.filtered = filteredRows(k.filtered[:0], m)
	k.idat.Reset()
	if k.zw == nil {
		zw, err := kzlib.NewWriterLevel(&k.idat, kzlib.BestSpeed)
		if err != nil {
			return nil, err
		}
		k.zw = zw
	} else {
		k.zw.Reset(&k.idat)
	}
	if _, err := k.zw.Write(k.filtered); err != nil {
		return nil, err
	}
	if err := k.zw.Close(); err != nil {
		return nil, err
	}
	out = appendChunk(out, "IDAT", k.idat.Bytes())
	return appendChunk(out, "IEND", nil), nil
}

// The file the comparison writes with klauspost's zlib is a PNG of the
// same picture, so it is timed doing the same work as the writer.
func TestKlauspostPNGIsThePicture(t *testing.T) {
	var k klauspostPNG
	for _, c := range corpus(t) {
		data, err := k.encode(c.m)
		if err != nil {
			t.Fatal(err)
		}
		pngtest.Check(t, c.name, c.m, data)
	}
}

// BenchmarkEncode: impl=pngenc encodes the same picture again, so every
// band after the second time is found compressed (bands.go): what a
// picture costs when it is all rows seen before. impl=pngenc-cold keeps no
// band: every band compressed, as for a picture nothing shares rows with.
// The bot's pictures are in between (in the load test, two bands in three
// are found).
func BenchmarkEncode(b *testing.B) {
	for _, c := range corpus(b) {
		b.Run("pic="+c.name+"/impl=pngenc-cold", func(b *testing.B) {
			saved := bands
			bands = newBandCache(0)
			defer func() { bands = saved }()
			measure(b, func() int {
				data, err := EncodePaletted(c.m)
				if err != nil {
					b.Fatal(err)
				}
				return len(data)
			})
		})
		b.Run("pic="+c.name+"/impl=pngenc", func(b *testing.B) {
			measure(b, func() int {
				data, err := EncodePaletted(c.m)
				if err != nil {
					b.Fatal(err)
				}
				return len(data)
			})
		})
		b.Run("pic="+c.name+"/impl=zlib", func(b *testing.B) {
			var k klauspostPNG
			measure(b, func() int {
				data, err := k.encode(c.m)
				if err != nil {
					b.Fatal(err)
				}
				return len(data)
			})
		})
		b.Run("pic="+c.name+"/impl=stdlib", func(b *testing.B) {
			measure(b, func() int {
				data, err := encodeStd(c.m)
				if err != nil {
					b.Fatal(err)
				}
				return len(data)
			})
		})
	}
}

// measure runs f in the benchmark's loop and reports, besides the wall
// time, the thread's CPU time per call and the size f returns.
func measure(b *testing.B, f func() int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var cpu time.Duration
	n, size := 0, 0
	for b.Loop() {
		c0 := threadCPU()
		size = f()
		cpu += threadCPU() - c0
		n++
	}
	b.ReportMetric(cpu.Seconds()/float64(n), "cpu-sec/op")
	b.ReportMetric(float64(size), "B")
}

// threadCPU is the CPU time of the calling thread (Linux); 0 elsewhere.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
