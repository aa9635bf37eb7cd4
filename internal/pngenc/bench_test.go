package pngenc

// The writer against github.com/klauspost/compress, the best-kept Go
// DEFLATE, on the renderers' pictures (testdata, written by
// internal/images' TestWritePngencCorpus). Two stages are measured, each
// implementation of a picture run next to the other so that a shared
// machine's load falls on both alike:
//
//   - BenchmarkDeflate: the DEFLATE stream alone from the picture's
//     filtered rows (filter byte 0, then the row): this package's
//     deflater, klauspost's flate and compress/flate, all at their fastest
//     level that still looks for repeats (BestSpeed);
//   - BenchmarkEncode: the whole PNG file from the paletted picture:
//     EncodePaletted, and the same chunks with klauspost's zlib at
//     BestSpeed for the IDAT (what the writer would be if klauspost did
//     its compression), and "hybrid": klauspost's flate with the writer's
//     chunks and its Adler-32 carried over repeated rows, the rows handed
//     over one by one without a copy.
//
// Each reports the wall time (sec/op), this thread's CPU time per picture
// (cpu-sec/op: preemption by other work inflates wall times at random,
// CPU time much less) and the output's size (B). Measurements, never
// assertions: docs/performance.md has the figures and the command.

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	kflate "github.com/klauspost/compress/flate"
	kzlib "github.com/klauspost/compress/zlib"

	"standoff/internal/pngenc/pngtest"
)

type corpusPicture struct {
	name     string
	m        *image.Paletted
	filtered []byte // filter byte 0 before each row, as the IDAT holds them
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
		out = append(out, corpusPicture{strings.TrimSuffix(filepath.Base(f), ".png"), m, filteredRows(nil, m)})
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

// ownDeflate is EncodePaletted's DEFLATE stage on its own: the same calls
// of the deflater, without the zlib header, the Adler-32 and the chunks.
// TestOwnDeflateIsTheWritersStream checks it gives the writer's bytes.
func ownDeflate(d *deflater, m *image.Paletted) []byte {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	d.bw.out = d.out[:0]
	d.tokens = d.tokens[:0]
	clear(d.table[:])
	reach := w+1 <= maxDistance && w+1 >= minMatch
	var above []byte
	for y := 0; y < h; y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+w]
		if reach {
			d.line(y, row, above, m.Pix, m.Stride)
			above = row
		} else {
			d.line(y, row, nil, m.Pix, m.Stride)
		}
		if len(d.tokens) >= blockTokens {
			d.block(false)
		}
	}
	d.block(true)
	d.bw.flush()
	out := d.bw.out
	d.out, d.bw.out = out[:0], nil
	return out
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
	b := m.Bounds()
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Dy()))
	ihdr[8], ihdr[9] = 8, 3
	out := append([]byte(nil), "\x89PNG\r\n\x1a\n"...)
	out = appendChunk(out, "IHDR", ihdr[:])
	var plte [3 * 256]byte
	var trns [256]byte
	lastAlpha := -1
	for i, c := range m.Palette {
		n := color.NRGBAModel.Convert(c).(color.NRGBA)
		plte[3*i], plte[3*i+1], plte[3*i+2] = n.R, n.G, n.B
		trns[i] = n.A
		if n.A != 0xff {
			lastAlpha = i
		}
	}
	out = appendChunk(out, "PLTE", plte[:3*len(m.Palette)])
	if lastAlpha >= 0 {
		out = appendChunk(out, "tRNS", trns[:lastAlpha+1])
	}
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

// hybridPNG is EncodePaletted with klauspost's flate in place of its own
// deflater: the same chunks and the same Adler-32 carried over repeated
// rows, the rows handed to the compressor one by one (no copy of the
// picture). It tells whether klauspost's smaller output could be had at
// the writer's speed.
type hybridPNG struct {
	idat bytes.Buffer
	fw   *kflate.Writer
}

func (k *hybridPNG) encode(m *image.Paletted) ([]byte, error) {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3
	out := append([]byte(nil), "\x89PNG\r\n\x1a\n"...)
	out = appendChunk(out, "IHDR", ihdr[:])
	var plte [3 * 256]byte
	var trns [256]byte
	lastAlpha := -1
	for i, c := range m.Palette {
		n := color.NRGBAModel.Convert(c).(color.NRGBA)
		plte[3*i], plte[3*i+1], plte[3*i+2] = n.R, n.G, n.B
		trns[i] = n.A
		if n.A != 0xff {
			lastAlpha = i
		}
	}
	out = appendChunk(out, "PLTE", plte[:3*len(m.Palette)])
	if lastAlpha >= 0 {
		out = appendChunk(out, "tRNS", trns[:lastAlpha+1])
	}
	k.idat.Reset()
	k.idat.Write([]byte{0x78, 0x01})
	if k.fw == nil {
		fw, err := kflate.NewWriter(&k.idat, kflate.BestSpeed)
		if err != nil {
			return nil, err
		}
		k.fw = fw
	} else {
		k.fw.Reset(&k.idat)
	}
	const mod = adlerMod
	a, bsum := uint32(1), uint32(0)
	var s, t uint32
	lineLen := uint32(w + 1)
	var above []byte
	zero := []byte{0}
	for y := 0; y < h; y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+w]
		if above == nil || string(row) != string(above) {
			s, t = adlerSums(row)
		}
		bsum = (bsum + uint32((uint64(lineLen)*uint64(a))%mod) + t) % mod
		a = (a + s) % mod
		above = row
		if _, err := k.fw.Write(zero); err != nil {
			return nil, err
		}
		if _, err := k.fw.Write(row); err != nil {
			return nil, err
		}
	}
	if err := k.fw.Close(); err != nil {
		return nil, err
	}
	idat := binary.BigEndian.AppendUint32(k.idat.Bytes(), bsum<<16|a)
	out = appendChunk(out, "IDAT", idat)
	return appendChunk(out, "IEND", nil), nil
}

// The stage measured alone is the stage the writer runs: its bytes are
// the writer's IDAT between the zlib header and the Adler-32.
func TestOwnDeflateIsTheWritersStream(t *testing.T) {
	d := &deflater{}
	for _, c := range corpus(t) {
		data, err := EncodePaletted(c.m)
		if err != nil {
			t.Fatal(err)
		}
		stream := idatOf(t, data)
		if got := ownDeflate(d, c.m); !bytes.Equal(got, stream[2:len(stream)-4]) {
			t.Errorf("%s: the deflate stage alone gives %d bytes unlike the writer's %d", c.name, len(got), len(stream)-6)
		}
	}
}

// The files the comparison writes with klauspost's compressor are PNGs of
// the same picture, so each is timed doing the same work as the writer.
func TestKlauspostPNGIsThePicture(t *testing.T) {
	var k klauspostPNG
	var hy hybridPNG
	for _, c := range corpus(t) {
		data, err := k.encode(c.m)
		if err != nil {
			t.Fatal(err)
		}
		pngtest.Check(t, c.name+" (klauspost's zlib)", c.m, data)
		if data, err = hy.encode(c.m); err != nil {
			t.Fatal(err)
		}
		pngtest.Check(t, c.name+" (klauspost's flate, the writer's Adler-32)", c.m, data)
	}
}

func idatOf(t *testing.T, data []byte) []byte {
	t.Helper()
	for p := 8; p+8 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[p:]))
		if string(data[p+4:p+8]) == "IDAT" {
			return data[p+8 : p+8+n]
		}
		p += 12 + n
	}
	t.Fatal("no IDAT chunk")
	return nil
}

func BenchmarkDeflate(b *testing.B) {
	for _, c := range corpus(b) {
		b.Run("pic="+c.name+"/impl=own", func(b *testing.B) {
			d := &deflater{}
			measure(b, func() int { return len(ownDeflate(d, c.m)) })
		})
		b.Run("pic="+c.name+"/impl=klauspost", func(b *testing.B) {
			var buf bytes.Buffer
			fw, err := kflate.NewWriter(&buf, kflate.BestSpeed)
			if err != nil {
				b.Fatal(err)
			}
			measure(b, func() int {
				buf.Reset()
				fw.Reset(&buf)
				if _, err := fw.Write(c.filtered); err != nil {
					b.Fatal(err)
				}
				if err := fw.Close(); err != nil {
					b.Fatal(err)
				}
				return buf.Len()
			})
		})
		b.Run("pic="+c.name+"/impl=stdlib", func(b *testing.B) {
			var buf bytes.Buffer
			fw, err := flate.NewWriter(&buf, flate.BestSpeed)
			if err != nil {
				b.Fatal(err)
			}
			measure(b, func() int {
				buf.Reset()
				fw.Reset(&buf)
				if _, err := fw.Write(c.filtered); err != nil {
					b.Fatal(err)
				}
				if err := fw.Close(); err != nil {
					b.Fatal(err)
				}
				return buf.Len()
			})
		})
	}
}

func BenchmarkEncode(b *testing.B) {
	for _, c := range corpus(b) {
		b.Run("pic="+c.name+"/impl=own", func(b *testing.B) {
			measure(b, func() int {
				data, err := EncodePaletted(c.m)
				if err != nil {
					b.Fatal(err)
				}
				return len(data)
			})
		})
		b.Run("pic="+c.name+"/impl=klauspost", func(b *testing.B) {
			var k klauspostPNG
			measure(b, func() int {
				data, err := k.encode(c.m)
				if err != nil {
					b.Fatal(err)
				}
				return len(data)
			})
		})
		b.Run("pic="+c.name+"/impl=hybrid", func(b *testing.B) {
			var k hybridPNG
			measure(b, func() int {
				data, err := k.encode(c.m)
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
