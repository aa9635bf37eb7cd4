package hijack

import (
	"errors"
	"fmt"

	"standoff/internal/games"
)

// botLevels: 1 plays safe (never loses a marker to a capture it can see one
// move ahead) but aimlessly; 2 also sets up captures; 3 also prefers forks
// (two capture threats at once), the theme of the rulebook's example.
const botLevels = 3

// Scores: material dominates, so the threat terms only break ties between
// moves that are equally safe. threatCap keeps the terms below one marker.
const (
	materialWeight = 1000
	threatCap      = materialWeight - 10
	winScore       = 1 << 40
)

// chooseMove is Kind.Bot. It searches each legal move, then every capture
// any opponent could answer with (the only replies that cost markers), and
// scores the result by material, then by the captures left for the bot.
func chooseMove(gs games.State, seat, level int, rng *games.RNG) (string, error) {
	s, ok := gs.(*state)
	if !ok {
		return "", errors.New("hijack bot: not a hijack game")
	}
	if s.Result != nil {
		return "", errors.New("hijack bot: the game is over")
	}
	if seat < 0 || seat >= len(s.Players) || !s.active(seat) {
		return "", fmt.Errorf("hijack bot: seat %d is not playing", seat)
	}
	if level < 1 {
		level = 1
	}
	if level > botLevels {
		level = botLevels
	}
	behind := s.materialOf(seat, s.totals()) < 0
	if seat != s.Turn {
		if s.drawPending() && !s.DrawAgreed[seat] {
			if behind {
				return "draw", nil
			}
			return "refuse", nil
		}
		return "", fmt.Errorf("hijack bot: it is not seat %d's turn", seat)
	}
	if s.drawPending() && !s.DrawAgreed[seat] && behind {
		return "draw", nil
	}
	cands := s.boardMoves(seat)
	if len(cands) == 0 {
		return "", errors.New("hijack bot: no legal move")
	}
	games.Shuffle(rng, cands) // ties go to a random move, reproducibly
	se := newSearch(s, seat, level)
	best, bestScore := -1, int64(0)
	for i, c := range cands {
		v := se.score(c.m)
		if best < 0 || v > bestScore {
			best, bestScore = i, v
		}
	}
	return formatMove(cands[best].m), nil
}

// totals counts each seat's markers, board plus hand.
func (s *state) totals() []int {
	t := append([]int(nil), s.Hand...)
	for _, v := range s.Board {
		if v != empty {
			t[v]++
		}
	}
	return t
}

// materialOf is a seat's markers against its remaining opponents': own
// markers times the number of opponents minus theirs, so one marker taken
// from any opponent is worth one point.
func (s *state) materialOf(seat int, tot []int) int {
	k, sum := 0, 0
	for p := range tot {
		if p != seat && s.active(p) {
			k++
			sum += tot[p]
		}
	}
	return tot[seat]*k - sum
}

// search holds scratch space so scoring a move does not allocate.
type search struct {
	s      *state
	g      *geometry
	seat   int
	level  int
	b1, b2 []int8
	t0     []int // totals at the root
	t1, t2 []int
	k0     int // opponents at the root
	gains  []int
	hit    []int
	seen   map[uint64]bool
	ahead  bool
}

func newSearch(s *state, seat, level int) *search {
	n := len(s.Board)
	se := &search{s: s, g: s.geo, seat: seat, level: level,
		b1: make([]int8, n), b2: make([]int8, n),
		t1: make([]int, len(s.Players)), t2: make([]int, len(s.Players)),
		gains: make([]int, s.geo.cells), seen: map[uint64]bool{}}
	se.t0 = s.totals()
	for p := range s.Players {
		if p != seat && s.active(p) {
			se.k0++
		}
	}
	for _, h := range s.Seen {
		se.seen[h] = true
	}
	se.ahead = s.materialOf(seat, s.totals()) > 0
	return se
}

// score rates one of the bot's moves: the worst material (then threat)
// over the null reply and every capture an opponent could make.
func (se *search) score(m move) int64 {
	s := se.s
	copy(se.b1, s.Board)
	copy(se.t1, se.t0)
	applyRaw(se.g, se.b1, se.t1, se.seat, m, true)
	if v, done := se.terminal(se.t1); done {
		return v
	}
	worst := se.leaf(se.b1, se.t1)
	se.forCaptures(se.b1, func(from, to int) bool {
		copy(se.b2, se.b1)
		copy(se.t2, se.t1)
		applyRaw(se.g, se.b2, se.t2, -1, move{Kind: moveCell, From: from, To: to}, false)
		v, done := se.terminal(se.t2)
		if !done {
			v = se.leaf(se.b2, se.t2)
		}
		if v < worst {
			worst = v
		}
		return true
	})
	if se.ahead && m.Kind != addMarker && se.repeats() {
		worst-- // when ahead, steer away from a draw by repetition
	}
	return worst
}

// repeats says whether the move recreates a position seen since the last
// capture or addition.
func (se *search) repeats() bool {
	return se.seen[hashPosition(se.b1, se.s.nextActive(se.seat))]
}

func (s *state) nextActive(from int) int {
	return games.NextSeat(len(s.Players), from, 1, s.active)
}

// terminal scores eliminations: the bot out is a loss, everyone else out a win.
func (se *search) terminal(t []int) (int64, bool) {
	if t[se.seat] <= 1 {
		return -winScore, true
	}
	for p := range t {
		if p != se.seat && se.s.active(p) && t[p] > 1 {
			return 0, false
		}
	}
	return winScore, true
}

// leaf scores a position with the bot to move: material first, then (level
// 2+) its best capture, then (level 3) a second capture on another cell.
func (se *search) leaf(b []int8, t []int) int64 {
	v := int64(se.material(t)) * materialWeight
	if se.level < 2 {
		return v
	}
	best, second := 0, 0
	se.hit = se.hit[:0]
	se.forCaptures(b, func(from, to int) bool {
		if gn := se.gain(b, to); gn > se.gains[to] {
			if se.gains[to] == 0 {
				se.hit = append(se.hit, to)
			}
			se.gains[to] = gn
		}
		return true
	})
	// The two best capture targets on different cells: a fork.
	for _, to := range se.hit {
		switch gn := se.gains[to]; {
		case gn > best:
			best, second = gn, best
		case gn > second:
			second = gn
		}
		se.gains[to] = 0
	}
	threat := best * 40
	if se.level >= 3 {
		threat += second * 20
	}
	if threat > threatCap {
		threat = threatCap
	}
	return v + int64(threat)
}

// material is the bot's markers times its opponents at the root, minus
// theirs, plus a bonus for each opponent knocked out (3 players).
func (se *search) material(t []int) int {
	v := t[se.seat] * se.k0
	for p := range t {
		if p != se.seat && se.s.active(p) {
			v -= t[p]
			if t[p] <= 1 {
				v += 3
			}
		}
	}
	return v
}

// gain is what capturing cell to is worth to the bot.
func (se *search) gain(b []int8, to int) int {
	g := 0
	for d := 0; d < slotsPerCell; d++ {
		switch v := b[to*slotsPerCell+d]; {
		case v == empty:
		case int(v) == se.seat:
			g -= se.k0
		case se.s.active(int(v)):
			g++
		}
	}
	return g
}

// maxCells is the number of cells on the largest board.
const maxCells = 3*maxSize*(maxSize-1) + 1

// forCaptures calls f for every cell move that lands on an occupied cell:
// from each marker's cell along its direction to the first occupied cell.
// Captures are open to whoever moves, whatever the markers' colours.
//
// The occupancy table is local to each call, never search scratch: f may
// scan another board (the look-ahead does, for the replies), and a shared
// table would then describe that board when this scan resumes.
func (se *search) forCaptures(b []int8, f func(from, to int) bool) {
	g := se.g
	var occ [maxCells]int8
	for c := 0; c < g.cells; c++ {
		var n int8
		for d := 0; d < slotsPerCell; d++ {
			if b[c*slotsPerCell+d] != empty {
				n++
			}
		}
		occ[c] = n
	}
	for c := 0; c < g.cells; c++ {
		if occ[c] == 0 {
			continue
		}
		for d := 0; d < slotsPerCell; d++ {
			if b[c*slotsPerCell+d] == empty {
				continue
			}
			for _, nc := range g.ray[c][d] {
				if occ[nc] > 0 {
					if !f(c, nc) {
						return
					}
					break
				}
			}
		}
	}
}

// applyRaw plays a move on a bare board and totals (captures reduce them).
func applyRaw(g *geometry, b []int8, t []int, seat int, m move, rotate bool) {
	switch m.Kind {
	case addMarker:
		b[m.From*slotsPerCell+m.FromSlot] = int8(seat)
	case moveMarker:
		b[m.From*slotsPerCell+m.FromSlot] = empty
		b[m.To*slotsPerCell+m.ToSlot] = int8(seat)
	case moveCell, rotateCell:
		var p [slotsPerCell]int8
		for d := 0; d < slotsPerCell; d++ {
			p[((d+m.Rot)%6+6)%6] = b[m.From*slotsPerCell+d]
			b[m.From*slotsPerCell+d] = empty
		}
		to := m.To
		if m.Kind == rotateCell {
			to = m.From
		}
		for d := 0; d < slotsPerCell; d++ {
			if v := b[to*slotsPerCell+d]; v != empty {
				t[v]--
			}
			b[to*slotsPerCell+d] = p[d]
		}
	}
}
