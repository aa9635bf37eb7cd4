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
	hjWidth     = 1000
	hjMargin    = 20.0
	hjHeader    = 70.0
	hjMaxBoardH = 860.0
	hjRowH      = 58.0
)

// Legibility at phone width: Discord shows the 1000-pixel image about 350
// pixels wide on a phone, where text under 9 pixels cannot be read, so no
// text here is under 26 pixels. The board text (cell names, marker
// letters) scales with the cell radius; the radius never drops below what
// keeps it that size, even if the image then grows taller than hjMaxBoardH
// allows, and where the width cannot give that radius (boards of size 5
// and 6) the text stays at 26 pixels in its smaller cells.
const (
	hjMinText     = 26.0 // smallest text, in image pixels
	hjPanelMarker = 19.0 // the markers of the header and the players' rows
	hjMarkerSize  = 0.25 // marker radius, as a fraction of the cell radius
	hjMarkerFont  = 1.4  // marker letter size, as a multiple of the marker radius
	hjMarkerRoom  = 1.65 // the largest letter a marker holds, as a multiple of its radius
	hjCellNameFnt = 0.42 // cell name size, as a fraction of the cell radius
)

var (
	hjBackground = color.RGBA{250, 248, 242, 255}
	hjCellFill   = color.RGBA{236, 228, 208, 255}
	hjCellLine   = color.RGBA{90, 80, 70, 255}
	hjInk        = color.RGBA{40, 36, 32, 255}
	hjFaint      = color.RGBA{150, 140, 128, 255}
	// hjLabel is the cell names' colour: dark enough on hjCellFill to be
	// read small (contrast 4.5:1 or more).
	hjLabel     = color.RGBA{96, 86, 74, 255}
	hjHighlight = color.RGBA{240, 170, 0, 255}
	hjCapture   = color.RGBA{200, 0, 60, 255}
	hjPlayers   = []color.RGBA{{30, 100, 220, 255}, {210, 50, 40, 255}, {20, 140, 70, 255}}
)

// hjGeom places cells: flat-topped hexagons of radius r around (cx, cy).
type hjGeom struct {
	r, cx, cy float64
}

func (g hjGeom) center(q, r int) (float64, float64) {
	return g.cx + 1.5*g.r*float64(q), g.cy + math.Sqrt(3)*g.r*(float64(r)+float64(q)/2)
}

// slotPos is where slot d sits in a cell at (x, y): towards the edge it
// points through (0 up, then clockwise), at a fraction f of the radius.
func (g hjGeom) slotPos(x, y float64, d int, f float64) (float64, float64) {
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

// hjLayout is the size of everything that scales with the board.
type hjLayout struct {
	r          float64 // cell radius
	boardH     float64
	height     int // image height (the width is hjWidth)
	markerSize float64
	cellFont   float64
}

func hijackLayout(v *hijack.View) hjLayout {
	n := float64(v.Size)
	fit := math.Min((hjWidth-2*hjMargin)/(3*n-1), hjMaxBoardH/(math.Sqrt(3)*(2*n-1)))
	legible := hjMinText / math.Min(hjMarkerSize*hjMarkerFont, hjCellNameFnt)
	r := math.Min(math.Max(fit, legible), (hjWidth-2*hjMargin)/(3*n-1))
	l := hjLayout{r: r, boardH: math.Sqrt(3) * r * (2*n - 1)}
	l.height = int(hjHeader + l.boardH + 20 + float64(len(v.Players))*hjRowH + 150)
	// A marker holds its letter: where the cells are too small for the
	// letter at hjMarkerFont, the marker grows to hold it at hjMinText.
	l.markerSize = math.Max(hjMarkerSize*r, hjMinText/hjMarkerRoom)
	l.cellFont = math.Max(hjCellNameFnt*r, hjMinText)
	return l
}

func drawHijack(v *hijack.View) image.Image {
	rgba := drawHijackRGBA(v)
	layer, idx := hjLayers.Indexed(hijackLayerKey(v), hijackLayerBuild(v), hjPalette)
	return hjPalette.finishFrom(rgba, layer, idx)
}

// hjLayers holds the fixed part of each layout (board size and number of
// players): the background, every cell with its name and empty slots, and
// the direction key. A move changes none of it.
var (
	hjLayers  = NewLayers(6)
	hjSprites Sprites
)

// hjPalette is every colour the board uses, and the edges where they meet.
var hjPalette = func() *Palette {
	turnRow := color.RGBA{255, 236, 170, 255}
	white := color.RGBA{255, 255, 255, 255}
	keys := []color.RGBA{hjBackground, hjCellFill, hjCellLine, hjInk, hjFaint, hjLabel, hjHighlight, hjCapture, white, turnRow}
	keys = append(keys, hjPlayers...)
	pairs := [][2]color.RGBA{
		{hjBackground, hjInk}, {hjBackground, hjFaint}, {hjBackground, hjCellLine}, {hjBackground, turnRow},
		{hjBackground, white}, {hjCellFill, hjCellLine}, {hjCellFill, hjLabel}, {hjCellFill, hjFaint},
		{hjCellFill, hjHighlight}, {hjCellLine, hjHighlight}, {hjCellFill, hjInk}, {hjCellFill, white},
		{white, hjCapture}, {hjCellFill, hjCapture}, {turnRow, hjInk}, {turnRow, hjFaint}, {turnRow, white},
	}
	for _, p := range hjPlayers {
		pairs = append(pairs, [2]color.RGBA{white, p})
	}
	return NewPalette(keys, pairs, 8)
}()

// drawHijackRGBA draws the board: it starts from the layout's cached layer
// and stamps the markers.
func drawHijackRGBA(v *hijack.View) *image.RGBA { return drawHijackCanvas(v).RGBA() }

func drawHijackCanvas(v *hijack.View) *Canvas {
	l := hijackLayout(v)
	panelTop := hjHeader + l.boardH + 20
	g := hjGeom{r: l.r, cx: hjWidth / 2, cy: hjHeader + l.boardH/2}
	key := hijackLayerKey(v)
	dc := NewCanvasOn(hjLayerCopy(key, hjLayers.Get(key, hijackLayerBuild(v))))

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

// hjLayerRows finds, once per layer, the rows of Hijack's layer that are
// background alone or around a narrow span (layer_copy.go).
var hjLayerRows = &layerRowsCache{bg: hjBackground}

// hjLayerCopy is a new picture holding the layer, as Layers.Copy, its
// background rows and margins (the header's rows, the panel's but for the
// direction key) written rather than copied.
func hjLayerCopy(key string, layer *image.RGBA) *image.RGBA {
	out := newRGBA(layer.Rect)
	hjLayerRows.copy(key, out.Pix, layer)
	return out
}

// hijackLayerKey names a layout: board size and number of players.
func hijackLayerKey(v *hijack.View) string { return fmt.Sprintf("%d/%d", v.Size, len(v.Players)) }

func hijackLayerBuild(v *hijack.View) func() *image.RGBA {
	return func() *image.RGBA { return hijackLayer(v, hijackLayout(v)).RGBA() }
}

// hijackLayer draws what depends only on the layout: the views of one
// board size and player count differ in none of it.
func hijackLayer(v *hijack.View, l hjLayout) *Canvas {
	dc := NewCanvas(hjWidth, l.height)
	dc.SetColor(hjBackground)
	dc.Clear()
	r := l.r
	g := hjGeom{r: r, cx: hjWidth / 2, cy: hjHeader + l.boardH/2}
	dc.Font(l.cellFont, true)
	for _, c := range v.Cells {
		x, y := g.center(c.Q, c.R)
		hijackHexPath(dc.Context, x, y, r-1.5)
		dc.SetColor(hjCellFill)
		dc.FillPreserve()
		dc.SetColor(hjCellLine)
		dc.SetLineWidth(2)
		dc.Stroke()
		dc.SetColor(hjLabel)
		dc.DrawStringAnchored(c.Name, x, y, 0.5, 0.35)
	}
	for _, c := range v.Cells {
		x, y := g.center(c.Q, c.R)
		for d := range c.Slots {
			sx, sy := g.slotPos(x, y, d, 0.6)
			dc.SetColor(hjFaint)
			dc.SetLineWidth(1.5)
			dc.DrawCircle(sx, sy, math.Max(3, 0.06*r))
			dc.Stroke()
		}
	}
	drawHijackKey(dc, hjHeader+l.boardH+20)
	return dc
}

func drawHijackHeader(dc *Canvas, v *hijack.View) {
	dc.Font(34, true)
	dc.SetColor(hjInk)
	title := "Hijack"
	switch {
	case v.Over:
		title += ": game over"
	case v.Turn >= 0:
		p := v.Players[v.Turn]
		title += fmt.Sprintf(": %s (%s) to move", clip(p.Name, 24), p.Marker)
	}
	dc.DrawStringAnchored(title, hjMargin, 42, 0, 0)
	if !v.Over && v.Turn >= 0 {
		w, _ := dc.MeasureString(title)
		drawHijackMarker(dc, hjMargin+w+30, 30, hjPanelMarker, v.Turn, v.Players[v.Turn].Marker)
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
	hjSprites.StampCentered(dc, key, int(math.Ceil(size*1.3+3)), x, y, func(s *Canvas, c float64) {
		hijackMarker(s, c, c, size, seat, letter)
	})
}

// hijackMarker draws a marker; its letter is never under hjMinText.
func hijackMarker(dc *Canvas, x, y, size float64, seat int, letter string) {
	dc.SetColor(hjPlayers[seat%len(hjPlayers)])
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
	dc.Font(math.Max(size*hjMarkerFont, hjMinText), true)
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
		y := top + float64(i)*hjRowH
		if !v.Over && v.Turn == i {
			hjCoverage.paintPath(dc, hjPath{kind: "turn row"}, hjMargin-8, y-4, covRect(hjMargin-8, y-4, hjMargin-8+700, y-4+hjRowH-6, 3), color.RGBA{255, 236, 170, 255}, func(gc *gg.Context) {
				gc.DrawRoundedRectangle(hjMargin-8, y-4, 700, hjRowH-6, 10)
				gc.Fill()
			})
		}
		drawHijackMarker(dc, hjMargin+22, y+hjRowH/2-5, hjPanelMarker, i, p.Marker)
		dc.Font(28, true)
		dc.SetColor(hjInk)
		if p.Removed {
			dc.SetColor(hjFaint)
		}
		dc.DrawStringAnchored(clip(p.Name, 18), hjMargin+56, y+hjRowH/2-5, 0, 0.35)
		dc.Font(hjMinText, false)
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
		dc.DrawStringAnchored(status, hjMargin+360, y+hjRowH/2-5, 0, 0.35)
	}
	y := top + float64(len(v.Players))*hjRowH + 10
	dc.Font(hjMinText, false)
	dc.SetColor(hjInk)
	var lines []string
	if v.Last != nil {
		who := v.Players[v.Last.Seat]
		line := fmt.Sprintf("Last: %s (%s) %s", clip(who.Name, 18), who.Marker, v.Last.Move)
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
	dc.DrawStringWrapped(strings.Join(lines, "\n"), hjMargin, y, 0, 0, 760, 1.3, gg.AlignLeft)

}

// drawHijackKey is the direction key: a cell with its slot numbers.
func drawHijackKey(dc *Canvas, top float64) {
	kx, ky, kr := float64(hjWidth)-110, top+70, 70.0
	hijackHexPath(dc.Context, kx, ky, kr)
	dc.SetColor(hjCellFill)
	dc.FillPreserve()
	dc.SetColor(hjCellLine)
	dc.SetLineWidth(2)
	dc.Stroke()
	g := hjGeom{r: kr}
	dc.Font(hjMinText, true)
	dc.SetColor(hjInk)
	for d := 0; d < 6; d++ {
		sx, sy := g.slotPos(kx, ky, d, 0.62)
		dc.DrawStringAnchored(fmt.Sprint(d), sx, sy, 0.5, 0.38)
	}
	dc.Font(hjMinText, false)
	dc.DrawStringAnchored("directions", kx, ky+kr+20, 0.5, 0.5)
}
