package pngenc

// The DEFLATE bit stream: bits are packed least significant first.

import "encoding/binary"

// bitWriter writes bits LSB first, as DEFLATE packs them.
type bitWriter struct {
	acc uint64
	n   uint
	out []byte
}

func (w *bitWriter) write(v uint32, n uint) {
	w.acc |= uint64(v) << w.n
	w.n += n
	if w.n >= 32 {
		w.out = binary.LittleEndian.AppendUint32(w.out, uint32(w.acc))
		w.acc >>= 32
		w.n -= 32
	}
}

// flushBytes writes the whole bytes held, leaving fewer than 8 bits.
func (w *bitWriter) flushBytes() {
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

// flush writes what is left, padded to a byte.
func (w *bitWriter) flush() {
	for w.n > 0 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n = uint(max(int(w.n)-8, 0))
	}
	w.acc = 0
}
