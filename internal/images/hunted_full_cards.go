package images

import (
	"fmt"
	"strings"

	"standoff/internal/games/hunted"
)

// huntedFullPerLine is how many cards fit on a line.
func huntedFullPerLine() int {
	w := float64(huntedWidth) - 2*huntedFullMargin + huntedFullGap
	return int(w / (huntedFullCardW + huntedFullGap))
}

func huntedFullCardsHeight(n int) float64 {
	perLine := huntedFullPerLine()
	lines := (n + perLine - 1) / perLine
	return float64(lines)*(huntedFullCardH+huntedFullGap) + 3
}

func huntedFullCards(dc *Canvas, cards []hunted.CardView, y float64) {
	perLine := huntedFullPerLine()
	for i, c := range cards {
		x := huntedFullMargin + float64(i%perLine)*(huntedFullCardW+huntedFullGap)
		cy := y + float64(i/perLine)*(huntedFullCardH+huntedFullGap)
		// A card looks the same wherever it lies (x and y are whole
		// pixels), so each face is drawn once and stamped; the key is
		// everything the card shows, bounded by the deck and its states.
		huntedSprites.Stamp(dc, fmt.Sprintf("card %+v", c), huntedFullCardW+4, huntedFullCardH+4, int(x)-2, int(cy)-2, func(s *Canvas) {
			huntedFullCard(s, c, 2, 2)
		})
	}
}

// huntedFullCard draws one card: a type band with letter and name, its id, the
// icons it pays with (left), bells, cost, and what it does.
func huntedFullCard(dc *Canvas, c hunted.CardView, x, y float64) {
	t := huntedType[c.Type]
	dc.DrawRoundedRectangle(x, y, huntedFullCardW, huntedFullCardH, 7)
	dc.SetColor(huntedWhite)
	if c.FaceDown {
		dc.SetColor(huntedFaint)
	}
	dc.FillPreserve()
	dc.SetColor(t.c)
	dc.SetLineWidth(2.5)
	dc.Stroke()
	dc.DrawRectangle(x+1.25, y+1.25, huntedFullCardW-2.5, 23)
	dc.Fill()
	dc.Font(13, true)
	dc.SetColor(huntedWhite)
	dc.DrawStringAnchored(t.letter, x+8, y+13, 0, 0.5)
	dc.DrawStringAnchored(dc.Fit(c.Name, huntedFullCardW-30), x+23, y+13, 0, 0.5)
	dc.Font(13, false)
	dc.SetColor(huntedMuted)
	dc.DrawStringAnchored(c.ID, x+huntedFullCardW-7, y+35, 1, 0.5)
	// Pay icons.
	ix := x + 7
	for _, a := range c.Actions {
		huntedFullIconBox(dc, ix, y+28, huntedIcon[a])
		ix += 23
	}
	if c.Noise > 0 {
		huntedBell(dc, ix+8, y+38)
		if c.Noise > 1 {
			dc.Font(13, true)
			dc.SetColor(huntedInk)
			dc.DrawStringAnchored(fmt.Sprintf("×%d", c.Noise), ix+18, y+38, 0, 0.5)
		}
	}
	lines := huntedFullCardLines(c)
	dc.Font(13, false)
	dc.SetColor(huntedInk)
	for i, l := range lines {
		if i >= 4 {
			break
		}
		if i == 0 && c.Type == "terrorist" {
			dc.Font(18, true)
		} else {
			dc.Font(13, false)
		}
		dc.DrawStringAnchored(dc.Fit(l, huntedFullCardW-12), x+7, y+60+float64(i)*17, 0, 0.5)
	}
	if c.Type == "weapon" {
		huntedFullWeaponDice(dc, c, x+7, y+huntedFullCardH-25)
	}
	if c.Type == "door" {
		for i := 0; i < c.Locations; i++ {
			huntedFullDiamond(dc, x+13+float64(i)*17, y+77)
		}
		dc.Font(13, false)
		dc.SetColor(huntedInk)
		word := "location"
		if c.Locations > 1 {
			word = "locations"
		}
		dc.DrawStringAnchored(fmt.Sprintf("%d %s", c.Locations, word), x+8+float64(c.Locations)*17, y+77, 0, 0.5)
	}
}

// huntedFullCardLines says what a card does, in short lines.
func huntedFullCardLines(c hunted.CardView) []string {
	cost := ""
	if len(c.Cost) > 0 {
		var ic []string
		for _, a := range c.Cost {
			ic = append(ic, huntedIcon[a])
		}
		cost = "cost " + strings.Join(ic, "+")
	}
	if c.CostTime > 0 {
		cost = fmt.Sprintf("cost %d time", c.CostTime)
	}
	switch c.Type {
	case "terrorist":
		var t []string
		for _, n := range c.Targets {
			t = append(t, fmt.Sprint(n))
		}
		out := []string{strings.Join(t, "  "), fmt.Sprintf("draw %d if beaten", len(c.Targets))}
		if c.HostageIcon {
			out = append(out, "H: hits hostages")
		}
		return out
	case "door":
		return []string{cost, ""}
	case "weapon":
		if c.Flipped {
			return []string{cost, huntedBareHands(c)}
		}
		return []string{cost, fmt.Sprintf("%d d%d · %d mag", c.FullDice, c.Sides, c.Mags)}
	case "hostage":
		state := "face up (3 pts)"
		if c.FaceDown {
			state = "FACE DOWN (1 pt)"
		}
		return []string{cost, "flip: " + c.Effect, state}
	case "item":
		return []string{cost, c.Effect}
	case "regroup":
		return []string{cost, "regroup token"}
	case "event":
		return []string{c.Text}
	}
	return []string{cost}
}

// huntedFullWeaponDice shows the dice on a weapon (filled) and used ones (outline),
// then its magazines as ammo tokens.
func huntedFullWeaponDice(dc *Canvas, c hunted.CardView, x, y float64) {
	if c.Flipped {
		return
	}
	for i := 0; i < c.FullDice; i++ {
		dc.DrawRoundedRectangle(x+float64(i)*18, y, 15, 15, 3)
		if i < c.Dice {
			dc.SetColor(huntedType["weapon"].c)
			dc.FillPreserve()
		} else {
			dc.SetColor(huntedWhite)
			dc.FillPreserve()
		}
		dc.SetColor(huntedInk)
		dc.SetLineWidth(1.25)
		dc.Stroke()
	}
	ax := x + float64(c.FullDice)*18 + 7
	// Magazines beyond the three a card starts with at most (ammo tokens
	// add more) overlap like stacked coins rather than leave the card;
	// the card's text gives their number.
	step := 13.0
	if c.Mags > 1 {
		step = min(step, (x+huntedFullCardW-24.5-ax)/float64(c.Mags-1))
	}
	for i := 0; i < c.Mags; i++ {
		dc.DrawCircle(ax+float64(i)*step+6, y+7.5, 6)
		dc.SetColor(huntedGold)
		dc.FillPreserve()
		dc.SetColor(huntedInk)
		dc.SetLineWidth(1)
		dc.Stroke()
	}
}

// huntedFullIconBox draws an action icon: a letter in a rounded square.
func huntedFullIconBox(dc *Canvas, x, y float64, letter string) {
	dc.DrawRoundedRectangle(x, y, 20, 20, 4)
	dc.SetColor(huntedHeader)
	dc.Fill()
	dc.Font(13, true)
	dc.SetColor(huntedWhite)
	dc.DrawStringAnchored(letter, x+10, y+10, 0.5, 0.5)
}

// huntedFullDiamond draws a location icon.
func huntedFullDiamond(dc *Canvas, x, y float64) {
	dc.MoveTo(x, y-7.5)
	dc.LineTo(x+6.5, y)
	dc.LineTo(x, y+7.5)
	dc.LineTo(x-6.5, y)
	dc.ClosePath()
	dc.SetColor(huntedType["door"].c)
	dc.Fill()
}

// huntedBell draws a bell (noise icon).
func huntedBell(dc *Canvas, x, y float64) {
	dc.SetColor(huntedGold)
	dc.MoveTo(x-7.5, y+6)
	dc.QuadraticTo(x-6, y-8.5, x, y-8.5)
	dc.QuadraticTo(x+6, y-8.5, x+7.5, y+6)
	dc.ClosePath()
	dc.FillPreserve()
	dc.SetColor(huntedInk)
	dc.SetLineWidth(1.25)
	dc.Stroke()
	dc.DrawCircle(x, y+7.5, 2)
	dc.Fill()
}
