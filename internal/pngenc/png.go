// Package pngenc writes PNG files for pictures like the bot's: paletted,
// with large flat areas and many rows equal to the row above.
// EncodePaletted writes a paletted picture with klauspost/compress's
// DEFLATE at BestSpeed, in bands of rows compressed each on its own so
// that a band an earlier picture had is copied, not compressed again
// (bands.go), and its own chunks and Adler-32 (adler.go), which carries a
// repeated row's sums over instead of summing them again; Encode
// takes any picture and leaves what EncodePaletted does not write to
// image/png. Why klauspost's compressor and not the one this package had
// (or image/png): docs/performance.md.
//
// Reducing a picture to a palette is not done here: the renderers know
// their colours (internal/images).
package pngenc

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"runtime"
	"sync"

	"github.com/klauspost/compress/flate"
)

// EncodePaletted writes a paletted picture as an 8-bit indexed PNG with one
// IDAT chunk, its rows unfiltered (filter None: a paletted row has nothing
// to predict from) and compressed at BestSpeed. It takes about half the
// CPU of png.Encode at BestSpeed on the renderers' pictures
// (BenchmarkEncodePaletted in internal/images, BenchmarkEncode here), most
// of it the compressor's. It refuses an empty picture, a palette of more
// than 256 colours or none, and a picture of 2 GB or more.
func EncodePaletted(m *image.Paletted) ([]byte, error) {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	// A chunk's length is 31 bits; the compressed rows are never much
	// more than the rows.
	if w <= 0 || h <= 0 || len(m.Palette) == 0 || len(m.Palette) > 256 || uint64(w+1)*uint64(h) >= 1<<31-1<<20 {
		return nil, errors.New("pngenc: cannot write a paletted PNG of this size or palette")
	}
	var e *encoder
	select {
	case e = <-encoders:
	default:
		fw, err := flate.NewWriter(nil, flate.BestSpeed)
		if err != nil {
			return nil, err
		}
		e = &encoder{fw: fw}
	}
	defer func() {
		select {
		case encoders <- e:
		default:
		}
	}()

	out := e.out.b[:0]
	out = appendHead(out, m)

	// IDAT: its length is written once the data is known. The compressor
	// appends to out; the rows go to it one by one, with no copy of the
	// picture. The rows go in bands (bands.go), each compressed alone or
	// found compressed already.
	start := len(out)
	out = append(out, 0, 0, 0, 0)
	out = append(out, "IDAT"...)
	out = append(out, 0x78, 0x01) // zlib: deflate, 32 KB window, no dictionary
	e.out.b = out

	// Adler-32 of the filtered data, kept as its two sums; a band's sums
	// are added as if its lines followed the data before it.
	const mod = adlerMod
	a, bsum := uint32(1), uint32(0)
	for _, bnd := range e.cut(m) {
		rows := e.rows[:0]
		for y := bnd.y0; y < bnd.y1; y++ {
			rows = append(rows, m.Pix[y*m.Stride:y*m.Stride+w])
		}
		e.rows = rows
		k := bnd.key
		bd, ok := bands.get(k)
		if !ok {
			var err error
			if bd, err = e.band(rows); err != nil {
				return nil, err
			}
			bands.put(k, bd)
		} else {
			e.out.b = append(e.out.b, bd.data...)
		}
		bsum = uint32((uint64(bsum) + uint64(k.n)%mod*uint64(a) + uint64(bd.t)) % mod)
		a = (a + bd.s) % mod
	}
	// The last part: an empty final block with the fixed codes, as zlib
	// ends a stream after a sync flush.
	e.out.b = append(e.out.b, 0x03, 0x00)
	out = binary.BigEndian.AppendUint32(e.out.b, bsum<<16|a)
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	out = appendChunk(out, "IEND", nil)

	// The caller keeps the result; the encoder keeps its (grown) buffer.
	res := bytes.Clone(out)
	e.out.b = out[:0]
	e.fw.Reset(nil)
	return res, nil
}

// band compresses the lines of rows on their own, appending the parts to
// e.out, and returns them (not a copy: e.out's) with the lines' Adler-32
// sums.
func (e *encoder) band(rows [][]byte) (band, error) {
	at := len(e.out.b)
	e.fw.Reset(&e.out)
	filter := []byte{0}
	var a, b, s, t uint32
	var above []byte
	for _, row := range rows {
		if above == nil || string(row) != string(above) {
			// The filter byte's zero adds nothing to either sum.
			s, t = adlerSums(row)
		}
		b = uint32((uint64(b) + uint64(len(row)+1)*uint64(a) + uint64(t)) % adlerMod)
		a = (a + s) % adlerMod
		above = row
		if _, err := e.fw.Write(filter); err != nil {
			return band{}, err
		}
		if _, err := e.fw.Write(row); err != nil {
			return band{}, err
		}
	}
	if err := e.fw.Flush(); err != nil {
		return band{}, err
	}
	return band{data: e.out.b[at:], s: a, t: b}, nil
}

// encoder is a compressor with its output buffer, kept between pictures.
type encoder struct {
	fw  *flate.Writer
	out appender
	// Kept between pictures: the rows' sums and bands (bands.go).
	sums []rowSum
	cuts []cutBand
	rows [][]byte
}

// appender is an io.Writer that appends to b, so the compressor writes
// straight after the chunks before it.
type appender struct{ b []byte }

func (w *appender) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	return len(p), nil
}

func appendChunk(out []byte, name string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	at := len(out)
	out = append(out, name...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[at:]))
}

// encoders keeps one compressor per processor with its grown buffers
// (about a megabyte each). Not a sync.Pool: the renderers allocate enough
// to collect garbage every few pictures, which would empty a pool as
// often.
var encoders = make(chan *encoder, runtime.GOMAXPROCS(0))

// encodeStd is the standard library's encoder at BestSpeed with its
// compressor buffers reused, for what EncodePaletted does not take.
func encodeStd(img image.Image) ([]byte, error) {
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &encoderBuffers}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Encode writes any picture: a paletted one by EncodePaletted, anything
// else (or what EncodePaletted refuses) by the standard library at
// BestSpeed with its compressor reused.
func Encode(img image.Image) ([]byte, error) {
	if m, ok := img.(*image.Paletted); ok {
		if data, err := EncodePaletted(m); err == nil {
			return data, nil
		}
	}
	return encodeStd(img)
}

// encoderBuffers reuses the standard encoder's compressor between pictures
// (it is about a megabyte each time otherwise).
var encoderBuffers pngBuffers

type pngBuffers struct{ p sync.Pool }

func (b *pngBuffers) Get() *png.EncoderBuffer {
	v, _ := b.p.Get().(*png.EncoderBuffer)
	return v
}

func (b *pngBuffers) Put(e *png.EncoderBuffer) { b.p.Put(e) }

// appendHead appends a paletted picture's signature, IHDR, PLTE and, when
// a colour is not opaque, tRNS: everything before its pixels.
func appendHead(out []byte, m *image.Paletted) []byte {
	b := m.Bounds()
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(b.Dx()))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(b.Dy()))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits, indexed colour; compression, filter and interlace 0
	out = appendChunk(out, "IHDR", ihdr[:])

	// As png.Encode does: PLTE holds the colours without alpha, tRNS the
	// alphas up to the last entry that is not opaque.
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
	return out
}
