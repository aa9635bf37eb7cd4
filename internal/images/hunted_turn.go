package images

import (
	"fmt"
	"image/color"
	"strings"

	"golang.org/x/image/font"

	"standoff/internal/games/hunted"
)

// The turn picture is read on a phone, where Discord shows it about
// 350 px wide: at its 1000 px (the width every picture keeps) a 26 px
// text is 9 px tall there, the least that reads without zooming. So no
// text is smaller, and what cannot be said that large (card ids, the
// supply, the decks, older rolls and events) is left to the full board.
// It is portrait: bands one under another, each line read left to right.
const (
	htX     = 24.0       // left margin
	htRight = huW - 24.0 // right margin
	htBody  = 26.0       // the smallest text
	htHead  = 28.0       // headings and names
	htTitle = 32.0       // the header and a panel's title
	htBarX  = 250.0      // bars and the tower start here, after their labels
	htLineH = 34.0       // a line of wrapped body text
	htCardH = 46.0       // a card's line
	htWidth = htRight - htX
)

// huntedBoard draws the turn picture, band by band.
func huntedBoard(v *hunted.PublicView) *Canvas {
	var secs []huSection
	add := func(h float64, f func(dc *Canvas, y float64)) { secs = append(secs, huSection{h, f}) }
	add(64, func(dc *Canvas, y float64) { htHeader(dc, v, y) })
	add(48, func(dc *Canvas, y float64) {
		htBar(dc, y, fmt.Sprintf("Time %d/%d", v.Time, v.MaxTime), v.MaxTime, v.Time, v.MaxTime, 4, huGold)
	})
	for _, p := range v.Players {
		add(48, func(dc *Canvas, y float64) { htHealth(dc, v, p, y) })
	}
	add(90, func(dc *Canvas, y float64) { htTower(dc, v, y) })
	secs = append(secs, htNowSections(v)...)
	secs = append(secs, htCardSections(v)...)
	if lines := htRecent(v); len(lines) > 0 {
		add(48+float64(len(lines))*htLineH, func(dc *Canvas, y float64) {
			htHeading(dc, "Just now", y)
			for i, l := range lines {
				htText(dc, l, htBody, false, huInk, htX, y+58+float64(i)*htLineH, 0)
			}
		})
	}
	add(htLegendH, func(dc *Canvas, y float64) {
		htStamp(dc, "ht legend", huW, htLegendH, 0, int(y), func(s *Canvas) { htLegend(s, 0) })
	})
	return huDrawSections(secs, huW)
}

// htText draws one line with its vertical centre at y, anchored at x by
// ax (0 left, 0.5 centre, 1 right).
func htText(dc *Canvas, s string, size float64, bold bool, c color.RGBA, x, y, ax float64) {
	dc.Font(size, bold)
	dc.SetColor(c)
	dc.DrawStringAnchored(s, x, y, ax, 0.5)
}

// htHeading is a band's title: bold, on the band's first line.
func htHeading(dc *Canvas, s string, y float64) {
	htText(dc, htFit(s, htHead, true, htWidth), htHead, true, huInk, htX, y+24, 0)
}

// htMeasure measures strings at a size, without a canvas: the layout
// wraps text before the picture's height is known.
func htMeasure(size float64, bold bool) func(string) float64 {
	f := cachedFaceFor(size, bold)
	if cf, ok := f.(*cachedFace); ok {
		return func(s string) float64 { return float64(cf.measure(s) >> 6) }
	}
	return func(s string) float64 { return float64(font.MeasureString(f, s) >> 6) }
}

// htFit is s, or its longest start with an ellipsis that fits width.
func htFit(s string, size float64, bold bool, width float64) string {
	m := htMeasure(size, bold)
	if m(s) <= width {
		return s
	}
	r := []rune(s)
	lo, hi := 1, len(r)-1 // r[:lo]+"…" is kept even when it does not fit
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m(string(r[:mid])+"…") <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}

// htWrap breaks s into lines of width at most, and at most max lines;
// when the text goes on, the last line ends with the whole words that fit
// and an ellipsis, never inside a word.
func htWrap(s string, size float64, bold bool, width float64, max int) []string {
	m := htMeasure(size, bold)
	var lines []string
	line := ""
	words := splitWords(s)
	for i, w := range words {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if m(try) <= width || line == "" {
			line = try
			continue
		}
		lines = append(lines, line)
		if len(lines) == max-1 {
			return append(lines, htFitWords(words[i:], size, bold, width))
		}
		line = w
	}
	if line != "" {
		lines = append(lines, htFitWords(splitWords(line), size, bold, width))
	}
	return lines
}

// htFitWords is the words on one line, or as many whole words as fit with
// an ellipsis after them; only a first word too wide alone is cut.
func htFitWords(words []string, size float64, bold bool, width float64) string {
	m := htMeasure(size, bold)
	all := strings.Join(words, " ")
	if m(all) <= width {
		return all
	}
	for n := len(words) - 1; n > 0; n-- {
		if s := strings.Join(words[:n], " ") + " …"; m(s) <= width {
			return s
		}
	}
	return htFit(words[0], size, bold, width)
}

// splitWords splits at spaces, dropping empty words.
func splitWords(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		switch {
		case r == ' ' && start >= 0:
			out = append(out, s[start:i])
			start = -1
		case r != ' ' && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

// htHeader is the dark band: the game, and whose turn it is or how the
// game ended.
func htHeader(dc *Canvas, v *hunted.PublicView, y float64) {
	huFillRect(dc, 0, int(y), huW, 56, huHeader)
	status := ""
	switch {
	case v.Over && v.Won:
		status = fmt.Sprintf("WON · score %d", v.Score)
	case v.Over:
		status = fmt.Sprintf("LOST · score %d", v.Score)
	case v.Turn >= 0 && v.Turn < len(v.Players):
		status = v.Players[v.Turn].Name + "'s turn"
	}
	m := htMeasure(htTitle, true)
	title := "HUNTED: KOBAYASHI TOWER"
	if v.Coop || m(title)+30+m(status) > htWidth {
		title = "HUNTED"
	}
	if v.Coop {
		title += " · co-op"
	}
	htText(dc, title, htTitle, true, huWhite, htX, y+28, 0)
	tw := m(title)
	htText(dc, htFit(status, htTitle, true, htWidth-tw-30), htTitle, true, huWhite, htRight, y+28, 1)
}

// htBar is a labelled bar of n segments from htBarX, value of them
// filled: the label says the number, the filled segments show it.
// Segments past max (a co-op player's lower health) are left out.
func htBar(dc *Canvas, y float64, label string, n, value, max int, gap float64, fill0 color.RGBA) float64 {
	htText(dc, htFit(label, htHead, true, htBarX-htX-12), htHead, true, huInk, htX, y+24, 0)
	step := float64(int((htRight - htBarX + gap) / float64(n)))
	step = min(step, 66)
	w := step - gap
	x := htBarX
	for i := 1; i <= min(n, max); i++ {
		fill, edge := huWhite, huMuted
		if i <= value {
			fill, edge = fill0, huInk
		}
		huBox(dc, int(x), int(y)+8, int(w), 32, 2, fill, edge)
		x += step
	}
	return x
}

// htHealth is a player's health bar and tokens, in words.
func htHealth(dc *Canvas, v *hunted.PublicView, p hunted.PlayerView, y float64) {
	label := fmt.Sprintf("Health %d/%d", p.Health, p.MaxHealth)
	if v.Coop {
		n := fmt.Sprintf(" %d/%d", p.Health, p.MaxHealth)
		label = htFit(p.Name, htHead, true, htBarX-htX-12-htMeasure(htHead, true)(n)) + n
	}
	x := htBar(dc, y, label, 6, p.Health, p.MaxHealth, 6, huRed)
	x = max(x, htBarX+4*66) + 14
	tokens := huPlural(p.Keys, "key") + " · " + huPlural(p.Regroup, "regroup token")
	htText(dc, htFit(tokens, htBody, false, htRight-x), htBody, false, huInk, x, y+24, 0)
}

// htTower is the location deck as boxes (passed, drawn, the Roof or where
// it may be) and a line that says it.
func htTower(dc *Canvas, v *hunted.PublicView, y float64) {
	htText(dc, "Tower", htHead, true, huInk, htX, y+24, 0)
	total := v.LocPassed + v.LocLeft + len(v.Choice)
	step := 48.0
	if total > 0 {
		step = min(step, float64(int((htRight-htBarX+6)/float64(total))))
	}
	box := step - 6
	for i := 0; i < total; i++ {
		label, fill := huTowerLabel(v, i, total)
		bx := htBarX + float64(i)*step
		huBox(dc, int(bx), int(y)+3, int(box), int(box), 2, fill, huInk)
		switch label {
		case "":
		case "✓":
			huStamp(dc, fmt.Sprintf("ht tick %v", box), box, box, 0, bx, y+3, func(dc *Canvas, bx, y float64) {
				dc.SetColor(huWhite)
				dc.SetLineWidth(3.5)
				dc.MoveTo(bx+box*4/17, y+box*9/17)
				dc.LineTo(bx+box*15/34, y+box*13/17)
				dc.LineTo(bx+box*27/34, y+box*4/17)
				dc.Stroke()
			})
		default:
			c := huInk
			if label == "R" {
				c = huWhite
			}
			htText(dc, label, htBody, true, c, bx+box/2, y+3+box/2, 0.5)
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
	htText(dc, htFit(s, htBody, false, htWidth), htBody, false, huInk, htX, y+70, 0)
}

// huTowerLabel is what the tower's box i of total shows, and its fill.
func huTowerLabel(v *hunted.PublicView, i, total int) (string, color.RGBA) {
	left := total - i // position counted from the bottom of the deck
	switch {
	case v.OnRoof && i == v.LocPassed-1:
		return "R", huRed
	case i < v.LocPassed:
		return "✓", huMuted
	case i < v.LocPassed+len(v.Choice):
		return "?", huGold
	case v.RoofTop && i == v.LocPassed+len(v.Choice):
		return "R", huRed
	case !v.RoofTop && !v.OnRoof && left <= v.RoofIn:
		return "R?", huRoofMaybe
	}
	return "", huWhite
}

// htRecentLines is how many lines an event of Just now may take: the
// longest (a search naming five cards and what became of them) fit.
const htRecentLines = 4

// htRecent is the last two events, wrapped at words.
func htRecent(v *hunted.PublicView) []string {
	var lines []string
	for _, e := range htRecentEvents(v, 2) {
		lines = append(lines, htWrap(e, htBody, false, htWidth, htRecentLines)...)
	}
	return lines
}

// htRecentEvents is the last n events, newest last. The ending is the end
// panel's, not repeated.
func htRecentEvents(v *hunted.PublicView, n int) []string {
	var ev []string
	for _, e := range v.Events {
		if !v.Over || e != v.Result {
			ev = append(ev, e)
		}
	}
	return ev[max(0, len(ev)-n):]
}

const htLegendH = 94

// htLegend explains the icons and the card letters, on a grey band.
func htLegend(dc *Canvas, y float64) {
	huFillRect(dc, 0, int(y), huW, htLegendH, huFaint)
	x := htX
	for _, ic := range []struct{ l, name string }{{"M", "move"}, {"S", "search"}, {"K", "key"}} {
		htIcon(dc, x, y+7, ic.l, true)
		htText(dc, ic.name, htBody, false, huInk, x+44, y+26, 0)
		x += 44 + htMeasure(htBody, false)(ic.name) + 24
	}
	htBell(dc, x+14, y+26)
	htText(dc, "noise (2 and a terrorist: fight)", htBody, false, huInk, x+34, y+26, 0)
	x = htX
	for _, t := range []string{"terrorist", "door", "weapon", "item", "hostage", "regroup", "event"} {
		htBadge(dc, t, x, y+50)
		htText(dc, t, htBody, false, huInk, x+42, y+69, 0)
		x += 42 + htMeasure(htBody, false)(t) + 16
	}
}

// htStamp stamps a sprite of the turn picture.
func htStamp(dc *Canvas, key string, w, h, x, y int, draw func(s *Canvas)) {
	huSprites.Stamp(dc, key, w, h, x, y, draw)
}

// htIcon is an action icon: a letter in a square, filled dark when the
// card gives it, outlined when it is a cost.
func htIcon(dc *Canvas, x, y float64, letter string, gives bool) {
	huStamp(dc, fmt.Sprintf("ht icon %v", gives), 38, 38, 2, x, y, func(dc *Canvas, x, y float64) {
		dc.DrawRoundedRectangle(x, y, 38, 38, 6)
		if gives {
			dc.SetColor(huHeader)
			dc.Fill()
			return
		}
		dc.SetColor(huWhite)
		dc.FillPreserve()
		dc.SetColor(huHeader)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
	c := huHeader
	if gives {
		c = huWhite
	}
	htText(dc, letter, htBody, true, c, x+19, y+19, 0.5)
}

// htBadge is a card type's colour with its letter.
func htBadge(dc *Canvas, typ string, x, y float64) {
	t := huType[typ]
	huStamp(dc, "ht badge "+typ, 36, 38, 1, x, y, func(dc *Canvas, x, y float64) {
		dc.DrawRoundedRectangle(x, y, 36, 38, 6)
		dc.SetColor(t.c)
		dc.Fill()
	})
	htText(dc, t.letter, htBody, true, huWhite, x+18, y+19, 0.5)
}

// htBell is the noise icon at twice the full board's size, centred at
// (x, y).
func htBell(dc *Canvas, x, y float64) {
	huStamp(dc, "ht bell", 30, 34, 3, x-15, y-17, func(dc *Canvas, bx, by float64) {
		dc.Push()
		dc.Translate(bx+15, by+17)
		dc.Scale(1.9, 1.9)
		huBell(dc, 0, -1)
		dc.Pop()
	})
}

// htPanel is a rounded panel across the picture.
func htPanel(dc *Canvas, y, h float64, fill, line color.RGBA) {
	huPanel(dc, htX, y, htWidth, h, fill, line)
}
