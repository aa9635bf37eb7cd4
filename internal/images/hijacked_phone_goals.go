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
	hijackedMedalPhoneRowH = 46.0
	hijackedRecogBoxW      = (hijackedRight - hijackedEdge - 3*12) / 4 // 229 px
	hijackedRecogBoxH      = 56.0
	hijackedRecogPhoneH    = 44 + hijackedRecogBoxH + 44
)

func hijackedGoalsPhoneHeight(v *hijacked.PublicView) float64 {
	if v.Over {
		return 0 // the final score's table counts both
	}
	h := 0.0
	if len(v.Medals) > 0 {
		h += 44 + hijackedMedalPhoneRowH*float64(len(v.Medals)) + 10
	}
	if len(v.Recognition) > 0 {
		h += hijackedRecogPhoneH
	}
	return h
}

// goals: the medals and the recognition track, while the game goes on.
func (p *hijackedPhone) goals(v *hijacked.PublicView, y float64) float64 {
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
func (p *hijackedPhone) medals(v *hijacked.PublicView, y float64) float64 {
	p.text("Medals", hijackedEdge, y+32, 0, hijackedLabel, true, hijackedInk, 0)
	p.text("first to do it wins one", hijackedRight, y+32, 1, hijackedSmall, false, hijackedMuted, 0)
	y += 44
	for _, m := range v.Medals {
		cy := y + hijackedMedalPhoneRowH/2
		state := hijackedMedalPhoneState(v, m)
		sw := p.width(state, hijackedSmall, m.State == "board")
		switch m.State {
		case "board":
			p.plainDisc(hijackedEdge+20, cy, 20, hijackedGold, false)
			p.mid(fmt.Sprint(m.Value), hijackedEdge+20, cy, hijackedSmall, true, hijackedInk, 0)
		case "held":
			p.plainDisc(hijackedEdge+20, cy, 20, hijackedBack, false)
		default:
			p.plainDisc(hijackedEdge+20, cy, 20, hijackedLine, false)
		}
		ink := hijackedInk
		if m.State != "board" {
			ink = hijackedMuted
		}
		x := hijackedEdge + 54
		p.text(fmt.Sprintf("%d %s", m.Number, m.Objective), x, cy+0.36*hijackedBody, 0, hijackedBody, m.State == "board", ink, hijackedRight-x-sw-20)
		p.text(state, hijackedRight, cy+0.36*hijackedSmall, 1, hijackedSmall, m.State == "board", ink, 0)
		y += hijackedMedalPhoneRowH
	}
	return y + 10
}

// hijackedMedalPhoneState is a medal's state in a few words: "open, 5 pts",
// "Bob, face down", "Bob cashed it", "discarded".
func hijackedMedalPhoneState(v *hijacked.PublicView, m hijacked.MedalView) string {
	who := ""
	if m.Holder >= 0 && m.Holder < len(v.Players) {
		who = clip(v.Players[m.Holder].Name, 14)
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
func (p *hijackedPhone) recognition(v *hijacked.PublicView, y float64) float64 {
	p.text("Recognition", hijackedEdge, y+32, 0, hijackedLabel, true, hijackedInk, 0)
	p.text("points at the end", hijackedRight, y+32, 1, hijackedSmall, false, hijackedMuted, 0)
	y += 44
	for i, pts := range v.Recognition {
		x := hijackedEdge + float64(i)*(hijackedRecogBoxW+12)
		hijackedBox(p.Canvas, x, y, hijackedRecogBoxW, hijackedRecogBoxH, 6, hijackedPanel, hijackedLine)
		p.mid(hijackedSigned(pts), x+34, y+hijackedRecogBoxH/2, hijackedLabel, true, hijackedInk, 0)
		tx := x + 84.0
		for _, pl := range v.Players {
			if pl.Thumb == i {
				p.token(tx, y+hijackedRecogBoxH/2, 18, pl.Seat, pl.Name)
				tx += 38
			}
		}
		where := "off the track"
		if i > 0 {
			where = fmt.Sprintf("space %d", i)
		}
		p.text(where, x+8, y+hijackedRecogBoxH+30, 0, hijackedSmall, false, hijackedMuted, hijackedRecogBoxW-8)
	}
	return y + hijackedRecogPhoneH - 44
}

// hijackedSigned is a number of points with its sign, 0 without one.
func hijackedSigned(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", n)
}
