package hijack

import "strings"

// Slots and directions share numbers: a marker in slot d points along
// direction d. "The slots are numbered 0..5": 0 up, 1 up right, 2 down right,
// 3 down, 4 down left, 5 up left.
const slotsPerCell = 6

// empty marks an empty slot on the board.
const empty int8 = -1

// dirs are the axial (q, r) steps of the six directions of a flat-topped
// hexagon: q grows to the right, r grows downwards within a column.
var dirs = [slotsPerCell][2]int{{0, -1}, {1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}}

// dirNames describe the directions in narration and menus.
var dirNames = [slotsPerCell]string{"up", "up-right", "down-right", "down", "down-left", "up-left"}

// geometry is everything about a board size that never changes: cell names,
// coordinates, neighbours and rays. It is derived, never stored.
type geometry struct {
	size  int
	cells int
	q, r  []int
	names []string
	index map[string]int
	// next[c][d] is the neighbour of c in direction d, or -1 off the board.
	next [][slotsPerCell]int
	// ray[c][d] lists the cells from c in direction d to the board edge.
	ray [][slotsPerCell][]int
	// rows are the up-right diagonals in letter order (a b c / d e f g / ...).
	rows [][]int
}

const (
	minSize = 2
	maxSize = 6
)

// geometries is an immutable table built once: boards are small and the
// tables are pure functions of the size.
var geometries = func() map[int]*geometry {
	m := map[int]*geometry{}
	for n := minSize; n <= maxSize; n++ {
		m[n] = newGeometry(n)
	}
	return m
}()

func geometryFor(size int) *geometry { return geometries[size] }

// newGeometry letters the cells "along the up-right diagonals, lower-left to
// upper-right": a b c / d e f g / h i j k l / m n o p / q r s on size 3. An
// up-right diagonal keeps s = -q-r constant; it runs from the top-left one
// down to the bottom-right one, each from left to right.
func newGeometry(n int) *geometry {
	g := &geometry{size: n, index: map[string]int{}}
	at := map[[2]int]int{}
	for s := n - 1; s >= -(n - 1); s-- {
		var row []int
		for q := -(n - 1); q <= n-1; q++ {
			r := -q - s
			if r < -(n-1) || r > n-1 {
				continue
			}
			c := len(g.q)
			g.q = append(g.q, q)
			g.r = append(g.r, r)
			name := cellName(c)
			g.names = append(g.names, name)
			g.index[name] = c
			at[[2]int{q, r}] = c
			row = append(row, c)
		}
		g.rows = append(g.rows, row)
	}
	g.cells = len(g.q)
	g.next = make([][slotsPerCell]int, g.cells)
	g.ray = make([][slotsPerCell][]int, g.cells)
	for c := 0; c < g.cells; c++ {
		for d := 0; d < slotsPerCell; d++ {
			q, r := g.q[c], g.r[c]
			g.next[c][d] = -1
			first := true
			for {
				q, r = q+dirs[d][0], r+dirs[d][1]
				nc, ok := at[[2]int{q, r}]
				if !ok {
					break
				}
				if first {
					g.next[c][d] = nc
					first = false
				}
				g.ray[c][d] = append(g.ray[c][d], nc)
			}
		}
	}
	return g
}

// cellName letters cells like spreadsheet columns: a..z, then aa, ab, ...
// Boards of size 4 and more have more than 26 cells. Names are letters only
// and slots digits only, so "aa3-ab" still parses without ambiguity.
func cellName(i int) string {
	if i < 26 && i >= 0 {
		return singleNames[i : i+1]
	}
	var b []byte
	for i++; i > 0; i = (i - 1) / 26 {
		b = append([]byte{byte('a' + (i-1)%26)}, b...)
	}
	return string(b)
}

const singleNames = "abcdefghijklmnopqrstuvwxyz"

// cellNumber is the inverse of cellName for any run of lower-case letters;
// ok is false when the number would overflow.
func cellNumber(name string) (int, bool) {
	if name == "" || len(name) > 4 {
		return 0, false
	}
	v := 0
	for _, ch := range name {
		if ch < 'a' || ch > 'z' {
			return 0, false
		}
		v = v*26 + int(ch-'a') + 1
	}
	return v - 1, true
}

// rangeText names the first and last cell, for error messages.
func (g *geometry) rangeText() string {
	return "cells " + g.names[0] + " to " + g.names[g.cells-1]
}

// rowLabel names a diagonal row by its first and last cell, e.g. "a-c".
func (g *geometry) rowLabel(i int) string {
	row := g.rows[i]
	return strings.Join([]string{g.names[row[0]], g.names[row[len(row)-1]]}, "-")
}
