package hijack

import (
	"fmt"
	"strconv"
	"strings"

	"standoff/internal/games"
)

// The state offers a guided menu.
var (
	_ games.State   = (*state)(nil)
	_ games.Refiner = (*state)(nil)
)

// maxChoices is Discord's limit of options per menu.
const maxChoices = 25

// Prompts: the seat on turn gets a guided menu; while a draw is offered,
// every other seat that has not agreed is asked to answer it.
func (s *state) Prompts() []games.Prompt {
	if s.Result != nil {
		return nil
	}
	text, choices := s.topMenu(s.Turn)
	out := []games.Prompt{{Seat: s.Turn, Text: text, Choices: choices, Turn: true}}
	if s.drawPending() {
		for _, p := range s.activeSeats() {
			if p == s.Turn || s.DrawAgreed[p] {
				continue
			}
			out = append(out, games.Prompt{
				Seat:    p,
				Text:    fmt.Sprintf("%s, a draw is offered by %s. Accept it?", s.name(p), s.offerers()),
				Choices: []games.Choice{{Label: "Accept the draw", Move: "draw"}, {Label: "Refuse the draw", Move: "refuse"}},
				Default: "refuse",
			})
		}
	}
	return out
}

func (s *state) offerers() string {
	var seats []int
	for p, a := range s.DrawAgreed {
		if a && s.active(p) {
			seats = append(seats, p)
		}
	}
	return s.joinNames(seats)
}

// menu is the set of a seat's legal board moves, indexed for the menus.
type menu struct {
	s     *state
	seat  int
	moves []candidate
}

// menuFor builds the menu with the best moves first.
func (s *state) menuFor(seat int) *menu {
	cs := s.boardMoves(seat)
	rankCandidates(cs)
	return &menu{s: s, seat: seat, moves: cs}
}

// fromCells lists the cells where a marker move, cell move or rotation
// starts, in letter order.
func (mu *menu) fromCells() []int {
	has := make([]bool, mu.s.geo.cells)
	for _, c := range mu.moves {
		if c.m.Kind != addMarker {
			has[c.m.From] = true
		}
	}
	var out []int
	for c, h := range has {
		if h {
			out = append(out, c)
		}
	}
	return out
}

func (mu *menu) addCells() []int {
	if mu.s.Hand[mu.seat] == 0 {
		return nil
	}
	var out []int
	for c := 0; c < mu.s.geo.cells; c++ {
		if len(mu.s.emptySlots(c)) > 0 {
			out = append(out, c)
		}
	}
	return out
}

// cellSummary shows a cell's markers, e.g. "h: O1 X5" or "h: empty".
func (s *state) cellSummary(c int) string {
	var parts []string
	for d := 0; d < slotsPerCell; d++ {
		if v := s.slot(c, d); v != empty {
			parts = append(parts, fmt.Sprintf("%s%d", markerLetters[v], d))
		}
	}
	if len(parts) == 0 {
		return s.geo.names[c] + ": empty"
	}
	return s.geo.names[c] + ": " + strings.Join(parts, " ")
}

func (s *state) topMenu(seat int) (string, []games.Choice) {
	// Count without building the move list: prompts are asked for often.
	caps, adds := 0, 0
	has := make([]bool, s.geo.cells)
	s.eachMove(seat, func(c candidate) {
		switch {
		case c.m.Kind == addMarker:
			adds++
			return
		case c.m.Kind == moveCell && c.m.Rot == 0 && c.enemy > 0:
			caps++
		}
		has[c.m.From] = true
	})
	var from []int
	for c, h := range has {
		if h {
			from = append(from, c)
		}
	}
	var choices []games.Choice
	if s.drawPending() && !s.DrawAgreed[seat] {
		choices = append(choices, games.Choice{Label: "Accept the draw offer", Move: "draw"}, games.Choice{Label: "Refuse the draw offer", Move: "refuse"})
	}
	if caps > 0 {
		choices = append(choices, games.Choice{Label: fmt.Sprintf("Capture enemy markers (%s)", counted(caps, "way", "ways")), Refine: "cap"})
	}
	if adds > 0 {
		choices = append(choices, games.Choice{Label: fmt.Sprintf("Add a marker (%d in hand)", s.Hand[seat]), Refine: "add"})
	}
	tail := 0
	if !s.drawPending() {
		tail = 1
	}
	if len(choices)+len(from)+tail <= maxChoices {
		for _, c := range from {
			choices = append(choices, games.Choice{Label: "Cell " + s.cellSummary(c), Refine: "cell." + s.geo.names[c]})
		}
	} else if len(from) > 0 {
		choices = append(choices, games.Choice{Label: "Move a marker or a cell", Refine: "from"})
	}
	if tail == 1 {
		choices = append(choices, games.Choice{Label: "Offer a draw", Move: "draw"})
	}
	text := fmt.Sprintf("%s, your move: add a marker, move one of your markers, or move a cell.", s.name(seat))
	return text, choices
}

// captureTargets lists distinct (from, to) cell moves capturing enemy
// markers, best first.
func (mu *menu) captureTargets() []candidate {
	var out []candidate
	seen := map[[2]int]bool{}
	for _, c := range mu.moves {
		if c.m.Kind != moveCell || c.enemy == 0 {
			continue
		}
		k := [2]int{c.m.From, c.m.To}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, c)
	}
	return out
}

// Refine opens one level of the guided menu. Keys: "add", "add.2" (row 2),
// "add.h", "from", "from.2", "cell.h", "mk.h1", "mk.h1.j", "cm.h", "cm.h.j", "cap";
// "@n" at the end shows the page starting at choice n.
func (s *state) Refine(seat int, key string) (string, []games.Choice) {
	if s.Result != nil {
		return "The game is over.", nil
	}
	if seat != s.Turn {
		if seat >= 0 && seat < len(s.Players) && s.drawPending() && s.active(seat) && !s.DrawAgreed[seat] {
			return "A draw is offered. Accept it?", []games.Choice{{Label: "Accept the draw", Move: "draw"}, {Label: "Refuse the draw", Move: "refuse"}}
		}
		return fmt.Sprintf("It is %s's turn, not yours.", s.Players[s.Turn]), nil
	}
	offset := 0
	if i := strings.LastIndexByte(key, '@'); i >= 0 {
		n, err := strconv.Atoi(key[i+1:])
		if err == nil && n >= 0 {
			offset = n
		}
		key = key[:i]
	}
	text, choices, ok := s.refineKey(seat, key)
	if !ok {
		text, choices = s.topMenu(seat)
		return "That choice is no longer available; choose again. " + text, page(choices, key, 0)
	}
	return text, page(choices, key, offset)
}

// page cuts a long list into pages of 24 choices plus "More".
func page(choices []games.Choice, key string, offset int) []games.Choice {
	if len(choices) <= maxChoices {
		return choices
	}
	if offset >= len(choices) {
		offset = 0
	}
	end := offset + maxChoices - 1
	if end >= len(choices) {
		return choices[offset:]
	}
	out := append([]games.Choice(nil), choices[offset:end]...)
	return append(out, games.Choice{Label: fmt.Sprintf("More... (%d of %d shown)", end, len(choices)), Refine: fmt.Sprintf("%s@%d", key, end)})
}

func (s *state) refineKey(seat int, key string) (string, []games.Choice, bool) {
	g := s.geo
	mu := s.menuFor(seat)
	parts := strings.Split(key, ".")
	cellArg := func(i int) (int, bool) {
		if len(parts) <= i {
			return 0, false
		}
		c, ok := g.index[parts[i]]
		return c, ok
	}
	switch parts[0] {
	case "top":
		t, c := s.topMenu(seat)
		return t, c, true
	case "cap":
		var out []games.Choice
		for _, c := range mu.captureTargets() {
			out = append(out, s.cellMoveChoice(c))
		}
		return "Which capture?", out, len(out) > 0
	case "add":
		cells := mu.addCells()
		if len(cells) == 0 {
			return "", nil, false
		}
		if len(parts) == 1 {
			return s.cellPicker("Add a marker to which cell?", "add", cells)
		}
		if isRowKey(parts[1]) {
			return s.rowPicker("Add a marker to which cell?", "add", cells, parts[1])
		}
		c, ok := cellArg(1)
		if !ok || !contains(cells, c) {
			return "", nil, false
		}
		var out []games.Choice
		for _, d := range s.emptySlots(c) {
			out = append(out, games.Choice{Label: fmt.Sprintf("%s%d (points %s)", g.names[c], d, dirNames[d]), Move: formatMove(move{Kind: addMarker, From: c, FromSlot: d, To: c, ToSlot: d})})
		}
		return fmt.Sprintf("Add a marker to which slot of cell %s?", g.names[c]), out, true
	case "from":
		cells := mu.fromCells()
		if len(cells) == 0 {
			return "", nil, false
		}
		if len(parts) == 1 {
			return s.cellPicker("Move from which cell?", "cell", cells)
		}
		return s.rowPicker("Move from which cell?", "cell", cells, parts[1])
	case "cell":
		c, ok := cellArg(1)
		if !ok {
			return "", nil, false
		}
		return mu.cellMenu(c)
	case "mk":
		if len(parts) < 2 {
			return "", nil, false
		}
		c, d, ok := s.slotArg(parts[1])
		if !ok {
			return "", nil, false
		}
		if len(parts) == 2 {
			return mu.markerDestinations(c, d)
		}
		to, ok := cellArg(2)
		if !ok {
			return "", nil, false
		}
		return mu.markerSlots(c, d, to)
	case "cm":
		c, ok := cellArg(1)
		if !ok {
			return "", nil, false
		}
		if len(parts) == 2 {
			return mu.cellDestinations(c)
		}
		to, ok := cellArg(2)
		if !ok {
			return "", nil, false
		}
		return mu.rotations(c, to)
	}
	return "", nil, false
}

// slotArg reads "h1".
func (s *state) slotArg(t string) (int, int, bool) {
	if len(t) < 2 {
		return 0, 0, false
	}
	c, ok := s.geo.index[t[:len(t)-1]]
	d := int(t[len(t)-1] - '0')
	if !ok || d < 0 || d >= slotsPerCell {
		return 0, 0, false
	}
	return c, d, true
}

// cellPicker lists cells directly when they fit, else the rows holding them.
func (s *state) cellPicker(text, prefix string, cells []int) (string, []games.Choice, bool) {
	g := s.geo
	var out []games.Choice
	if len(cells) <= maxChoices {
		for _, c := range cells {
			out = append(out, games.Choice{Label: "Cell " + s.cellSummary(c), Refine: prefix + "." + g.names[c]})
		}
		return text, out, true
	}
	for i, row := range g.rows {
		n := 0
		for _, c := range row {
			if contains(cells, c) {
				n++
			}
		}
		if n > 0 {
			out = append(out, games.Choice{Label: fmt.Sprintf("Cells %s (%d)", g.rowLabel(i), n), Refine: fmt.Sprintf("%s.%d", rowPrefix(prefix), i)})
		}
	}
	return text + " Pick its row first.", out, true
}

// isRowKey tells a row number ("add.2") from a cell name ("add.r"): cell
// names are letters only.
func isRowKey(part string) bool {
	_, err := strconv.Atoi(part)
	return err == nil
}

// rowPrefix maps a cell-level prefix to the key that lists a row.
func rowPrefix(prefix string) string {
	if prefix == "cell" {
		return "from"
	}
	return prefix
}

func (s *state) rowPicker(text, prefix string, cells []int, arg string) (string, []games.Choice, bool) {
	i, err := strconv.Atoi(arg)
	if err != nil || i < 0 || i >= len(s.geo.rows) {
		return "", nil, false
	}
	if prefix == "from" {
		prefix = "cell"
	}
	var out []games.Choice
	for _, c := range s.geo.rows[i] {
		if contains(cells, c) {
			out = append(out, games.Choice{Label: "Cell " + s.cellSummary(c), Refine: prefix + "." + s.geo.names[c]})
		}
	}
	return text, out, len(out) > 0
}

func (mu *menu) cellMenu(c int) (string, []games.Choice, bool) {
	s, g := mu.s, mu.s.geo
	var out []games.Choice
	markerSlots := map[int]bool{}
	cellMoves := 0
	var rots []candidate
	for _, x := range mu.moves {
		if x.m.From != c {
			continue
		}
		switch x.m.Kind {
		case moveMarker:
			markerSlots[x.m.FromSlot] = true
		case moveCell:
			if x.m.Rot == 0 {
				cellMoves++
			}
		case rotateCell:
			rots = append(rots, x)
		}
	}
	for d := 0; d < slotsPerCell; d++ {
		if markerSlots[d] {
			out = append(out, games.Choice{Label: fmt.Sprintf("Move your marker %s%d (points %s)", g.names[c], d, dirNames[d]), Refine: fmt.Sprintf("mk.%s%d", g.names[c], d)})
		}
	}
	if cellMoves > 0 {
		out = append(out, games.Choice{Label: fmt.Sprintf("Move cell %s (%s)", g.names[c], counted(cellMoves, "destination", "destinations")), Refine: "cm." + g.names[c]})
	}
	for _, x := range rots {
		out = append(out, games.Choice{Label: fmt.Sprintf("Rotate cell %s %s in place", g.names[c], rotationText(x.m.Rot)), Move: formatMove(x.m)})
	}
	return "Cell " + s.cellSummary(c) + ". What do you do with it?", out, len(out) > 0
}

func (mu *menu) markerDestinations(c, d int) (string, []games.Choice, bool) {
	g := mu.s.geo
	count := map[int]int{}
	var order []int
	for _, x := range mu.moves {
		if x.m.Kind == moveMarker && x.m.From == c && x.m.FromSlot == d {
			if count[x.m.To] == 0 {
				order = append(order, x.m.To)
			}
			count[x.m.To]++
		}
	}
	var out []games.Choice
	for _, to := range order {
		label := fmt.Sprintf("To cell %s (%d empty slots)", g.names[to], count[to])
		if to == c {
			label = fmt.Sprintf("Within cell %s (%d empty slots)", g.names[to], count[to])
		}
		out = append(out, games.Choice{Label: label, Refine: fmt.Sprintf("mk.%s%d.%s", g.names[c], d, g.names[to])})
	}
	return fmt.Sprintf("Move marker %s%d to which cell?", g.names[c], d), out, len(out) > 0
}

func (mu *menu) markerSlots(c, d, to int) (string, []games.Choice, bool) {
	g := mu.s.geo
	var out []games.Choice
	for _, x := range mu.moves {
		if x.m.Kind == moveMarker && x.m.From == c && x.m.FromSlot == d && x.m.To == to {
			out = append(out, games.Choice{Label: fmt.Sprintf("%s (to %s%d, points %s)", formatMove(x.m), g.names[to], x.m.ToSlot, dirNames[x.m.ToSlot]), Move: formatMove(x.m)})
		}
	}
	return fmt.Sprintf("Move marker %s%d to which slot of cell %s?", g.names[c], d, g.names[to]), out, len(out) > 0
}

// cellMoveChoice is one (from, to) cell move: the move itself, or with
// can_rotate the rotation menu for it.
func (s *state) cellMoveChoice(c candidate) games.Choice {
	g := s.geo
	label := fmt.Sprintf("%s-%s", g.names[c.m.From], g.names[c.m.To])
	enemy, own := c.enemy, c.own
	if enemy+own > 0 {
		label += ": capture " + s.captureText(s.markersOn(c.m.To))
	} else {
		label += " (empty cell, no capture)"
	}
	if s.Opts.CanRotate {
		return games.Choice{Label: label, Refine: fmt.Sprintf("cm.%s.%s", g.names[c.m.From], g.names[c.m.To])}
	}
	return games.Choice{Label: label, Move: formatMove(move{Kind: moveCell, From: c.m.From, To: c.m.To})}
}

func (s *state) markersOn(c int) []Marker {
	var out []Marker
	for d := 0; d < slotsPerCell; d++ {
		if v := s.slot(c, d); v != empty {
			out = append(out, Marker{Slot: d, Seat: int(v)})
		}
	}
	return out
}

func (mu *menu) cellDestinations(c int) (string, []games.Choice, bool) {
	var out []games.Choice
	for _, x := range mu.moves {
		if x.m.Kind == moveCell && x.m.From == c && x.m.Rot == 0 {
			out = append(out, mu.s.cellMoveChoice(x))
		}
	}
	return fmt.Sprintf("Move cell %s to which cell?", mu.s.geo.names[c]), out, len(out) > 0
}

func (mu *menu) rotations(c, to int) (string, []games.Choice, bool) {
	g := mu.s.geo
	var out []games.Choice
	for _, x := range mu.moves {
		if x.m.Kind == moveCell && x.m.From == c && x.m.To == to {
			label := fmt.Sprintf("%s: no rotation", formatMove(x.m))
			if x.m.Rot != 0 {
				label = fmt.Sprintf("%s: then rotate %s", formatMove(x.m), rotationText(x.m.Rot))
			}
			out = append(out, games.Choice{Label: label, Move: formatMove(x.m)})
		}
	}
	return fmt.Sprintf("Move cell %s to %s, then rotate it?", g.names[c], g.names[to]), out, len(out) > 0
}

// counted writes a count with its noun in the right number: "1 way", "3 ways".
func counted(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
