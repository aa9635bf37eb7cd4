package pngenc

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"hash/maphash"
	"image"
	"sync"
)

// The pictures of one game change little from one move to the next, and
// the pictures of different games share most of their rows (margins,
// backgrounds, a board's empty cells, the same panels). So the rows are
// compressed in bands of bandRows, each band on its own: a DEFLATE stream
// of independent, byte-aligned parts (each ends with a sync flush, and no
// part refers back to another) is still one stream, so a band already
// compressed for an earlier picture is copied, not compressed again. A
// band's compressed bytes do not depend on where it stands in the picture
// or what comes before it, so a picture's file is the same whether its
// bands came from the cache or not.
//
// Why 16 rows: in the load test two bands in three are found. Smaller
// bands are found a little more often but pay a part's header (its Huffman
// tables) more often; larger ones, or bands cut where the rows' content
// says (so that a band below rows that grew is found again), were found
// less often for no less CPU. docs/performance.md has the figures.
const bandRows = 16

// bandKey names a band by its content: the lines' bytes and shape, hashed
// twice by unrelated functions, so that two different bands sharing a key
// would need both 64-bit and 32-bit hashes to collide at once.
type bandKey struct {
	h   uint64
	crc uint32
	n   uint32 // the lines' length in bytes, filter bytes included
}

// band is a compressed band: DEFLATE blocks ending byte-aligned, and the
// Adler-32 sums of its lines started from (0, 0) (adlerSums).
type band struct {
	data []byte
	s, t uint32
}

// bandCache keeps compressed bands by content, bounded by their bytes:
// two generations, the newer taking what is used and what is added, the
// older dropped whole when the newer is full. A band in use stays; one not
// used for a generation goes. Cheaper than an exact LRU and as good here,
// where the bands worth keeping are the ones used again and again.
type bandCache struct {
	mu       sync.Mutex
	seed     maphash.Seed
	limit    int // bytes in a generation
	cur, old map[bandKey]band
	curBytes int
	// seen and seenOld are the keys of bands compressed once and not
	// kept: a band is kept the second time it is compressed, so the
	// bands only one picture has do not push out the ones many share.
	seen, seenOld map[bandKey]struct{}
	// found of lookups were found compressed already (for the tests).
	found, lookups uint64
}

// bandOverhead is a kept band's cost beyond its data: the map's entry and
// the slice header.
const bandOverhead = 64

// seenKeys is how many keys of bands compressed once are remembered in a
// generation: about as many bands as 200 pictures have.
const seenKeys = 1 << 15

func newBandCache(limit int) *bandCache {
	return &bandCache{seed: maphash.MakeSeed(), limit: limit, cur: map[bandKey]band{}, old: map[bandKey]band{},
		seen: map[bandKey]struct{}{}, seenOld: map[bandKey]struct{}{}}
}

// bands is every picture's cache. 3 MB a generation held about 3,500
// bands of the renderers' pictures in the load test; at most twice that,
// and the keys of bands seen once (about 2 MB), is live.
var bands = newBandCache(3 << 20)

// rowSum is a row's content hashed twice, by unrelated functions.
type rowSum struct {
	h   uint64
	crc uint32
}

// cutBand is a band's rows [y0, y1) and its key.
type cutBand struct {
	y0, y1 int
	key    bandKey
}

// cut hashes m's rows and splits them into bands of bandRows, with their
// keys.
func (e *encoder) cut(m *image.Paletted) []cutBand {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	sums := e.sums[:0]
	var above []byte
	for y := 0; y < h; y++ {
		row := m.Pix[y*m.Stride : y*m.Stride+w]
		if above != nil && string(row) == string(above) {
			sums = append(sums, sums[y-1])
		} else {
			sums = append(sums, rowSum{maphash.Bytes(bands.seed, row), crc32.Checksum(row, castagnoli)})
		}
		above = row
	}
	e.sums = sums
	cuts := e.cuts[:0]
	for y0 := 0; y0 < h; y0 += bandRows {
		y1 := min(y0+bandRows, h)
		cuts = append(cuts, cutBand{y0, y1, bands.key(w, sums[y0:y1])})
	}
	e.cuts = cuts
	return cuts
}

// key names the band of rows of width w with the sums given.
func (c *bandCache) key(w int, sums []rowSum) bandKey {
	var h maphash.Hash
	h.SetSeed(c.seed)
	var crc uint32
	var buf [12]byte
	binary.LittleEndian.PutUint32(buf[:], uint32(w))
	h.Write(buf[:4])
	for _, s := range sums {
		binary.LittleEndian.PutUint64(buf[:], s.h)
		binary.LittleEndian.PutUint32(buf[8:], s.crc)
		h.Write(buf[:])
		crc = crc32.Update(crc, castagnoli, buf[8:])
	}
	return bandKey{h: h.Sum64(), crc: crc, n: uint32((w + 1) * len(sums))}
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// get finds a band compressed already.
func (c *bandCache) get(k bandKey) (band, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lookups++
	b, ok := c.cur[k]
	if !ok {
		if b, ok = c.old[k]; ok {
			delete(c.old, k)
			c.keepLocked(k, b)
		}
	}
	if ok {
		c.found++
	}
	return b, ok
}

// put offers a band just compressed, whose data the caller still owns: it
// is copied when kept, which is the second time its key is offered.
func (c *bandCache) put(k bandKey, b band) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.cur[k]; ok {
		return
	}
	_, again := c.seen[k]
	if !again {
		_, again = c.seenOld[k]
	}
	if !again {
		if len(c.seen) >= seenKeys {
			c.seenOld, c.seen = c.seen, map[bandKey]struct{}{}
		}
		c.seen[k] = struct{}{}
		return
	}
	b.data = bytes.Clone(b.data)
	c.keepLocked(k, b)
}

// keepLocked adds a band to the newer generation, starting a new one when
// it is full.
func (c *bandCache) keepLocked(k bandKey, b band) {
	size := len(b.data) + bandOverhead
	if size > c.limit {
		return
	}
	if c.curBytes+size > c.limit {
		c.old, c.cur, c.curBytes = c.cur, map[bandKey]band{}, 0
	}
	c.cur[k] = b
	c.curBytes += size
}
