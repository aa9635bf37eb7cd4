package hijack

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// View is the public view of a Hijack game: everything is public.
type View struct {
	Size    int          `json:"size"`
	Cells   []CellView   `json:"cells"` // in letter order
	Players []PlayerView `json:"players"`
	// Turn is the seat to move; -1 when the game is over.
	Turn    int         `json:"turn"`
	Last    *LastMove   `json:"last,omitempty"`
	Options OptionsView `json:"options"`
	// DrawOffer lists the seats agreeing to a pending draw offer.
	DrawOffer []int  `json:"draw_offer,omitempty"`
	Over      bool   `json:"over"`
	Result    string `json:"result,omitempty"`
}

// CellView is one cell: its name, axial coordinates (Q grows to the right,
// R downwards within a column) and the owner of each slot (-1 when empty).
type CellView struct {
	Name  string            `json:"name"`
	Q     int               `json:"q"`
	R     int               `json:"r"`
	Slots [slotsPerCell]int `json:"slots"`
}

// PlayerView is one seat's standing.
type PlayerView struct {
	Name    string `json:"name"`
	Marker  string `json:"marker"` // "O", "X" or "Z"
	On      int    `json:"on"`
	In      int    `json:"in"`
	Removed bool   `json:"removed"`
	Rank    int    `json:"rank,omitempty"` // when the game is over
	// Drew marks a seat ranked first in a drawn game: no winner.
	Drew bool `json:"drew,omitempty"`
	// Bot marks a seat the bot plays now (games.AutomatedSeats).
	Bot bool `json:"bot,omitempty"`
}

// MarkAutomated marks a seat the bot plays: the table knows it (a seat
// handed over by a vote keeps its player's name), the engine does not.
func (v *View) MarkAutomated(seat int) {
	if seat >= 0 && seat < len(v.Players) {
		v.Players[seat].Bot = true
	}
}

// OptionsView are the game's options.
type OptionsView struct {
	Size        int  `json:"size"`
	NumPieces   int  `json:"num_pieces"`
	CanRotate   bool `json:"can_rotate"`
	InPlace     bool `json:"in_place"`
	BlockMarker bool `json:"block_marker"`
}

// Switches names the house-rule options that are on, as the seed spells them.
func (o OptionsView) Switches() []string {
	var on []string
	if o.CanRotate {
		on = append(on, "can_rotate")
	}
	if o.InPlace {
		on = append(on, "in_place")
	}
	if o.BlockMarker {
		on = append(on, "block_marker")
	}
	return on
}

// MarkerLetter is the letter of a seat's markers.
func MarkerLetter(seat int) string { return markerLetters[seat] }

// Public is what the whole table sees.
func (s *state) Public() games.View {
	g := s.geo
	v := &View{
		Size: s.Opts.Size,
		Turn: s.Turn,
		Options: OptionsView{Size: s.Opts.Size, NumPieces: s.Opts.NumPieces, CanRotate: s.Opts.CanRotate,
			InPlace: s.Opts.InPlace, BlockMarker: s.Opts.BlockMarker},
		Over: s.Result != nil,
	}
	for c := 0; c < g.cells; c++ {
		cv := CellView{Name: g.names[c], Q: g.q[c], R: g.r[c]}
		for d := 0; d < slotsPerCell; d++ {
			cv.Slots[d] = int(s.slot(c, d))
		}
		v.Cells = append(v.Cells, cv)
	}
	for p, name := range s.Players {
		pv := PlayerView{Name: name, Marker: markerLetters[p], On: s.onBoard(p), In: s.Hand[p], Removed: !s.active(p)}
		if s.Result != nil {
			pv.Rank = s.Result.Rank[p]
			pv.Drew = s.Result.ResultOf(p) == games.Drew
		}
		v.Players = append(v.Players, pv)
	}
	if s.Last != nil {
		l := *s.Last
		l.Captured = append([]Marker(nil), s.Last.Captured...)
		v.Last = &l
	}
	for p, a := range s.DrawAgreed {
		if a && s.active(p) {
			v.DrawOffer = append(v.DrawOffer, p)
		}
	}
	if s.Result != nil {
		v.Turn = -1
		v.Result = s.Result.Text
	}
	return v
}

// Text is the pbmserv ASCII board with the score lines and direction key,
// followed by whose turn it is and the last move.
func (v *View) Text() string {
	var b strings.Builder
	b.WriteString(v.Board())
	b.WriteString("\n")
	if v.Last != nil {
		fmt.Fprintf(&b, "Last move: %s (%s) %s", v.Players[v.Last.Seat].Name, v.Players[v.Last.Seat].Marker, v.Last.Move)
		if len(v.Last.Captured) > 0 {
			var parts []string
			for _, m := range v.Last.Captured {
				parts = append(parts, fmt.Sprintf("%s%s%d", v.Players[m.Seat].Marker, v.Last.To, m.Slot))
			}
			fmt.Fprintf(&b, ", capturing %s", strings.Join(parts, " "))
		}
		b.WriteString("\n")
	}
	var out []string
	for _, p := range v.Players {
		if p.Removed {
			out = append(out, p.Name+" ("+p.Marker+")")
		}
	}
	if len(out) > 0 {
		fmt.Fprintf(&b, "Removed: %s\n", strings.Join(out, ", "))
	}
	if len(v.DrawOffer) > 0 {
		var names []string
		for _, p := range v.DrawOffer {
			names = append(names, v.Players[p].Name)
		}
		fmt.Fprintf(&b, "Draw offered; agreed so far: %s\n", strings.Join(names, ", "))
	}
	if v.Over {
		b.WriteString(v.Result + "\n")
	} else {
		p := v.Players[v.Turn]
		fmt.Fprintf(&b, "%s (%s) to move.\n", p.Name, p.Marker)
	}
	if opts := v.Options.Switches(); len(opts) > 0 {
		fmt.Fprintf(&b, "Options: %s\n", strings.Join(opts, ", "))
	}
	return b.String()
}

// Board draws the seed's ASCII board. A cell whose top edge starts at
// column x, line y looks like this (its left corner at x-3, right at x+9):
//
//	   +-----+
//	  /   0   \
//	 / 5     1 \
//	+     c     +
//	 \ 4     2 /
//	  \   3   /
//	   +-----+
//
// Neighbouring columns are 9 characters and 3 lines apart; cells in a
// column 6 lines apart. The score lines start 4 columns right of the board
// with "On   In" above them, and the direction key sits beside the centre row.
func (v *View) Board() string {
	n := v.Size
	width := 18*n - 5 + 1
	scoreCol := width + 3
	keyX := scoreCol + 7
	height := 12*(n-1) + 7
	scores := make([]string, len(v.Players))
	// Lines are as wide as the key or the longest score line, whichever is
	// wider: a removed player's line ends with " out" past the key's edge.
	lineLen := keyX + 10
	for i, p := range v.Players {
		scores[i] = fmt.Sprintf("%s: %2d (%2d + %2d )", p.Marker, p.On+p.In, p.On, p.In)
		if p.Removed {
			scores[i] += " out"
		}
		lineLen = max(lineLen, scoreCol+len(scores[i]))
	}
	lines := make([][]byte, height)
	for i := range lines {
		lines[i] = []byte(strings.Repeat(" ", lineLen))
	}
	put := func(x, y int, s string) {
		copy(lines[y][x:], s)
	}
	mark := func(seat int) string {
		if seat < 0 {
			return "."
		}
		return v.Players[seat].Marker
	}
	drawCell := func(x, y int, name string, slot func(d int) string) {
		put(x, y, "+-----+")
		put(x-1, y+1, "/")
		put(x+3, y+1, slot(0))
		put(x+7, y+1, "\\")
		put(x-2, y+2, "/")
		put(x, y+2, slot(5))
		put(x+6, y+2, slot(1))
		put(x+8, y+2, "\\")
		put(x-3, y+3, "+")
		put(x+3, y+3, name)
		put(x+9, y+3, "+")
		put(x-2, y+4, "\\")
		put(x, y+4, slot(4))
		put(x+6, y+4, slot(2))
		put(x+8, y+4, "/")
		put(x-1, y+5, "\\")
		put(x+3, y+5, slot(3))
		put(x+7, y+5, "/")
		put(x, y+6, "+-----+")
	}
	for _, c := range v.Cells {
		x := 9*(c.Q+n-1) + 4
		y := 6*c.R + 3*c.Q + 6*(n-1)
		drawCell(x, y, c.Name, func(d int) string { return mark(c.Slots[d]) })
	}
	put(scoreCol+7, 0, "On   In")
	for i, line := range scores {
		put(scoreCol, 1+i, line)
	}
	key := fmt.Sprint
	drawCell(keyX, 6*(n-1), " ", func(d int) string { return key(d) })
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimRight(string(l), " "))
		b.WriteString("\n")
	}
	return b.String()
}
