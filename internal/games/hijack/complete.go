package hijack

import (
	"strings"

	"standoff/internal/games"
)

var _ games.Completer = (*state)(nil)

// Complete is autocomplete for the move a seat is typing: the legal moves
// the text could be the start of, in any spelling the parser accepts
// ("bi2-bi" starts "bi2-bi4", written bi2-4), each listed once under its
// canonical spelling, the ones the player most likely means first:
//
//  1. the move the text already spells, when it is legal;
//  2. moves of the cell the text names ("a" on a size-6 board: cell a's
//     own moves before those of aa, ab, ...);
//  3. draw answers;
//  4. moves of cells whose names only start with the text.
//
// Within a group the order is Legal's (best captures first), except that
// cell moves with a turn come after the group's other moves.
func (s *state) Complete(seat int, typed string) []string {
	legal := s.Legal(seat)
	t := strings.ToLower(strings.Join(strings.Fields(typed), ""))
	if t == "" {
		return legal
	}
	exact := ""
	if m, err := parseMove(t); err == nil && (m.Kind == offerDraw || m.Kind == refuseDraw || s.check(seat, m) == nil) {
		if m.Kind == moveCell || m.Kind == rotateCell {
			m.Rot = s.plainRotation(m.From, m.Rot)
		}
		exact = formatMove(m)
	}
	letters := t
	if i := strings.IndexFunc(t, func(r rune) bool { return r < 'a' || r > 'z' }); i >= 0 {
		letters = t[:i]
	}
	// Each group keeps cell moves that also turn the cell in a second list
	// behind the rest: with can_rotate every capture comes in up to six
	// turns, which would otherwise fill the 25 places with one capture.
	var groups [4][2][]string
	for _, mv := range legal {
		m, err := parseMove(mv)
		if err != nil || !s.spelledFrom(m, t) {
			continue
		}
		turned := 0
		if m.Kind == moveCell && m.Rot != 0 {
			turned = 1
		}
		switch {
		case mv == exact:
			groups[0][0] = append(groups[0][0], mv)
		case m.Kind == offerDraw || m.Kind == refuseDraw:
			groups[2][0] = append(groups[2][0], mv)
		case cellName(m.From) == letters:
			groups[1][turned] = append(groups[1][turned], mv)
		default:
			groups[3][turned] = append(groups[3][turned], mv)
		}
	}
	var out []string
	for _, g := range groups {
		out = append(out, g[0]...)
		out = append(out, g[1]...)
	}
	return out
}

// spelledFrom says whether typed (lower case, no spaces) is the start of
// some spelling of the canonical move m.
func (s *state) spelledFrom(m move, typed string) bool {
	for _, sp := range s.spellings(m) {
		if strings.HasPrefix(sp, typed) {
			return true
		}
	}
	return false
}

// spellings lists the ways the parser accepts to write a legal move: the
// canonical one, the long marker forms (a1-a4 for a1-4, a1-b1 for a1-b),
// and every run of + or - that turns the cell to the same look.
func (s *state) spellings(m move) []string {
	from := cellName(m.From)
	switch m.Kind {
	case offerDraw:
		return []string{"draw"}
	case refuseDraw:
		return []string{"refuse", "decline"}
	case moveMarker:
		return []string{formatMove(m), from + slotDigits[m.FromSlot] + "-" + cellName(m.To) + slotDigits[m.ToSlot]}
	case moveCell, rotateCell:
		head := from
		if m.Kind == moveCell {
			head += "-" + cellName(m.To)
		}
		var out []string
		want := s.rotated(m.From, m.Rot)
		for k := 0; k < slotsPerCell; k++ {
			if s.rotated(m.From, k) != want {
				continue
			}
			if k == 0 {
				if m.Kind == moveCell {
					out = append(out, head)
				}
				continue
			}
			out = append(out, head+strings.Repeat("+", k), head+strings.Repeat("-", slotsPerCell-k))
		}
		return out
	}
	return []string{formatMove(m)}
}
