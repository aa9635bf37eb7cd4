package images

import (
	"fmt"

	"standoff/internal/games/hijacked"
)

// hjdMedalsWidth is the private picture's width: 1000 px like every
// picture, so a phone zooms them alike.
const hjdMedalsWidth = 1000

// hjdMedalShape names a medal's gold disc and value as drawn
// (shapes.go).
type hjdMedalShape struct{ value int }

// hjdMedals is a player's private picture: their medals and values.
func hjdMedals(v *hijacked.PrivateView) *Canvas {
	h := 120 + 60*max(1, len(v.Medals))
	dc := hjdNewCanvas(hjdMedalsWidth, h)
	hjdText(dc, fmt.Sprintf("%s's medals (private)", v.Name), 24, 48, 28, true, hjdInk)
	if len(v.Medals) == 0 {
		hjdText(dc, "No medals yet.", 24, 110, 22, false, hjdMuted)
	}
	for i, m := range v.Medals {
		y := 80 + float64(i)*60
		hjdShape(dc, hjdMedalShape{m.Value}, 50, y+24, 25, func(dc *Canvas, cx, cy float64) {
			dc.DrawCircle(cx, cy, 22)
			dc.SetColor(hjdGold)
			dc.Fill()
			hjdCentered(dc, fmt.Sprint(m.Value), cx, cy, 24, true, hjdInk)
		})
		state := "face down"
		if m.Cashed {
			state = "exchanged"
		}
		dc.Font(20, false)
		hjdText(dc, dc.Fit(fmt.Sprintf("Medal %d: %s — %s, %s", m.Number, m.Objective, hjdCount(m.Value, "point"), state), hjdMedalsWidth-86-24), 86, y+32, 20, false, hjdInk)
	}
	return dc
}
