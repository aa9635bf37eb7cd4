package images

import (
	"fmt"

	"standoff/internal/games/hijacked"
)

// The private picture: a player's medals with their values, which only
// they see. Laid out like the turn picture, for a phone: no text under
// hjdSmall on its 1000 px.

// hjdMedalH is the height of one medal's row.
const hjdMedalH = 104.0

// hjdMedals is a player's private picture.
func hjdMedals(v *hijacked.PrivateView) *Canvas { return hjdMedalsPhone(v).Canvas }

func hjdMedalsPhone(v *hijacked.PrivateView) *hjdPhone {
	h := 112 + hjdMedalH*float64(max(1, len(v.Medals))) + 8
	p := &hjdPhone{Canvas: hjdNewCanvas(hjdWidth, int(h))}
	p.text(v.Name+"'s medals", hjdEdge, 52, 0, hjdTitle, true, hjdInk, hjdRight-hjdEdge)
	p.text("Only you see their values.", hjdEdge, 94, 0, hjdSmall, false, hjdMuted, 0)
	if len(v.Medals) == 0 {
		p.text("No medals yet.", hjdEdge, 160, 0, hjdBody, false, hjdMuted, 0)
	}
	for i, m := range v.Medals {
		y := 112 + float64(i)*hjdMedalH
		fill := hjdGold
		if m.Cashed {
			fill = hjdLine
		}
		p.plainDisc(hjdEdge+36, y+48, 34, fill, false)
		p.mid(fmt.Sprint(m.Value), hjdEdge+36, y+48, hjdTitle, true, hjdInk, 0)
		x := hjdEdge + 90
		p.text(fmt.Sprintf("Medal %d: %s", m.Number, m.Objective), x, y+38, 0, hjdLabel, true, hjdInk, hjdRight-x)
		state := fmt.Sprintf("%s, face down: type medal %d to exchange it", hjdCount(m.Value, "point"), m.Number)
		if m.Cashed {
			state = hjdCount(m.Value, "point") + ", exchanged"
		}
		p.text(state, x, y+78, 0, hjdSmall, false, hjdMuted, hjdRight-x)
	}
	return p
}
