package images

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/fogleman/gg"

	"standoff/internal/games"
	"standoff/internal/games/hijack"
)

// Hijack draws the public view of a Hijack game: the hexagonal board with
// cell letters and all six slots of every cell, each player's markers in
// their colour and shape (O blue circle, X red square, Z green diamond,
// each with its letter), the last move highlighted, a score panel with On
// and In counts and whose turn it is, and a direction key.
func Hijack(v games.View) (image.Image, error) {
	hv, ok := v.(*hijack.View)
	if !ok {
		return nil, fmt.Errorf("images: Hijack cannot draw %T", v)
	}
	if hv.Size < 2 || hv.Size > 6 || len(hv.Players) < 2 || len(hv.Players) > 3 {
		return nil, fmt.Errorf("images: Hijack view of size %d with %d players", hv.Size, len(hv.Players))
	}
	return drawHijack(hv), nil
}

const (
	hijackWidth     = 1000
	hijackMargin    = 20.0
	hijackHeader    = 70.0
	hijackMaxBoardH = 860.0
	hijackRowH      = 58.0
)

// Legibility at phone width: Discord shows the 1000-pixel image about 350
// pixels wide on a phone, where text under 9 pixels cannot be read, so no
// text here is under 26 pixels. The board text (cell names, marker
// letters) scales with the cell radius; the radius never drops below what
// keeps it that size, even if the image then grows taller than hijackMaxBoardH
// allows, and where the width cannot give that radius (boards of size 5
// and 6) the text stays at 26 pixels in its smaller cells.
const (
	hijackMinText     = 26.0 // smallest text, in image pixels
	hijackPanelMarker = 19.0 // the markers of the header and the players' rows
	hijackMarkerSize  = 0.25 // marker radius, as a fraction of the cell radius
	hijackMarkerFont  = 1.4  // marker letter size, as a multiple of the marker radius
	hijackMarkerRoom  = 1.65 // the largest letter a marker holds, as a multiple of its radius
	hijackCellNameFnt = 0.42 // cell name size, as a fraction of the cell radius
)

var (
	hijackBackground = color.RGBA{250, 248, 242, 255}
	hijackCellFill   = color.RGBA{236, 228, 208, 255}
	hijackCellLine   = color.RGBA{90, 80, 70, 255}
	hijackInk        = color.RGBA{40, 36, 32, 255}
	hijackFaint      = color.RGBA{150, 140, 128, 255}
	// hijackLabel is the cell names' colour: dark enough on hijackCellFill to be
	// read small (contrast 4.5:1 or more).
	hijackLabel     = color.RGBA{96, 86, 74, 255}
	hijackHighlight = color.RGBA{240, 170, 0, 255}
	hijackCapture   = color.RGBA{200, 0, 60, 255}
	hijackPlayers   = []color.RGBA{{30, 100, 220, 255}, {210, 50, 40, 255}, {20, 140, 70, 255}}
)

// hijackGeom places cells: flat-topped hexagons of radius r around (cx, cy).
type hijackGeom struct {
	r, cx, cy float64
}

func (g hijackGeom) center(q, r int) (float64, float64) {
	return g.cx + 1.5*g.r*float64(q), g.cy + math.Sqrt(3)*g.r*(float64(r)+float64(q)/2)
}

// slotPos is where slot d sits in a cell at (x, y): towards the edge it
// points through (0 up, then clockwise), at a fraction f of the radius.
func (g hijackGeom) slotPos(x, y float64, d int, f float64) (float64, float64) {
	a := (-90 + 60*float64(d)) * math.Pi / 180
	return x + f*g.r*math.Cos(a), y + f*g.r*math.Sin(a)
}

func hijackHexPath(dc *gg.Context, x, y, r float64) {
	dc.NewSubPath()
	for i := 0; i < 6; i++ {
		a := float64(i) * math.Pi / 3
		dc.LineTo(x+r*math.Cos(a), y+r*math.Sin(a))
	}
	dc.ClosePath()
}

// hijackSizes is the size of everything that scales with the board.
type hijackSizes struct {
	r          float64 // cell radius
	boardH     float64
	height     int // image height (the width is hijackWidth)
	markerSize float64
	cellFont   float64
}

func hijackLayout(v *hijack.View) hijackSizes {
	n := float64(v.Size)
	fit := math.Min((hijackWidth-2*hijackMargin)/(3*n-1), hijackMaxBoardH/(math.Sqrt(3)*(2*n-1)))
	legible := hijackMinText / math.Min(hijackMarkerSize*hijackMarkerFont, hijackCellNameFnt)
	r := math.Min(math.Max(fit, legible), (hijackWidth-2*hijackMargin)/(3*n-1))
	l := hijackSizes{r: r, boardH: math.Sqrt(3) * r * (2*n - 1)}
	l.height = int(hijackHeader + l.boardH + 20 + float64(len(v.Players))*hijackRowH + 150)
	// A marker holds its letter: where the cells are too small for the
	// letter at hijackMarkerFont, the marker grows to hold it at hijackMinText.
	l.markerSize = math.Max(hijackMarkerSize*r, hijackMinText/hijackMarkerRoom)
	l.cellFont = math.Max(hijackCellNameFnt*r, hijackMinText)
	return l
}

func drawHijack(v *hijack.View) image.Image {
	rgba := drawHijackRGBA(v)
	layer, idx := hijackLayers.Indexed(hijackLayerKey(v), hijackLayerBuild(v), hijackPalette)
	return hijackPalette.finishFrom(rgba, layer, idx)
}

// hijackLayers holds the fixed part of each layout (board size and number of
// players): the background, every cell with its name and empty slots, and
// the direction key. A move changes none of it.
var (
	hijackLayers  = NewLayers(6)
	hijackSprites Sprites
)

// hijackPalette is every colour the board uses, and the edges where they meet.
var hijackPalette = func() *Palette {
	turnRow := color.RGBA{255, 236, 170, 255}
	white := color.RGBA{255, 255, 255, 255}
	keys := []color.RGBA{hijackBackground, hijackCellFill, hijackCellLine, hijackInk, hijackFaint, hijackLabel, hijackHighlight, hijackCapture, white, turnRow}
	keys = append(keys, hijackPlayers...)
	pairs := [][2]color.RGBA{
		{hijackBackground, hijackInk}, {hijackBackground, hijackFaint}, {hijackBackground, hijackCellLine}, {hijackBackground, turnRow},
		{hijackBackground, white}, {hijackCellFill, hijackCellLine}, {hijackCellFill, hijackLabel}, {hijackCellFill, hijackFaint},
		{hijackCellFill, hijackHighlight}, {hijackCellLine, hijackHighlight}, {hijackCellFill, hijackInk}, {hijackCellFill, white},
		{white, hijackCapture}, {hijackCellFill, hijackCapture}, {turnRow, hijackInk}, {turnRow, hijackFaint}, {turnRow, white},
	}
	for _, p := range hijackPlayers {
		pairs = append(pairs, [2]color.RGBA{white, p})
	}
	return NewPalette(keys, pairs, 8)
}()

// drawHijackRGBA draws the board: it starts from the layout's cached layer
// and stamps the markers.
func drawHijackRGBA(v *hijack.View) *image.RGBA { return drawHijackCanvas(v).RGBA() }

func drawHijackCanvas(v *hijack.View) *Canvas {
	l := hijackLayout(v)
	panelTop := hijackHeader + l.boardH + 20
	g := hijackGeom{r: l.r, cx: hijackWidth / 2, cy: hijackHeader + l.boardH/2}
	key := hijackLayerKey(v)
	layer, idx := hijackLayers.Indexed(key, hijackLayerBuild(v), hijackPalette)
	img := hijackLayerCopy(key, layer)
	trackFrom(img, hijackPalette, idx[:min(len(idx), img.Rect.Dx()*img.Rect.Dy())], hijackBackground)
	dc := NewCanvasOn(img)

	drawHijackHeader(dc, v)
	cells := map[string]hijack.CellView{}
	for _, c := range v.Cells {
		cells[c.Name] = c
	}
	drawHijackLastMove(dc, g, v, cells)
	for _, c := range v.Cells {
		x, y := g.center(c.Q, c.R)
		for d, seat := range c.Slots {
			if seat < 0 {
				continue
			}
			// The marker covers the empty slot's ring drawn in the layer.
			sx, sy := g.slotPos(x, y, d, 0.6)
			drawHijackMarker(dc, sx, sy, l.markerSize, seat, v.Players[seat].Marker)
		}
	}
	drawHijackPanel(dc, v, panelTop)
	return dc
}

// hijackLayerRows finds, once per layer, the rows of Hijack's layer that are
// background alone or around a narrow span (layer_copy.go).
var hijackLayerRows = &layerRowsCache{bg: hijackBackground}

// hijackLayerCopy is a new picture holding the layer, as Layers.Copy, its
// background rows and margins (the header's rows, the panel's but for the
// direction key) written rather than copied.
func hijackLayerCopy(key string, layer *image.RGBA) *image.RGBA {
	out := newRGBA(layer.Rect)
	hijackLayerRows.copy(key, out.Pix, layer)
	return out
}

// hijackLayerKey names a layout: board size and number of players.
func hijackLayerKey(v *hijack.View) string { return fmt.Sprintf("%d/%d", v.Size, len(v.Players)) }

func hijackLayerBuild(v *hijack.View) func() *image.RGBA {
	return func() *image.RGBA { return hijackLayer(v, hijackLayout(v)).RGBA() }
}

// hijackLayer draws what depends only on the layout: the views of one
// board size and player count differ in none of it.
func hijackLayer(v *hijack.View, l hijackSizes) *Canvas {
	dc := NewCanvas(hijackWidth, l.height)
	dc.SetColor(hijackBackground)
	dc.Clear()
	r := l.r
	g := hijackGeom{r: r, cx: hijackWidth / 2, cy: hijackHeader + l.boardH/2}
	dc.Font(l.cellFont, true)
	for _, c := range v.Cells {
		x, y := g.center(c.Q, c.R)
		hijackHexPath(dc.Context, x, y, r-1.5)
		dc.SetColor(hijackCellFill)
		dc.FillPreserve()
		dc.SetColor(hijackCellLine)
		dc.SetLineWidth(2)
		dc.Stroke()
		dc.SetColor(hijackLabel)
		dc.DrawStringAnchored(c.Name, x, y, 0.5, 0.35)
	}
	for _, c := range v.Cells {
		x, y := g.center(c.Q, c.R)
		for d := range c.Slots {
			sx, sy := g.slotPos(x, y, d, 0.6)
			dc.SetColor(hijackFaint)
			dc.SetLineWidth(1.5)
			dc.DrawCircle(sx, sy, math.Max(3, 0.06*r))
			dc.Stroke()
		}
	}
	drawHijackKey(dc, hijackHeader+l.boardH+20)
	return dc
}

func drawHijackHeader(dc *Canvas, v *hijack.View) {
	dc.Font(34, true)
	dc.SetColor(hijackInk)
	title := "Hijack"
	switch {
	case v.Over:
		title += ": game over"
	case v.Turn >= 0:
		p := v.Players[v.Turn]
		title += fmt.Sprintf(": %s (%s) to move", hijackSeatName(p, 24), p.Marker)
	}
	dc.DrawStringAnchored(title, hijackMargin, 42, 0, 0)
	if !v.Over && v.Turn >= 0 {
		w, _ := dc.MeasureString(title)
		drawHijackMarker(dc, hijackMargin+w+30, 30, hijackPanelMarker, v.Turn, v.Players[v.Turn].Marker)
	}
}

// drawHijackMarker draws a marker as its player's colour and shape with its
// letter, so colour is never the only cue. Markers are stamped from
// sprites drawn once per size (rounded to the pixel).
func drawHijackMarker(dc *Canvas, x, y, size float64, seat int, letter string) {
	key := struct {
		seat   int
		letter string
		size   float64
	}{seat, letter, size}
	hijackSprites.StampCentered(dc, key, int(math.Ceil(size*1.3+3)), x, y, func(s *Canvas, c float64) {
		hijackMarker(s, c, c, size, seat, letter)
	})
}

// hijackMarker draws a marker; its letter is never under hijackMinText.
func hijackMarker(dc *Canvas, x, y, size float64, seat int, letter string) {
	dc.SetColor(hijackPlayers[seat%len(hijackPlayers)])
	switch seat {
	case 0:
		dc.DrawCircle(x, y, size)
	case 1:
		dc.DrawRectangle(x-size*0.9, y-size*0.9, size*1.8, size*1.8)
	default:
		// A diamond rather than a triangle: a triangle small enough for
		// its slot leaves no room for a legible letter.
		dc.DrawRegularPolygon(4, x, y, size*1.3, math.Pi/4)
	}
	dc.FillPreserve()
	dc.SetColor(color.White)
	dc.SetLineWidth(2)
	dc.Stroke()
	dc.Font(math.Max(size*hijackMarkerFont, hijackMinText), true)
	dc.SetColor(color.White)
	dc.DrawStringAnchored(letter, x, y, 0.5, 0.38)
}

// covRect is the whole pixels around a box of points with pad pixels to
// spare (half a line's width and antialiasing).
func covRect(x0, y0, x1, y1, pad float64) image.Rectangle {
	return image.Rect(int(math.Floor(x0-pad)), int(math.Floor(y0-pad)), int(math.Ceil(x1+pad))+1, int(math.Ceil(y1+pad))+1)
}

// drawHijackPanel lists the players with On and In counts, the last move
// and the options, and draws the direction key.
func drawHijackPanel(dc *Canvas, v *hijack.View, top float64) {
	for i, p := range v.Players {
		y := top + float64(i)*hijackRowH
		if !v.Over && v.Turn == i {
			hijackCoverage.paintPath(dc, hijackPath{kind: "turn row"}, hijackMargin-8, y-4, covRect(hijackMargin-8, y-4, hijackMargin-8+700, y-4+hijackRowH-6, 3), color.RGBA{255, 236, 170, 255}, func(gc *gg.Context) {
				gc.DrawRoundedRectangle(hijackMargin-8, y-4, 700, hijackRowH-6, 10)
				gc.Fill()
			})
		}
		drawHijackMarker(dc, hijackMargin+22, y+hijackRowH/2-5, hijackPanelMarker, i, p.Marker)
		dc.Font(28, true)
		dc.SetColor(hijackInk)
		if p.Removed {
			dc.SetColor(hijackFaint)
		}
		dc.DrawStringAnchored(hijackSeatName(p, 18), hijackMargin+56, y+hijackRowH/2-5, 0, 0.35)
		dc.Font(hijackMinText, false)
		status := fmt.Sprintf("%d = %d on + %d in", p.On+p.In, p.On, p.In)
		switch {
		case v.Over && p.Drew:
			status += "   draw"
		case v.Over && p.Rank == 1:
			status += "   winner"
		case v.Over:
			status += fmt.Sprintf("   place %d", p.Rank)
		case p.Removed:
			status += "   removed"
		case v.Turn == i:
			status += "   to move"
		}
		dc.DrawStringAnchored(status, hijackMargin+360, y+hijackRowH/2-5, 0, 0.35)
	}
	y := top + float64(len(v.Players))*hijackRowH + 10
	dc.Font(hijackMinText, false)
	dc.SetColor(hijackInk)
	var lines []string
	if v.Last != nil {
		who := v.Players[v.Last.Seat]
		line := fmt.Sprintf("Last: %s (%s) %s", hijackSeatName(who, 18), who.Marker, v.Last.Move)
		if len(v.Last.Captured) > 0 {
			count := map[string]int{}
			var order []string
			for _, m := range v.Last.Captured {
				letter := v.Players[m.Seat].Marker
				if count[letter] == 0 {
					order = append(order, letter)
				}
				count[letter]++
			}
			var parts []string
			for _, l := range order {
				parts = append(parts, fmt.Sprintf("%d %s", count[l], l))
			}
			line += ", captured " + strings.Join(parts, ", ")
		}
		lines = append(lines, line)
	}
	if v.Over && v.Result != "" {
		lines = append(lines, v.Result)
	} else if len(v.DrawOffer) > 0 {
		lines = append(lines, "A draw is offered.")
	}
	if opts := v.Options.Switches(); len(opts) > 0 {
		lines = append(lines, "Options: "+strings.Join(opts, ", "))
	}
	dc.DrawStringWrapped(strings.Join(lines, "\n"), hijackMargin, y, 0, 0, 760, 1.3, gg.AlignLeft)

}

// drawHijackKey is the direction key: a cell with its slot numbers.
func drawHijackKey(dc *Canvas, top float64) {
	kx, ky, kr := float64(hijackWidth)-110, top+70, 70.0
	hijackHexPath(dc.Context, kx, ky, kr)
	dc.SetColor(hijackCellFill)
	dc.FillPreserve()
	dc.SetColor(hijackCellLine)
	dc.SetLineWidth(2)
	dc.Stroke()
	g := hijackGeom{r: kr}
	dc.Font(hijackMinText, true)
	dc.SetColor(hijackInk)
	for d := 0; d < 6; d++ {
		sx, sy := g.slotPos(kx, ky, d, 0.62)
		dc.DrawStringAnchored(fmt.Sprint(d), sx, sy, 0.5, 0.38)
	}
	dc.Font(hijackMinText, false)
	dc.DrawStringAnchored("directions", kx, ky+kr+20, 0.5, 0.5)
}

// hijackSeatName is a seat's name in at most n characters, marked when
// the bot plays it.
func hijackSeatName(p hijack.PlayerView, n int) string {
	return clipSeat(seatName(p.Name, p.Bot), n)
}

// hijackName is a seat's name in at most n characters, its bot mark kept
// whole.
func hijackName(name string, n int) string { return clipSeat(name, n) }
