// Package pngenc writes PNG files for pictures like the bot's: paletted,
// with large flat areas and many rows equal to the row above. EncodePaletted
// writes a paletted picture with its own DEFLATE compressor (deflate.go,
// huffman.go, bits.go) and Adler-32 (adler.go), about half the CPU of
// image/png at BestSpeed on those pictures; Encode takes any picture and
// leaves what EncodePaletted does not write to image/png.
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
)

// EncodePaletted writes a paletted picture as an 8-bit indexed PNG with one
// IDAT chunk, compressed by the deflater here. It takes about half the CPU
// of png.Encode at BestSpeed on the renderers' pictures
// (BenchmarkEncodePaletted in internal/images, BenchmarkCorpus here): a row
// equal to the row above costs one comparison and a few tokens, and its
// Adler-32 is not summed again but carried over from the row above. It
// refuses an empty picture, a palette of more than 256 colours or none,
// and a picture of 2 GB or more.
func EncodePaletted(m *image.Paletted) ([]byte, error) {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	// Stream positions are int32 in the deflater's hash table.
	if w <= 0 || h <= 0 || len(m.Palette) == 0 || len(m.Palette) > 256 || uint64(w+1)*uint64(h) >= 1<<31 {
		return nil, errors.New("pngenc: cannot write a paletted PNG of this size or palette")
	}
	var d *deflater
	select {
	case d = <-deflaters:
	default:
		d = &deflater{}
	}
	defer func() {
		select {
		case deflaters <- d:
		default:
		}
	}()

	out := d.out[:0]
	out = append(out, "\x89PNG\r\n\x1a\n"...)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
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

	// IDAT: its length is written once the data is known.
	start := len(out)
	out = append(out, 0, 0, 0, 0)
	out = append(out, "IDAT"...)
	out = append(out, 0x78, 0x01) // zlib: deflate, 32 KB window, no dictionary
	d.bw.out = out
	d.tokens = d.tokens[:0]
	clear(d.table[:])

	// Adler-32 of the filtered data, kept as its two sums. A line (filter
	// byte 0, then the row) adds s to a and n*a+t to b, where s and t
	// depend on the line alone: computed once per distinct row.
	const mod = adlerMod
	a, bsum := uint32(1), uint32(0)
	var s, t uint32
	lineLen := uint32(w + 1)
	reach := w+1 <= maxDistance && w+1 >= minMatch
	var above []byte
	for y := 0; y < h; y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+w]
		same := above != nil && string(row) == string(above)
		if !same {
			// The filter byte's zero adds nothing to either sum.
			s, t = adlerSums(row)
		}
		bsum = (bsum + uint32((uint64(lineLen)*uint64(a))%mod) + t) % mod
		a = (a + s) % mod
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
	out = binary.BigEndian.AppendUint32(d.bw.out, bsum<<16|a)
	binary.BigEndian.PutUint32(out[start:], uint32(len(out)-start-8))
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[start+4:]))
	out = appendChunk(out, "IEND", nil)

	// The caller keeps the result; the deflater keeps its (grown) buffer.
	res := bytes.Clone(out)
	d.out, d.bw.out = out[:0], nil
	return res, nil
}

func appendChunk(out []byte, name string, data []byte) []byte {
	out = binary.BigEndian.AppendUint32(out, uint32(len(data)))
	at := len(out)
	out = append(out, name...)
	out = append(out, data...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out[at:]))
}

// deflaters keeps one compressor per processor with its grown buffers
// (about a megabyte each). Not a sync.Pool: the renderers allocate enough
// to collect garbage every few pictures, which would empty a pool as
// often.
var deflaters = make(chan *deflater, runtime.GOMAXPROCS(0))

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
