package pngenc

// Canonical, length-limited Huffman codes for the DEFLATE writer
// (deflate.go), and the dynamic block header that carries them.

import (
	"math/bits"
	"slices"
)

// huffman is one alphabet's canonical code: lengths, and codes already
// bit-reversed for LSB-first writing.
type huffman struct {
	len  []uint8
	code []uint16
	// scratch for build
	nodes []huffNode
}

type huffNode struct {
	freq   int64
	parent int32
}

type huffCodes struct {
	lit, dist, codeLen huffman
	lens               []uint8 // the literal and distance lengths in a row
	clTokens           []uint16
	clFreq             [19]int32
}

// build makes a length-limited Huffman code for the counts. At least two
// symbols get a code (a used one and a filler), so every code is complete,
// which every decoder accepts.
func (h *huffman) build(freq []int32, maxBits uint8) {
	n := len(freq)
	h.len = slices.Grow(h.len[:0], n)[:n]
	h.code = slices.Grow(h.code[:0], n)[:n]
	clear(h.len)
	clear(h.code)
	var syms [288]int32
	used := syms[:0]
	for s, f := range freq {
		if f > 0 {
			used = append(used, int32(s))
		}
	}
	for s := int32(0); len(used) < 2; s++ {
		if freq[s] == 0 {
			used = append(used, s)
		}
	}
	var weight [288]int64
	for _, s := range used {
		weight[s] = max(int64(freq[s]), 1)
	}
	for {
		if h.lengths(used, weight[:]) <= maxBits {
			break
		}
		// Too deep: flatten the counts and build again.
		for _, s := range used {
			weight[s] = weight[s]/2 + 1
		}
	}
	h.assign(maxBits)
}

// lengths sets the code length of each used symbol by Huffman's algorithm
// (two queues over the symbols sorted by weight) and returns the longest.
func (h *huffman) lengths(used []int32, weight []int64) uint8 {
	slices.SortFunc(used, func(a, b int32) int {
		if weight[a] != weight[b] {
			if weight[a] < weight[b] {
				return -1
			}
			return 1
		}
		return int(a - b)
	})
	m := len(used)
	// Leaves are nodes 0..m-1 in weight order, internal nodes m.. in the
	// order they are made (which is also by weight).
	h.nodes = slices.Grow(h.nodes[:0], 2*m)[:2*m-1]
	for i, s := range used {
		h.nodes[i] = huffNode{freq: weight[s], parent: -1}
	}
	leaf, inner, next := 0, m, m
	pick := func() int {
		if leaf < m && (inner >= next || h.nodes[leaf].freq <= h.nodes[inner].freq) {
			leaf++
			return leaf - 1
		}
		inner++
		return inner - 1
	}
	for next < 2*m-1 {
		a, b := pick(), pick()
		h.nodes[next] = huffNode{freq: h.nodes[a].freq + h.nodes[b].freq, parent: -1}
		h.nodes[a].parent, h.nodes[b].parent = int32(next), int32(next)
		next++
	}
	// Depths from the root down: parents always come after children.
	depth := make([]uint8, 2*m-1)
	var deepest uint8
	for i := 2*m - 3; i >= 0; i-- {
		depth[i] = depth[h.nodes[i].parent] + 1
	}
	for i, s := range used {
		h.len[s] = depth[i]
		deepest = max(deepest, depth[i])
	}
	return deepest
}

// assign gives canonical codes (RFC 1951 3.2.2) from the lengths.
func (h *huffman) assign(maxBits uint8) {
	var count [16]uint16
	for _, l := range h.len {
		count[l]++
	}
	count[0] = 0
	var next [16]uint16
	code := uint16(0)
	for b := 1; b <= int(maxBits); b++ {
		code = (code + count[b-1]) << 1
		next[b] = code
	}
	for s, l := range h.len {
		if l == 0 {
			continue
		}
		h.code[s] = bits.Reverse16(next[l]) >> (16 - l)
		next[l]++
	}
}

// writeHeader writes HLIT, HDIST, HCLEN, the code length code and the
// run-length coded lengths of both codes (RFC 1951 3.2.7).
func (c *huffCodes) writeHeader(bw *bitWriter) {
	nlit := 286
	for nlit > 257 && c.lit.len[nlit-1] == 0 {
		nlit--
	}
	ndist := 30
	for ndist > 1 && c.dist.len[ndist-1] == 0 {
		ndist--
	}
	c.lens = append(append(c.lens[:0], c.lit.len[:nlit]...), c.dist.len[:ndist]...)
	// Run-length code the lengths: 16 repeats the last length 3-6 times,
	// 17 and 18 write 3-10 and 11-138 zeros. A token is symbol | extra<<8.
	c.clTokens = c.clTokens[:0]
	clear(c.clFreq[:])
	add := func(sym, extra int) {
		c.clTokens = append(c.clTokens, uint16(sym|extra<<8))
		c.clFreq[sym]++
	}
	lens := c.lens
	for i := 0; i < len(lens); {
		l := lens[i]
		r := 1
		for i+r < len(lens) && lens[i+r] == l {
			r++
		}
		i += r
		if l == 0 {
			for r >= 11 {
				k := min(r, 138)
				add(18, k-11)
				r -= k
			}
			if r >= 3 {
				add(17, r-3)
				r = 0
			}
		} else {
			add(int(l), 0)
			r--
			for r >= 3 {
				k := min(r, 6)
				add(16, k-3)
				r -= k
			}
		}
		for ; r > 0; r-- {
			add(int(l), 0)
		}
	}
	c.codeLen.build(c.clFreq[:], maxCodeLBits)
	order := [19]uint8{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15}
	ncl := 19
	for ncl > 4 && c.codeLen.len[order[ncl-1]] == 0 {
		ncl--
	}
	bw.write(uint32(nlit-257), 5)
	bw.write(uint32(ndist-1), 5)
	bw.write(uint32(ncl-4), 4)
	for _, s := range order[:ncl] {
		bw.write(uint32(c.codeLen.len[s]), 3)
	}
	for _, t := range c.clTokens {
		sym, extra := t&0xff, uint32(t>>8)
		bw.write(uint32(c.codeLen.code[sym]), uint(c.codeLen.len[sym]))
		switch sym {
		case 16:
			bw.write(extra, 2)
		case 17:
			bw.write(extra, 3)
		case 18:
			bw.write(extra, 7)
		}
	}
}
