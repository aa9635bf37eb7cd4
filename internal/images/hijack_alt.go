package images

import (
	"fmt"
	"strings"

	"standoff/internal/games"
	"standoff/internal/games/hijack"
)

// HijackAlt says in words what Hijack's picture of a view shows, for
// screen readers (an attachment's description, built to altBudget):
// whose move, the players' counts, the last move, and every marker by
// cell and slot as the move syntax names them ("a3"). Everything in
// Hijack is public.
func HijackAlt(v games.View) string {
	hv, ok := v.(*hijack.View)
	if !ok || len(hv.Players) == 0 {
		return ""
	}
	return fitAltParts(hijackAltParts(hv), altBudget)
}

// hijackAltParts are the picture's facts with their priorities.
func hijackAltParts(hv *hijack.View) []altPart {
	head := fmt.Sprintf("Hijack, a board of %d cells a side (%d cells).", hv.Size, len(hv.Cells))
	switch {
	case hv.Over:
		head += " Game over. " + strings.TrimSpace(hv.Result)
		if !strings.HasSuffix(head, ".") && !strings.HasSuffix(head, "!") {
			head += "."
		}
	case hv.Turn >= 0 && hv.Turn < len(hv.Players):
		p := hv.Players[hv.Turn]
		head += fmt.Sprintf(" %s (%s) to move.", hijackSeatName(p, 32), p.Marker)
	}
	parts := []altPart{{text: head, prio: 1}, {text: hijackAltPlayers(hv), prio: 2}}
	if last := hijackAltLast(hv); last != "" {
		parts = append(parts, altPart{text: last, prio: 3})
	}
	parts = append(parts, hijackAltMarkers(hv)...)
	if len(hv.DrawOffer) > 0 {
		var names []string
		for _, p := range hv.DrawOffer {
			names = append(names, hijackSeatName(hv.Players[p], 32))
		}
		parts = append(parts, altPart{text: "A draw is offered; agreed so far: " + strings.Join(names, ", ") + ".", prio: 5})
	}
	if opts := hv.Options.Switches(); len(opts) > 0 {
		parts = append(parts, altPart{text: "Options: " + strings.Join(opts, ", ") + ".", prio: 6})
	}
	return parts
}

// hijackAltPlayers is each player's markers, on the board and in hand.
func hijackAltPlayers(v *hijack.View) string {
	var out []string
	for i, p := range v.Players {
		s := fmt.Sprintf("%s (%s, %s): %s, %d on the board and %d in hand", hijackSeatName(p, 32), p.Marker,
			hijackAltShape(i), count(p.On+p.In, "marker"), p.On, p.In)
		switch {
		case v.Over && p.Drew:
			s += ", drew"
		case v.Over && p.Rank == 1:
			s += ", winner"
		case v.Over && p.Rank > 0:
			s += fmt.Sprintf(", place %d", p.Rank)
		case p.Removed:
			s += ", removed"
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ") + "."
}

// hijackAltShape is the shape a seat's markers are drawn as.
func hijackAltShape(seat int) string {
	return [...]string{"blue circles", "red squares", "green diamonds"}[seat%3]
}

// hijackAltLast is the last move and what it captured.
func hijackAltLast(v *hijack.View) string {
	l := v.Last
	if l == nil || l.Seat < 0 || l.Seat >= len(v.Players) {
		return ""
	}
	who := v.Players[l.Seat]
	s := fmt.Sprintf("Last move: %s (%s) %s", hijackSeatName(who, 32), who.Marker, l.Move)
	if len(l.Captured) > 0 {
		count := map[int]int{}
		var order []int
		for _, m := range l.Captured {
			if count[m.Seat] == 0 {
				order = append(order, m.Seat)
			}
			count[m.Seat]++
		}
		var parts []string
		for _, seat := range order {
			parts = append(parts, fmt.Sprintf("%d %s", count[seat], v.Players[seat].Marker))
		}
		s += ", capturing " + strings.Join(parts, " and ")
	}
	return s + "."
}

// hijackAltMarkers lists each player's markers by cell and slot, a sentence
// each, or says the board is empty.
func hijackAltMarkers(v *hijack.View) []altPart {
	at := make([][]string, len(v.Players))
	for _, c := range v.Cells {
		for d, seat := range c.Slots {
			if seat >= 0 && seat < len(at) {
				at[seat] = append(at[seat], fmt.Sprintf("%s%d", c.Name, d))
			}
		}
	}
	var parts []altPart
	for seat, list := range at {
		if len(list) > 0 {
			parts = append(parts, altPart{text: fmt.Sprintf("%s markers at %s.", v.Players[seat].Marker, strings.Join(list, " ")), prio: 4})
		}
	}
	if len(parts) == 0 {
		return []altPart{{text: "No markers on the board.", prio: 4}}
	}
	return parts
}
