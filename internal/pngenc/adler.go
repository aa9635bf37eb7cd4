package pngenc

import "encoding/binary"

// adlerMod is Adler-32's modulus (RFC 1950).
const adlerMod = 65521

// adlerSums returns the two sums of Adler-32 over p started from (0, 0):
// s, the sum of the bytes, and t, each byte weighted by how many bytes
// from it to the end (the last counts once), both mod 65521. Appending p
// to data whose sums are (a, b) gives (a+s, b+len(p)*a+t).
//
// Sixteen bytes are taken at once, their plain and weighted sums made by
// multiplications on 16-bit lanes, which is faster than hash/adler32's
// byte loop.
func adlerSums(p []byte) (s, t uint32) {
	const (
		lanes = 0x00ff00ff00ff00ff
		ones  = 0x0001000100010001
		// Weights of 16 bytes taken as two words: 16, 14, 12, 10 for the
		// first word's bytes 0, 2, 4, 6, 15, 13, 11, 9 for its bytes 1, 3,
		// 5, 7, and 8 down to 1 for the second word, placed so that each
		// product's terms meet in its top lane. The four products add up
		// without a carry into the top lane (below it, each stays under
		// 2^46) or out of it (at most 4 * 4 * 255 * 16 = 65280).
		evenW1 = 10 | 12<<16 | 14<<32 | 16<<48
		oddW1  = 9 | 11<<16 | 13<<32 | 15<<48
		evenW2 = 2 | 4<<16 | 6<<32 | 8<<48
		oddW2  = 1 | 3<<16 | 5<<32 | 7<<48
		// Blocks short enough that the 64-bit sums cannot overflow
		// before they are reduced.
		block = 4096
	)
	var a, b uint64
	for len(p) >= 16 {
		n := min(len(p), block) &^ 15
		q := p[:n]
		p = p[n:]
		for len(q) >= 16 {
			v1, v2 := binary.LittleEndian.Uint64(q), binary.LittleEndian.Uint64(q[8:])
			e1, o1, e2, o2 := v1&lanes, v1>>8&lanes, v2&lanes, v2>>8&lanes
			b += 16*a + (e1*evenW1+o1*oddW1+e2*evenW2+o2*oddW2)>>48
			a += ((e1 + o1 + e2 + o2) * ones) >> 48
			q = q[16:]
		}
		a %= adlerMod
		b %= adlerMod
	}
	for _, c := range p {
		a += uint64(c)
		b += a
	}
	return uint32(a % adlerMod), uint32(b % adlerMod)
}
