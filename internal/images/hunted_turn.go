package images

import (
	"fmt"
	"image"
	"image/color"

	"standoff/internal/games/hunted"
)

// The turn picture is read on a phone, where Discord shows it about
// 350 px wide: at its 1000 px (the width every picture keeps) a 26 px
// text is 9 px tall there, the least that reads without zooming. So no
// text is smaller, and what cannot be said that large (card ids, the
// supply, the decks, older rolls and events) is left to the full board.
// It is portrait: bands one under another, each line read left to right.
const (
	huntedTurnX     = 24.0               // left margin
	huntedTurnRight = huntedWidth - 24.0 // right margin
	huntedTurnBody  = 26.0               // the smallest text
	huntedTurnHead  = 28.0               // headings and names
	huntedTurnTitle = 32.0               // the header and a panel's title
	huntedTurnBarX  = 250.0              // bars and the tower start here, after their labels
	huntedTurnLineH = 34.0               // a line of wrapped body text
	huntedTurnCardH = 46.0               // a card's line
	huntedTurnWidth = huntedTurnRight - huntedTurnX
)

// huntedTurnBoard draws the turn picture, band by band.
func huntedTurnBoard(v *hunted.PublicView) *Canvas {
	var secs []huntedSection
	add := func(h float64, f func(dc *Canvas, y float64)) { secs = append(secs, huntedSection{h, f}) }
	add(64, func(dc *Canvas, y float64) { huntedTurnHeader(dc, v, y) })
	add(48, func(dc *Canvas, y float64) {
		huntedTurnBar(dc, y, fmt.Sprintf("Time %d/%d", v.Time, v.MaxTime), v.MaxTime, v.Time, v.MaxTime, 4, huntedGold)
	})
	for _, p := range v.Players {
		add(48, func(dc *Canvas, y float64) { huntedTurnHealth(dc, v, p, y) })
	}
	add(90, func(dc *Canvas, y float64) { huntedTurnTower(dc, v, y) })
	secs = append(secs, huntedTurnNowSections(v)...)
	secs = append(secs, huntedTurnCardSections(v)...)
	if lines := huntedTurnRecent(v); len(lines) > 0 {
		add(48+float64(len(lines))*huntedTurnLineH, func(dc *Canvas, y float64) {
			huntedTurnHeading(dc, "Just now", y)
			for i, l := range lines {
				huntedTurnText(dc, l, huntedTurnBody, false, huntedInk, huntedTurnX, y+58+float64(i)*huntedTurnLineH, 0)
			}
		})
	}
	add(huntedTurnLegendH, func(dc *Canvas, y float64) {
		huntedTurnStamp(dc, "ht legend", huntedWidth, huntedTurnLegendH, 0, int(y), func(s *Canvas) { huntedTurnLegend(s, 0) })
	})
	return huntedDrawSections(secs, huntedWidth)
}

// huntedTurnText draws one line with its vertical centre at y, anchored at x by
// ax (0 left, 0.5 centre, 1 right).
func huntedTurnText(dc *Canvas, s string, size float64, bold bool, c color.RGBA, x, y, ax float64) {
	dc.Font(size, bold)
	dc.SetColor(c)
	dc.DrawStringAnchored(s, x, y, ax, 0.5)
}

// huntedTurnHeading is a band's title: bold, on the band's first line.
func huntedTurnHeading(dc *Canvas, s string, y float64) {
	huntedTurnText(dc, fitText(s, huntedTurnHead, true, huntedTurnWidth), huntedTurnHead, true, huntedInk, huntedTurnX, y+24, 0)
}

// huntedTurnHeader is the dark band: the game, and whose turn it is or how the
// game ended.
func huntedTurnHeader(dc *Canvas, v *hunted.PublicView, y float64) {
	fillRect(dc.RGBA(), image.Rect(0, int(y), huntedWidth, int(y)+56), huntedHeader)
	status := ""
	switch {
	case v.Over && v.Won:
		status = fmt.Sprintf("WON · score %d", v.Score)
	case v.Over:
		status = fmt.Sprintf("LOST · score %d", v.Score)
	case v.Turn >= 0 && v.Turn < len(v.Players):
		status = v.Players[v.Turn].Name + "'s turn"
	}
	m := measurer(huntedTurnTitle, true)
	title := "HUNTED: KOBAYASHI TOWER"
	if v.Coop || m(title)+30+m(status) > huntedTurnWidth {
		title = "HUNTED"
	}
	if v.Coop {
		title += " · co-op"
	}
	huntedTurnText(dc, title, huntedTurnTitle, true, huntedWhite, huntedTurnX, y+28, 0)
	tw := m(title)
	if !v.Over && v.Turn >= 0 && v.Turn < len(v.Players) {
		status = fitSeatThen(v.Players[v.Turn].Name, "'s turn", func(s string) bool { return m(s) <= huntedTurnWidth-tw-30 })
	}
	huntedTurnText(dc, fitText(status, huntedTurnTitle, true, huntedTurnWidth-tw-30), huntedTurnTitle, true, huntedWhite, huntedTurnRight, y+28, 1)
}

// huntedTurnBar is a labelled bar of n segments from huntedTurnBarX, value of them
// filled: the label says the number, the filled segments show it.
// Segments past max (a co-op player's lower health) are left out.
func huntedTurnBar(dc *Canvas, y float64, label string, n, value, max int, gap float64, fill0 color.RGBA) float64 {
	huntedTurnText(dc, fitText(label, huntedTurnHead, true, huntedTurnBarX-huntedTurnX-12), huntedTurnHead, true, huntedInk, huntedTurnX, y+24, 0)
	step := float64(int((huntedTurnRight - huntedTurnBarX + gap) / float64(n)))
	step = min(step, 66)
	w := step - gap
	x := huntedTurnBarX
	for i := 1; i <= min(n, max); i++ {
		fill, edge := huntedWhite, huntedMuted
		if i <= value {
			fill, edge = fill0, huntedInk
		}
		squareBox(dc, int(x), int(y)+8, int(w), 32, 2, fill, edge)
		x += step
	}
	return x
}

// huntedTurnHealth is a player's health bar and tokens, in words.
func huntedTurnHealth(dc *Canvas, v *hunted.PublicView, p hunted.PlayerView, y float64) {
	label := fmt.Sprintf("Health %d/%d", p.Health, p.MaxHealth)
	if v.Coop {
		n := fmt.Sprintf(" %d/%d", p.Health, p.MaxHealth)
		label = fitSeat(p.Name, huntedTurnHead, true, huntedTurnBarX-huntedTurnX-12-measurer(huntedTurnHead, true)(n)) + n
	}
	x := huntedTurnBar(dc, y, label, 6, p.Health, p.MaxHealth, 6, huntedRed)
	x = max(x, huntedTurnBarX+4*66) + 14
	tokens := count(p.Keys, "key") + " · " + count(p.Regroup, "regroup token")
	huntedTurnText(dc, fitText(tokens, huntedTurnBody, false, huntedTurnRight-x), huntedTurnBody, false, huntedInk, x, y+24, 0)
}

// huntedTurnTower is the location deck as boxes (passed, drawn, the Roof or where
// it may be) and a line that says it.
func huntedTurnTower(dc *Canvas, v *hunted.PublicView, y float64) {
	huntedTurnText(dc, "Tower", huntedTurnHead, true, huntedInk, huntedTurnX, y+24, 0)
	total := v.LocPassed + v.LocLeft + len(v.Choice)
	step := 48.0
	if total > 0 {
		step = min(step, float64(int((huntedTurnRight-huntedTurnBarX+6)/float64(total))))
	}
	box := step - 6
	for i := 0; i < total; i++ {
		label, fill := huntedTowerLabel(v, i, total)
		bx := huntedTurnBarX + float64(i)*step
		squareBox(dc, int(bx), int(y)+3, int(box), int(box), 2, fill, huntedInk)
		switch label {
		case "":
		case "✓":
			huntedStamp(dc, fmt.Sprintf("ht tick %v", box), box, box, 0, bx, y+3, func(dc *Canvas, bx, y float64) {
				dc.SetColor(huntedWhite)
				dc.SetLineWidth(3.5)
				dc.MoveTo(bx+box*4/17, y+box*9/17)
				dc.LineTo(bx+box*15/34, y+box*13/17)
				dc.LineTo(bx+box*27/34, y+box*4/17)
				dc.Stroke()
			})
		default:
			c := huntedInk
			if label == "R" {
				c = huntedWhite
			}
			huntedTurnText(dc, label, huntedTurnBody, true, c, bx+box/2, y+3+box/2, 0.5)
		}
	}
	roof := fmt.Sprintf("the Roof (R) is among the last %d", v.RoofIn)
	switch {
	case v.OnRoof:
		roof = "on the Roof"
	case v.RoofTop:
		roof = "the Roof is next"
	}
	s := fmt.Sprintf("%d passed, %d left: %s", v.LocPassed, v.LocLeft, roof)
	huntedTurnText(dc, fitText(s, huntedTurnBody, false, huntedTurnWidth), huntedTurnBody, false, huntedInk, huntedTurnX, y+70, 0)
}

// huntedTurnRecentLines is how many lines an event of Just now may take: the
// longest (a search naming five cards and what became of them) fit.
const huntedTurnRecentLines = 4

// huntedTurnRecent is the last two events, wrapped at words.
func huntedTurnRecent(v *hunted.PublicView) []string {
	var lines []string
	for _, e := range huntedTurnRecentEvents(v, 2) {
		lines = append(lines, wrapWords(e, huntedTurnBody, false, huntedTurnWidth, huntedTurnRecentLines)...)
	}
	return lines
}

// huntedTurnRecentEvents is the last n events, newest last. The ending is the end
// panel's, not repeated.
func huntedTurnRecentEvents(v *hunted.PublicView, n int) []string {
	var ev []string
	for _, e := range v.Events {
		if !v.Over || e != v.Result {
			ev = append(ev, e)
		}
	}
	return ev[max(0, len(ev)-n):]
}

const huntedTurnLegendH = 94

// huntedTurnLegend explains the icons and the card letters, on a grey band.
func huntedTurnLegend(dc *Canvas, y float64) {
	fillRect(dc.RGBA(), image.Rect(0, int(y), huntedWidth, int(y)+huntedTurnLegendH), huntedFaint)
	x := huntedTurnX
	for _, ic := range []struct{ l, name string }{{"M", "move"}, {"S", "search"}, {"K", "key"}} {
		huntedTurnIcon(dc, x, y+7, ic.l, true)
		huntedTurnText(dc, ic.name, huntedTurnBody, false, huntedInk, x+44, y+26, 0)
		x += 44 + measurer(huntedTurnBody, false)(ic.name) + 24
	}
	huntedTurnBell(dc, x+14, y+26)
	huntedTurnText(dc, "noise (2 and a terrorist: fight)", huntedTurnBody, false, huntedInk, x+34, y+26, 0)
	x = huntedTurnX
	for _, t := range []string{"terrorist", "door", "weapon", "item", "hostage", "regroup", "event"} {
		huntedTurnBadge(dc, t, x, y+50)
		huntedTurnText(dc, t, huntedTurnBody, false, huntedInk, x+42, y+69, 0)
		x += 42 + measurer(huntedTurnBody, false)(t) + 16
	}
}

// huntedTurnStamp stamps a sprite of the turn picture.
func huntedTurnStamp(dc *Canvas, key string, w, h, x, y int, draw func(s *Canvas)) {
	huntedSprites.Stamp(dc, key, w, h, x, y, draw)
}

// huntedTurnIcon is an action icon: a letter in a square, filled dark when the
// card gives it, outlined when it is a cost.
func huntedTurnIcon(dc *Canvas, x, y float64, letter string, gives bool) {
	huntedStamp(dc, fmt.Sprintf("ht icon %v", gives), 38, 38, 2, x, y, func(dc *Canvas, x, y float64) {
		dc.DrawRoundedRectangle(x, y, 38, 38, 6)
		if gives {
			dc.SetColor(huntedHeader)
			dc.Fill()
			return
		}
		dc.SetColor(huntedWhite)
		dc.FillPreserve()
		dc.SetColor(huntedHeader)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
	c := huntedHeader
	if gives {
		c = huntedWhite
	}
	huntedTurnText(dc, letter, huntedTurnBody, true, c, x+19, y+19, 0.5)
}

// huntedTurnBadge is a card type's colour with its letter.
func huntedTurnBadge(dc *Canvas, typ string, x, y float64) {
	t := huntedType[typ]
	huntedStamp(dc, "ht badge "+typ, 36, 38, 1, x, y, func(dc *Canvas, x, y float64) {
		dc.DrawRoundedRectangle(x, y, 36, 38, 6)
		dc.SetColor(t.c)
		dc.Fill()
	})
	huntedTurnText(dc, t.letter, huntedTurnBody, true, huntedWhite, x+18, y+19, 0.5)
}

// huntedTurnBell is the noise icon at twice the full board's size, centred at
// (x, y).
func huntedTurnBell(dc *Canvas, x, y float64) {
	huntedStamp(dc, "ht bell", 30, 34, 3, x-15, y-17, func(dc *Canvas, bx, by float64) {
		dc.Push()
		dc.Translate(bx+15, by+17)
		dc.Scale(1.9, 1.9)
		huntedBell(dc, 0, -1)
		dc.Pop()
	})
}

// huntedTurnPanel is a rounded panel across the picture.
func huntedTurnPanel(dc *Canvas, y, h float64, fill, line color.RGBA) {
	huntedPanel(dc, huntedTurnX, y, huntedTurnWidth, h, fill, line)
}
