package images

import (
	"fmt"
	"image"
	"strings"

	"github.com/fogleman/gg"

	"standoff/internal/games/lockedout"
)

// lockedOutShip draws the turn picture: what a player needs at a glance.
func lockedOutShip(v *lockedout.PublicView) *Canvas { return lockedOutTable(v, false) }

// loSection draws a part of the picture below the map from y and returns
// the y below it; with draw false it only measures.
type loSection func(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64

// loSections are the parts below the map: the turn picture's, and in the
// full board the face-up cards, the key and more events after them.
func loSections(full bool) []loSection {
	if !full {
		return []loSection{loPlayers, loAccessProgress, loRecent(3)}
	}
	return []loSection{loPlayers, loAccessProgress, loRecent(8), loTableCards, loKey}
}

// lockedOutTable draws the ship: the status band, the map with piles and
// pawns, then the sections.
func lockedOutTable(v *lockedout.PublicView, full bool) *Canvas {
	status := loStatusLines(v)
	y0 := loMapY(len(status))
	sections := loSections(full)
	// Lay the sections out once on a 1x1 canvas to learn the height.
	measure := NewCanvas(1, 1)
	y := y0 + loMapH + 24
	for _, s := range sections {
		y = s(measure, v, y, false)
	}
	height := int(y + 10)

	// The title row and the map as the rooms' locks leave them come from
	// a layer; below it the picture starts as blank paper.
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

	loStatusBand(dc, v, status)
	for _, r := range v.Rooms {
		loRoomState(dc, r, v, y0)
	}
	y = y0 + loMapH + 24
	for _, s := range sections {
		y = s(dc, v, y, true)
	}
	return dc
}

// loStatusBand says who must act now (or the result) on a coloured band
// under the title.
func loStatusBand(dc *Canvas, v *lockedout.PublicView, lines []string) {
	top := 62.0
	h := float64(len(lines))*loLineH + 14
	loCoverage.paintPath(dc, loPath{kind: "status band", h: h}, loMapX, top, covRect(loMapX, top, loWidth-loMapX, top+h, 3), loTurn, func(gc *gg.Context) {
		gc.DrawRoundedRectangle(loMapX, top, loWidth-2*loMapX, h, 8)
		gc.Fill()
	})
	dc.Font(loBody, true)
	dc.SetColor(loInk)
	for i, l := range lines {
		dc.DrawString(l, loMapX+12, top+36+float64(i)*loLineH)
	}
}

// loCoverage keeps the coverage of the rounded bands drawn every picture
// (coverage.go): the status band, the acting player's row; a few dozen.
var loCoverage = &coverageCache{max: 1024, maxBytes: 1 << 20}

// loPath names a path at its exact place: what it is and its height.
type loPath struct {
	kind string
	h    float64
}

// loHeading draws a section's heading and returns the y below it.
func loHeading(dc *Canvas, text string, y float64, draw bool) float64 {
	if draw {
		dc.Font(loBody, true)
		dc.SetColor(loInk)
		dc.DrawString(text, loMapX, y+28)
	}
	return y + 40
}

const loRowH = 46.0 // a player's row

// loPlayers lists the players: pawn, name, cards in hand, and whether
// they are on turn, hold the maintenance card or left.
func loPlayers(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
	y = loHeading(dc, "Players", y, draw)
	if !draw {
		return y + float64(len(v.Players))*loRowH + 12
	}
	for i, p := range v.Players {
		py := y + float64(i)*loRowH
		if p.Seat == v.Acting && !v.Over {
			loCoverage.paintPath(dc, loPath{kind: "acting row"}, loMapX-6, py, covRect(loMapX-6, py, loWidth-loMapX, py+loRowH-4, 3), loTurn, func(gc *gg.Context) {
				gc.DrawRoundedRectangle(loMapX-6, py, loWidth-2*loMapX+6, loRowH-4, 8)
				gc.Fill()
			})
		}
		loPawnDisc(dc, loMapX+20, py+21, 18, p.Seat)
		dc.Font(loBody, p.Seat == v.Acting && !v.Over)
		dc.SetColor(loInk)
		dc.DrawString(dc.Fit(p.Name, 330), loMapX+52, py+31)
		dc.Font(loSmall, false)
		dc.DrawString(loCards(p.Hand), loMapX+400, py+31)
		var tags []string
		if p.Seat == v.Turn && !v.Over {
			tags = append(tags, "turn")
		}
		if p.Maintenance {
			m := "maintenance"
			if v.Wait {
				m += " (waits)"
			}
			tags = append(tags, m)
		}
		if p.Resigned {
			tags = append(tags, "left the game")
		}
		dc.Font(loSmall, true)
		dc.SetColor(loZoneLine["orange"])
		dc.DrawString(strings.Join(tags, " · "), loMapX+540, py+31)
	}
	return y + float64(len(v.Players))*loRowH + 12
}

// loTypes are the four types of each access colour: four different ones
// in the play area open the next stage.
var loTypes = map[string][]string{"orange": {"OA", "OB", "OC", "OD"}, "purple": {"PA", "PB", "PC", "PD"}}

// loAccessProgress shows how far the access play area is from opening the
// next zone: per colour still to open, which of its four types lie there.
func loAccessProgress(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
	y = loHeading(dc, "Access cards played", y, draw)
	var colours []string
	switch v.Stage {
	case 1:
		colours = []string{"orange", "purple"}
	case 2:
		colours = []string{"purple"}
		if draw {
			dc.Font(loSmall, false)
			dc.SetColor(loInk)
			dc.DrawString("Orange: all four played, the orange zone is open.", loMapX, y+28)
		}
		y += 40
	default:
		if draw {
			dc.Font(loSmall, false)
			dc.SetColor(loInk)
			dc.DrawString("All eight played: the board computer is open.", loMapX, y+28)
		}
		return y + 52
	}
	for _, colour := range colours {
		if draw {
			loTypeRow(dc, v, colour, y)
		}
		y += 52
	}
	return y + 4
}

// loTypeRow is one colour's four types: played ones filled in the card
// colour, missing ones outlined, with a count in words.
func loTypeRow(dc *Canvas, v *lockedout.PublicView, colour string, y float64) {
	played := map[string]bool{}
	for _, c := range v.Access {
		if len(c.ID) >= 2 {
			played[c.ID[:2]] = true
		}
	}
	n := 0
	for _, t := range loTypes[colour] {
		if played[t] {
			n++
		}
	}
	dc.Font(loSmall, true)
	dc.SetColor(loInk)
	count := "none yet"
	if n > 0 {
		count = fmt.Sprintf("%d of 4", n)
	}
	dc.DrawString(strings.ToUpper(colour[:1])+colour[1:]+": "+count, loMapX, y+30)
	for i, t := range loTypes[colour] {
		x := 260 + float64(i)*112
		r := image.Rect(int(x), int(y), int(x)+100, int(y)+42)
		if played[t] {
			loFillRect(dc.RGBA(), r, loCardColor[colour])
			dc.SetColor(loWhite)
			dc.Font(loSmall, true)
		} else {
			loFillRect(dc.RGBA(), r, loCardColor[colour])
			loFillRect(dc.RGBA(), r.Inset(3), loWhite)
			dc.SetColor(loMuted)
			dc.Font(loSmall, false)
		}
		dc.DrawStringAnchored(t, x+50, y+31, 0.5, 0)
	}
	dc.Font(loSmall, false)
	dc.SetColor(loMuted)
	dc.DrawString("filled = played", 260+4*112, y+30)
}

// loRecent lists the last n events, or the result once the game is over
// (the band says it already: the events before it).
func loRecent(n int) loSection {
	return func(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
		events := v.Events
		if v.Over && len(events) > 0 && events[len(events)-1] == v.Result {
			events = events[:len(events)-1]
		}
		if len(events) > n {
			events = events[len(events)-n:]
		}
		if len(events) == 0 {
			return y
		}
		y = loHeading(dc, "Recently", y, draw)
		dc.Font(loSmall, false)
		dc.SetColor(loInk)
		for _, e := range events {
			for _, l := range dc.Wrap(loZ(e), loWidth-2*loMapX) {
				if draw {
					dc.DrawString(l, loMapX, y+26)
				}
				y += 34
			}
		}
		return y + 8
	}
}
