package images

import (
	"fmt"

	"standoff/internal/games/hijacked"
)

// The private picture: a player's medals with their values, which only
// they see. Laid out like the turn picture, for a phone: no text under
// hijackedSmall on its 1000 px.

// hijackedMedalH is the height of one medal's row.
const hijackedMedalH = 104.0

// hijackedMedals is a player's private picture.
func hijackedMedals(v *hijacked.PrivateView) *Canvas { return hijackedMedalsPhone(v).Canvas }

func hijackedMedalsPhone(v *hijacked.PrivateView) *hijackedPhone {
	h := 112 + hijackedMedalH*float64(max(1, len(v.Medals))) + 8
	p := &hijackedPhone{Canvas: hijackedNewCanvas(hijackedWidth, int(h))}
	p.text(v.Name+"'s medals", hijackedEdge, 52, 0, hijackedTitle, true, hijackedInk, hijackedRight-hijackedEdge)
	p.text("Only you see their values.", hijackedEdge, 94, 0, hijackedSmall, false, hijackedMuted, 0)
	if len(v.Medals) == 0 {
		p.text("No medals yet.", hijackedEdge, 160, 0, hijackedBody, false, hijackedMuted, 0)
	}
	for i, m := range v.Medals {
		y := 112 + float64(i)*hijackedMedalH
		fill := hijackedGold
		if m.Cashed {
			fill = hijackedLine
		}
		p.plainDisc(hijackedEdge+36, y+48, 34, fill, false)
		p.mid(fmt.Sprint(m.Value), hijackedEdge+36, y+48, hijackedTitle, true, hijackedInk, 0)
		x := hijackedEdge + 90
		p.text(fmt.Sprintf("Medal %d: %s", m.Number, m.Objective), x, y+38, 0, hijackedLabel, true, hijackedInk, hijackedRight-x)
		state := fmt.Sprintf("%s, face down: type medal %d to exchange it", hijackedCount(m.Value, "point"), m.Number)
		if m.Cashed {
			state = hijackedCount(m.Value, "point") + ", exchanged"
		}
		p.text(state, x, y+78, 0, hijackedSmall, false, hijackedMuted, hijackedRight-x)
	}
	return p
}
