package images

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/fogleman/gg"

	"standoff/internal/games"
	"standoff/internal/games/lockedout"
)

// LockedOut draws a Locked Out view: the ship for the public view, the cards
// of one hand for a private view.
func LockedOut(v games.View) (image.Image, error) {
	switch v := v.(type) {
	case *lockedout.PublicView:
		dc := lockedOutShip(v)
		band, idx := loLayers.Indexed(loMapKey(v), loMapBuild(v), loPalette)
		return loPalette.finishFrom(dc.RGBA(), band, idx), nil
	case *lockedout.PrivateView:
		return loPalette.finish(lockedOutHand(v).RGBA()), nil
	}
	return nil, fmt.Errorf("images: Locked Out cannot draw %T", v)
}

// Zone and card colours; every colour also comes with a letter or label, so
// nothing is told by colour alone.
var (
	loZoneFill = map[string]color.RGBA{
		"blue": {0xd6, 0xe8, 0xff, 0xff}, "orange": {0xff, 0xe3, 0xc2, 0xff},
		"purple": {0xec, 0xdf, 0xff, 0xff}, "green": {0xd8, 0xf3, 0xdf, 0xff},
	}
	loZoneLine = map[string]color.RGBA{
		"blue": {0x2b, 0x6c, 0xb0, 0xff}, "orange": {0xc0, 0x56, 0x21, 0xff},
		"purple": {0x6b, 0x46, 0xc1, 0xff}, "green": {0x2f, 0x85, 0x5a, 0xff},
	}
	loCardColor = map[string]color.RGBA{
		"red": {0xd6, 0x33, 0x33, 0xff}, "yellow": {0xd6, 0xa8, 0x00, 0xff}, "blue": {0x2b, 0x6c, 0xb0, 0xff},
		"orange": {0xdd, 0x6b, 0x20, 0xff}, "purple": {0x80, 0x5a, 0xd5, 0xff}, "green": {0x2f, 0x85, 0x5a, 0xff},
	}
	loPawn = []color.RGBA{
		{0x1a, 0x20, 0x2c, 0xff}, {0xb8, 0x32, 0x80, 0xff}, {0x1d, 0x7a, 0x74, 0xff},
		{0x8a, 0x4b, 0x08, 0xff}, {0x3c, 0x36, 0x9e, 0xff}, {0x9b, 0x2c, 0x2c, 0xff},
	}
	loInk   = color.RGBA{0x1a, 0x20, 0x2c, 0xff}
	loMuted = color.RGBA{0x5a, 0x63, 0x70, 0xff}
	loPaper = color.RGBA{0xfa, 0xf8, 0xf2, 0xff}
)

// loPalette is every colour of the ship and the hands, and the edges where
// they meet: text on paper, white and the zones; white letters and outlines
// on card and pawn colours; hatching on the locked zones.
var loPalette = func() *Palette {
	white := color.RGBA{255, 255, 255, 255}
	turn := color.RGBA{0xff, 0xf0, 0x9e, 0xff}
	hatch := color.RGBA{0x60, 0x60, 0x60, 0xff}
	keys := []color.RGBA{loPaper, loInk, loMuted, white, turn}
	var pairs [][2]color.RGBA
	for _, bg := range []color.RGBA{loPaper, white, turn} {
		pairs = append(pairs, [2]color.RGBA{bg, loInk}, [2]color.RGBA{bg, loMuted})
	}
	for _, z := range []string{"blue", "orange", "purple", "green"} {
		fill, line := loZoneFill[z], loZoneLine[z]
		half := color.RGBA{uint8((int(fill.R) + int(hatch.R)) / 2), uint8((int(fill.G) + int(hatch.G)) / 2), uint8((int(fill.B) + int(hatch.B)) / 2), 255}
		keys = append(keys, fill, line, half)
		pairs = append(pairs, [2]color.RGBA{fill, loInk}, [2]color.RGBA{fill, loMuted}, [2]color.RGBA{fill, line},
			[2]color.RGBA{fill, half}, [2]color.RGBA{loPaper, line}, [2]color.RGBA{loPaper, fill})
	}
	for _, c := range []string{"red", "yellow", "blue", "orange", "purple", "green"} {
		keys = append(keys, loCardColor[c])
		pairs = append(pairs, [2]color.RGBA{white, loCardColor[c]})
	}
	for _, p := range loPawn {
		keys = append(keys, p)
		pairs = append(pairs, [2]color.RGBA{white, p})
	}
	return NewPalette(keys, pairs, 5)
}()

// loPanelY is where the panels start below the map (9 grid units tall).
const loPanelY = loMapY + 9*loUnit + 20

// The ship is laid out at 1000 px wide: Discord shows it far narrower, and
// the palette step and the PNG writer cost about in proportion to the
// pixels.
const (
	loWidth = 1000
	loUnit  = 60.0 // pixels per grid unit of the ship map
	loMapX  = 20.0
	loMapY  = 80.0
	loRowH  = 38.0 // a player's row in the right panel
)

// loCardLetter is the category letter shown with a card's colour.
func loCardLetter(c lockedout.CardView) string {
	switch {
	case c.Share:
		return "S"
	case c.Kind == "loot":
		return "L"
	}
	return c.ID[:1]
}

// lockedOutShip draws the ship: the map, the players and the areas, the
// events.
func lockedOutShip(v *lockedout.PublicView) *Canvas {
	players := len(v.Players)
	panelY := loPanelY
	playersH := float64(players)*loRowH + 42
	// The left panel grows with the face-up cards (a long game discards most
	// of the deck): lay it out once on a 1x1 canvas to learn its height.
	measure := NewCanvas(1, 1)
	areasH := loAreas(measure, v, 20, 0, false)
	eventsY := panelY + math.Max(playersH, areasH) + 10
	height := int(eventsY + 37 + float64(min(len(v.Events), 4))*25 + 17)

	// The map as the rooms' locks leave it comes from a layer; below it
	// the picture starts as blank paper.
	img := newRGBA(image.Rect(0, 0, loWidth, height))
	key := loMapKey(v)
	band := loLayers.Get(key, loMapBuild(v))
	n := min(len(band.Pix), len(img.Pix))
	if n == len(band.Pix) {
		loBandRows.copy(key, img.Pix, band) // its paper rows written, not copied
	} else {
		copy(img.Pix, band.Pix)
	}
	fillRGBA(img.Pix[n:], loPaper)
	dc := NewCanvasOn(img)

	// Stage and status.
	dc.SetColor(loInk)
	dc.Font(22, true)
	stage := map[int]string{1: "Stage 1: blue zone open", 2: "Stage 2: orange zone open", 3: "Stage 3: board computer open"}[v.Stage]
	dc.DrawStringAnchored(stage, loWidth-20, 28, 1, 0.5)
	dc.Font(18, false)
	dc.SetColor(loMuted)
	status := v.Waiting
	if v.Over {
		status = "Game over"
	}
	dc.DrawStringAnchored(dc.Fit("Now: "+status, loWidth-250), loWidth-20, 58, 1, 0.5)

	for _, r := range v.Rooms {
		loRoomState(dc, r, v)
	}
	for _, r := range v.Rooms {
		loPawns(dc, r)
	}

	loAreas(dc, v, 20, panelY, true)

	// Right panel: players.
	px := 583.0
	dc.Font(20, true)
	dc.SetColor(loInk)
	dc.DrawString("Players (hand size)", px, panelY+18)
	for i, p := range v.Players {
		py := panelY + 33 + float64(i)*loRowH
		if p.Seat == v.Acting && !v.Over {
			loCoverage.paintPath(dc, loPath{kind: "acting row"}, px-5, py, covRect(px-5, py, loWidth-20, py+34, 3), color.RGBA{0xff, 0xf0, 0x9e, 0xff}, func(gc *gg.Context) {
				gc.DrawRoundedRectangle(px-5, py, loWidth-px-15, 34, 7)
				gc.Fill()
			})
		}
		loPawnDisc(dc, px+15, py+17, 13, p.Seat)
		name := p.Name
		if p.Resigned {
			name += " (left)"
		}
		dc.Font(18, p.Seat == v.Turn && !v.Over)
		dc.SetColor(loInk)
		dc.DrawString(dc.Fit(name, 137), px+37, py+24)
		dc.Font(18, false)
		dc.DrawString(loCards(p.Hand), px+182, py+24)
		var tags []string
		if p.Seat == v.Turn && !v.Over {
			tags = append(tags, "TURN")
		}
		if p.Maintenance {
			m := "MAINT"
			if v.Wait {
				m += " (wait)"
			}
			tags = append(tags, m)
		}
		dc.Font(14, true)
		dc.SetColor(loZoneLine["orange"])
		dc.DrawString(strings.Join(tags, " "), px+265, py+23)
	}

	// Recent events.
	dc.Font(20, true)
	dc.SetColor(loInk)
	head := "Recently"
	if v.Over {
		head = "Result"
	}
	dc.DrawString(head, 20, eventsY+20)
	dc.Font(18, false)
	lines := v.Events
	if len(lines) > 4 {
		lines = lines[len(lines)-4:]
	}
	if v.Over && v.Result != "" {
		lines = []string{v.Result}
	}
	ly := eventsY + 47
	for _, l := range lines {
		for _, w := range dc.Wrap(loZ(l), loWidth-40) {
			if ly > float64(height)-7 {
				break
			}
			dc.DrawString(w, 20, ly)
			ly += 23
		}
	}
	return dc
}

// loLayers keeps the map as each pattern of locked rooms leaves it: the
// title, rooms with their names, locks, empty piles and engine gauges, and
// the doorways. A game goes through a few such patterns.
var loLayers = NewLayers(4)

// loBandRows finds, once per map layer, its rows of paper alone or around
// a narrow span (layer_copy.go): above and below the rooms.
var loBandRows = &layerRowsCache{bg: loPaper}

// loMapKey names what the map layer depends on.
func loMapKey(v *lockedout.PublicView) string {
	var b strings.Builder
	for _, r := range v.Rooms {
		fmt.Fprintf(&b, "%s:%t:%s,", r.ID, r.Accessible, r.Zone)
	}
	for _, t := range v.Tracks {
		b.WriteString(t.Name + ":" + t.Color + ",")
	}
	return b.String()
}

// loMapBuild draws the map layer: everything above the panels.
func loMapBuild(v *lockedout.PublicView) func() *image.RGBA {
	return func() *image.RGBA {
		l := NewCanvas(loWidth, int(loPanelY))
		l.SetColor(loPaper)
		l.Clear()
		loMap(l, v)
		return l.RGBA()
	}
}

// loMap draws the part of the map no move changes but a lock opening.
func loMap(dc *Canvas, v *lockedout.PublicView) {
	dc.Font(28, true)
	dc.SetColor(loInk)
	dc.DrawString("LOCKED OUT", 20, 38)
	rooms := map[string]lockedout.RoomView{}
	for _, r := range v.Rooms {
		rooms[r.ID] = r
	}
	for _, r := range v.Rooms {
		loRoom(dc, r, v)
	}
	for _, d := range v.Doorways {
		loDoor(dc, rooms[d[0]], rooms[d[1]])
	}
}

// loRoomState draws what moves change in a room: its pile's count and the
// engine's gauges.
func loRoomState(dc *Canvas, r lockedout.RoomView, v *lockedout.PublicView) {
	x, y, w, h := loRect(r)
	if r.Zone == "green" {
		loEngineState(dc, r, v)
		return
	}
	if r.Zone != "purple" {
		bx, by := loPile(x, y, w, h)
		dc.Font(20, true)
		dc.SetColor(loInk)
		dc.DrawStringAnchored(fmt.Sprint(r.Pile), bx+20, by+16, 0.5, 0.5)
	}
}

// loPile places a room's draw pile: the top left of its upper card.
func loPile(x, y, w, h float64) (bx, by float64) { return x + w - 52, y + h - 42 }

// loRect is a room's rectangle in pixels.
func loRect(r lockedout.RoomView) (x, y, w, h float64) {
	return loMapX + r.X*loUnit, loMapY + r.Y*loUnit, r.W * loUnit, r.H * loUnit
}

func loRoom(dc *Canvas, r lockedout.RoomView, v *lockedout.PublicView) {
	x, y, w, h := loRect(r)
	dc.SetColor(loZoneFill[r.Zone])
	dc.DrawRectangle(x, y, w, h)
	dc.Fill()
	if !r.Accessible && r.Zone != "green" {
		// Hatching marks a locked room without relying on colour.
		// It stays below the room's title so the name remains readable.
		y, h := y+70, h-70
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
	dc.SetColor(loZoneLine[r.Zone])
	dc.SetLineWidth(4)
	dc.DrawRectangle(x, y, w, h)
	dc.Stroke()

	dc.SetColor(loInk)
	if r.Zone == "green" {
		loEngine(dc, r, v)
		return
	}
	dc.Font(20, true)
	title := dc.Wrap(fmt.Sprintf("%d %s", r.Number, r.Name), w-16)
	ty := y + 25
	for i, l := range title {
		if i < 2 {
			dc.DrawString(dc.Fit(l, w-16), x+8, ty)
			ty += 22
		}
	}
	dc.Font(15, false)
	dc.SetColor(loMuted)
	sub := fmt.Sprintf("%s zone · %s", r.Zone, r.ID)
	switch {
	case !r.Accessible:
		sub = "LOCKED"
	case w < 166:
		sub = r.ID
	}
	dc.DrawString(dc.Fit(sub, w-16), x+8, ty-2)
	if r.Zone != "purple" {
		// The draw pile: a small stack with its count.
		bx, by := loPile(x, y, w, h)
		dc.SetColor(color.White)
		dc.DrawRoundedRectangle(bx+3, by-3, 40, 33, 4)
		dc.Fill()
		dc.SetColor(loZoneLine[r.Zone])
		dc.SetLineWidth(2)
		dc.DrawRoundedRectangle(bx+3, by-3, 40, 33, 4)
		dc.Stroke()
		dc.SetColor(color.White)
		dc.DrawRoundedRectangle(bx, by, 40, 33, 4)
		dc.Fill()
		dc.SetColor(loZoneLine[r.Zone])
		dc.DrawRoundedRectangle(bx, by, 40, 33, 4)
		dc.Stroke()
		dc.Font(13, false)
		dc.SetColor(loMuted)
		dc.DrawStringAnchored("pile", bx-18, by+17, 0.5, 0.5)
	} else {
		dc.Font(15, true)
		dc.DrawString("ESCAPE", x+8, y+h-13)
	}
}

// loEngine draws the engine compartment's labels and empty gauges.
func loEngine(dc *Canvas, r lockedout.RoomView, v *lockedout.PublicView) {
	x, y, w, _ := loRect(r)
	dc.Font(17, true)
	dc.SetColor(loInk)
	dc.DrawStringAnchored("ENGINE", x+w/2, y+22, 0.5, 0.5)
	dc.Font(13, false)
	dc.SetColor(loMuted)
	dc.DrawStringAnchored("resources", x+w/2, y+40, 0.5, 0.5)
	for i, t := range v.Tracks {
		cx, top, bottom := loGauge(r, v, i)
		dc.SetColor(color.White)
		dc.DrawRoundedRectangle(cx-15, top, 30, bottom-top, 5)
		dc.Fill()
		dc.SetColor(loInk)
		dc.SetLineWidth(2)
		dc.DrawRoundedRectangle(cx-15, top, 30, bottom-top, 5)
		dc.Stroke()
		dc.Font(14, true)
		dc.DrawStringAnchored(t.Name[:1], cx, top-12, 0.5, 0.5)
	}
}

// loGauge places track i's gauge: its centre, top and bottom. The centre
// is a whole pixel, so the gauge's sides are too.
func loGauge(r lockedout.RoomView, v *lockedout.PublicView, i int) (cx, top, bottom float64) {
	x, y, w, _ := loRect(r)
	colW := (w - 18) / float64(len(v.Tracks))
	return math.Round(x + 9 + colW*(float64(i)+0.5)), y + 67, y + r.H*loUnit - 58
}

// loCoverage keeps the coverage of the ship's paths drawn every picture
// (coverage.go): the gauges' levels and outlines, the acting player's
// row; a few dozen.
var loCoverage = &coverageCache{max: 1024, maxBytes: 1 << 20}

// loPath names a path at its exact place: what it is and its height.
type loPath struct {
	kind string
	h    float64
}

// loEngineState fills the gauges with the three resource tracks.
func loEngineState(dc *Canvas, r lockedout.RoomView, v *lockedout.PublicView) {
	for i, t := range v.Tracks {
		cx, top, bottom := loGauge(r, v, i)
		start := math.Max(float64(t.Start), 1)
		if t.Value > 0 {
			// Painted from their recorded coverage (coverage.go): a
			// track's level and the gauge's outline again, over the
			// fill's edge.
			fill := (bottom - top) * float64(t.Value) / start
			fy := bottom - fill
			loCoverage.paintPath(dc, loPath{kind: "gauge fill", h: fill}, cx, fy, covRect(cx-15, fy, cx+15, bottom, 3), loCardColor[t.Color], func(gc *gg.Context) {
				gc.DrawRoundedRectangle(cx-15, fy, 30, fill, 5)
				gc.Fill()
			})
			loCoverage.paintPath(dc, loPath{kind: "gauge outline", h: bottom - top}, cx, top, covRect(cx-15, top, cx+15, bottom, 4), loInk, func(gc *gg.Context) {
				gc.SetLineWidth(2)
				gc.DrawRoundedRectangle(cx-15, top, 30, bottom-top, 5)
				gc.Stroke()
			})
		}
		dc.SetColor(loInk)
		dc.Font(22, true)
		dc.DrawStringAnchored(fmt.Sprint(t.Value), cx, bottom+18, 0.5, 0.5)
		if t.Saved {
			dc.Font(13, true)
			dc.SetColor(loZoneLine["green"])
			dc.DrawStringAnchored("SAVED", cx, bottom+38, 0.5, 0.5)
		}
	}
}

// loDoor draws a doorway in the middle of the wall two rooms share.
func loDoor(dc *Canvas, a, b lockedout.RoomView) {
	ax, ay, aw, ah := loRect(a)
	bx, by, bw, bh := loRect(b)
	var x0, y0, x1, y1 float64
	switch {
	case math.Abs(ax+aw-bx) < 1 || math.Abs(bx+bw-ax) < 1: // side by side
		wx := ax + aw
		if math.Abs(bx+bw-ax) < 1 {
			wx = ax
		}
		lo, hi := math.Max(ay, by), math.Min(ay+ah, by+bh)
		m := (lo + hi) / 2
		x0, y0, x1, y1 = wx, m-22, wx, m+22
	case math.Abs(ay+ah-by) < 1 || math.Abs(by+bh-ay) < 1: // one above the other
		wy := ay + ah
		if math.Abs(by+bh-ay) < 1 {
			wy = ay
		}
		lo, hi := math.Max(ax, bx), math.Min(ax+aw, bx+bw)
		m := (lo + hi) / 2
		x0, y0, x1, y1 = m-22, wy, m+22, wy
	default: // not touching: a corridor line between centres
		dc.SetColor(loInk)
		dc.SetLineWidth(3)
		dc.DrawLine(ax+aw/2, ay+ah/2, bx+bw/2, by+bh/2)
		dc.Stroke()
		return
	}
	dc.SetColor(loPaper)
	dc.SetLineWidth(9)
	dc.DrawLine(x0, y0, x1, y1)
	dc.Stroke()
	dc.SetColor(loInk)
	for _, p := range [][2]float64{{x0, y0}, {x1, y1}} {
		dc.DrawCircle(p[0], p[1], 5)
		dc.Fill()
	}
}

// loPawns draws the pawns standing in a room.
func loPawns(dc *Canvas, r lockedout.RoomView) {
	x, y, _, h := loRect(r)
	for i, seat := range r.Pawns {
		// Clear of the doorways, which sit in the middle of the walls.
		col, row := i%3, i/3
		loPawnDisc(dc, x+48+float64(col)*40, y+h/2+10+float64(row)*38-float64(len(r.Pawns)/4)*17, 17.5, seat)
	}
}

// loShapes keeps the pawns and the engine's gauges as drawn over what lies
// under them (shapes.go): two sizes of pawn, a seat each, at a few dozen
// places in the rooms and the players' list; three gauges of a dozen
// levels.
var loShapes = &shapeCache{max: 512}

type loPawnShape struct {
	rad  float64
	seat int
}

// loPawnDisc is a player's pawn: a coloured disc with the seat number.
func loPawnDisc(dc *Canvas, x, y, rad float64, seat int) {
	half := int(rad) + 5
	dc.shapeIn(loShapes, loPawnShape{rad, seat}, x, y, image.Rect(-half, -half, half+1, half+1), func(dc *Canvas, x, y float64) {
		dc.SetColor(color.White)
		dc.DrawCircle(x, y, rad+2.5)
		dc.Fill()
		dc.SetColor(loPawn[seat%len(loPawn)])
		dc.DrawCircle(x, y, rad)
		dc.Fill()
		dc.Font(rad*1.2, true)
		dc.SetColor(color.White)
		dc.DrawStringAnchored(fmt.Sprint(seat+1), x, y-2, 0.5, 0.5)
	})
}

// loAreas is the left panel under the map: the two play areas, the face-up
// discard pile and the legend. It returns the panel's height; with draw
// false it only measures.
func loAreas(dc *Canvas, v *lockedout.PublicView, x, y float64, draw bool) float64 {
	top := y
	named := func(c lockedout.CardView) string { return c.ID + " " + c.Name }
	bare := func(c lockedout.CardView) string { return c.ID }
	for _, area := range []struct {
		head  string
		cards []lockedout.CardView
		text  func(lockedout.CardView) string
	}{
		{"Access cards played", v.Access, named},
		{"Resource cards played", v.Supplies, named},
		// Discarded cards are public; ids keep a long pile compact, and the
		// hand images and /game status name them.
		{fmt.Sprintf("Discard pile (%s)", loCards(len(v.Discard))), v.Discard, bare},
	} {
		if draw {
			dc.Font(20, true)
			dc.SetColor(loInk)
			dc.DrawString(area.head, x, y+18)
		}
		y = loChips(dc, area.cards, x, y+28, 542, area.text, draw) + 13
	}
	if draw {
		dc.Font(15, false)
		dc.SetColor(loMuted)
		dc.DrawString(fmt.Sprintf("Out of the game: %d. Engine: F fuel, P power, O oxygen. Hatched = locked.", v.OutOfGame), x, y+17)
		dc.DrawString("Chips: R Y B resource, O orange / P purple access, L loot, S share.", x, y+35)
		dc.DrawString("MAINT = maintenance card.", x, y+53)
	}
	return y + 62 - top
}

// loCards counts cards in words: "1 card", "2 cards".
func loCards(n int) string {
	if n == 1 {
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// loChips draws face-up cards as small labelled chips, wrapping at width;
// it returns the y below the last row. With draw false it only measures.
func loChips(dc *Canvas, cards []lockedout.CardView, x, y, width float64, label func(lockedout.CardView) string, draw bool) float64 {
	if len(cards) == 0 {
		if draw {
			dc.Font(17, false)
			dc.SetColor(loMuted)
			dc.DrawString("none", x, y+22)
		}
		return y + 33
	}
	cx, cy := x, y
	for _, c := range cards {
		text := label(c)
		dc.Font(15, false)
		tw, _ := dc.MeasureString(text)
		w := tw + 40
		if cx+w > x+width {
			cx, cy = x, cy+37
		}
		if draw {
			loChip(dc, c, cx, cy, w, text)
		}
		cx += w + 7
	}
	return cy + 33
}

// loSprites keeps every chip and card tile drawn, keyed by what they show:
// a game's deck bounds them.
var loSprites Sprites

// loChip draws a chip, stamped from a sprite. Chips sit on
// whole pixels (widths are measured in whole pixels), so the stamp is the
// drawing.
func loChip(dc *Canvas, c lockedout.CardView, x, y, w float64, text string) {
	key := struct {
		card      lockedout.CardView
		text      string
		w, dx, dy float64
	}{c, text, w, x - math.Round(x), y - math.Round(y)}
	loSprites.Stamp(dc, key, int(math.Ceil(w))+5, 35, int(math.Round(x))-2, int(math.Round(y))-2, func(s *Canvas) {
		loChipDraw(s, c, 2+key.dx, 2+key.dy, w, text)
	})
}

func loChipDraw(dc *Canvas, c lockedout.CardView, x, y, w float64, text string) {
	col := loCardColor[c.Color]
	dc.SetColor(color.White)
	dc.DrawRoundedRectangle(x, y, w, 30, 5)
	dc.Fill()
	dc.SetColor(col)
	dc.SetLineWidth(2.5)
	dc.DrawRoundedRectangle(x, y, w, 30, 5)
	dc.Stroke()
	dc.DrawRoundedRectangle(x, y, 26, 30, 5)
	dc.Fill()
	dc.Font(17, true)
	dc.SetColor(color.White)
	dc.DrawStringAnchored(loCardLetter(c), x+13, y+13, 0.5, 0.5)
	dc.Font(15, false)
	dc.SetColor(loInk)
	dc.DrawStringAnchored(text, x+33, y+14, 0, 0.5)
}

// lockedOutHand draws one hand: a card per tile with its category colour and
// letter, name, id and value, and the total. It is 1000 px wide, for the
// reasons the ship is (loWidth).
func lockedOutHand(v *lockedout.PrivateView) *Canvas {
	const cols, cw, ch, gap = 3, 316.0, 132.0, 13.0
	width := int(cols*cw + (cols+1)*gap)
	rows := (len(v.Hand) + cols - 1) / cols
	seenRows := (len(v.Seen) + cols - 1) / cols
	height := 96 + float64(max(rows, 1))*(ch+gap) + 18
	if len(v.Seen) > 0 {
		height += 70 + float64(seenRows)*(ch+gap)
	}
	height += 35 // legend
	// Recycled pixels, painted over: fresh memory costs page faults.
	img := newRGBA(image.Rect(0, 0, width, int(height)))
	fillRGBA(img.Pix, loPaper)
	dc := NewCanvasOn(img)
	dc.Font(28, true)
	dc.SetColor(loInk)
	dc.DrawString(dc.Fit(v.Name+"'s hand", float64(width)-315), gap, 44)
	dc.Font(26, true)
	dc.DrawStringAnchored(fmt.Sprintf("Total %d Z", v.Total), float64(width)-gap, 35, 1, 0.5)
	dc.Font(18, false)
	dc.SetColor(loMuted)
	dc.DrawString(loCards(len(v.Hand))+" · values in znooties (Z)", gap, 74)
	y := 88.0
	if len(v.Hand) == 0 {
		dc.Font(23, false)
		dc.DrawString("No cards.", gap, y+52)
	}
	y = loCardGrid(dc, v.Hand, y, cols, cw, ch, gap)
	if len(v.Seen) > 0 {
		dc.Font(21, true)
		dc.SetColor(loInk)
		for i, l := range dc.Wrap("You see "+v.Looking+":", float64(width)-2*gap) {
			if i < 2 {
				dc.DrawString(l, gap, y+26+float64(i)*24)
			}
		}
		y = loCardGrid(dc, v.Seen, y+61, cols, cw, ch, gap)
	}
	legend := func(dc *Canvas, y float64) {
		dc.Font(16, false)
		dc.SetColor(loMuted)
		dc.DrawString("R fuel · Y power · B oxygen · O orange access · P purple access · L loot · S share", gap, y)
	}
	loSprites.Stamp(dc, "hand legend", width, 35, 0, int(height)-35, func(s *Canvas) { legend(s, 21) })
	return dc
}

// loCardTile is one card of a hand: its category colour and letter, name,
// id and kind, and value.
func loCardTile(dc *Canvas, c lockedout.CardView, x, cy, cw, ch float64) {
	col := loCardColor[c.Color]
	dc.SetColor(color.White)
	dc.DrawRoundedRectangle(x, cy, cw, ch, 10)
	dc.Fill()
	dc.SetColor(col)
	dc.DrawRoundedRectangle(x, cy, 56, ch, 10)
	dc.Fill()
	dc.DrawRectangle(x+35, cy, 21, ch)
	dc.Fill()
	dc.SetLineWidth(4)
	dc.DrawRoundedRectangle(x, cy, cw, ch, 10)
	dc.Stroke()
	dc.Font(38, true)
	dc.SetColor(color.White)
	dc.DrawStringAnchored(loCardLetter(c), x+28, cy+ch/2-3, 0.5, 0.5)
	dc.Font(21, true)
	dc.SetColor(loInk)
	lines := dc.Wrap(c.Name, cw-79)
	for j, l := range lines {
		if j < 2 {
			dc.DrawString(dc.Fit(l, cw-79), x+70, cy+32+float64(j)*24)
		}
	}
	dc.Font(18, false)
	dc.SetColor(loMuted)
	kind := c.Color + " " + c.Kind
	if c.Share {
		kind = "loot (share)"
	}
	dc.DrawString(c.ID+" · "+kind, x+70, cy+ch-18)
	dc.Font(30, true)
	dc.SetColor(loInk)
	dc.DrawStringAnchored(fmt.Sprintf("%d Z", c.Value), x+cw-12, cy+ch-26, 1, 0.5)
}

func loCardGrid(dc *Canvas, cards []lockedout.CardView, y float64, cols int, cw, ch, gap float64) float64 {
	for i, c := range cards {
		x := gap + float64(i%cols)*(cw+gap)
		cy := y + float64(i/cols)*(ch+gap)
		key := struct {
			card   lockedout.CardView
			w, h   float64
			dx, dy float64
		}{c, cw, ch, x - math.Round(x), cy - math.Round(cy)}
		loSprites.Stamp(dc, key, int(math.Ceil(cw))+7, int(math.Ceil(ch))+7, int(math.Round(x))-3, int(math.Round(cy))-3, func(s *Canvas) {
			loCardTile(s, c, 3+key.dx, 3+key.dy, cw, ch)
		})
	}
	rows := (len(cards) + cols - 1) / cols
	return y + float64(rows)*(ch+gap)
}

// loZ writes the znooty sign, which the embedded font lacks, as " Z".
func loZ(s string) string { return strings.ReplaceAll(s, "₮", " Z") }
