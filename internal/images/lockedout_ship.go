package images

import (
	"fmt"
	"image"
	"strings"

	"standoff/internal/games/lockedout"
)

// lockedOutShip draws the turn picture: what a player needs at a glance.
func lockedOutShip(v *lockedout.PublicView) *Canvas { return lockedOutTable(v, false) }

// loSection draws a part of the picture below the map from y and returns
// the y below it; with draw false it only measures.
type loSection func(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64

// loSections are the parts below the map: the turn picture's (the result
// first once the game is over), and in the full board the face-up cards,
// the key and more events after them.
func loSections(v *lockedout.PublicView, full bool) []loSection {
	var out []loSection
	if v.Over {
		out = append(out, loResult)
	}
	out = append(out, loPlayers, loAccessProgress)
	if !full {
		return append(out, loRecent(3))
	}
	return append(out, loRecent(6), loTableCards, loKey)
}

// loResult is the game's ranking, a place a line, under the verdict the
// status band gives; a result in another form is given whole.
func loResult(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
	y = loHeading(dc, "Result", y, draw)
	head, places := loResultParts(v.Result)
	dc.Font(loBody, false)
	dc.SetColor(loInk)
	lines := places
	if len(places) == 0 {
		lines = dc.Wrap(head, loWidth-2*loMapX)
	}
	for _, l := range lines {
		if draw {
			dc.DrawString(dc.Fit(l, loWidth-2*loMapX), loMapX, y+28)
		}
		y += 38
	}
	return y + 8
}

// lockedOutTable draws the ship: the status band, the map with piles and
// pawns, then the sections.
func lockedOutTable(v *lockedout.PublicView, full bool) *Canvas {
	// The status is wrapped and the sections laid out once on a 1x1
	// canvas, to learn the height.
	measure := NewCanvas(1, 1)
	status := loStatusLines(measure, v)
	y0 := loMapY
	sections := loSections(v, full)
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

	loStatusBand(dc, status)
	for _, r := range v.Rooms {
		loRoomState(dc, r, v, y0)
	}
	y = y0 + loMapH + 24
	for _, s := range sections {
		y = s(dc, v, y, true)
	}
	return dc
}

// loStatusBand says who must act now (or the result) on the coloured
// band the map layer holds under the title.
func loStatusBand(dc *Canvas, lines []string) {
	dc.Font(loBody, true)
	dc.SetColor(loInk)
	// One line sits in the middle of the band.
	y := loBandTop + 7 + 28 + float64(loBandLines-len(lines))*loLineH/2
	for _, l := range lines {
		dc.DrawString(l, loMapX+12, y)
		y += loLineH
	}
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
	if !draw {
		return y + float64(len(v.Players))*loRowH + 12
	}
	for i, p := range v.Players {
		py := y + float64(i)*loRowH
		if p.Seat == v.Acting && !v.Over {
			loFillRect(dc.RGBA(), image.Rect(int(loMapX)-6, int(py), loWidth-int(loMapX), int(py+loRowH)-4), loTurn)
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
	var colours []string
	switch v.Stage {
	case 1:
		colours = []string{"orange", "purple"}
	case 2:
		colours = []string{"purple"}
		if draw {
			dc.Font(loSmall, false)
			dc.SetColor(loInk)
			dc.DrawString("Orange access cards: all four played, the orange zone is open.", loMapX, y+28)
		}
		y += 40
	default:
		if draw {
			dc.Font(loSmall, false)
			dc.SetColor(loInk)
			dc.DrawString("Access cards: all eight played, the board computer is open.", loMapX, y+28)
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
	dc.DrawString(strings.ToUpper(colour[:1])+colour[1:]+" access: "+count, loMapX, y+30)
	for i, t := range loTypes[colour] {
		x := 330 + float64(i)*106
		r := image.Rect(int(x), int(y), int(x)+96, int(y)+42)
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
		dc.DrawStringAnchored(t, x+48, y+31, 0.5, 0)
	}
	dc.Font(loSmall, false)
	dc.SetColor(loMuted)
	dc.DrawString("filled = played", 330+4*106, y+30)
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
