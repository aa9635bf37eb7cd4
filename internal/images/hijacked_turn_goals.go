package images

import (
	"fmt"

	"standoff/internal/games/hijacked"
)

// The turn picture's goals: the medals still to win and the recognition
// track, which a player weighs against the rest of their turn, so they are
// on the picture a phone shows and not only on the full board.

// The medals' rows and the recognition track's boxes.
const (
	hijackedTurnMedalRowH = 46.0
	hijackedTurnRecogBoxW = (hijackedTurnRight - hijackedTurnEdge - 3*12) / 4 // 229 px
	hijackedTurnRecogBoxH = 56.0
	hijackedTurnRecogH    = 44 + hijackedTurnRecogBoxH + 44
)

func hijackedTurnGoalsHeight(v *hijacked.PublicView) float64 {
	if v.Over {
		return 0 // the final score's table counts both
	}
	h := 0.0
	if len(v.Medals) > 0 {
		h += 44 + hijackedTurnMedalRowH*float64(len(v.Medals)) + 10
	}
	if len(v.Recognition) > 0 {
		h += hijackedTurnRecogH
	}
	return h
}

// goals: the medals and the recognition track, while the game goes on.
func (p *hijackedTurn) goals(v *hijacked.PublicView, y float64) float64 {
	if v.Over {
		return y
	}
	if len(v.Medals) > 0 {
		y = p.medals(v, y)
	}
	if len(v.Recognition) > 0 {
		y = p.recognition(v, y)
	}
	return y
}

// medals: a medal a row. One still on the board lies number up, a gold
// disc with its value; a won one is a dark disc (its value hidden); a
// cashed or discarded one is grey. Its state is also said in words.
func (p *hijackedTurn) medals(v *hijacked.PublicView, y float64) float64 {
	p.text("Medals", hijackedTurnEdge, y+32, 0, hijackedTurnLabel, true, hijackedInk, 0)
	p.text("first to do it wins one", hijackedTurnRight, y+32, 1, hijackedTurnSmall, false, hijackedMuted, 0)
	y += 44
	for _, m := range v.Medals {
		cy := y + hijackedTurnMedalRowH/2
		state := hijackedTurnMedalState(v, m)
		sw := p.width(state, hijackedTurnSmall, m.State == "board")
		switch m.State {
		case "board":
			p.plainDisc(hijackedTurnEdge+20, cy, 20, hijackedGold, false)
			p.mid(fmt.Sprint(m.Value), hijackedTurnEdge+20, cy, hijackedTurnSmall, true, hijackedInk, 0)
		case "held":
			p.plainDisc(hijackedTurnEdge+20, cy, 20, hijackedBack, false)
		default:
			p.plainDisc(hijackedTurnEdge+20, cy, 20, hijackedLine, false)
		}
		ink := hijackedInk
		if m.State != "board" {
			ink = hijackedMuted
		}
		x := hijackedTurnEdge + 54
		p.text(fmt.Sprintf("%d %s", m.Number, m.Objective), x, cy+0.36*hijackedTurnBody, 0, hijackedTurnBody, m.State == "board", ink, hijackedTurnRight-x-sw-20)
		p.text(state, hijackedTurnRight, cy+0.36*hijackedTurnSmall, 1, hijackedTurnSmall, m.State == "board", ink, 0)
		y += hijackedTurnMedalRowH
	}
	return y + 10
}

// hijackedTurnMedalState is a medal's state in a few words: "open, 5 pts",
// "Bob, face down", "Bob cashed it", "discarded".
func hijackedTurnMedalState(v *hijacked.PublicView, m hijacked.MedalView) string {
	who := ""
	if m.Holder >= 0 && m.Holder < len(v.Players) {
		who = clipSeat(v.Players[m.Holder].Name, 14)
	}
	switch m.State {
	case "board":
		return "open, " + ptsText(m.Value)
	case "held":
		return who + ", face down"
	case "cashed":
		return who + " cashed it"
	}
	return m.State
}

// recognition: the track's spaces with the points each is worth at the
// end, every player's thumb as their token in the space it is on.
func (p *hijackedTurn) recognition(v *hijacked.PublicView, y float64) float64 {
	p.text("Recognition", hijackedTurnEdge, y+32, 0, hijackedTurnLabel, true, hijackedInk, 0)
	p.text("points at the end", hijackedTurnRight, y+32, 1, hijackedTurnSmall, false, hijackedMuted, 0)
	y += 44
	for i, pts := range v.Recognition {
		x := hijackedTurnEdge + float64(i)*(hijackedTurnRecogBoxW+12)
		roundedBox(p.Canvas, x, y, hijackedTurnRecogBoxW, hijackedTurnRecogBoxH, 6, hijackedPanel, hijackedLine)
		p.mid(hijackedSigned(pts), x+34, y+hijackedTurnRecogBoxH/2, hijackedTurnLabel, true, hijackedInk, 0)
		tx := x + 84.0
		for _, pl := range v.Players {
			if pl.Thumb == i {
				p.token(tx, y+hijackedTurnRecogBoxH/2, 18, pl.Seat, pl.Name)
				tx += 38
			}
		}
		where := "off the track"
		if i > 0 {
			where = fmt.Sprintf("space %d", i)
		}
		p.text(where, x+8, y+hijackedTurnRecogBoxH+30, 0, hijackedTurnSmall, false, hijackedMuted, hijackedTurnRecogBoxW-8)
	}
	return y + hijackedTurnRecogH - 44
}

// hijackedSigned is a number of points with its sign, 0 without one.
func hijackedSigned(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", n)
}
