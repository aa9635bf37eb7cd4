package hijack

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

func (s *state) slot(c, d int) int8 { return s.Board[c*slotsPerCell+d] }

func (s *state) cellEmpty(c int) bool {
	for d := 0; d < slotsPerCell; d++ {
		if s.slot(c, d) != empty {
			return false
		}
	}
	return true
}

func (s *state) emptySlots(c int) []int {
	var out []int
	for d := 0; d < slotsPerCell; d++ {
		if s.slot(c, d) == empty {
			out = append(out, d)
		}
	}
	return out
}

// markerReach lists the cells a marker in cell c, slot d may move to: "any
// empty slot on its current cell or any other cell in its direction of
// travel". With block_marker it "cannot move through intervening cells
// unless their corresponding slots are empty": a cell whose slot d is taken
// can be reached but not passed.
func (s *state) markerReach(c, d int) []int {
	out := []int{c}
	for _, nc := range s.geo.ray[c][d] {
		out = append(out, nc)
		if s.Opts.BlockMarker && s.slot(nc, d) != empty {
			break
		}
	}
	return out
}

// cellReach lists the cells cell c may move to in direction d: "any number
// of steps provided that all intervening cells are empty". The first
// occupied cell is the last destination (a capture).
func (s *state) cellReach(c, d int) []int {
	var out []int
	for _, nc := range s.geo.ray[c][d] {
		out = append(out, nc)
		if !s.cellEmpty(nc) {
			break
		}
	}
	return out
}

// check validates a parsed board move for the seat on turn, explaining what
// is wrong and what would be right.
func (s *state) check(seat int, m move) error {
	g := s.geo
	for _, c := range []int{m.From, m.To} {
		if c >= g.cells {
			return fmt.Errorf("there is no cell %s on this size-%d board; it has %s", cellName(c), g.size, g.rangeText())
		}
	}
	from := cellName(m.From)
	switch m.Kind {
	case addMarker:
		if s.Hand[seat] == 0 {
			return fmt.Errorf("you have no markers left in hand to add; move one of your markers or a cell instead")
		}
		if v := s.slot(m.From, m.FromSlot); v != empty {
			return fmt.Errorf("slot %s%d already holds %s; add your marker to an empty slot%s", from, m.FromSlot, markerLetters[v], s.emptyHint(m.From))
		}
	case moveMarker:
		v := s.slot(m.From, m.FromSlot)
		if int(v) != seat {
			if v == empty {
				return fmt.Errorf("slot %s%d is empty; you can only move one of your own markers (%s)", from, m.FromSlot, markerLetters[seat])
			}
			return fmt.Errorf("the marker at %s%d is %s, not yours; you move only your own %s markers (but you may move its whole cell: %s-...)", from, m.FromSlot, markerLetters[v], markerLetters[seat], from)
		}
		reach := s.markerReach(m.From, m.FromSlot)
		if !contains(reach, m.To) {
			why := "along its direction of travel (" + dirNames[m.FromSlot] + ")"
			if s.Opts.BlockMarker && contains(g.ray[m.From][m.FromSlot], m.To) {
				why += ", and block_marker stops it at a cell whose slot " + fmt.Sprint(m.FromSlot) + " is taken"
			}
			return fmt.Errorf("marker %s%d cannot reach cell %s: it moves within its cell or %s, to cells %s", from, m.FromSlot, cellName(m.To), why, s.names(reach))
		}
		if v := s.slot(m.To, m.ToSlot); v != empty {
			return fmt.Errorf("slot %s%d is not empty (it holds %s); move the marker to an empty slot%s", cellName(m.To), m.ToSlot, markerLetters[v], s.emptyHint(m.To))
		}
	case moveCell:
		if s.cellEmpty(m.From) {
			return fmt.Errorf("cell %s is empty; a cell moves in a direction shown by one of its markers, so it needs at least one", from)
		}
		if m.Rot != 0 && !s.Opts.CanRotate {
			return fmt.Errorf("this game does not use the can_rotate option, so a moved cell cannot be rotated; write %s-%s", from, cellName(m.To))
		}
		if _, ok := s.cellDirection(m.From, m.To); !ok {
			return fmt.Errorf("cell %s cannot move to %s: it moves only in a direction given by one of its markers, over empty cells; it can reach %s", from, cellName(m.To), s.names(s.cellTargets(m.From)))
		}
	case rotateCell:
		if !s.Opts.CanRotate || !s.Opts.InPlace {
			return fmt.Errorf("rotating a cell in place needs the can_rotate and in_place options, which this game does not use")
		}
		if s.cellEmpty(m.From) {
			return fmt.Errorf("cell %s is empty; rotating it would change nothing", from)
		}
		if s.rotated(m.From, m.Rot) == s.cellPattern(m.From) {
			return fmt.Errorf("rotating cell %s that way leaves it exactly as it is; choose another rotation or another move", from)
		}
	}
	return nil
}

func contains(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func (s *state) names(cells []int) string {
	if len(cells) == 0 {
		return "no cell"
	}
	var n []string
	for _, c := range cells {
		n = append(n, s.geo.names[c])
	}
	return strings.Join(n, ", ")
}

func (s *state) emptyHint(c int) string {
	free := s.emptySlots(c)
	if len(free) == 0 {
		return " (cell " + s.geo.names[c] + " is full)"
	}
	return fmt.Sprintf(" such as %s%d", s.geo.names[c], free[0])
}

// cellDirection finds a direction in which cell from may move to cell to.
func (s *state) cellDirection(from, to int) (int, bool) {
	for d := 0; d < slotsPerCell; d++ {
		if s.slot(from, d) == empty {
			continue
		}
		if contains(s.cellReach(from, d), to) {
			return d, true
		}
	}
	return 0, false
}

func (s *state) cellTargets(c int) []int {
	var out []int
	for d := 0; d < slotsPerCell; d++ {
		if s.slot(c, d) != empty {
			out = append(out, s.cellReach(c, d)...)
		}
	}
	sort.Ints(out)
	return out
}

// cellPattern and rotated compare a cell's contents before and after a turn.
func (s *state) cellPattern(c int) [slotsPerCell]int8 {
	var p [slotsPerCell]int8
	copy(p[:], s.Board[c*slotsPerCell:(c+1)*slotsPerCell])
	return p
}

// rotated turns a cell rot steps clockwise: slot d goes to slot d+rot.
func (s *state) rotated(c, rot int) [slotsPerCell]int8 {
	var p [slotsPerCell]int8
	for d := 0; d < slotsPerCell; d++ {
		p[((d+rot)%6+6)%6] = s.slot(c, d)
	}
	return p
}

// rotationPreference is the order in which equivalent rotations are
// preferred: no turn, then the fewest steps, clockwise before anticlockwise.
var rotationPreference = [slotsPerCell]int{0, 1, -1, 2, -2, 3}

// plainRotation is the preferred rotation that leaves cell c looking the
// same as rot does. On a symmetric cell several turns look alike (X0 X3
// turned by 3 steps is X0 X3 again); they are one move, listed and
// narrated once under this spelling.
func (s *state) plainRotation(c, rot int) int {
	want := s.rotated(c, rot)
	for _, r := range rotationPreference {
		if s.rotated(c, r) == want {
			return r
		}
	}
	return rot
}

// applyBoard changes the board for a checked move and returns what the views
// need to show it and the markers captured.
func (s *state) applyBoard(seat int, m move) (*LastMove, []Marker) {
	g := s.geo
	last := &LastMove{Seat: seat, Move: formatMove(m), From: g.names[m.From], To: g.names[m.To], FromSlot: m.FromSlot, ToSlot: m.ToSlot, Rotate: m.Rot}
	var captured []Marker
	switch m.Kind {
	case addMarker:
		last.Kind, last.To, last.ToSlot = "add", g.names[m.From], m.FromSlot
		s.Board[m.From*slotsPerCell+m.FromSlot] = int8(seat)
		s.Hand[seat]--
	case moveMarker:
		last.Kind = "marker"
		s.Board[m.From*slotsPerCell+m.FromSlot] = empty
		s.Board[m.To*slotsPerCell+m.ToSlot] = int8(seat)
	case moveCell:
		last.Kind = "cell"
		for d := 0; d < slotsPerCell; d++ {
			if v := s.slot(m.To, d); v != empty {
				captured = append(captured, Marker{Slot: d, Seat: int(v)})
				s.Captured[v]++
			}
		}
		p := s.rotated(m.From, m.Rot)
		copy(s.Board[m.To*slotsPerCell:], p[:])
		for d := 0; d < slotsPerCell; d++ {
			s.Board[m.From*slotsPerCell+d] = empty
		}
	case rotateCell:
		last.Kind, last.To = "rotate", g.names[m.From]
		p := s.rotated(m.From, m.Rot)
		copy(s.Board[m.From*slotsPerCell:], p[:])
	}
	last.Captured = captured
	return last, captured
}

// narrate tells the table what a board move did, e.g. "Bob (X) moved cell h
// to j, capturing 3 X and 1 O."
func (s *state) narrate(seat int, m move, captured []Marker) string {
	who := s.name(seat)
	g := s.geo
	switch m.Kind {
	case addMarker:
		return fmt.Sprintf("%s added a marker at %s%d (%s).", who, g.names[m.From], m.FromSlot, dirNames[m.FromSlot])
	case moveMarker:
		return fmt.Sprintf("%s moved marker %s%d to %s%d (%s).", who, g.names[m.From], m.FromSlot, g.names[m.To], m.ToSlot, dirNames[m.ToSlot])
	case rotateCell:
		return fmt.Sprintf("%s rotated cell %s %s in place.", who, g.names[m.From], rotationText(m.Rot))
	}
	t := fmt.Sprintf("%s moved cell %s to %s", who, g.names[m.From], g.names[m.To])
	if m.Rot != 0 {
		t += " and rotated it " + rotationText(m.Rot)
	}
	if len(captured) > 0 {
		t += ", capturing " + s.captureText(captured)
	}
	return t + "."
}

func rotationText(rot int) string {
	way := "clockwise"
	if rot < 0 {
		way, rot = "anticlockwise", -rot
	}
	if rot == 1 {
		return "1 step " + way
	}
	return fmt.Sprintf("%d steps %s", rot, way)
}

// captureText counts captured markers by letter, most first: "3 X and 1 O".
func (s *state) captureText(captured []Marker) string {
	count := make([]int, len(s.Players))
	for _, c := range captured {
		count[c.Seat]++
	}
	order := make([]int, len(count))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return count[order[a]] > count[order[b]] })
	var parts []string
	for _, p := range order {
		if count[p] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", count[p], markerLetters[p]))
		}
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// candidate is a legal board move with what it captures, for ordering.
type candidate struct {
	m     move
	enemy int // markers of other seats captured
	own   int // the mover's own markers captured
}

// boardMoves lists every legal board move of a seat, in generation order:
// additions, marker moves, cell moves, rotations in place.
func (s *state) boardMoves(seat int) []candidate {
	out := make([]candidate, 0, 512)
	s.eachMove(seat, func(c candidate) { out = append(out, c) })
	return out
}

// eachMove calls f for every legal board move of a seat without building a
// list (menus only count them).
func (s *state) eachMove(seat int, f func(candidate)) {
	g := s.geo
	occ := make([]int8, g.cells)
	for c := 0; c < g.cells; c++ {
		for d := 0; d < slotsPerCell; d++ {
			if s.Board[c*slotsPerCell+d] != empty {
				occ[c]++
			}
		}
	}
	if s.Hand[seat] > 0 {
		for c := 0; c < g.cells; c++ {
			for d := 0; d < slotsPerCell; d++ {
				if s.Board[c*slotsPerCell+d] == empty {
					f(candidate{m: move{Kind: addMarker, From: c, FromSlot: d, To: c, ToSlot: d}})
				}
			}
		}
	}
	to := func(c, d, nc int) {
		if occ[nc] == slotsPerCell {
			return
		}
		for td := 0; td < slotsPerCell; td++ {
			if s.Board[nc*slotsPerCell+td] == empty {
				f(candidate{m: move{Kind: moveMarker, From: c, FromSlot: d, To: nc, ToSlot: td}})
			}
		}
	}
	for c := 0; c < g.cells; c++ {
		if occ[c] == 0 {
			continue
		}
		for d := 0; d < slotsPerCell; d++ {
			if int(s.Board[c*slotsPerCell+d]) != seat {
				continue
			}
			to(c, d, c)
			for _, nc := range g.ray[c][d] {
				to(c, d, nc)
				if s.Opts.BlockMarker && s.Board[nc*slotsPerCell+d] != empty {
					break
				}
			}
		}
	}
	rots := []int{0}
	if s.Opts.CanRotate {
		rots = []int{0, 1, 2, 3, -2, -1}
	}
	// Rays in different directions never share a cell, so each destination
	// appears once.
	for c := 0; c < g.cells; c++ {
		if occ[c] == 0 {
			continue
		}
		for d := 0; d < slotsPerCell; d++ {
			if s.Board[c*slotsPerCell+d] == empty {
				continue
			}
			for _, nc := range g.ray[c][d] {
				enemy, own := 0, 0
				if occ[nc] > 0 {
					enemy, own = s.captureCount(seat, nc)
				}
				for _, r := range rots {
					if r != 0 && s.plainRotation(c, r) != r {
						continue // looks like a turn already listed
					}
					f(candidate{m: move{Kind: moveCell, From: c, To: nc, Rot: r}, enemy: enemy, own: own})
				}
				if occ[nc] > 0 {
					break
				}
			}
		}
	}
	if s.Opts.CanRotate && s.Opts.InPlace {
		for c := 0; c < g.cells; c++ {
			if occ[c] == 0 {
				continue
			}
			for _, r := range rots[1:] {
				if p := s.plainRotation(c, r); p != 0 && p == r {
					f(candidate{m: move{Kind: rotateCell, From: c, To: c, Rot: r}})
				}
			}
		}
	}
}

func (s *state) captureCount(seat, c int) (enemy, own int) {
	for d := 0; d < slotsPerCell; d++ {
		switch v := s.slot(c, d); {
		case v == empty:
		case int(v) == seat:
			own++
		default:
			enemy++
		}
	}
	return enemy, own
}

// hasBoardMove is boardMoves without building the list.
func (s *state) hasBoardMove(seat int) bool {
	g := s.geo
	anyEmpty := false
	for _, v := range s.Board {
		if v == empty {
			anyEmpty = true
			break
		}
	}
	if s.Hand[seat] > 0 && anyEmpty {
		return true
	}
	for c := 0; c < g.cells; c++ {
		for d := 0; d < slotsPerCell; d++ {
			v := s.slot(c, d)
			if v == empty {
				continue
			}
			if g.next[c][d] >= 0 {
				return true // a cell can always step onto its neighbour
			}
			if int(v) == seat && anyEmpty {
				for _, to := range s.markerReach(c, d) {
					if len(s.emptySlots(to)) > 0 {
						return true
					}
				}
			}
		}
	}
	return false
}

// rankCandidates orders candidates for Legal: captures of enemy markers
// first (best net gain first, then most taken), then quiet moves in
// generation order, then moves that only capture one's own markers (least
// lost first). Quiet moves are most of the list, so they are not sorted.
func rankCandidates(cs []candidate) {
	var good, quiet, bad []candidate
	for _, c := range cs {
		switch {
		case c.enemy > 0:
			good = append(good, c)
		case c.own == 0:
			quiet = append(quiet, c)
		default:
			bad = append(bad, c)
		}
	}
	byGain := func(a, b candidate) int {
		if na, nb := a.enemy-a.own, b.enemy-b.own; na != nb {
			return nb - na
		}
		return b.enemy - a.enemy
	}
	slices.SortStableFunc(good, byGain)
	slices.SortStableFunc(bad, byGain)
	n := copy(cs, good)
	n += copy(cs[n:], quiet)
	copy(cs[n:], bad)
}

// Legal lists every move the seat may type now, best first.
func (s *state) Legal(seat int) []string {
	if s.Result != nil || seat < 0 || seat >= len(s.Players) || !s.active(seat) {
		return nil
	}
	var out []string
	if seat == s.Turn {
		cs := s.boardMoves(seat)
		rankCandidates(cs)
		for _, c := range cs {
			out = append(out, formatMove(c.m))
		}
	}
	out = append(out, s.drawMoves(seat)...)
	return out
}

// drawMoves are the draw-offer moves open to a seat.
func (s *state) drawMoves(seat int) []string {
	switch {
	case !s.drawPending():
		if seat == s.Turn {
			return []string{"draw"}
		}
	case !s.DrawAgreed[seat]:
		return []string{"draw", "refuse"}
	}
	return nil
}
