package images

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"standoff/internal/games/lockedout"
)

// The ship is laid out at 1000 px wide: Discord shows it far narrower, and
// the palette step and the PNG writer cost about in proportion to the
// pixels. The map is the ship's 16 x 9 grid.
const (
	lockedOutWidth = 1000
	lockedOutUnit  = 60.0 // pixels per grid unit of the ship map
	lockedOutMapX  = 20.0
	lockedOutMapH  = 9 * lockedOutUnit
	lockedOutLineH = 36.0 // a line of the status band
)

// lockedOutStatusLines is the status band's text: who must act now, or the
// result's verdict, wrapped to the picture's width in at most lockedOutBandLines
// lines (the band's height is fixed, so the map layer does not depend on
// it).
func lockedOutStatusLines(m *Canvas, v *lockedout.PublicView) []string {
	text := "Now: " + v.Waiting
	if v.Over {
		head, _ := lockedOutResultParts(v.Result)
		text = "Game over. " + head
	}
	return fitLines(m, text, lockedOutBody, true, lockedOutBandW, lockedOutBandLines)
}

// lockedOutResultParts splits a result into its verdict and the ranking's
// places ("1. Dave 6 znooties"); a result in another form is all verdict.
func lockedOutResultParts(result string) (head string, places []string) {
	result = lockedOutZ(result)
	i := strings.Index(result, " 1. ")
	if i < 0 {
		return result, nil
	}
	return result[:i], strings.Split(result[i+1:], "; ")
}

// The status band under the title: two lines of lockedOutBody at most.
const (
	lockedOutBandTop   = 62.0
	lockedOutBandLines = 2
	lockedOutBandH     = lockedOutBandLines*lockedOutLineH + 14
	lockedOutBandW     = lockedOutWidth - 2*lockedOutMapX - 24
	lockedOutMapY      = lockedOutBandTop + lockedOutBandH + 16 // where the map starts
)

// lockedOutLayers keeps the title row, the status band and the map as each
// pattern of locked rooms leaves it: the rooms with their names and locks,
// the doorways, the engine's labels and empty gauges. A game goes through
// three such patterns, a stage each.
var lockedOutLayers = NewLayers(4)

// lockedOutBandRows finds, once per map layer, its rows of paper alone or around
// a narrow span (layer_copy.go): above and below the rooms.
var lockedOutBandRows = &layerRowsCache{bg: lockedOutPaper}

// lockedOutMapKey names what the map layer depends on.
func lockedOutMapKey(v *lockedout.PublicView) string {
	var b strings.Builder
	for _, r := range v.Rooms {
		fmt.Fprintf(&b, "%s:%t:%s,", r.ID, r.Accessible, r.Zone)
	}
	for _, t := range v.Tracks {
		b.WriteString(t.Name + ":" + t.Color + ",")
	}
	fmt.Fprintf(&b, "%d", v.Stage)
	return b.String()
}

// lockedOutMapBuild draws the map layer: everything above the panels that only
// a lock opening changes.
func lockedOutMapBuild(v *lockedout.PublicView) func() *image.RGBA {
	return func() *image.RGBA {
		y0 := lockedOutMapY
		l := NewCanvas(lockedOutWidth, int(y0+lockedOutMapH+8))
		l.SetColor(lockedOutPaper)
		l.Clear()
		l.SetColor(lockedOutOnTurnBg)
		l.DrawRoundedRectangle(lockedOutMapX, lockedOutBandTop, lockedOutWidth-2*lockedOutMapX, lockedOutBandH, 8)
		l.Fill()
		l.Font(lockedOutTitle, true)
		l.SetColor(lockedOutInk)
		l.DrawString("LOCKED OUT", lockedOutMapX, 44)
		l.Font(lockedOutBody, true)
		l.DrawStringAnchored(lockedOutStage(v.Stage), lockedOutWidth-lockedOutMapX, 44, 1, 0)
		rooms := map[string]lockedout.RoomView{}
		for _, r := range v.Rooms {
			rooms[r.ID] = r
		}
		for _, r := range v.Rooms {
			lockedOutRoom(l, r, v, y0)
		}
		for _, d := range v.Doorways {
			lockedOutDoor(l, rooms[d[0]], rooms[d[1]], y0)
		}
		return l.RGBA()
	}
}

// lockedOutCols are the widths of the map's 16 columns: the engine's three give
// the board computer's two the room its name needs at lockedOutSmall, and the
// orange rooms' "7 Laboratory" fits on one line.
var lockedOutCols = [16]float64{54, 54, 54, 60, 60, 60, 60, 60, 60, 60, 60, 58, 58, 58, 72, 72}

// lockedOutColX is where grid column u starts (u may be 16, the map's right
// edge); a column past the table is lockedOutUnit wide.
func lockedOutColX(u float64) float64 {
	x := lockedOutMapX
	for i := 0; i < int(u); i++ {
		if i < len(lockedOutCols) {
			x += lockedOutCols[i]
		} else {
			x += lockedOutUnit
		}
	}
	return x
}

// lockedOutRect is a room's rectangle in pixels, the map starting at y0.
func lockedOutRect(r lockedout.RoomView, y0 float64) (x, y, w, h float64) {
	x = lockedOutColX(r.X)
	return x, y0 + r.Y*lockedOutUnit, lockedOutColX(r.X+r.W) - x, r.H * lockedOutUnit
}

// lockedOutRoomTitle is a room's name as drawn: its lines and whether bold. A
// name too long for its room at the bold face takes two lines, then the
// regular face; the board computer's narrow room needs both.
func lockedOutRoomTitle(dc *Canvas, r lockedout.RoomView) ([]string, bool) {
	_, _, w, _ := lockedOutRect(r, 0)
	width := w - 16
	name := fmt.Sprintf("%d %s", r.Number, r.Name)
	for _, bold := range []bool{true, false} {
		dc.Font(lockedOutSmall, bold)
		lines := dc.Wrap(name, width)
		fits := len(lines) <= 2
		for _, l := range lines {
			if w, _ := dc.MeasureString(l); w > width {
				fits = false
			}
		}
		if fits {
			return lines, bold
		}
	}
	dc.Font(lockedOutSmall, false)
	return []string{dc.Fit(name, width)}, false
}

// lockedOutRoomTop is the height a room's title (and its lock) takes.
func lockedOutRoomTop(dc *Canvas, r lockedout.RoomView) float64 {
	lines, _ := lockedOutRoomTitle(dc, r)
	top := 12 + 30*float64(len(lines))
	if !r.Accessible {
		top += 30
	}
	return top
}

// lockedOutRoom draws a room as a lock leaves it: its fill, hatching when locked,
// outline, name and lock.
func lockedOutRoom(dc *Canvas, r lockedout.RoomView, v *lockedout.PublicView, y0 float64) {
	x, y, w, h := lockedOutRect(r, y0)
	dc.SetColor(lockedOutZoneFill[r.Zone])
	dc.DrawRectangle(x, y, w, h)
	dc.Fill()
	if r.Zone == "green" {
		lockedOutEngine(dc, r, v, y0)
	} else if !r.Accessible {
		// Hatching marks a locked room besides its label, between its
		// title and its pile's line, which stay on the plain fill.
		top := lockedOutRoomTop(dc, r) + 4
		lockedOutHatch(dc, x, y+top, w, h-top-44)
	}
	dc.SetColor(lockedOutZoneLine[r.Zone])
	dc.SetLineWidth(4)
	dc.DrawRectangle(x, y, w, h)
	dc.Stroke()
	if r.Zone == "green" {
		return
	}
	lines, bold := lockedOutRoomTitle(dc, r)
	dc.SetColor(lockedOutInk)
	dc.Font(lockedOutSmall, bold)
	ty := y + 34
	for _, l := range lines {
		dc.DrawString(l, x+8, ty)
		ty += 30
	}
	if !r.Accessible {
		dc.Font(lockedOutSmall, true)
		dc.SetColor(lockedOutMuted)
		dc.DrawString("LOCKED", x+8, ty)
	}
	if r.Zone == "purple" {
		dc.Font(lockedOutSmall, false)
		dc.SetColor(lockedOutInk)
		dc.DrawString("escape", x+8, y+h-14)
	}
}

// lockedOutHatch hatches a rectangle with diagonal lines.
func lockedOutHatch(dc *Canvas, x, y, w, h float64) {
	dc.SetColor(color.NRGBA{0x60, 0x60, 0x60, 0x80})
	dc.SetLineWidth(2)
	for d := -h; d < w; d += 15 {
		x0, y0, x1, y1 := x+d, y+h, x+d+h, y
		if x0 < x {
			y0 -= x - x0
			x0 = x
		}
		if x1 > x+w {
			y1 += x1 - (x + w)
			x1 = x + w
		}
		dc.DrawLine(x0, y0, x1, y1)
	}
	dc.Stroke()
}

// lockedOutTrackBox places track i's block in the engine: its top, and the bar's
// left, top and width (30 px high).
func lockedOutTrackBox(r lockedout.RoomView, i int, y0 float64) (top, bx, by, bw float64) {
	x, y, w, _ := lockedOutRect(r, y0)
	top = y + 52 + float64(i)*120
	return top, x + 12, top + 38, w - 24
}

// lockedOutEngine draws the engine compartment's labels and empty gauges: a
// resource per block, its name above a bar.
func lockedOutEngine(dc *Canvas, r lockedout.RoomView, v *lockedout.PublicView, y0 float64) {
	x, y, w, _ := lockedOutRect(r, y0)
	dc.Font(lockedOutSmall, true)
	dc.SetColor(lockedOutInk)
	dc.DrawStringAnchored("ENGINE", x+w/2, y+34, 0.5, 0)
	for i, t := range v.Tracks {
		top, bx, by, bw := lockedOutTrackBox(r, i, y0)
		dc.Font(lockedOutSmall, false)
		dc.SetColor(lockedOutInk)
		dc.DrawString(t.Name, bx, top+28)
		dc.SetColor(lockedOutWhite)
		dc.DrawRectangle(bx, by, bw, 30)
		dc.Fill()
		dc.SetColor(lockedOutInk)
		dc.SetLineWidth(2)
		dc.DrawRectangle(bx, by, bw, 30)
		dc.Stroke()
	}
}

// lockedOutEngineState fills the gauges: each track's value, its bar, and
// "saved" when a card of its colour lies in the resource play area.
func lockedOutEngineState(dc *Canvas, r lockedout.RoomView, v *lockedout.PublicView, y0 float64) {
	x, _, w, _ := lockedOutRect(r, y0)
	for i, t := range v.Tracks {
		top, bx, by, bw := lockedOutTrackBox(r, i, y0)
		start := math.Max(float64(t.Start), 1)
		if t.Value > 0 {
			// Whole pixels inside the outline: a plain fill.
			fw := math.Round((bw - 4) * math.Min(float64(t.Value)/start, 1))
			fillRect(dc.RGBA(), image.Rect(int(bx)+2, int(by)+2, int(bx)+2+int(fw), int(by)+28), lockedOutCardColor[t.Color])
		}
		dc.Font(lockedOutBody+2, true)
		dc.SetColor(lockedOutInk)
		if t.Value <= 1 && !t.Saved {
			dc.SetColor(lockedOutAlarm)
		}
		if t.Value <= 0 {
			// Run out, said in the empty bar: a bare 0 reads as 8 when
			// small.
			dc.Font(lockedOutSmall, true)
			dc.DrawString("out", bx+8, by+25)
		} else {
			dc.DrawStringAnchored(fmt.Sprint(t.Value), x+w-12, top+28, 1, 0)
		}
		if t.Saved {
			dc.Font(lockedOutSmall, true)
			dc.SetColor(lockedOutZoneLine["green"])
			dc.DrawString("saved", bx, by+60)
		}
	}
}

// lockedOutDoor draws a doorway in the middle of the wall two rooms share.
func lockedOutDoor(dc *Canvas, a, b lockedout.RoomView, y0 float64) {
	ax, ay, aw, ah := lockedOutRect(a, y0)
	bx, by, bw, bh := lockedOutRect(b, y0)
	var x0, yy0, x1, y1 float64
	switch {
	case math.Abs(ax+aw-bx) < 1 || math.Abs(bx+bw-ax) < 1: // side by side
		wx := ax + aw
		if math.Abs(bx+bw-ax) < 1 {
			wx = ax
		}
		lo, hi := math.Max(ay, by), math.Min(ay+ah, by+bh)
		m := (lo + hi) / 2
		x0, yy0, x1, y1 = wx, m-22, wx, m+22
	case math.Abs(ay+ah-by) < 1 || math.Abs(by+bh-ay) < 1: // one above the other
		wy := ay + ah
		if math.Abs(by+bh-ay) < 1 {
			wy = ay
		}
		lo, hi := math.Max(ax, bx), math.Min(ax+aw, bx+bw)
		m := (lo + hi) / 2
		x0, yy0, x1, y1 = m-22, wy, m+22, wy
	default: // not touching: a corridor line between centres
		dc.SetColor(lockedOutInk)
		dc.SetLineWidth(3)
		dc.DrawLine(ax+aw/2, ay+ah/2, bx+bw/2, by+bh/2)
		dc.Stroke()
		return
	}
	dc.SetColor(lockedOutPaper)
	dc.SetLineWidth(9)
	dc.DrawLine(x0, yy0, x1, y1)
	dc.Stroke()
	dc.SetColor(lockedOutInk)
	for _, p := range [][2]float64{{x0, yy0}, {x1, y1}} {
		dc.DrawCircle(p[0], p[1], 5)
		dc.Fill()
	}
}

// lockedOutRoomState draws what moves change in a room: its pile's count and
// the pawns standing there, or the engine's gauges.
func lockedOutRoomState(dc *Canvas, r lockedout.RoomView, v *lockedout.PublicView, y0 float64) {
	if r.Zone == "green" {
		lockedOutEngineState(dc, r, v, y0)
		return
	}
	x, y, w, h := lockedOutRect(r, y0)
	if r.Zone != "purple" {
		pile := lockedOutCards(r.Pile)
		if r.Pile == 0 {
			pile = "empty"
		}
		dc.Font(lockedOutSmall, false)
		dc.SetColor(lockedOutInk)
		dc.DrawString(pile, x+8, y+h-14)
	}
	// Pawns fill rows between the title and the pile's line, clear of
	// the doorways in the middle of the walls.
	top := lockedOutRoomTop(dc, r)
	perRow := max(int((w-68)/44)+1, 1)
	rows := (len(r.Pawns) + perRow - 1) / perRow
	cy := y + top + (h-44-top)/2 - float64(rows-1)*22
	for i, seat := range r.Pawns {
		lockedOutPawnDisc(dc, x+42+float64(i%perRow)*44, cy+float64(i/perRow)*44, 18, seat)
	}
}

// lockedOutShapes keeps the pawns as drawn over what lies under them (shapes.go):
// a seat each at a few dozen places in the rooms and the players' list.
var lockedOutShapes = &shapeCache{max: 512}

type lockedOutPawnShape struct {
	rad  float64
	seat int
}

// lockedOutPawnDisc is a player's pawn: a coloured disc with the seat number.
func lockedOutPawnDisc(dc *Canvas, x, y, rad float64, seat int) {
	half := int(rad) + 5
	dc.shapeIn(lockedOutShapes, lockedOutPawnShape{rad, seat}, x, y, image.Rect(-half, -half, half+1, half+1), func(dc *Canvas, x, y float64) {
		lockedOutPawnDraw(dc, x, y, rad, seat)
	})
}

// lockedOutPawnDraw draws a pawn: a white ring, the seat's colour and its number
// at least lockedOutSmall.
func lockedOutPawnDraw(dc *Canvas, x, y, rad float64, seat int) {
	dc.SetColor(lockedOutWhite)
	dc.DrawCircle(x, y, rad+2.5)
	dc.Fill()
	dc.SetColor(lockedOutPawn[seat%len(lockedOutPawn)])
	dc.DrawCircle(x, y, rad)
	dc.Fill()
	dc.Font(math.Max(rad*1.4, lockedOutSmall), true)
	dc.SetColor(lockedOutWhite)
	dc.DrawStringAnchored(fmt.Sprint(seat+1), x, y-1, 0.5, 0.36)
}
