package hijack

import (
	"fmt"
	"strings"
)

// moveKind says which of the rulebook's moves a move is.
type moveKind int

const (
	addMarker  moveKind = iota // "a5": add a marker from hand
	moveMarker                 // "a1-b", "a1-4", "a1-b4": move one's own marker
	moveCell                   // "a-b", "a-b++": move a cell (then maybe rotate it)
	rotateCell                 // "a+", "a-": rotate a cell in place
	offerDraw                  // "draw": offer or accept a draw
	refuseDraw                 // "refuse": turn a draw offer down
)

// move is a parsed move. Cells are board indices (cellNumber order), slots
// 0..5. Rot is the net rotation in clockwise steps, kept in -2..3 so each
// turn has one canonical spelling: + ++ +++ -- -.
type move struct {
	Kind     moveKind
	From     int
	FromSlot int
	To       int
	ToSlot   int
	Rot      int
}

// syntaxHelp is shown with every malformed move.
const syntaxHelp = `moves are written like "a5" (add a marker at a5), "a1-b" (move marker a1 to b1), ` +
	`"a1-4" (move marker a1 to a4), "a1-b4" (move marker a1 to b4), "a-b" (move cell a to b), ` +
	`"a-b++" (move cell a to b, then rotate it twice clockwise), "a+" / "a-" (rotate cell a ` +
	`clockwise / anticlockwise in place), "draw" (offer or accept a draw) or "refuse"`

// parseMove reads the pbmserv syntax, case-insensitively, ignoring spaces.
// It checks the shape of the move only; cell names are checked against the
// board by the state.
func parseMove(text string) (move, error) {
	t := strings.ToLower(strings.Join(strings.Fields(text), ""))
	switch t {
	case "":
		return move{}, fmt.Errorf("the move is empty; %s", syntaxHelp)
	case "draw":
		return move{Kind: offerDraw}, nil
	case "refuse", "decline":
		return move{Kind: refuseDraw}, nil
	}
	p := &scanner{s: t}
	from, err := p.cell()
	if err != nil {
		return move{}, err
	}
	if p.done() {
		return move{}, fmt.Errorf("%q names a cell but no move; %s", text, syntaxHelp)
	}
	if p.peekDigit() {
		slot, err := p.slot()
		if err != nil {
			return move{}, err
		}
		if p.done() {
			return move{Kind: addMarker, From: from, FromSlot: slot}, nil
		}
		if !p.eat('-') {
			return move{}, fmt.Errorf("%q: after the slot %s%d expected the end or \"-\"; %s", text, cellName(from), slot, syntaxHelp)
		}
		m := move{Kind: moveMarker, From: from, FromSlot: slot, To: from, ToSlot: slot}
		switch {
		case p.peekDigit():
			if m.ToSlot, err = p.slot(); err != nil {
				return move{}, err
			}
		case p.peekLetter():
			if m.To, err = p.cell(); err != nil {
				return move{}, err
			}
			if p.peekDigit() {
				if m.ToSlot, err = p.slot(); err != nil {
					return move{}, err
				}
			}
		default:
			return move{}, fmt.Errorf("%q: after \"-\" expected a cell or a slot; %s", text, syntaxHelp)
		}
		if !p.done() {
			return move{}, fmt.Errorf("%q: unexpected %q at the end; %s", text, p.rest(), syntaxHelp)
		}
		if m.To == m.From && m.ToSlot == m.FromSlot {
			return move{}, fmt.Errorf("%q moves a marker onto itself; name another slot, e.g. %s%d-%d", text, cellName(from), slot, (slot+1)%6)
		}
		return m, nil
	}
	if p.peekLetter() || (p.peek() == '-' && p.letterAfterDash()) {
		p.eat('-')
		to, err := p.cell()
		if err != nil {
			return move{}, err
		}
		rot, err := p.rotation(text, true)
		if err != nil {
			return move{}, err
		}
		if to == from {
			return move{}, fmt.Errorf("%q moves cell %s onto itself; to turn it in place write %s+ or %s-", text, cellName(from), cellName(from), cellName(from))
		}
		return move{Kind: moveCell, From: from, To: to, Rot: rot}, nil
	}
	rot, err := p.rotation(text, false)
	if err != nil {
		return move{}, err
	}
	return move{Kind: rotateCell, From: from, Rot: rot}, nil
}

// slotDigits spell slots without allocating.
var slotDigits = [slotsPerCell]string{"0", "1", "2", "3", "4", "5"}

// formatMove writes the canonical spelling; parseMove(formatMove(m)) == m.
func formatMove(m move) string {
	from := cellName(m.From)
	switch m.Kind {
	case addMarker:
		return from + slotDigits[m.FromSlot]
	case moveMarker:
		switch {
		case m.To == m.From:
			return from + slotDigits[m.FromSlot] + "-" + slotDigits[m.ToSlot]
		case m.ToSlot == m.FromSlot:
			return from + slotDigits[m.FromSlot] + "-" + cellName(m.To)
		default:
			return from + slotDigits[m.FromSlot] + "-" + cellName(m.To) + slotDigits[m.ToSlot]
		}
	case moveCell:
		return from + "-" + cellName(m.To) + rotationSuffix(m.Rot)
	case rotateCell:
		return from + rotationSuffix(m.Rot)
	case offerDraw:
		return "draw"
	case refuseDraw:
		return "refuse"
	}
	return "?"
}

// rotationSuffix spells a net rotation: 1..3 clockwise as +, -1..-2 as -.
func rotationSuffix(rot int) string {
	switch {
	case rot > 0:
		return "+++"[:rot]
	case rot < 0:
		return "--"[:-rot]
	}
	return ""
}

// normalRotation folds k clockwise steps into -2..3.
func normalRotation(k int) int {
	k = ((k % 6) + 6) % 6
	if k > 3 {
		k -= 6
	}
	return k
}

type scanner struct {
	s string
	i int
}

func (p *scanner) done() bool { return p.i >= len(p.s) }
func (p *scanner) peek() byte {
	if p.done() {
		return 0
	}
	return p.s[p.i]
}
func (p *scanner) peekDigit() bool  { c := p.peek(); return c >= '0' && c <= '9' }
func (p *scanner) peekLetter() bool { c := p.peek(); return c >= 'a' && c <= 'z' }
func (p *scanner) rest() string     { return p.s[p.i:] }
func (p *scanner) eat(c byte) bool {
	if p.peek() == c {
		p.i++
		return true
	}
	return false
}

// letterAfterDash tells "a-b" (a cell move) from "a-" (a rotation).
func (p *scanner) letterAfterDash() bool {
	return p.i+1 < len(p.s) && p.s[p.i+1] >= 'a' && p.s[p.i+1] <= 'z'
}

func (p *scanner) cell() (int, error) {
	start := p.i
	for p.peekLetter() {
		p.i++
	}
	name := p.s[start:p.i]
	if name == "" {
		return 0, fmt.Errorf("expected a cell name (letters such as a or h) at %q; %s", p.rest(), syntaxHelp)
	}
	c, ok := cellNumber(name)
	if !ok {
		return 0, fmt.Errorf("%q is not a cell name; cells are named a, b, ... z, aa, ab, ...", name)
	}
	return c, nil
}

func (p *scanner) slot() (int, error) {
	c := p.peek()
	p.i++
	if c > '5' {
		return 0, fmt.Errorf("there is no slot %c: slots are numbered 0 (up), 1 (up-right), 2 (down-right), 3 (down), 4 (down-left), 5 (up-left)", c)
	}
	if p.peekDigit() {
		return 0, fmt.Errorf("a slot is one digit from 0 to 5, not %q", p.s[p.i-1:p.i+1])
	}
	return int(c - '0'), nil
}

// rotation reads a run of + or - (1 to 5 of them). After a cell move the run
// may be empty.
func (p *scanner) rotation(text string, optional bool) (int, error) {
	if p.done() && optional {
		return 0, nil
	}
	sign := p.peek()
	if sign != '+' && sign != '-' {
		return 0, fmt.Errorf("%q: unexpected %q; %s", text, p.rest(), syntaxHelp)
	}
	k := 0
	for p.eat(sign) {
		k++
	}
	if !p.done() {
		return 0, fmt.Errorf("%q: unexpected %q (a rotation is a run of + for clockwise or - for anticlockwise); %s", text, p.rest(), syntaxHelp)
	}
	if k > 5 {
		return 0, fmt.Errorf("%q: a cell has 6 sides, so rotate it 1 to 5 steps (+ to +++++), not %d", text, k)
	}
	if sign == '-' {
		k = -k
	}
	return normalRotation(k), nil
}
