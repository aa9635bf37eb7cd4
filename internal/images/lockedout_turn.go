package images

import (
	"fmt"
	"image"
	"strings"

	"standoff/internal/games/lockedout"
)

// lockedOutTurn draws the turn picture: what a player needs at a glance.
func lockedOutTurn(v *lockedout.PublicView) *Canvas { return lockedOutTable(v, false) }

// lockedOutSection draws a part of the picture below the map from y and returns
// the y below it; with draw false it only measures.
type lockedOutSection func(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64

// lockedOutSections are the parts below the map: the turn picture's (the result
// first once the game is over), and in the full board the face-up cards,
// the key and more events after them.
func lockedOutSections(v *lockedout.PublicView, full bool) []lockedOutSection {
	var out []lockedOutSection
	if v.Over {
		out = append(out, lockedOutResult)
	}
	out = append(out, lockedOutPlayers, lockedOutAccessProgress)
	if !full {
		return append(out, lockedOutRecent(3))
	}
	return append(out, lockedOutRecent(6), lockedOutFullCards, lockedOutFullKey)
}

// lockedOutResult is the game's ranking, a place a line, under the verdict the
// status band gives; a result in another form is given whole.
func lockedOutResult(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
	y = lockedOutHeading(dc, "Result", y, draw)
	head, places := lockedOutResultParts(v.Result)
	dc.Font(lockedOutBody, false)
	dc.SetColor(lockedOutInk)
	lines := places
	if len(places) == 0 {
		lines = dc.Wrap(head, lockedOutWidth-2*lockedOutMapX)
	}
	for _, l := range lines {
		if draw {
			dc.DrawString(dc.Fit(l, lockedOutWidth-2*lockedOutMapX), lockedOutMapX, y+28)
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
	status := lockedOutStatusLines(measure, v)
	y0 := lockedOutMapY
	sections := lockedOutSections(v, full)
	y := y0 + lockedOutMapH + 24
	for _, s := range sections {
		y = s(measure, v, y, false)
	}
	height := int(y + 10)

	// The title row and the map as the rooms' locks leave them come from
	// a layer; below it the picture starts as blank paper.
	img := newRGBA(image.Rect(0, 0, lockedOutWidth, height))
	key := lockedOutMapKey(v)
	band := lockedOutLayers.Get(key, lockedOutMapBuild(v))
	n := min(len(band.Pix), len(img.Pix))
	if n == len(band.Pix) {
		lockedOutBandRows.copy(key, img.Pix, band) // its paper rows written, not copied
	} else {
		copy(img.Pix, band.Pix)
	}
	fillRGBA(img.Pix[n:], lockedOutPaper)
	if band.Rect.Dx() == lockedOutWidth {
		_, idx := lockedOutLayers.Indexed(key, lockedOutMapBuild(v), lockedOutPalette)
		trackFrom(img, lockedOutPalette, idx[:min(len(idx), n/4)], lockedOutPaper)
	}
	dc := NewCanvasOn(img)

	lockedOutStatusBand(dc, status)
	for _, r := range v.Rooms {
		lockedOutRoomState(dc, r, v, y0)
	}
	y = y0 + lockedOutMapH + 24
	for _, s := range sections {
		y = s(dc, v, y, true)
	}
	return dc
}

// lockedOutStatusBand says who must act now (or the result) on the coloured
// band the map layer holds under the title.
func lockedOutStatusBand(dc *Canvas, lines []string) {
	dc.Font(lockedOutBody, true)
	dc.SetColor(lockedOutInk)
	// One line sits in the middle of the band.
	y := lockedOutBandTop + 7 + 28 + float64(lockedOutBandLines-len(lines))*lockedOutLineH/2
	for _, l := range lines {
		dc.DrawString(l, lockedOutMapX+12, y)
		y += lockedOutLineH
	}
}

// lockedOutHeading draws a section's heading and returns the y below it.
func lockedOutHeading(dc *Canvas, text string, y float64, draw bool) float64 {
	if draw {
		dc.Font(lockedOutBody, true)
		dc.SetColor(lockedOutInk)
		dc.DrawString(text, lockedOutMapX, y+28)
	}
	return y + 40
}

const lockedOutRowH = 46.0 // a player's row

// lockedOutPlayers lists the players: pawn, name, cards in hand, and whether
// they are on turn, hold the maintenance card or left.
func lockedOutPlayers(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
	if !draw {
		return y + float64(len(v.Players))*lockedOutRowH + 12
	}
	for i, p := range v.Players {
		py := y + float64(i)*lockedOutRowH
		if p.Seat == v.Acting && !v.Over {
			fillRect(dc.RGBA(), image.Rect(int(lockedOutMapX)-6, int(py), lockedOutWidth-int(lockedOutMapX), int(py+lockedOutRowH)-4), lockedOutOnTurnBg)
		}
		lockedOutPawnDisc(dc, lockedOutMapX+20, py+21, 18, p.Seat)
		dc.Font(lockedOutBody, p.Seat == v.Acting && !v.Over)
		dc.SetColor(lockedOutInk)
		dc.DrawString(dc.FitSeat(p.Name, 330), lockedOutMapX+52, py+31)
		dc.Font(lockedOutSmall, false)
		dc.DrawString(lockedOutCards(p.Hand), lockedOutMapX+400, py+31)
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
		dc.Font(lockedOutSmall, true)
		dc.SetColor(lockedOutZoneLine["orange"])
		dc.DrawString(strings.Join(tags, " · "), lockedOutMapX+540, py+31)
	}
	return y + float64(len(v.Players))*lockedOutRowH + 12
}

// lockedOutTypes are the four types of each access colour: four different ones
// in the play area open the next stage.
var lockedOutTypes = map[string][]string{"orange": {"OA", "OB", "OC", "OD"}, "purple": {"PA", "PB", "PC", "PD"}}

// lockedOutAccessProgress shows how far the access play area is from opening the
// next zone: per colour still to open, which of its four types lie there.
func lockedOutAccessProgress(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
	var colours []string
	switch v.Stage {
	case 1:
		colours = []string{"orange", "purple"}
	case 2:
		colours = []string{"purple"}
		if draw {
			dc.Font(lockedOutSmall, false)
			dc.SetColor(lockedOutInk)
			dc.DrawString("Orange access cards: all four played, the orange zone is open.", lockedOutMapX, y+28)
		}
		y += 40
	default:
		if draw {
			dc.Font(lockedOutSmall, false)
			dc.SetColor(lockedOutInk)
			dc.DrawString("Access cards: all eight played, the board computer is open.", lockedOutMapX, y+28)
		}
		return y + 52
	}
	for _, colour := range colours {
		if draw {
			lockedOutTypeRow(dc, v, colour, y)
		}
		y += 52
	}
	return y + 4
}

// lockedOutTypeRow is one colour's four types: played ones filled in the card
// colour, missing ones outlined, with a count in words.
func lockedOutTypeRow(dc *Canvas, v *lockedout.PublicView, colour string, y float64) {
	played := map[string]bool{}
	for _, c := range v.Access {
		if len(c.ID) >= 2 {
			played[c.ID[:2]] = true
		}
	}
	n := 0
	for _, t := range lockedOutTypes[colour] {
		if played[t] {
			n++
		}
	}
	dc.Font(lockedOutSmall, true)
	dc.SetColor(lockedOutInk)
	count := "none yet"
	if n > 0 {
		count = fmt.Sprintf("%d of 4", n)
	}
	dc.DrawString(strings.ToUpper(colour[:1])+colour[1:]+" access: "+count, lockedOutMapX, y+30)
	for i, t := range lockedOutTypes[colour] {
		x := 330 + float64(i)*106
		if played[t] {
			fillRect(dc.RGBA(), image.Rect(int(x), int(y), int(x)+96, int(y)+42), lockedOutCardColor[colour])
			dc.SetColor(lockedOutWhite)
			dc.Font(lockedOutSmall, true)
		} else {
			squareBox(dc, int(x), int(y), 96, 42, 3, lockedOutWhite, lockedOutCardColor[colour])
			dc.SetColor(lockedOutMuted)
			dc.Font(lockedOutSmall, false)
		}
		dc.DrawStringAnchored(t, x+48, y+31, 0.5, 0)
	}
	dc.Font(lockedOutSmall, false)
	dc.SetColor(lockedOutMuted)
	dc.DrawString("filled = played", 330+4*106, y+30)
}

// lockedOutRecent lists the last n events, or the result once the game is over
// (the band says it already: the events before it).
func lockedOutRecent(n int) lockedOutSection {
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
		y = lockedOutHeading(dc, "Recently", y, draw)
		dc.Font(lockedOutSmall, false)
		dc.SetColor(lockedOutInk)
		for _, e := range events {
			for _, l := range dc.Wrap(lockedOutZ(e), lockedOutWidth-2*lockedOutMapX) {
				if draw {
					dc.DrawString(l, lockedOutMapX, y+26)
				}
				y += 34
			}
		}
		return y + 8
	}
}
