package images

import (
	"fmt"

	"standoff/internal/games/hijacked"
)

// The private picture: a player's medals with their values, which only
// they see. Laid out like the turn picture, for a phone: no text under
// hijackedTurnSmall on its 1000 px.

// hijackedTurnMedalH is the height of one medal's row.
const hijackedTurnMedalH = 104.0

// hijackedMedals is a player's private picture.
func hijackedMedals(v *hijacked.PrivateView) *Canvas { return hijackedTurnMedals(v).Canvas }

func hijackedTurnMedals(v *hijacked.PrivateView) *hijackedTurn {
	h := 112 + hijackedTurnMedalH*float64(max(1, len(v.Medals))) + 8
	p := &hijackedTurn{Canvas: hijackedNewCanvas(hijackedWidth, int(h))}
	p.text(v.Name+"'s medals", hijackedTurnEdge, 52, 0, hijackedTurnTitle, true, hijackedInk, hijackedTurnRight-hijackedTurnEdge)
	p.text("Only you see their values.", hijackedTurnEdge, 94, 0, hijackedTurnSmall, false, hijackedMuted, 0)
	if len(v.Medals) == 0 {
		p.text("No medals yet.", hijackedTurnEdge, 160, 0, hijackedTurnBody, false, hijackedMuted, 0)
	}
	for i, m := range v.Medals {
		y := 112 + float64(i)*hijackedTurnMedalH
		fill := hijackedGold
		if m.Cashed {
			fill = hijackedLine
		}
		p.plainDisc(hijackedTurnEdge+36, y+48, 34, fill, false)
		p.mid(fmt.Sprint(m.Value), hijackedTurnEdge+36, y+48, hijackedTurnTitle, true, hijackedInk, 0)
		x := hijackedTurnEdge + 90
		p.text(fmt.Sprintf("Medal %d: %s", m.Number, m.Objective), x, y+38, 0, hijackedTurnLabel, true, hijackedInk, hijackedTurnRight-x)
		state := fmt.Sprintf("%s, face down: type medal %d to exchange it", count(m.Value, "point"), m.Number)
		if m.Cashed {
			state = count(m.Value, "point") + ", exchanged"
		}
		p.text(state, x, y+78, 0, hijackedTurnSmall, false, hijackedMuted, hijackedTurnRight-x)
	}
	return p
}
