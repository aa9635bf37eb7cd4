package pngenc

import (
	"encoding/binary"
	"math/bits"
	"slices"
)

// A DEFLATE (RFC 1951) compressor built for the pictures the renderers
// make: paletted rows, filter None, large flat areas and many rows equal to
// the row above. compress/flate's fastest level hashes every position to
// find repeats anywhere in the last 32 KB; here the candidates are the
// two that carry these pictures, tried first at every position:
//
//   - the byte above (a match at distance = the line's length), which takes
//     a whole row equal to the row above in a few tokens after one
//     vectorised comparison, and the unchanged parts of a row that is not;
//   - the byte to the left (a match at distance 1), a run of one colour;
//
// and, only where neither gives a match, the last position whose next four
// bytes hashed the same (a glyph or a tile seen before, which text and
// repeated pieces make common). Everything else is a literal, and each
// block gets dynamic Huffman codes built from its own token counts, so
// text and edges still compress. The output is a little larger than
// compress/flate's BestSpeed on the renderers' pictures (figures in
// docs/performance.md).

const (
	maxMatch     = 258
	minMatch     = 3
	maxDistance  = 32768
	blockTokens  = 1 << 16 // tokens per block: codes adapt to the region
	endOfBlock   = 256
	maxLitBits   = 15
	maxCodeLBits = 7
)

// A token is a literal byte b as b, or a match as 256+length-3 |
// distance<<16: the low 9 bits index one table of literal and length
// codes, and a distance of 0 marks a literal, so the writer needs no
// branch to tell them apart (they alternate unpredictably).
type token uint32

func literal(b byte) token { return token(b) }

func match(length, dist int) token {
	return token(256+length-minMatch) | token(dist)<<16
}

// lengthCode[l-3] is the length symbol minus 257 for a match of length l;
// lengthBase and lengthExtra are RFC 1951's table 3.2.5.
var (
	lengthBase  = [29]uint16{3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258}
	lengthExtra = [29]uint8{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0}
	distBase    = [30]uint16{1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577}
	distExtra   = [30]uint8{0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13}
	lengthCode  [maxMatch - minMatch + 1]uint8
)

func init() {
	for c := range lengthBase {
		hi := maxMatch
		if c+1 < len(lengthBase) {
			hi = int(lengthBase[c+1]) - 1
		}
		for l := int(lengthBase[c]); l <= hi; l++ {
			lengthCode[l-minMatch] = uint8(c)
		}
	}
	// 258 has its own code (28), not 227's top.
	lengthCode[maxMatch-minMatch] = 28
}

// distCode is the distance symbol of a distance of d+1: two symbols per
// power of two, told apart by the bit below the top one. Written without
// branches (the distances of neighbouring tokens follow no pattern).
func distCode(d uint32) uint32 {
	n := uint32(bits.Len32(d|2)) - 1
	c := 2*n + (d>>(n-1))&1
	if d < 2 {
		c = d
	}
	return c
}

// deflater holds one picture's tokens and the output between calls; it is
// pooled, so its buffers outlive a picture.
type deflater struct {
	tokens []token
	out    []byte
	bw     bitWriter
	lit    [286]int32
	dist   [30]int32
	codes  huffCodes
	// table holds, by the hash of four bytes, the stream position + 1
	// where they were last seen (0: never) and the bytes themselves, so
	// a false candidate costs no read of the picture.
	table [1 << hashBits]hashEntry
}

// appendRun adds matches covering n bytes at distance dist (n >= 3),
// split so that no piece is shorter than DEFLATE's minimum.
func appendRun(toks []token, n, dist int) []token {
	for n > 0 {
		l := n
		if l > maxMatch {
			l = maxMatch
			if n-l < minMatch {
				l = n - minMatch
			}
		}
		toks = append(toks, match(l, dist))
		n -= l
	}
	return toks
}

// equalLen is how many leading bytes a and b share (len(a) <= len(b)),
// 32 at a time while they last (matches run to hundreds of bytes), then
// eight at a time.
func equalLen(a, b []byte) int {
	n := 0
	b = b[:len(a)]
	for len(a)-n >= 32 {
		x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:])
		x |= binary.LittleEndian.Uint64(a[n+8:]) ^ binary.LittleEndian.Uint64(b[n+8:])
		x |= binary.LittleEndian.Uint64(a[n+16:]) ^ binary.LittleEndian.Uint64(b[n+16:])
		x |= binary.LittleEndian.Uint64(a[n+24:]) ^ binary.LittleEndian.Uint64(b[n+24:])
		if x != 0 {
			break
		}
		n += 32
	}
	for len(a)-n >= 8 {
		x := binary.LittleEndian.Uint64(a[n:]) ^ binary.LittleEndian.Uint64(b[n:])
		if x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < len(a) && a[n] == b[n] {
		n++
	}
	return n
}

// runLen is how many leading bytes of a equal c, eight at a time.
func runLen(a []byte, c byte) int {
	pat := uint64(c) * 0x0101010101010101
	n := 0
	for len(a)-n >= 8 {
		x := binary.LittleEndian.Uint64(a[n:]) ^ pat
		if x != 0 {
			return n + bits.TrailingZeros64(x)/8
		}
		n += 8
	}
	for n < len(a) && a[n] == c {
		n++
	}
	return n
}

// line adds the tokens of line y (the filter byte 0 and row), given the
// row above (nil for the first row, or when the line is too long for a
// match to reach it) and the picture's rows (pix, stride) for the hashed
// candidates.
//
// The two cheap candidates are measured on the next eight bytes without a
// branch (a XOR and a count of trailing zeros each): which of literal,
// short match or long match comes next follows no pattern the processor
// could predict, and mispredicted branches were most of the cost.
func (d *deflater) line(y int, row, above []byte, pix []byte, stride int) {
	n := len(row) + 1
	toks := d.tokens
	if above != nil && string(row) == string(above) {
		// The filter byte and the row repeat the line above, byte for
		// byte.
		d.tokens = appendRun(toks, n, n)
		return
	}
	toks = append(toks, literal(0))
	table := &d.table
	base := int32(y*n + 1) // the stream position of row[0]
	w := len(row)
	if above == nil {
		// No row to match: compare the row with itself (a run of the
		// byte before is still found; the "above" length is then the
		// length of a match at distance 0, which is never taken).
		above = row
	}
	far := n
	if &above[0] == &row[0] {
		far = 0
	}
	prevByte := uint64(0) // the filter byte
	x := 0
	for x < w {
		var la, lr int
		if w-x >= 8 {
			v := binary.LittleEndian.Uint64(row[x:])
			la = bits.TrailingZeros64(v^binary.LittleEndian.Uint64(above[x:])) >> 3
			lr = bits.TrailingZeros64(v^prevByte*0x0101010101010101) >> 3
		} else {
			la = equalLen(row[x:], above[x:])
			lr = runLen(row[x:], byte(prevByte))
		}
		if far == 0 {
			la = 0
		}
		if x == 0 {
			lr = 0 // the byte before is the filter byte, not a pixel
		}
		best, dist := lr, 1
		if la >= lr {
			best, dist = la, far
		}
		if best == 8 {
			// A long match: follow it to its end.
			if dist == far {
				best += equalLen(row[x+8:], above[x+8:])
			} else {
				best += runLen(row[x+8:], byte(prevByte))
			}
		}
		if best < hashMin && w-x >= hashMin {
			// Neither: a repeat seen earlier (a glyph, a tile), found by
			// the hash of the next four bytes.
			v := binary.LittleEndian.Uint32(row[x:])
			e := &table[hash4(v)]
			pos := base + int32(x)
			if c := e.pos - 1; e.val == v && c >= 0 && pos-c <= maxDistance {
				// The row is kept with the position: dividing by the
				// line's length cost more than the rest of the lookup.
				cy := int(e.row)
				cx := int(c) - cy*n - 1
				crow := pix[cy*stride+cx : cy*stride+w]
				if l := equalLen(row[x:min(w, x+len(crow))], crow); l > best {
					best, dist = l, int(pos-c)
				}
			}
			*e = hashEntry{pos + 1, v, int32(y)}
		}
		if best >= minMatch {
			if best <= maxMatch {
				toks = append(toks, match(best, dist))
			} else {
				toks = appendRun(toks, best, dist)
			}
			x += best
			prevByte = uint64(row[x-1])
			continue
		}
		toks = append(toks, literal(row[x]))
		prevByte = uint64(row[x])
		x++
	}
	d.tokens = toks
}

const (
	hashBits = 14
	hashMin  = 4
)

type hashEntry struct {
	pos int32 // stream position + 1, 0 for none
	val uint32
	row int32
}

func hash4(v uint32) uint32 { return v * 0x1e35a7bd >> (32 - hashBits) }

// block writes the tokens as one block with dynamic Huffman codes.
func (d *deflater) block(final bool) {
	// Counts by the token's low 9 bits (literals, then lengths) and by
	// distance symbol, where the symbols of distance 0 (30 and 31: no
	// real distance has them) collect the literals.
	var byLow [512]int32
	var byDist [32]int32
	for _, t := range d.tokens {
		byLow[t&0x1ff]++
		byDist[distCode((uint32(t>>16)-1)&0xffff)]++
	}
	clear(d.lit[:])
	copy(d.lit[:256], byLow[:256])
	for l, n := range byLow[256:] {
		d.lit[257+int(lengthCode[l])] += n
	}
	d.lit[endOfBlock]++
	copy(d.dist[:], byDist[:30])
	c := &d.codes
	c.lit.build(d.lit[:], maxLitBits)
	c.dist.build(d.dist[:], maxLitBits)

	bw := &d.bw
	if final {
		bw.write(1, 1)
	} else {
		bw.write(0, 1)
	}
	bw.write(2, 2)
	c.writeHeader(bw)

	// Each literal and length with its code and extra bits folded
	// together: value | bit count<<24. Distances take their code and
	// extra bits from distTab; symbols 30 and 31 (a literal's) write
	// nothing.
	var symTab [512]uint32
	for i := range 256 {
		symTab[i] = uint32(c.lit.code[i]) | uint32(c.lit.len[i])<<24
	}
	for l := range 256 {
		lc := lengthCode[l]
		n := c.lit.len[257+int(lc)]
		v := uint32(c.lit.code[257+int(lc)]) | (uint32(l+minMatch)-uint32(lengthBase[lc]))<<n
		symTab[256+l] = v | uint32(n+lengthExtra[lc])<<24
	}
	type distSym struct {
		code uint64
		n    uint64 // bits of the code
		all  uint64 // bits of the code and its extra bits
		base uint32
	}
	var distTab [32]distSym
	for i := range 30 {
		distTab[i] = distSym{uint64(c.dist.code[i]), uint64(c.dist.len[i]), uint64(c.dist.len[i] + distExtra[i]), uint32(distBase[i])}
	}

	// Branch-free bit writing: eight bytes are stored every time and the
	// position moves by the whole bytes written, so the buffer keeps
	// eight bytes of slack.
	bw.flushBytes()
	out := bw.out
	pos := len(out)
	out = slices.Grow(out, 6*len(d.tokens)+16) // at most 48 bits a token
	out = out[:cap(out)]
	acc, nb := bw.acc, uint64(bw.n)
	for _, t := range d.tokens {
		v := symTab[t&0x1ff]
		acc |= uint64(v&0xffffff) << nb
		nb += uint64(v >> 24)
		dd := (uint32(t>>16) - 1) & 0xffff
		e := &distTab[distCode(dd)&31]
		dv := (e.code | uint64(dd+1-e.base)<<e.n) & (1<<e.all - 1)
		// Up to 20 bits above, up to 28 here: flush between them.
		binary.LittleEndian.PutUint64(out[pos:], acc)
		pos += int(nb >> 3)
		acc >>= nb &^ 7
		nb &= 7
		acc |= dv << nb
		nb += e.all
		binary.LittleEndian.PutUint64(out[pos:], acc)
		pos += int(nb >> 3)
		acc >>= nb &^ 7
		nb &= 7
	}
	bw.out, bw.acc, bw.n = out[:pos], acc, uint(nb)
	bw.write(uint32(c.lit.code[endOfBlock]), uint(c.lit.len[endOfBlock]))
	d.tokens = d.tokens[:0]
}
