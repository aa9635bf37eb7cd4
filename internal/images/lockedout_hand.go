package images

import (
	"fmt"
	"image"
	"math"

	"standoff/internal/games/lockedout"
)

// The hand's tiles: two columns across the 1000 px picture, so a card's
// name and kind are read at phone width without a key.
const (
	lockedOutHandCols = 2
	lockedOutTileGap  = 14.0
	lockedOutTileW    = (lockedOutWidth - (lockedOutHandCols+1)*lockedOutTileGap) / lockedOutHandCols
	lockedOutTileH    = 100.0
)

// lockedOutHand draws one hand: a card per tile with its category colour
// and letter, name, id and kind, and value; the total; and the cards the
// player is being shown, if any.
func lockedOutHand(v *lockedout.PrivateView) *Canvas {
	m := NewCanvas(1, 1)
	m.Font(lockedOutBody, true)
	var seenLines []string
	if len(v.Seen) > 0 {
		seenLines = m.Wrap("You see "+v.Looking+":", lockedOutWidth-2*lockedOutTileGap)
		if len(seenLines) > 2 {
			seenLines = append(seenLines[:1], m.Fit(seenLines[1]+"…", lockedOutWidth-2*lockedOutTileGap))
		}
	}
	height := 104 + lockedOutGridH(max(len(v.Hand), 1))
	if len(v.Seen) > 0 {
		height += 12 + float64(len(seenLines))*36 + 8 + lockedOutGridH(len(v.Seen))
	}
	height += 4
	// Recycled pixels, painted over: fresh memory costs page faults.
	img := newRGBA(image.Rect(0, 0, lockedOutWidth, int(height)))
	fillRGBA(img.Pix, lockedOutPaper)
	track(img, lockedOutPalette, lockedOutPaper)
	dc := NewCanvasOn(img)
	dc.Font(lockedOutBody+2, true)
	dc.SetColor(lockedOutInk)
	total := "Total " + lockedOutAltZnooties(v.Total)
	tw, _ := dc.MeasureString(total)
	dc.DrawStringAnchored(total, lockedOutWidth-lockedOutTileGap, 44, 1, 0)
	dc.Font(lockedOutTitle, true)
	dc.DrawString(dc.Fit(v.Name+"'s hand", lockedOutWidth-3*lockedOutTileGap-tw), lockedOutTileGap, 46)
	dc.Font(lockedOutSmall, false)
	dc.SetColor(lockedOutMuted)
	dc.DrawString(lockedOutCards(len(v.Hand))+" · values in znooties (Z)", lockedOutTileGap, 84)
	y := 100.0
	if len(v.Hand) == 0 {
		dc.Font(lockedOutBody, false)
		dc.SetColor(lockedOutInk)
		dc.DrawString("No cards.", lockedOutTileGap, y+58)
	}
	y += lockedOutGridH(max(len(v.Hand), 1))
	lockedOutCardGrid(dc, v.Hand, 100)
	if len(v.Seen) > 0 {
		dc.Font(lockedOutBody, true)
		dc.SetColor(lockedOutInk)
		for _, l := range seenLines {
			dc.DrawString(l, lockedOutTileGap, y+38)
			y += 36
		}
		lockedOutCardGrid(dc, v.Seen, y+20)
	}
	return dc
}

// lockedOutGridH is the height of a grid of n tiles.
func lockedOutGridH(n int) float64 {
	rows := (n + lockedOutHandCols - 1) / lockedOutHandCols
	return float64(rows) * (lockedOutTileH + lockedOutTileGap)
}

func lockedOutCardGrid(dc *Canvas, cards []lockedout.CardView, y float64) {
	for i, c := range cards {
		x := lockedOutTileGap + float64(i%lockedOutHandCols)*(lockedOutTileW+lockedOutTileGap)
		cy := y + float64(i/lockedOutHandCols)*(lockedOutTileH+lockedOutTileGap)
		key := struct {
			card   lockedout.CardView
			dx, dy float64
		}{c, x - math.Round(x), cy - math.Round(cy)}
		lockedOutSprites.Stamp(dc, key, int(math.Ceil(lockedOutTileW))+7, int(lockedOutTileH)+7, int(math.Round(x))-3, int(math.Round(cy))-3, func(s *Canvas) {
			lockedOutCardTile(s, c, 3+key.dx, 3+key.dy)
		})
	}
}

// lockedOutCardKind says what a card is, beside its id: "R3 · fuel resource".
func lockedOutCardKind(c lockedout.CardView) string { return c.ID + " · " + lockedOutKindWords(c) }

// lockedOutKindWords is a card's kind in words: "fuel resource", "orange
// access", "loot", "loot, a share".
func lockedOutKindWords(c lockedout.CardView) string {
	switch {
	case c.Share:
		return "loot, a share"
	case c.Kind == "loot":
		return "loot"
	case c.Kind == "resource":
		return map[string]string{"red": "fuel", "yellow": "power", "blue": "oxygen"}[c.Color] + " resource"
	}
	return c.Color + " " + c.Kind
}

// lockedOutCardTile is one card of a hand: its category colour and letter, name,
// id and kind, and value.
func lockedOutCardTile(dc *Canvas, c lockedout.CardView, x, cy float64) {
	const cw, ch = lockedOutTileW, lockedOutTileH
	col := lockedOutCardColor[c.Color]
	dc.SetColor(lockedOutWhite)
	dc.DrawRoundedRectangle(x, cy, cw, ch, 10)
	dc.Fill()
	dc.SetColor(col)
	dc.DrawRoundedRectangle(x, cy, 60, ch, 10)
	dc.Fill()
	dc.DrawRectangle(x+40, cy, 20, ch)
	dc.Fill()
	dc.SetLineWidth(4)
	dc.DrawRoundedRectangle(x, cy, cw, ch, 10)
	dc.Stroke()
	dc.Font(40, true)
	dc.SetColor(lockedOutWhite)
	dc.DrawStringAnchored(lockedOutCardLetter(c), x+30, cy+ch/2+14, 0.5, 0)
	dc.Font(lockedOutBody+4, true)
	dc.SetColor(lockedOutInk)
	value := fmt.Sprintf("%d Z", c.Value)
	vw, _ := dc.MeasureString(value)
	dc.DrawStringAnchored(value, x+cw-14, cy+ch/2+12, 1, 0)
	dc.Font(lockedOutBody, true)
	dc.DrawString(dc.Fit(c.Name, cw-74-vw-24), x+74, cy+40)
	dc.Font(lockedOutSmall, false)
	dc.SetColor(lockedOutMuted)
	dc.DrawString(dc.Fit(lockedOutCardKind(c), cw-74-vw-24), x+74, cy+80)
}
