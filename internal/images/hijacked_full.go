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
	hijackedFullHeaderH = 60.0  // title, round and status
	hijackedFullTracksH = 100.0 // police and trust tracks
	hijackedFullSeatsH  = 193.0 // passenger seats and piles
	hijackedFullHijackH = 163.0 // the four hijackers
	hijackedFullBoardH  = 142.0 // demands by die, tower, medals, the turn's dice
	hijackedFullPlayerH = 117.0 // one player's row
	hijackedFullMargin  = 20.0  // the left and right margin of text and cards
	hijackedRowMargin   = 13.0  // the left and right margin of player rows and the Cybot panel
)

func hijackedFullTable(v *hijacked.PublicView) *Canvas {
	players := len(v.Players)
	events := hijackedFullRecent(v)
	eventsH := 33 + 22*float64(len(events))
	finalH := 0.0
	if v.Over {
		finalH = 63 + 25*float64(players)
	}
	height := int(hijackedFullHeaderH + hijackedFullTracksH + hijackedFullSeatsH + hijackedFullHijackH + hijackedFullBoardH + 20 + float64(players)*hijackedFullPlayerH + finalH + eventsH + 17 + hijackedFullCybotHeight(v))
	dc := hijackedNewCanvas(hijackedWidth, height)

	// Header.
	hijackedFullText(dc, "HIJACKED", hijackedFullMargin, 38, 28, true, hijackedInk)
	dc.Font(20, true)
	dc.SetColor(hijackedInk)
	dc.DrawStringAnchored(fmt.Sprintf("Round %d", v.Round), hijackedWidth-hijackedFullMargin, 25, 1, 0.5)
	status := v.Waiting
	if v.Over {
		status = "Game over"
	}
	dc.Font(17, false)
	dc.SetColor(hijackedMuted)
	dc.DrawStringAnchored(dc.Fit(status, 633), hijackedWidth-hijackedFullMargin, 48, 1, 0.5)

	y := hijackedFullHeaderH
	hijackedFullTracks(dc, v, y)
	y += hijackedFullTracksH
	hijackedFullSeats(dc, v, y)
	y += hijackedFullSeatsH
	hijackedFullHijackers(dc, v, y)
	y += hijackedFullHijackH
	hijackedFullBoardInfo(dc, v, y)
	y += hijackedFullBoardH
	for _, p := range v.Players {
		hijackedFullPlayerRow(dc, v, p, y, hijackedFullPlayerH)
		y += hijackedFullPlayerH
	}
	y = hijackedFullCybot(dc, v, y) // the solo mode's Cybot card (hijacked_cybot.go)
	y += 20
	if finalH > 0 {
		y = hijackedFullFinal(dc, v, y)
	}
	hijackedFullText(dc, "Recently", hijackedFullMargin, y+20, 18, true, hijackedInk)
	y += 28
	for _, e := range events {
		dc.Font(16, false)
		dc.SetColor(hijackedMuted)
		dc.DrawString(dc.Fit(e, hijackedWidth-2*hijackedFullMargin), hijackedFullMargin, y+17)
		y += 22
	}
	return dc
}

// hijackedFullRecent are the full board's last 5 moves. A finished game's
// board shows the final scoring as its table and the result beside it, so
// neither is listed again.
func hijackedFullRecent(v *hijacked.PublicView) []string {
	var out []string
	for _, e := range hijackedMovesBeforeScoring(v) {
		if !v.Over || !strings.Contains(v.Result, e) {
			out = append(out, e)
		}
	}
	return out[max(0, len(out)-5):]
}

// hijackedFullTrackSpaceH is the height of a police or trust space: even, so the
// police shield and the trust cubes sit on whole pixels in their middle.
const hijackedFullTrackSpaceH = 34.0

// hijackedFullTracks: the police track (minutes to the plane) and the trust track.
func hijackedFullTracks(dc *Canvas, v *hijacked.PublicView, y float64) {
	// Police: spaces from the far end down to the plane at 0.
	far := max(v.PoliceStart, v.Police)
	hijackedFullText(dc, fmt.Sprintf("Police: %d min to the plane", v.Police), hijackedFullMargin, y+20, 18, true, hijackedInk)
	// Spaces of whole pixels, right-aligned on the track's 450 px: a box
	// on whole pixels is put together from a kept small box (box), where
	// a fractional one is rasterized by gg, which was most of the table's
	// drawing and allocation.
	const span, gap = 450.0, 2.0
	step := math.Floor(span / float64(far+1))
	mid := y + 33 + hijackedFullTrackSpaceH/2
	for i := 0; i <= far; i++ {
		x := hijackedFullMargin + span - float64(i+1)*step
		fill := color.Color(hijackedPanel)
		if i == 0 {
			fill = hijackedPlaneBg
		}
		roundedBox(dc, x, y+33, step-gap, hijackedFullTrackSpaceH, 4, fill, hijackedLine)
		label := fmt.Sprint(i)
		if i == 0 {
			label = "plane"
		}
		cx := x + (step-gap)/2
		hijackedFullCentered(dc, label, cx, y+76, 13, false, hijackedMuted)
		if i == v.Police {
			// The police meeple: a shield with P.
			dc.DrawRegularPolygon(5, cx, mid, 13, math.Pi)
			dc.SetColor(hijackedBack)
			dc.Fill()
			hijackedFullCentered(dc, "P", cx, mid, 14, true, hijackedPanel)
		}
	}
	hijackedFullText(dc, fmt.Sprintf("start %d", v.PoliceStart), hijackedFullMargin, y+95, 13, false, hijackedMuted)

	// Trust: 10 spaces of 10%, green cubes, the star at the end.
	x0 := 517.0
	hijackedFullText(dc, fmt.Sprintf("Trust %d%%   bag: %d G, %d R", v.Trust, v.Green, v.Red), x0, y+20, 18, true, hijackedInk)
	for i := 0; i < 10; i++ {
		x := x0 + float64(i)*43
		roundedBox(dc, x, y+33, 40, hijackedFullTrackSpaceH, 4, hijackedPanel, hijackedLine)
		if (i+1)*10 <= v.Trust {
			hijackedShape(dc, hijackedFullCube{}, x+20, mid, 14, func(dc *Canvas, cx, cy float64) {
				dc.DrawRectangle(cx-13, cy-12, 26, 24)
				dc.SetColor(hijackedGreen)
				dc.Fill()
				hijackedFullCentered(dc, "G", cx, cy, 13, true, hijackedPanel)
			})
		}
		hijackedFullCentered(dc, fmt.Sprintf("%d", (i+1)*10), x+20, y+78, 13, false, hijackedMuted)
	}
	star := "Star (5 pts): on the board, first to 100%"
	if v.Star >= 0 {
		star = "Star (5 pts): " + v.Players[v.Star].Name
	}
	dc.DrawRegularPolygon(5, x0+7, y+91, 7.5, 0)
	dc.SetColor(hijackedGold)
	dc.Fill()
	hijackedFullText(dc, star, x0+18, y+95, 13, false, hijackedInk)
}

// hijackedFullCube names a green cube on the trust track as drawn
// (shapes.go).
type hijackedFullCube struct{}

// hijackedFullSeats: the six passenger seats, the draw and discard piles, and the
// card being decided.
func hijackedFullSeats(dc *Canvas, v *hijacked.PublicView, y float64) {
	hijackedFullText(dc, "Passenger seats", hijackedFullMargin, y+18, 18, true, hijackedInk)
	w, h := 122.0, 148.0
	for i, st := range v.Seats {
		x := hijackedFullMargin + float64(i)*(w+8)
		hijackedFullSeat(dc, v, st, x, y+28, w, h)
	}
	// Piles: the discard pile's bottom level with the seats'.
	x := hijackedFullMargin + 6*(w+8) + 7
	pw, ph := 98.0, 70.0
	roundedBox(dc, x, y+28, pw, ph, 7, hijackedBack, hijackedBack)
	hijackedFullCentered(dc, fmt.Sprintf("Draw %d", v.DrawPile), x+pw/2, y+46, 14, true, hijackedPanel)
	if v.DrawTop > 0 {
		hijackedFullCentered(dc, fmt.Sprintf("top: %s", count(v.DrawTop, "pip")), x+pw/2, y+73, 13, false, hijackedPanel)
	}
	dy := y + 28 + h - ph
	roundedBox(dc, x, dy, pw, ph, 7, hijackedPanel, hijackedLine)
	hijackedFullCentered(dc, fmt.Sprintf("Discard %d", v.Discard), x+pw/2, dy+18, 14, true, hijackedInk)
	if v.DiscardTop != nil {
		hijackedFullCentered(dc, v.DiscardTop.ID, x+pw/2, dy+45, 14, false, hijackedInk)
	}
	if v.Pending != nil {
		dc.Font(15, true)
		dc.SetColor(hijackedAlert)
		dc.DrawStringAnchored("Chosen: "+v.Pending.Text(), hijackedWidth-hijackedFullMargin, y+18, 1, 0)
	}
}

// hijackedFullCardTop names a face-up card's coloured top as drawn
// (shapes.go).
type hijackedFullCardTop struct {
	w      float64
	colour color.RGBA
}

func hijackedFullSeat(dc *Canvas, v *hijacked.PublicView, st hijacked.SeatView, x, y, w, h float64) {
	switch {
	case st.Empty:
		roundedBox(dc, x, y, w, h, 8, hijackedPaper, hijackedLine)
		hijackedFullCentered(dc, "empty", x+w/2, y+h/2, 15, false, hijackedMuted)
	case st.Face == nil:
		roundedBox(dc, x, y, w, h, 8, hijackedBack, hijackedBack)
		hijackedFullCentered(dc, fmt.Sprintf("seat %d", st.Number), x+w/2, y+17, 13, false, hijackedPanel)
		hijackedFullCentered(dc, fmt.Sprint(st.Pips), x+w/2, y+h/2, 48, true, hijackedPanel)
		hijackedFullCentered(dc, "pips", x+w/2, y+h/2+35, 13, false, hijackedPanel)
	default:
		c := st.Face
		bg := hijackedCardBg[c.Color]
		roundedBox(dc, x, y, w, h, 8, hijackedPanel, bg)
		hijackedShapeRect(dc, hijackedFullCardTop{w, bg}, x+w/2, y+18, int(w/2)+3, 21, func(dc *Canvas, _, _ float64) {
			dc.DrawRoundedRectangle(x, y, w, 37, 8)
			dc.SetColor(bg)
			dc.Fill()
		})
		hijackedFullCentered(dc, c.ID, x+w/2, y+13, 18, true, hijackedPanel)
		hijackedFullCentered(dc, c.Color, x+w/2, y+29, 13, false, hijackedPanel)
		hijackedFullCentered(dc, fmt.Sprintf("seat %d · %s", st.Number, count(c.Pips, "pip")), x+w/2, y+50, 13, false, hijackedMuted)
		if c.Color == "red" {
			hijackedFullCentered(dc, "RED: no use", x+w/2, y+77, 15, true, hijackedAlert)
		} else {
			hijackedFullCentered(dc, fmt.Sprintf("trust %d%%", c.Trust), x+w/2, y+73, 17, true, hijackedInk)
			dem := c.Demand
			if dem == "none" {
				dem = "no demand"
			}
			if col, ok := hijackedDemand[c.Demand]; ok {
				hijackedFullDisc(dc, x+18, y+97, 9, 11, col, strings.ToUpper(c.Demand[:1]))
			}
			hijackedFullCentered(dc, dem, x+w/2+8, y+97, 15, false, hijackedInk)
		}
	}
	if st.Reserver >= 0 {
		hijackedFullDie(dc, x+7, y+h-38, 32, st.ResValue, st.ResDie, false)
		hijackedFullToken(dc, x+53, y+h-22, 11, st.Reserver, v.Players[st.Reserver].Name)
		dc.Font(13, false)
		dc.SetColor(hijackedInk)
		dc.DrawString(dc.Fit("reserved", w-70), x+67, y+h-18)
	}
}

// hijackedFullHijackers: the four hijacker places with ranges, turning tokens and discs.
func hijackedFullHijackers(dc *Canvas, v *hijacked.PublicView, y float64) {
	hijackedFullText(dc, fmt.Sprintf("Hijackers (%d more aside)", v.HijackersLeft), hijackedFullMargin, y+18, 18, true, hijackedInk)
	w, h := hijackedFullHijackerW, 127.0
	for i, hv := range v.Hijackers {
		x := hijackedFullMargin + float64(i)*(w+8)
		top := y + 28
		if hv.ID == "" {
			roundedBox(dc, x, top, w, h, 8, hijackedPaper, hijackedLine)
			hijackedFullCentered(dc, "empty", x+w/2, top+h/2, 15, false, hijackedMuted)
			continue
		}
		roundedBox(dc, x, top, w, h, 8, hijackedPanel, hijackedInk)
		hijackedFullText(dc, fmt.Sprintf("%d %s", hv.Place, hv.Name), x+8, top+22, 17, true, hijackedInk)
		hijackedFullText(dc, fmt.Sprintf("dice %s + %s", hijackedRange(hv.Ranges[0]), hijackedRange(hv.Ranges[1])), x+8, top+43, 16, true, hijackedAlert)
		dc.Font(hijackedFullHijackerTextSize, false)
		dc.SetColor(hijackedMuted)
		lines := dc.Wrap(hv.Text, hijackedFullHijackerW-16)
		for j, l := range lines {
			if j >= 3 {
				break
			}
			dc.DrawString(l, x+8, top+62+float64(j)*15)
		}
		// Turning token: 4 pips, the filled ones done.
		for k := 0; k < 4; k++ {
			done := k < hv.Turns
			hijackedShape(dc, hijackedFullPip{done}, x+15+float64(k)*22, top+h-15, 10, func(dc *Canvas, cx, cy float64) {
				dc.DrawCircle(cx, cy, 7.5)
				if done {
					dc.SetColor(hijackedInk)
					dc.Fill()
				} else {
					dc.SetColor(hijackedLine)
					dc.SetLineWidth(2)
					dc.Stroke()
				}
			})
		}
		hijackedFullText(dc, fmt.Sprintf("%d/4", hv.Turns), x+97, top+h-10, 13, true, hijackedInk)
		if hv.Disc >= 0 {
			hijackedFullToken(dc, x+w-20, top+h-17, 12, hv.Disc, v.Players[hv.Disc].Name)
			dc.Font(13, false)
			dc.SetColor(hijackedInk)
			dc.DrawStringAnchored(dc.FitSeat(v.Players[hv.Disc].Name, 67), x+w-37, top+h-15, 1, 0.35)
		}
	}
}

// A hijacker's card is hijackedFullHijackerW wide; its rules text, at
// hijackedFullHijackerTextSize, has room for three lines (every hijacker's text
// fits them, TestHijackedTextsFit).
const hijackedFullHijackerW, hijackedFullHijackerTextSize = 234.0, 13

// hijackedFullPip names a turning token's pip as drawn (shapes.go).
type hijackedFullPip struct{ done bool }

// The full board's pieces: text at a size, dice, tokens, discs and
// demand chips, each kept as a shape after its first drawing.

// hijackedFullText draws s with its baseline at y, in a size and colour.
func hijackedFullText(dc *Canvas, s string, x, y, size float64, bold bool, c color.Color) {
	dc.Font(size, bold)
	dc.SetColor(c)
	dc.DrawString(s, x, y)
}

// hijackedFullCentered draws s centred on (x, y), in a size and colour.
func hijackedFullCentered(dc *Canvas, s string, x, y, size float64, bold bool, c color.Color) {
	dc.Font(size, bold)
	dc.SetColor(c)
	dc.DrawStringAnchored(s, x, y, 0.5, 0.35)
}

// hijackedFullDieShape names a die face as drawn (shapes.go).
type hijackedFullDieShape struct {
	size  float64
	value int
	kind  string
	used  bool
}

// hijackedFullDie draws a die face with its number; a used die is hollow and struck.
func hijackedFullDie(dc *Canvas, x, y, size float64, value int, kind string, used bool) {
	hijackedShape(dc, hijackedFullDieShape{size, value, kind, used}, x+size/2, y+size/2, int(size/2)+4, func(dc *Canvas, _, _ float64) {
		hijackedFullDieFace(dc, x, y, size, value, kind, used)
	})
}

// hijackedFullDieFace is hijackedFullDie drawn in place, the first time a face is kept.
func hijackedFullDieFace(dc *Canvas, x, y, size float64, value int, kind string, used bool) {
	fill, ink := hijackedDieColours(kind, used)
	roundedBox(dc, x, y, size, size, size*0.18, fill, ink)
	hijackedFullCentered(dc, fmt.Sprint(value), x+size/2, y+size/2, size*0.55, true, ink)
	if kind != "own" && kind != "" {
		hijackedFullCentered(dc, strings.ToUpper(kind[:1]), x+size-size*0.16, y+size*0.18, size*0.22, true, ink)
	}
	if used {
		dc.SetColor(hijackedMuted)
		dc.SetLineWidth(2)
		dc.DrawLine(x+4, y+size-4, x+size-4, y+4)
		dc.Stroke()
	}
}

// hijackedFullTokenShape names a player's disc as drawn (shapes.go).
type hijackedFullTokenShape struct {
	r       float64
	colour  int
	initial string
}

// hijackedFullToken draws a player's disc with their initial.
func hijackedFullToken(dc *Canvas, x, y, r float64, seat int, name string) {
	k := hijackedFullTokenShape{r, seat % len(hijackedPlayer), hijackedInitial(name)}
	hijackedShape(dc, k, x, y, int(r)+4, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, k.r)
		dc.SetColor(hijackedPlayer[k.colour])
		dc.FillPreserve()
		dc.SetColor(hijackedPanel)
		dc.SetLineWidth(2)
		dc.Stroke()
		hijackedFullCentered(dc, k.initial, x, y, k.r*1.1, true, hijackedPanel)
	})
}

// hijackedFullDiscShape names a filled disc with a white letter (demands, bonus
// spaces) as drawn (shapes.go).
type hijackedFullDiscShape struct {
	r, size float64
	fill    color.RGBA
	letter  string
}

// hijackedFullDisc draws a filled disc of radius r with a bold white letter of a size.
func hijackedFullDisc(dc *Canvas, x, y, r, size float64, fill color.RGBA, letter string) {
	k := hijackedFullDiscShape{r, size, fill, letter}
	hijackedShape(dc, k, x, y, int(r)+3, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, k.r)
		dc.SetColor(k.fill)
		dc.Fill()
		hijackedFullCentered(dc, k.letter, x, y, k.size, true, hijackedPanel)
	})
}

// hijackedFullDemandChip draws a demand token: its colour and its letter.
func hijackedFullDemandChip(dc *Canvas, x, y float64, d string, count int) float64 {
	hijackedFullDisc(dc, x+11, y, 11, 13, hijackedDemand[d], strings.ToUpper(d[:1]))
	hijackedFullText(dc, fmt.Sprintf("×%d", count), x+24, y+6, 15, false, hijackedInk)
	return x + 58
}
