package images

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
)

// Hijacked draws a Hijacked view: the whole table for the public view, a
// player's medals (with their values) for a private view.
func Hijacked(v games.View) (image.Image, error) {
	switch v := v.(type) {
	case *hijacked.PublicView:
		return hjdPalette.finish(hjdTable(v).RGBA()), nil
	case *hijacked.PrivateView:
		return hjdPalette.finish(hjdMedals(v).RGBA()), nil
	}
	return nil, fmt.Errorf("images: Hijacked cannot draw %T", v)
}

// hjdNewCanvas is a picture painted paper, on recycled pixels.
func hjdNewCanvas(w, h int) *Canvas {
	img := newRGBA(image.Rect(0, 0, w, h))
	fillRGBA(img.Pix, hjdPaper)
	return NewCanvasOn(img)
}

// Colours. Every colour comes with a letter or a word: card colours with
// their id (GY, BL, GR, YE, RD), demands with C / M / F / I, players with
// their initial, cubes with G / R.
var (
	hjdPaper  = color.RGBA{0xf7, 0xf5, 0xef, 0xff}
	hjdInk    = color.RGBA{0x1a, 0x20, 0x2c, 0xff}
	hjdMuted  = color.RGBA{0x5a, 0x63, 0x70, 0xff}
	hjdLine   = color.RGBA{0xb8, 0xbe, 0xc8, 0xff}
	hjdPanel  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	hjdBack   = color.RGBA{0x2d, 0x3a, 0x4f, 0xff}
	hjdAlert  = color.RGBA{0xc5, 0x30, 0x30, 0xff}
	hjdGreen  = color.RGBA{0x2f, 0x85, 0x5a, 0xff}
	hjdGold   = color.RGBA{0xd6, 0x9e, 0x2e, 0xff}
	hjdCardBg = map[string]color.RGBA{
		"gray": {0x8a, 0x93, 0x9e, 0xff}, "blue": {0x2b, 0x6c, 0xb0, 0xff}, "green": {0x2f, 0x85, 0x5a, 0xff},
		"yellow": {0xd6, 0xa8, 0x00, 0xff}, "red": {0xc5, 0x30, 0x30, 0xff},
	}
	hjdDemand = map[string]color.RGBA{
		"crypto": {0xdd, 0x6b, 0x20, 0xff}, "medicine": {0xc5, 0x30, 0x70, 0xff},
		"food": {0x8a, 0x6d, 0x3b, 0xff}, "intel": {0x55, 0x3c, 0x9a, 0xff},
	}
	hjdPlayer = []color.RGBA{{0x1d, 0x4e, 0x89, 0xff}, {0xb8, 0x32, 0x80, 0xff}, {0x1d, 0x7a, 0x74, 0xff}, {0x8a, 0x4b, 0x08, 0xff}}
)

// Fixed tints: the plane's space, bonus and mini dice, the row of the
// player on turn.
var (
	hjdPlaneBg = color.RGBA{0xfe, 0xd7, 0xd7, 0xff}
	hjdBonusBg = color.RGBA{0xfe, 0xd7, 0xaa, 0xff}
	hjdMiniBg  = color.RGBA{0xfb, 0xcf, 0xe8, 0xff}
	hjdTurnBg  = color.RGBA{0xff, 0xf8, 0xdc, 0xff}
)

// hjdPalette is every colour of the table and the medals, and the edges
// where they meet: text and outlines on paper, white and the turn's tint;
// white letters on cards, demands, players and the dark backs.
var hjdPalette = func() *Palette {
	keys := []color.RGBA{hjdPaper, hjdInk, hjdMuted, hjdLine, hjdPanel, hjdBack, hjdAlert, hjdGreen, hjdGold, hjdPlaneBg, hjdBonusBg, hjdMiniBg, hjdTurnBg}
	var pairs [][2]color.RGBA
	for _, bg := range []color.RGBA{hjdPaper, hjdPanel, hjdTurnBg} {
		pairs = append(pairs, [2]color.RGBA{bg, hjdInk}, [2]color.RGBA{bg, hjdMuted}, [2]color.RGBA{bg, hjdLine}, [2]color.RGBA{bg, hjdAlert})
	}
	pairs = append(pairs, [2]color.RGBA{hjdPanel, hjdBack}, [2]color.RGBA{hjdPaper, hjdBack}, [2]color.RGBA{hjdPaper, hjdGold}, [2]color.RGBA{hjdGold, hjdInk},
		[2]color.RGBA{hjdGreen, hjdPanel}, [2]color.RGBA{hjdBack, hjdPanel}, [2]color.RGBA{hjdPlaneBg, hjdMuted}, [2]color.RGBA{hjdBonusBg, hjdInk}, [2]color.RGBA{hjdMiniBg, hjdInk})
	var cs []color.RGBA
	for _, name := range []string{"gray", "blue", "green", "yellow", "red"} {
		cs = append(cs, hjdCardBg[name])
	}
	for _, d := range hjdDemandNames {
		cs = append(cs, hjdDemand[d])
	}
	cs = append(cs, hjdPlayer...)
	for _, c := range cs {
		keys = append(keys, c)
		pairs = append(pairs, [2]color.RGBA{c, hjdPanel}, [2]color.RGBA{hjdPaper, c})
	}
	return NewPalette(keys, pairs, 4)
}()

var hjdDemandNames = []string{"crypto", "medicine", "food", "intel"}

const hjdWidth = 1000

// hjdShapes: the table's shapes come from a small set (four seats, four
// demands, dice faces, a few backgrounds) at the layout's places, so past
// this many something unexpected varies and the rest are drawn directly.
// A shape over several colours keeps them too (a few KB each).
var hjdShapes = &shapeCache{max: 1024}

// hjdShape draws what draw paints around (x, y), at most half pixels away,
// from a copy of its first drawing over the same background (shapes.go).
func hjdShape(dc *Canvas, what any, x, y float64, half int, draw func(dc *Canvas, x, y float64)) {
	hjdShapeRect(dc, what, x, y, half, half, draw)
}

// hjdShapeRect is hjdShape for a shape at most hx pixels across and hy up and
// down from (x, y).
func hjdShapeRect(dc *Canvas, what any, x, y float64, hx, hy int, draw func(dc *Canvas, x, y float64)) {
	dc.shapeIn(hjdShapes, what, x, y, image.Rect(-hx, -hy, hx+1, hy+1), draw)
}

// hjdText draws s with its baseline at y, in a size and colour.
func hjdText(dc *Canvas, s string, x, y, size float64, bold bool, c color.Color) {
	dc.Font(size, bold)
	dc.SetColor(c)
	dc.DrawString(s, x, y)
}

// hjdCentered draws s centred on (x, y), in a size and colour.
func hjdCentered(dc *Canvas, s string, x, y, size float64, bold bool, c color.Color) {
	dc.Font(size, bold)
	dc.SetColor(c)
	dc.DrawStringAnchored(s, x, y, 0.5, 0.35)
}

// hjdDieShape names a die face as drawn (shapes.go).
type hjdDieShape struct {
	size  float64
	value int
	kind  string
	used  bool
}

// hjdDie draws a die face with its number; a used die is hollow and struck.
func hjdDie(dc *Canvas, x, y, size float64, value int, kind string, used bool) {
	hjdShape(dc, hjdDieShape{size, value, kind, used}, x+size/2, y+size/2, int(size/2)+4, func(dc *Canvas, _, _ float64) {
		hjdDieFace(dc, x, y, size, value, kind, used)
	})
}

// hjdDieFace is hjdDie drawn in place, the first time a face is kept.
func hjdDieFace(dc *Canvas, x, y, size float64, value int, kind string, used bool) {
	fill, ink := color.Color(hjdPanel), color.Color(hjdInk)
	switch kind {
	case "bonus":
		fill = hjdBonusBg
	case "mini":
		fill = hjdMiniBg
	}
	if used {
		fill, ink = hjdPaper, hjdMuted
	}
	hjdBox(dc, x, y, size, size, size*0.18, fill, ink)
	hjdCentered(dc, fmt.Sprint(value), x+size/2, y+size/2, size*0.55, true, ink)
	if kind != "own" && kind != "" {
		hjdCentered(dc, strings.ToUpper(kind[:1]), x+size-size*0.16, y+size*0.18, size*0.22, true, ink)
	}
	if used {
		dc.SetColor(hjdMuted)
		dc.SetLineWidth(2)
		dc.DrawLine(x+4, y+size-4, x+size-4, y+4)
		dc.Stroke()
	}
}

// hjdTokenShape names a player's disc as drawn (shapes.go).
type hjdTokenShape struct {
	r       float64
	colour  int
	initial string
}

// hjdToken draws a player's disc with their initial.
func hjdToken(dc *Canvas, x, y, r float64, seat int, name string) {
	k := hjdTokenShape{r, seat % len(hjdPlayer), hjdInitial(name)}
	hjdShape(dc, k, x, y, int(r)+4, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, k.r)
		dc.SetColor(hjdPlayer[k.colour])
		dc.FillPreserve()
		dc.SetColor(hjdPanel)
		dc.SetLineWidth(2)
		dc.Stroke()
		hjdCentered(dc, k.initial, x, y, k.r*1.1, true, hjdPanel)
	})
}

// hjdDiscShape names a filled disc with a white letter (demands, bonus
// spaces) as drawn (shapes.go).
type hjdDiscShape struct {
	r, size float64
	fill    color.RGBA
	letter  string
}

// hjdDisc draws a filled disc of radius r with a bold white letter of a size.
func hjdDisc(dc *Canvas, x, y, r, size float64, fill color.RGBA, letter string) {
	k := hjdDiscShape{r, size, fill, letter}
	hjdShape(dc, k, x, y, int(r)+3, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, k.r)
		dc.SetColor(k.fill)
		dc.Fill()
		hjdCentered(dc, k.letter, x, y, k.size, true, hjdPanel)
	})
}

func hjdInitial(name string) string {
	for _, r := range name {
		return strings.ToUpper(string(r))
	}
	return "?"
}

// hjdDemandChip draws a demand token: its colour and its letter.
func hjdDemandChip(dc *Canvas, x, y float64, d string, count int) float64 {
	hjdDisc(dc, x+11, y, 11, 13, hjdDemand[d], strings.ToUpper(d[:1]))
	hjdText(dc, fmt.Sprintf("×%d", count), x+24, y+6, 15, false, hjdInk)
	return x + 58
}

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

func hjdRange(r [2]int) string {
	if r[0] == r[1] {
		return fmt.Sprint(r[0])
	}
	return fmt.Sprintf("%d-%d", r[0], r[1])
}

// hjdBoardInfo: number tokens, the tower, bonus dice, plane, medals and the
// dice of the turn in progress.
func hjdBoardInfo(dc *Canvas, v *hijacked.PublicView, y float64) {
	hjdText(dc, "Demands by die", hjdMargin, y+18, 17, true, hjdInk)
	for i, n := range v.Numbers {
		x := hjdMargin + float64(i)*80
		hjdBox(dc, x, y+28, 30, 30, 5, hjdPanel, hjdInk)
		hjdCentered(dc, fmt.Sprint(n), x+15, y+43, 18, true, hjdInk)
		d := v.Places[i]
		hjdDisc(dc, x+47, y+43, 11, 13, hjdDemand[d], strings.ToUpper(d[:1]))
	}
	hjdText(dc, "Tower:", hjdMargin, y+85, 15, true, hjdInk)
	x := 75.0
	for i, d := range hjdDemandNames {
		x = hjdDemandChip(dc, x, y+80, d, v.Supply[i])
	}
	hjdText(dc, "C crypto  M medicine  F food  I intel (wild)", hjdMargin, y+112, 13, false, hjdMuted)
	hjdText(dc, fmt.Sprintf("Bonus dice: %d   Mini dice: %d   Bonus tiles: %d", v.BonusDice, v.MiniDice, v.Tiles), 350, y+100, 15, false, hjdInk)
	hjdText(dc, "On the plane: "+hijacked.Aboard(v.Passengers, v.Pilots), 350, y+122, 15, false, hjdInk)

	// Medals: a medal on the board lies number up (a gold disc with its
	// value); a won one is held face down (a dark disc, no value).
	hjdText(dc, "Medals", 350, y+18, 17, true, hjdInk)
	for i, m := range v.Medals {
		my := y + 23 + float64(i)*20
		state := map[string]string{"board": "open", "held": "won, face down", "cashed": "cashed", "discarded": "discarded"}[m.State]
		if m.Holder >= 0 {
			state += " by " + v.Players[m.Holder].Name
		}
		switch m.State {
		case "board":
			hjdShape(dc, hjdBoardMedalShape{m.Value}, 358, my+9, 10, func(dc *Canvas, cx, cy float64) {
				dc.DrawCircle(cx, cy, 8)
				dc.SetColor(hjdGold)
				dc.Fill()
				hjdCentered(dc, fmt.Sprint(m.Value), cx, cy, 12, true, hjdInk)
			})
		case "held":
			hjdDisc(dc, 358, my+9, 8, 12, hjdBack, "")
		}
		dc.Font(13, false)
		dc.SetColor(hjdInk)
		dc.DrawString(dc.Fit(fmt.Sprintf("%d. %s: %s", m.Number, m.Objective, state), 350), 370, my+13)
	}

	// Dice of the turn.
	if len(v.Dice) > 0 && !v.Over {
		dc.Font(15, true)
		dc.SetColor(hjdInk)
		dc.DrawStringAnchored(fmt.Sprintf("%s's dice", v.Players[v.Turn].Name), hjdWidth-hjdMargin, y+18, 1, 0)
		for i := len(v.Dice) - 1; i >= 0; i-- {
			d := v.Dice[i]
			dx := hjdWidth - hjdMargin - float64(len(v.Dice)-i)*52
			hjdDie(dc, dx, y+28, 45, d.Value, d.Kind, d.Used)
		}
	}
}

// hjdPlayerRow: a player's score track with its bonus spaces, recognition
// track and supply.
func hjdPlayerRow(dc *Canvas, v *hijacked.PublicView, p hijacked.PlayerView, y, h float64) {
	bg := color.Color(hjdPanel)
	if p.Seat == v.Turn && !v.Over {
		bg = hjdTurnBg
	}
	hjdBox(dc, hjdRowMargin, y, hjdWidth-2*hjdRowMargin, h-7, 8, bg, hjdLine)
	hjdToken(dc, 37, y+23, 13, p.Seat, p.Name)
	// The most telling tag first: a long name leaves room for fewer, and
	// the last ones are cut short.
	tags := ""
	if p.Seat == v.Turn && !v.Over {
		tags += " · ON TURN"
	}
	if p.Resigned {
		tags += " · left"
	}
	if p.Starting {
		tags += " · start player"
	}
	dc.Font(18, true)
	dc.SetColor(hjdInk)
	name := dc.Fit(p.Name, 183)
	dc.DrawString(name, 57, y+30)
	nw, _ := dc.MeasureString(name)
	// The tags end before the score track's label ("track A" at tx-63).
	tx, tw := 417.0, 550.0
	dc.Font(17, false)
	hjdText(dc, dc.Fit(ptsText(p.Score)+tags, tx-63-7-(63+nw)), 63+nw, y+30, 17, false, hjdInk)

	// Score track: 0..max(40, score), bonus spaces marked with their demand
	// letter. The line is 3 px on whole pixels (y+22 to y+25).
	ly := y + 23.5
	top := max(40, p.Score)
	px := func(n int) float64 { return tx + tw*float64(n)/float64(top) }
	hjdShapeRect(dc, hjdTrackShape{tw}, tx+tw/2, ly, int(tw/2)+4, 4, func(dc *Canvas, _, _ float64) {
		dc.SetColor(hjdLine)
		dc.SetLineWidth(3)
		dc.DrawLine(tx, ly, tx+tw, ly)
		dc.Stroke()
	})
	for n := 0; n <= top; n += 10 {
		hjdCentered(dc, fmt.Sprint(n), px(n), y+42, 13, false, hjdMuted)
	}
	for _, b := range p.Bonuses {
		bx := px(b.At)
		fill := hjdDemand[b.Demand]
		if b.Taken {
			fill = hjdLine
		}
		hjdDisc(dc, bx, ly, 8, 10, fill, strings.ToUpper(b.Demand[:1]))
	}
	hjdToken(dc, px(p.Score), ly, 10, p.Seat, p.Name)
	hjdText(dc, "track "+p.Track, tx-63, y+28, 13, false, hjdMuted)

	// Recognition: start, 1, 2, 3 with their points; the thumb marked.
	rx := hjdMargin
	hjdText(dc, "Recognition", rx, y+58, 13, false, hjdMuted)
	for i, pts := range v.Recognition {
		bx := rx + 77 + float64(i)*42
		fill := color.Color(hjdPaper)
		if i == p.Thumb {
			fill = hjdPlayer[p.Seat%len(hjdPlayer)]
		}
		hjdBox(dc, bx, y+45, 37, 20, 4, fill, hjdLine)
		ink := color.Color(hjdInk)
		if i == p.Thumb {
			ink = hjdPanel
		}
		hjdCentered(dc, fmt.Sprintf("%+d", pts), bx+18.5, y+55, 13, true, ink)
	}

	// Supply: demands, then cards, freed, hijackers, tiles, medals, dice.
	const supplyX = 275.0
	x := supplyX
	for i, d := range hjdDemandNames {
		if p.Demands[i] > 0 {
			x = hjdDemandChip(dc, x, y+55, d, p.Demands[i])
		}
	}
	if x == supplyX {
		hjdText(dc, "no demands", x, y+60, 13, false, hjdMuted)
		x += 83
	}
	cx := hjdMargin
	for _, c := range p.Cards {
		hjdBox(dc, cx, y+75, 50, 22, 4, hjdCardBg[c.Color], hjdCardBg[c.Color])
		hjdCentered(dc, c.ID, cx+25, y+86, 13, true, hjdPanel)
		cx += 55
	}
	if len(p.Cards) == 0 {
		hjdText(dc, "no cards", cx, y+92, 13, false, hjdMuted)
		cx += 67
	}
	var extra []string
	extra = append(extra, "freed "+hijacked.Aboard(p.Freed, p.Pilots))
	if len(p.Hijackers) > 0 {
		var hs []string
		for _, hv := range p.Hijackers {
			hs = append(hs, hv.Name)
		}
		extra = append(extra, "hijackers: "+strings.Join(hs, ", "))
	}
	if len(p.Tiles) > 0 {
		extra = append(extra, "tiles: "+strings.Join(p.Tiles, ", "))
	}
	if p.Medals > 0 {
		extra = append(extra, hjdCount(p.Medals, "medal")+" face down")
	}
	if p.Star {
		extra = append(extra, "STAR")
	}
	if p.Bonus+p.Mini > 0 {
		extra = append(extra, "next turn "+hijacked.NextDice(p.Bonus, p.Mini))
	}
	if p.Reserved > 0 {
		extra = append(extra, fmt.Sprintf("reserves seat %d", p.Reserved))
	}
	dc.Font(13, false)
	dc.SetColor(hjdInk)
	dc.DrawString(dc.Fit(strings.Join(extra, " · "), hjdWidth-33-cx), cx+8, y+92)
}

// hjdTrackShape names a score track's line as drawn (shapes.go).
type hjdTrackShape struct{ width float64 }

// hjdFinal: the final scoring table, one column per scoring item.
func hjdFinal(dc *Canvas, v *hijacked.PublicView, y float64) float64 {
	hjdText(dc, "Final score", hjdMargin, y+22, 20, true, hjdInk)
	dc.Font(15, false)
	dc.SetColor(hjdMuted)
	dc.DrawStringAnchored(dc.Fit(v.Result, 750), hjdWidth-hjdMargin, y+17, 1, 0.5)
	y += 33
	scored := false
	for _, p := range v.Players {
		scored = scored || p.FinalScore != nil
	}
	if !scored {
		return y
	}
	heads := []string{"track", "medals", "demands", "star", "hijackers", "cards", "recognition", "TOTAL"}
	// The Cybot also scores its bonus tiles and set-aside rewards: a column
	// of their own, so every row adds up to its total.
	solo := false
	for _, p := range v.Players {
		solo = solo || (p.FinalScore != nil && p.FinalScore.Tiles+p.FinalScore.SetAside != 0)
	}
	if solo {
		heads = []string{"track", "medals", "demands", "star", "hijackers", "cards", "recognition", "tiles+aside", "TOTAL"}
	}
	step := 630.0 / float64(len(heads)-1)
	colX := func(i int) float64 { return 275 + float64(i)*step }
	for i, h := range heads {
		hjdCentered(dc, h, colX(i), y+10, 13, true, hjdMuted)
	}
	y += 22
	for _, p := range v.Players {
		f := p.FinalScore
		if f == nil {
			continue
		}
		hjdToken(dc, 30, y+10, 9, p.Seat, p.Name)
		dc.Font(16, true)
		dc.SetColor(hjdInk)
		dc.DrawString(dc.Fit(p.Name, 200), 47, y+16)
		cells := []int{f.Track, f.Medals, f.Demands, f.Star, f.Hijackers, f.Cards, f.Recognition, f.Total}
		if solo {
			cells = []int{f.Track, f.Medals, f.Demands, f.Star, f.Hijackers, f.Cards, f.Recognition, f.Tiles + f.SetAside, f.Total}
		}
		for i, n := range cells {
			hjdCentered(dc, fmt.Sprint(n), colX(i), y+10, 16, i == len(cells)-1, hjdInk)
		}
		y += 25
	}
	return y + 8
}

// hjdMedalsWidth is the private picture's width: 1000 px like every
// picture, so a phone zooms them alike.
const hjdMedalsWidth = 1000

// hjdBoardMedalShape names a board medal's small gold disc and value as
// drawn (shapes.go).
type hjdBoardMedalShape struct{ value int }

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

// hjdCount writes a count with its noun in the right number: "1 pip", "3 pips".
func hjdCount(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// ptsText abbreviates a score: "1 pt", "27 pts".
func ptsText(n int) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d pt", n)
	}
	return fmt.Sprintf("%d pts", n)
}
