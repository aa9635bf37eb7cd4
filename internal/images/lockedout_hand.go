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
	loHandCols = 2
	loTileGap  = 14.0
	loTileW    = (loWidth - (loHandCols+1)*loTileGap) / loHandCols
	loTileH    = 100.0
)

// lockedOutHand draws one hand: a card per tile with its category colour
// and letter, name, id and kind, and value; the total; and the cards the
// player is being shown, if any.
func lockedOutHand(v *lockedout.PrivateView) *Canvas {
	m := NewCanvas(1, 1)
	m.Font(loBody, true)
	var seenLines []string
	if len(v.Seen) > 0 {
		seenLines = m.Wrap("You see "+v.Looking+":", loWidth-2*loTileGap)
		if len(seenLines) > 2 {
			seenLines = append(seenLines[:1], m.Fit(seenLines[1]+"…", loWidth-2*loTileGap))
		}
	}
	height := 104 + loGridH(max(len(v.Hand), 1))
	if len(v.Seen) > 0 {
		height += 12 + float64(len(seenLines))*36 + 8 + loGridH(len(v.Seen))
	}
	height += 4
	// Recycled pixels, painted over: fresh memory costs page faults.
	img := newRGBA(image.Rect(0, 0, loWidth, int(height)))
	fillRGBA(img.Pix, loPaper)
	dc := NewCanvasOn(img)
	dc.Font(loBody+2, true)
	dc.SetColor(loInk)
	total := "Total " + loAltZnooties(v.Total)
	tw, _ := dc.MeasureString(total)
	dc.DrawStringAnchored(total, loWidth-loTileGap, 44, 1, 0)
	dc.Font(loTitle, true)
	dc.DrawString(dc.Fit(v.Name+"'s hand", loWidth-3*loTileGap-tw), loTileGap, 46)
	dc.Font(loSmall, false)
	dc.SetColor(loMuted)
	dc.DrawString(loCards(len(v.Hand))+" · values in znooties (Z)", loTileGap, 84)
	y := 100.0
	if len(v.Hand) == 0 {
		dc.Font(loBody, false)
		dc.SetColor(loInk)
		dc.DrawString("No cards.", loTileGap, y+58)
	}
	y += loGridH(max(len(v.Hand), 1))
	loCardGrid(dc, v.Hand, 100)
	if len(v.Seen) > 0 {
		dc.Font(loBody, true)
		dc.SetColor(loInk)
		for _, l := range seenLines {
			dc.DrawString(l, loTileGap, y+38)
			y += 36
		}
		loCardGrid(dc, v.Seen, y+20)
	}
	return dc
}

// loGridH is the height of a grid of n tiles.
func loGridH(n int) float64 {
	rows := (n + loHandCols - 1) / loHandCols
	return float64(rows) * (loTileH + loTileGap)
}

func loCardGrid(dc *Canvas, cards []lockedout.CardView, y float64) {
	for i, c := range cards {
		x := loTileGap + float64(i%loHandCols)*(loTileW+loTileGap)
		cy := y + float64(i/loHandCols)*(loTileH+loTileGap)
		key := struct {
			card   lockedout.CardView
			dx, dy float64
		}{c, x - math.Round(x), cy - math.Round(cy)}
		loSprites.Stamp(dc, key, int(math.Ceil(loTileW))+7, int(loTileH)+7, int(math.Round(x))-3, int(math.Round(cy))-3, func(s *Canvas) {
			loCardTile(s, c, 3+key.dx, 3+key.dy)
		})
	}
}

// loCardKind says what a card is, beside its id: "R3 · fuel resource".
func loCardKind(c lockedout.CardView) string { return c.ID + " · " + loKindWords(c) }

// loKindWords is a card's kind in words: "fuel resource", "orange
// access", "loot", "loot, a share".
func loKindWords(c lockedout.CardView) string {
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

// loCardTile is one card of a hand: its category colour and letter, name,
// id and kind, and value.
func loCardTile(dc *Canvas, c lockedout.CardView, x, cy float64) {
	const cw, ch = loTileW, loTileH
	col := loCardColor[c.Color]
	dc.SetColor(loWhite)
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
	dc.SetColor(loWhite)
	dc.DrawStringAnchored(loCardLetter(c), x+30, cy+ch/2+14, 0.5, 0)
	dc.Font(loBody+4, true)
	dc.SetColor(loInk)
	value := fmt.Sprintf("%d Z", c.Value)
	vw, _ := dc.MeasureString(value)
	dc.DrawStringAnchored(value, x+cw-14, cy+ch/2+12, 1, 0)
	dc.Font(loBody, true)
	dc.DrawString(dc.Fit(c.Name, cw-74-vw-24), x+74, cy+40)
	dc.Font(loSmall, false)
	dc.SetColor(loMuted)
	dc.DrawString(dc.Fit(loCardKind(c), cw-74-vw-24), x+74, cy+80)
}
