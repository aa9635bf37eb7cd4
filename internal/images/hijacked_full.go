package images

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"standoff/internal/games/hijacked"
)

// The full board: the whole table in detail, laid out for a desktop or a
// picture opened and zoomed (Hijacked draws the turn picture for a phone).

// The table's layout, 1000 px wide like every picture (Discord shows it
// far narrower, so more pixels would only cost work), every box on whole
// pixels so it stays on the fast paths (box, shapes), and no text below
// 13 px but the letters inside small discs.
const (
	hjdHeaderH   = 60.0  // title, round and status
	hjdTracksH   = 100.0 // police and trust tracks
	hjdSeatsH    = 193.0 // passenger seats and piles
	hjdHijackH   = 163.0 // the four hijackers
	hjdBoardH    = 142.0 // demands by die, tower, medals, the turn's dice
	hjdPlayerH   = 117.0 // one player's row
	hjdMargin    = 20.0  // the left and right margin of text and cards
	hjdRowMargin = 13.0  // the left and right margin of player rows and the Cybot panel
)

func hjdTable(v *hijacked.PublicView) *Canvas {
	players := len(v.Players)
	eventsH := 33 + 22*float64(min(len(v.Events), 5))
	finalH := 0.0
	if v.Over {
		finalH = 63 + 25*float64(players)
	}
	height := int(hjdHeaderH + hjdTracksH + hjdSeatsH + hjdHijackH + hjdBoardH + 20 + float64(players)*hjdPlayerH + finalH + eventsH + 17 + hjdCybotHeight(v))
	dc := hjdNewCanvas(hjdWidth, height)

	// Header.
	hjdText(dc, "HIJACKED", hjdMargin, 38, 28, true, hjdInk)
	dc.Font(20, true)
	dc.SetColor(hjdInk)
	dc.DrawStringAnchored(fmt.Sprintf("Round %d", v.Round), hjdWidth-hjdMargin, 25, 1, 0.5)
	status := v.Waiting
	if v.Over {
		status = "Game over"
	}
	dc.Font(17, false)
	dc.SetColor(hjdMuted)
	dc.DrawStringAnchored(dc.Fit(status, 633), hjdWidth-hjdMargin, 48, 1, 0.5)

	y := hjdHeaderH
	hjdTracks(dc, v, y)
	y += hjdTracksH
	hjdSeats(dc, v, y)
	y += hjdSeatsH
	hjdHijackers(dc, v, y)
	y += hjdHijackH
	hjdBoardInfo(dc, v, y)
	y += hjdBoardH
	for _, p := range v.Players {
		hjdPlayerRow(dc, v, p, y, hjdPlayerH)
		y += hjdPlayerH
	}
	y = hjdCybot(dc, v, y) // the solo mode's Cybot card (hijacked_cybot.go)
	y += 20
	if finalH > 0 {
		y = hjdFinal(dc, v, y)
	}
	hjdText(dc, "Recently", hjdMargin, y+20, 18, true, hjdInk)
	y += 28
	start := max(0, len(v.Events)-5)
	for _, e := range v.Events[start:] {
		dc.Font(16, false)
		dc.SetColor(hjdMuted)
		dc.DrawString(dc.Fit(e, hjdWidth-2*hjdMargin), hjdMargin, y+17)
		y += 22
	}
	return dc
}

// hjdTrackSpaceH is the height of a police or trust space: even, so the
// police shield and the trust cubes sit on whole pixels in their middle.
const hjdTrackSpaceH = 34.0

// hjdTracks: the police track (minutes to the plane) and the trust track.
func hjdTracks(dc *Canvas, v *hijacked.PublicView, y float64) {
	// Police: spaces from the far end down to the plane at 0.
	far := max(v.PoliceStart, v.Police)
	hjdText(dc, fmt.Sprintf("Police: %d min to the plane", v.Police), hjdMargin, y+20, 18, true, hjdInk)
	// Spaces of whole pixels, right-aligned on the track's 450 px: a box
	// on whole pixels is put together from a kept small box (box), where
	// a fractional one is rasterized by gg, which was most of the table's
	// drawing and allocation.
	const span, gap = 450.0, 2.0
	step := math.Floor(span / float64(far+1))
	mid := y + 33 + hjdTrackSpaceH/2
	for i := 0; i <= far; i++ {
		x := hjdMargin + span - float64(i+1)*step
		fill := color.Color(hjdPanel)
		if i == 0 {
			fill = hjdPlaneBg
		}
		hjdBox(dc, x, y+33, step-gap, hjdTrackSpaceH, 4, fill, hjdLine)
		label := fmt.Sprint(i)
		if i == 0 {
			label = "plane"
		}
		cx := x + (step-gap)/2
		hjdCentered(dc, label, cx, y+76, 13, false, hjdMuted)
		if i == v.Police {
			// The police meeple: a shield with P.
			dc.DrawRegularPolygon(5, cx, mid, 13, math.Pi)
			dc.SetColor(hjdBack)
			dc.Fill()
			hjdCentered(dc, "P", cx, mid, 14, true, hjdPanel)
		}
	}
	hjdText(dc, fmt.Sprintf("start %d", v.PoliceStart), hjdMargin, y+95, 13, false, hjdMuted)

	// Trust: 10 spaces of 10%, green cubes, the star at the end.
	x0 := 517.0
	hjdText(dc, fmt.Sprintf("Trust %d%%   bag: %d G, %d R", v.Trust, v.Green, v.Red), x0, y+20, 18, true, hjdInk)
	for i := 0; i < 10; i++ {
		x := x0 + float64(i)*43
		hjdBox(dc, x, y+33, 40, hjdTrackSpaceH, 4, hjdPanel, hjdLine)
		if (i+1)*10 <= v.Trust {
			hjdShape(dc, hjdCubeShape{}, x+20, mid, 14, func(dc *Canvas, cx, cy float64) {
				dc.DrawRectangle(cx-13, cy-12, 26, 24)
				dc.SetColor(hjdGreen)
				dc.Fill()
				hjdCentered(dc, "G", cx, cy, 13, true, hjdPanel)
			})
		}
		hjdCentered(dc, fmt.Sprintf("%d", (i+1)*10), x+20, y+78, 13, false, hjdMuted)
	}
	star := "Star (5 pts): on the board, first to 100%"
	if v.Star >= 0 {
		star = "Star (5 pts): " + v.Players[v.Star].Name
	}
	dc.DrawRegularPolygon(5, x0+7, y+91, 7.5, 0)
	dc.SetColor(hjdGold)
	dc.Fill()
	hjdText(dc, star, x0+18, y+95, 13, false, hjdInk)
}

// hjdCubeShape names a green cube on the trust track as drawn
// (shapes.go).
type hjdCubeShape struct{}

// hjdSeats: the six passenger seats, the draw and discard piles, and the
// card being decided.
func hjdSeats(dc *Canvas, v *hijacked.PublicView, y float64) {
	hjdText(dc, "Passenger seats", hjdMargin, y+18, 18, true, hjdInk)
	w, h := 122.0, 148.0
	for i, st := range v.Seats {
		x := hjdMargin + float64(i)*(w+8)
		hjdSeat(dc, v, st, x, y+28, w, h)
	}
	// Piles: the discard pile's bottom level with the seats'.
	x := hjdMargin + 6*(w+8) + 7
	pw, ph := 98.0, 70.0
	hjdBox(dc, x, y+28, pw, ph, 7, hjdBack, hjdBack)
	hjdCentered(dc, fmt.Sprintf("Draw %d", v.DrawPile), x+pw/2, y+46, 14, true, hjdPanel)
	if v.DrawTop > 0 {
		hjdCentered(dc, fmt.Sprintf("top: %s", hjdCount(v.DrawTop, "pip")), x+pw/2, y+73, 13, false, hjdPanel)
	}
	dy := y + 28 + h - ph
	hjdBox(dc, x, dy, pw, ph, 7, hjdPanel, hjdLine)
	hjdCentered(dc, fmt.Sprintf("Discard %d", v.Discard), x+pw/2, dy+18, 14, true, hjdInk)
	if v.DiscardTop != nil {
		hjdCentered(dc, v.DiscardTop.ID, x+pw/2, dy+45, 14, false, hjdInk)
	}
	if v.Pending != nil {
		dc.Font(15, true)
		dc.SetColor(hjdAlert)
		dc.DrawStringAnchored("Chosen: "+v.Pending.Text(), hjdWidth-hjdMargin, y+18, 1, 0)
	}
}

// hjdHeaderShape names a face-up card's coloured top as drawn
// (shapes.go).
type hjdHeaderShape struct {
	w      float64
	colour color.RGBA
}

func hjdSeat(dc *Canvas, v *hijacked.PublicView, st hijacked.SeatView, x, y, w, h float64) {
	switch {
	case st.Empty:
		hjdBox(dc, x, y, w, h, 8, hjdPaper, hjdLine)
		hjdCentered(dc, "empty", x+w/2, y+h/2, 15, false, hjdMuted)
	case st.Face == nil:
		hjdBox(dc, x, y, w, h, 8, hjdBack, hjdBack)
		hjdCentered(dc, fmt.Sprintf("seat %d", st.Number), x+w/2, y+17, 13, false, hjdPanel)
		hjdCentered(dc, fmt.Sprint(st.Pips), x+w/2, y+h/2, 48, true, hjdPanel)
		hjdCentered(dc, "pips", x+w/2, y+h/2+35, 13, false, hjdPanel)
	default:
		c := st.Face
		bg := hjdCardBg[c.Color]
		hjdBox(dc, x, y, w, h, 8, hjdPanel, bg)
		hjdShapeRect(dc, hjdHeaderShape{w, bg}, x+w/2, y+18, int(w/2)+3, 21, func(dc *Canvas, _, _ float64) {
			dc.DrawRoundedRectangle(x, y, w, 37, 8)
			dc.SetColor(bg)
			dc.Fill()
		})
		hjdCentered(dc, c.ID, x+w/2, y+13, 18, true, hjdPanel)
		hjdCentered(dc, c.Color, x+w/2, y+29, 13, false, hjdPanel)
		hjdCentered(dc, fmt.Sprintf("seat %d · %s", st.Number, hjdCount(c.Pips, "pip")), x+w/2, y+50, 13, false, hjdMuted)
		if c.Color == "red" {
			hjdCentered(dc, "RED: no use", x+w/2, y+77, 15, true, hjdAlert)
		} else {
			hjdCentered(dc, fmt.Sprintf("trust %d%%", c.Trust), x+w/2, y+73, 17, true, hjdInk)
			dem := c.Demand
			if dem == "none" {
				dem = "no demand"
			}
			if col, ok := hjdDemand[c.Demand]; ok {
				hjdDisc(dc, x+18, y+97, 9, 11, col, strings.ToUpper(c.Demand[:1]))
			}
			hjdCentered(dc, dem, x+w/2+8, y+97, 15, false, hjdInk)
		}
	}
	if st.Reserver >= 0 {
		hjdDie(dc, x+7, y+h-38, 32, st.ResValue, st.ResDie, false)
		hjdToken(dc, x+53, y+h-22, 11, st.Reserver, v.Players[st.Reserver].Name)
		dc.Font(13, false)
		dc.SetColor(hjdInk)
		dc.DrawString(dc.Fit("reserved", w-70), x+67, y+h-18)
	}
}

// hjdHijackers: the four hijacker places with ranges, turning tokens and discs.
func hjdHijackers(dc *Canvas, v *hijacked.PublicView, y float64) {
	hjdText(dc, fmt.Sprintf("Hijackers (%d more aside)", v.HijackersLeft), hjdMargin, y+18, 18, true, hjdInk)
	w, h := hjdHijackerW, 127.0
	for i, hv := range v.Hijackers {
		x := hjdMargin + float64(i)*(w+8)
		top := y + 28
		if hv.ID == "" {
			hjdBox(dc, x, top, w, h, 8, hjdPaper, hjdLine)
			hjdCentered(dc, "empty", x+w/2, top+h/2, 15, false, hjdMuted)
			continue
		}
		hjdBox(dc, x, top, w, h, 8, hjdPanel, hjdInk)
		hjdText(dc, fmt.Sprintf("%d %s", hv.Place, hv.Name), x+8, top+22, 17, true, hjdInk)
		hjdText(dc, fmt.Sprintf("dice %s + %s", hjdRange(hv.Ranges[0]), hjdRange(hv.Ranges[1])), x+8, top+43, 16, true, hjdAlert)
		dc.Font(hjdHijackerTextSize, false)
		dc.SetColor(hjdMuted)
		lines := dc.Wrap(hv.Text, hjdHijackerW-16)
		for j, l := range lines {
			if j >= 3 {
				break
			}
			dc.DrawString(l, x+8, top+62+float64(j)*15)
		}
		// Turning token: 4 pips, the filled ones done.
		for k := 0; k < 4; k++ {
			done := k < hv.Turns
			hjdShape(dc, hjdPipShape{done}, x+15+float64(k)*22, top+h-15, 10, func(dc *Canvas, cx, cy float64) {
				dc.DrawCircle(cx, cy, 7.5)
				if done {
					dc.SetColor(hjdInk)
					dc.Fill()
				} else {
					dc.SetColor(hjdLine)
					dc.SetLineWidth(2)
					dc.Stroke()
				}
			})
		}
		hjdText(dc, fmt.Sprintf("%d/4", hv.Turns), x+97, top+h-10, 13, true, hjdInk)
		if hv.Disc >= 0 {
			hjdToken(dc, x+w-20, top+h-17, 12, hv.Disc, v.Players[hv.Disc].Name)
			dc.Font(13, false)
			dc.SetColor(hjdInk)
			dc.DrawStringAnchored(dc.Fit(v.Players[hv.Disc].Name, 67), x+w-37, top+h-15, 1, 0.35)
		}
	}
}

// A hijacker's card is hjdHijackerW wide; its rules text, at
// hjdHijackerTextSize, has room for three lines (every hijacker's text
// fits them, TestHijackedTextsFit).
const hjdHijackerW, hjdHijackerTextSize = 234.0, 13

// hjdPipShape names a turning token's pip as drawn (shapes.go).
type hjdPipShape struct{ done bool }
