package images

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"

	"standoff/internal/games/hijack"
)

// hijackCoverage keeps the coverage of the last move's highlight and the turn
// row (coverage.go), by what each path is at its exact place: per layout,
// an outline per cell, a circle per slot, an arrow per pair of cells, a
// capture mark per slot; bounded in count and bytes, as its bytes are
// live heap under the bot's memory limit.
var hijackCoverage = &coverageCache{max: 8192, maxBytes: 4 << 20}

// hijackPath names a path of the highlight: with its place, what fixes every
// point (the cell radius, and an arrow's other end).
type hijackPath struct {
	kind   string
	r      float64
	x2, y2 float64
}

// drawHijackLastMove outlines the cells the last move came from and went
// to, links them with an arrow, and marks captured markers on the edge of
// the destination cell. Every path is painted from its recorded coverage
// (coverage.go): the same pixels as gg's strokes and fills.
func drawHijackLastMove(dc *Canvas, g hijackGeom, v *hijack.View, cells map[string]hijack.CellView) {
	l := v.Last
	if l == nil {
		return
	}
	to, ok := cells[l.To]
	if !ok {
		return
	}
	tx, ty := g.center(to.Q, to.R)
	hexRect := func(x, y, lw float64) image.Rectangle {
		return covRect(x-(g.r-5), y-(g.r-5), x+(g.r-5), y+(g.r-5), lw/2+3)
	}
	from, hasFrom := cells[l.From]
	if hasFrom && l.From != l.To && (l.Kind == "cell" || l.Kind == "marker") {
		fx, fy := g.center(from.Q, from.R)
		hijackCoverage.paintPath(dc, hijackPath{kind: "dash", r: g.r}, fx, fy, hexRect(fx, fy, 4), hijackHighlight, func(gc *gg.Context) {
			gc.SetLineWidth(4)
			gc.SetDash(10, 6)
			hijackHexPath(gc, fx, fy, g.r-5)
			gc.Stroke()
			gc.SetDash()
		})
		hijackArrow(dc, fx, fy, tx, ty, g.r)
	}
	hijackCoverage.paintPath(dc, hijackPath{kind: "hex", r: g.r}, tx, ty, hexRect(tx, ty, 7), hijackHighlight, func(gc *gg.Context) {
		gc.SetLineWidth(7)
		hijackHexPath(gc, tx, ty, g.r-5)
		gc.Stroke()
	})
	if l.Kind == "add" || l.Kind == "marker" {
		sx, sy := g.slotPos(tx, ty, l.ToSlot, 0.6)
		c := 0.27 * g.r
		hijackCoverage.paintPath(dc, hijackPath{kind: "slot", r: g.r}, sx, sy, covRect(sx-c, sy-c, sx+c, sy+c, 2+3), hijackHighlight, func(gc *gg.Context) {
			gc.SetLineWidth(4)
			gc.DrawCircle(sx, sy, c)
			gc.Stroke()
		})
	}
	for _, m := range l.Captured {
		cx, cy := g.slotPos(tx, ty, m.Slot, 0.84)
		s := math.Max(6, 0.11*g.r)
		lw := math.Max(3, 0.05*g.r)
		hijackCoverage.paintPath(dc, hijackPath{kind: "capture disc", r: g.r}, cx, cy, covRect(cx-s-3, cy-s-3, cx+s+3, cy+s+3, 3), color.White, func(gc *gg.Context) {
			gc.DrawCircle(cx, cy, s+3)
			gc.Fill()
		})
		hijackCoverage.paintPath(dc, hijackPath{kind: "capture cross", r: g.r}, cx, cy, covRect(cx-s, cy-s, cx+s, cy+s, lw/2+3), hijackCapture, func(gc *gg.Context) {
			gc.SetLineWidth(lw)
			gc.DrawLine(cx-s, cy-s, cx+s, cy+s)
			gc.DrawLine(cx-s, cy+s, cx+s, cy-s)
			gc.Stroke()
		})
	}
}

func hijackArrow(dc *Canvas, x1, y1, x2, y2, r float64) {
	dx, dy := x2-x1, y2-y1
	d := math.Hypot(dx, dy)
	if d == 0 {
		return
	}
	ux, uy := dx/d, dy/d
	sx, sy := x1+ux*0.35*r, y1+uy*0.35*r
	ex, ey := x2-ux*0.35*r, y2-uy*0.35*r
	col := color.NRGBA{240, 170, 0, 210}
	lw := math.Max(4, 0.08*r)
	hijackCoverage.paintPath(dc, hijackPath{kind: "arrow", r: r, x2: x2, y2: y2}, x1, y1, covRect(min(sx, ex), min(sy, ey), max(sx, ex), max(sy, ey), lw/2+3), col, func(gc *gg.Context) {
		gc.SetLineWidth(lw)
		gc.DrawLine(sx, sy, ex, ey)
		gc.Stroke()
	})
	h := math.Max(12, 0.22*r)
	px := []float64{ex + ux*h*0.4, ex - ux*h - uy*h*0.6, ex - ux*h + uy*h*0.6}
	py := []float64{ey + uy*h*0.4, ey - uy*h + ux*h*0.6, ey - uy*h - ux*h*0.6}
	hijackCoverage.paintPath(dc, hijackPath{kind: "arrow head", r: r, x2: x2, y2: y2}, x1, y1, covRect(min(px[0], px[1], px[2]), min(py[0], py[1], py[2]), max(px[0], px[1], px[2]), max(py[0], py[1], py[2]), 3), col, func(gc *gg.Context) {
		gc.MoveTo(px[0], py[0])
		gc.LineTo(px[1], py[1])
		gc.LineTo(px[2], py[2])
		gc.ClosePath()
		gc.Fill()
	})
}
