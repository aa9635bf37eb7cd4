package images

import (
	"fmt"
	"image"
	"image/color"

	"github.com/fogleman/gg"

	"standoff/internal/games/hunted"
)

// huntedSection is one band of the image with its height, drawn at y.
type huntedSection struct {
	h    float64
	draw func(dc *Canvas, y float64)
}

// huntedFullBoard draws the full board, band by band: every card face,
// both tracks with their numbers, the supply, the last rolls and the log,
// at desktop sizes (the smallest text 13 px on 1000). It is one tap away
// from the turn picture, where only what a phone shows legibly goes.
func huntedFullBoard(v *hunted.PublicView) *Canvas {
	var secs []huntedSection
	add := func(h float64, f func(dc *Canvas, y float64)) { secs = append(secs, huntedSection{h, f}) }

	add(53, func(dc *Canvas, y float64) { huntedFullTitle(dc, v, y) })
	add(37, func(dc *Canvas, y float64) { huntedFullTime(dc, v, y) })
	for _, p := range v.Players {
		add(33, func(dc *Canvas, y float64) { huntedFullPlayerTrack(dc, v, p, y) })
	}
	add(52, func(dc *Canvas, y float64) { huntedFullTower(dc, v, y) })
	if v.Fight != nil || v.Roll != nil || len(v.Rolls) > 0 {
		add(huntedFullFightHeight(v), func(dc *Canvas, y float64) { huntedFullFight(dc, v, y) })
	}
	if len(v.Choice) > 0 {
		add(33+59, func(dc *Canvas, y float64) { huntedFullChoice(dc, v, y) })
	}
	if now := huntedFullNow(v); now != "" {
		add(28, func(dc *Canvas, y float64) {
			dc.Font(16, false)
			dc.SetColor(huntedInk)
			dc.DrawStringAnchored(dc.Fit(now, huntedWidth-2*huntedFullMargin), huntedFullMargin, y+17, 0, 0.5)
		})
	}
	secs = append(secs, huntedFullCardBands(v)...)
	add(32+float64(min(3, len(v.Events)))*22, func(dc *Canvas, y float64) { huntedFullLog(dc, v, y) })
	add(huntedFullLegendH, func(dc *Canvas, y float64) {
		huntedSprites.Stamp(dc, "legend", huntedWidth, huntedFullLegendH, 0, int(y), func(s *Canvas) { huntedFullLegend(s, 0) })
	})
	return huntedDrawSections(secs, huntedWidth)
}

// huntedFullCardBands are the full board's bands of cards: the monitors, a
// fight's reward, each row and inventory, and co-op's shared ones.
func huntedFullCardBands(v *hunted.PublicView) []huntedSection {
	var secs []huntedSection
	add := func(h float64, f func(dc *Canvas, y float64)) { secs = append(secs, huntedSection{h, f}) }
	cardBand := func(title string, cards []hunted.CardView) {
		if len(cards) == 0 {
			return
		}
		h := huntedFullCardsHeight(len(cards))
		add(h+33, func(dc *Canvas, y float64) {
			huntedFullLabel(dc, title, y)
			huntedFullCards(dc, cards, y+30)
		})
	}
	cardBand("On the monitors (Surveillance Room)", v.Surveil)
	cardBand("Searched from the body: keep one", v.Reward)
	for _, p := range v.Players {
		name := "Row"
		if v.Coop {
			name = p.Name + "'s row"
		}
		if len(p.Row) == 0 {
			add(33, func(dc *Canvas, y float64) { huntedFullLabel(dc, name+": empty", y) })
		} else {
			cardBand(fmt.Sprintf("%s (%d)", name, len(p.Row)), p.Row)
		}
	}
	if v.Coop {
		if len(v.Shared) == 0 {
			add(33, func(dc *Canvas, y float64) { huntedFullLabel(dc, "Shared row: empty", y) })
		} else {
			cardBand("Shared row", v.Shared)
		}
	}
	for _, p := range v.Players {
		name := "Inventory"
		if v.Coop {
			name = p.Name + "'s inventory"
		}
		cardBand(name, p.Inv)
	}
	if v.Coop {
		cardBand("Shared inventory", v.SharedInv)
	}
	return secs
}

// huntedDrawSections stacks the bands on a picture of width w, on paper.
func huntedDrawSections(secs []huntedSection, w int) *Canvas {
	total := 0.0
	for _, s := range secs {
		total += s.h
	}
	// Recycled pixels, every one painted here.
	img := newRGBA(image.Rect(0, 0, w, int(total+10)))
	fillRGBA(img.Pix, huntedPaper)
	track(img, huntedPalette, huntedPaper)
	dc := NewCanvasOn(img)
	y := 0.0
	for _, s := range secs {
		s.draw(dc, y)
		y += s.h
	}
	return dc
}

// huntedFullNow names the location or event being resolved, while it matters.
func huntedFullNow(v *hunted.PublicView) string {
	if v.Over || len(v.Choice) > 0 || (v.Phase != "optional" && v.Phase != "roll" && v.Phase != "surveil") {
		return ""
	}
	if v.Current != nil {
		return fmt.Sprintf("Location: %s (%s) – %s", v.Current.Name, v.Current.ID, v.Current.Text)
	}
	if v.Event != nil {
		return fmt.Sprintf("Event: %s (%s) – %s", v.Event.Name, v.Event.ID, v.Event.Text)
	}
	return ""
}

func huntedFullLabel(dc *Canvas, s string, y float64) {
	dc.Font(17, true)
	dc.SetColor(huntedInk)
	dc.DrawStringAnchored(s, huntedFullMargin, y+13, 0, 0.5)
}

func huntedFullTitle(dc *Canvas, v *hunted.PublicView, y float64) {
	fillRect(dc.RGBA(), image.Rect(0, int(y), huntedWidth, int(y)+47), huntedHeader)
	dc.Font(22, true)
	dc.SetColor(huntedWhite)
	title := "HUNTED: KOBAYASHI TOWER"
	if v.Coop {
		title += " · co-op"
	}
	dc.DrawStringAnchored(title, huntedFullMargin, y+23, 0, 0.5)
	dc.Font(17, false)
	status := v.Prompt
	if v.Over {
		status = "Game over: " + map[bool]string{true: "WON", false: "LOST"}[v.Won] + fmt.Sprintf(" · score %d", v.Score)
	}
	dc.DrawStringAnchored(dc.Fit(status, 533), huntedWidth-huntedFullMargin, y+23, 1, 0.5)
}

func huntedFullTrack(dc *Canvas, x, y, box float64, n, value, max int, fill color.RGBA) float64 {
	for i := 1; i <= n; i++ {
		bx := x + float64(i-1)*(box+huntedFullTrackGap)
		state := 0
		switch {
		case i <= value:
			state = 1
		case i > max:
			state = 2
		}
		huntedStamp(dc, fmt.Sprintf("track %d %d %v %v", i, state, box, fill), box, box, 2, bx, y, func(dc *Canvas, bx, y float64) {
			huntedFullTrackBox(dc, bx, y, box, i, state, fill)
		})
	}
	return x + float64(n)*(box+huntedFullTrackGap)
}

// huntedFullTrackBox is one numbered box: state 1 filled, 2 beyond the maximum.
func huntedFullTrackBox(dc *Canvas, bx, y, box float64, i, state int, fill color.RGBA) {
	dc.DrawRectangle(bx, y, box, box)
	switch state {
	case 1:
		dc.SetColor(fill)
		dc.FillPreserve()
		dc.SetColor(huntedInk)
	case 2:
		dc.SetColor(huntedFaint)
		dc.FillPreserve()
		dc.SetColor(huntedFaint)
	default:
		dc.SetColor(huntedWhite)
		dc.FillPreserve()
		dc.SetColor(huntedMuted)
	}
	dc.SetLineWidth(1.25)
	dc.Stroke()
	dc.Font(13, true)
	dc.SetColor(huntedInk)
	if state == 1 {
		dc.SetColor(huntedWhite)
	}
	dc.DrawStringAnchored(fmt.Sprint(i), bx+box/2, y+box/2, 0.5, 0.5)
}

func huntedFullTime(dc *Canvas, v *hunted.PublicView, y float64) {
	dc.Font(17, true)
	dc.SetColor(huntedInk)
	dc.DrawStringAnchored(fmt.Sprintf("Time %d", v.Time), huntedFullMargin, y+17, 0, 0.5)
	x := huntedFullTrack(dc, huntedFullTrackX, y+4, huntedFullTrackSize, v.MaxTime, v.Time, v.MaxTime, huntedGold)
	dc.Font(14, false)
	dc.SetColor(huntedMuted)
	dc.DrawStringAnchored(fmt.Sprintf("supply: %d ammo · %d key · %d regroup", v.Ammo, v.Keys, v.Regroups), x+8, y+17, 0, 0.5)
}

func huntedFullPlayerTrack(dc *Canvas, v *hunted.PublicView, p hunted.PlayerView, y float64) {
	dc.Font(17, true)
	dc.SetColor(huntedInk)
	name := "Health"
	if v.Coop {
		name = p.Name
	}
	dc.DrawStringAnchored(dc.FitSeat(name, huntedFullTrackX-huntedFullMargin-9), huntedFullMargin, y+15, 0, 0.5)
	x := huntedFullTrack(dc, huntedFullTrackX, y+3, huntedFullTrackSize, 6, p.Health, p.MaxHealth, huntedRed)
	dc.Font(16, false)
	dc.SetColor(huntedInk)
	x += 12
	dc.DrawStringAnchored(fmt.Sprintf("health %d/%d · test dice %d (5+)", p.Health, p.MaxHealth, p.TestDice), x, y+15, 0, 0.5)
	x += 275
	x = huntedFullToken(dc, x, y+15, "K", p.Keys, "key", huntedGold)
	huntedFullToken(dc, x+17, y+15, "R", p.Regroup, "regroup (+2)", color.RGBA{0x1d, 0x7a, 0x74, 0xff})
}

// huntedFullToken draws a round token with a letter and "×n name".
func huntedFullToken(dc *Canvas, x, y float64, letter string, n int, name string, c color.RGBA) float64 {
	huntedCoverage.paintPath(dc, huntedPath{kind: "token"}, x+12, y, covRect(x, y-12, x+24, y+12, 3), c, func(gc *gg.Context) {
		gc.DrawCircle(x+12, y, 12)
		gc.Fill()
	})
	dc.Font(13, true)
	dc.SetColor(huntedWhite)
	dc.DrawStringAnchored(letter, x+12, y, 0.5, 0.5)
	dc.Font(16, false)
	dc.SetColor(huntedInk)
	s := fmt.Sprintf("×%d %s", n, name)
	dc.DrawStringAnchored(s, x+28, y, 0, 0.5)
	w, _ := dc.MeasureString(s)
	return x + 28 + w
}

func huntedFullTower(dc *Canvas, v *hunted.PublicView, y float64) {
	total := v.LocPassed + v.LocLeft + len(v.Choice)
	dc.Font(17, true)
	dc.SetColor(huntedInk)
	dc.DrawStringAnchored("Tower", huntedFullMargin, y+17, 0, 0.5)
	box := 28.0
	x0 := huntedFullTrackX
	for i := 0; i < total; i++ {
		bx := x0 + float64(i)*(box+4)
		label, fill := huntedTowerLabel(v, i, total)
		huntedStamp(dc, "tower "+label, box, box, 2, bx, y+3, func(dc *Canvas, bx, y float64) { huntedFullTowerBox(dc, bx, y, box, label, fill) })
	}
	roof := fmt.Sprintf("Roof (R) among the last %d", v.RoofIn)
	switch {
	case v.OnRoof:
		roof = "on the Roof (R)"
	case v.RoofTop:
		roof = "the Roof is next"
	}
	dc.Font(15, false)
	dc.SetColor(huntedMuted)
	dc.DrawStringAnchored(fmt.Sprintf("%d locations passed, %d left: %s · Hunted deck %d, discard %d", v.LocPassed, v.LocLeft, roof, v.Deck, v.Discard), x0, y+45, 0, 0.5)
}

// huntedFullTowerBox is one location of the tower: passed (a tick), drawn (?),
// the Roof (R) or where it may be (R?), or still to come (blank).
func huntedFullTowerBox(dc *Canvas, bx, y, box float64, label string, fill color.RGBA) {
	dc.DrawRectangle(bx, y, box, box)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(huntedInk)
	dc.SetLineWidth(1.25)
	dc.Stroke()
	if label == "✓" {
		dc.SetColor(huntedWhite)
		dc.SetLineWidth(2.5)
		dc.MoveTo(bx+box*4/17, y+box*9/17)
		dc.LineTo(bx+box*15/34, y+box*13/17)
		dc.LineTo(bx+box*27/34, y+box*4/17)
		dc.Stroke()
	} else if label != "" {
		dc.Font(13, true)
		dc.SetColor(huntedInk)
		if label == "R" {
			dc.SetColor(huntedWhite)
		}
		dc.DrawStringAnchored(label, bx+box/2, y+box/2, 0.5, 0.5)
	}
}

func huntedFullChoice(dc *Canvas, v *hunted.PublicView, y float64) {
	huntedFullLabel(dc, "Location cards drawn: play one", y)
	x := huntedFullMargin
	w := (huntedWidth - 2*huntedFullMargin - huntedFullGap) / 2
	for _, l := range v.Choice {
		huntedPanel(dc, x, y+28, w, 55, huntedWhite, huntedGold)
		dc.Font(16, true)
		dc.SetColor(huntedInk)
		dc.DrawStringAnchored(dc.Fit(l.Name+" ("+l.ID+")", w-17), x+8, y+43, 0, 0.5)
		dc.Font(13, false)
		dc.DrawStringAnchored(dc.Fit(l.Text, w-17), x+8, y+67, 0, 0.5)
		x += w + huntedFullGap
	}
}

func huntedFullLog(dc *Canvas, v *hunted.PublicView, y float64) {
	huntedFullLabel(dc, "Recently", y)
	ev := v.Events
	if len(ev) > 3 {
		ev = ev[len(ev)-3:]
	}
	dc.Font(14, false)
	dc.SetColor(huntedInk)
	for i, e := range ev {
		dc.DrawStringAnchored(dc.Fit(e, huntedWidth-2*huntedFullMargin), huntedFullMargin, y+37+float64(i)*22, 0, 0.5)
	}
}

func huntedFullLegend(dc *Canvas, y float64) {
	dc.SetColor(huntedFaint)
	dc.DrawRectangle(0, y, huntedWidth, huntedFullLegendH)
	dc.Fill()
	x := huntedFullMargin
	for _, ic := range []struct{ l, name string }{{"M", "move"}, {"S", "search"}, {"K", "key"}} {
		huntedFullIconBox(dc, x, y+7, ic.l)
		dc.Font(13, false)
		dc.SetColor(huntedInk)
		dc.DrawStringAnchored(ic.name, x+25, y+17, 0, 0.5)
		x += 83
	}
	huntedBell(dc, x+8, y+15)
	dc.Font(13, false)
	dc.SetColor(huntedInk)
	dc.DrawStringAnchored("noise", x+20, y+17, 0, 0.5)
	x += 67
	huntedFullDiamond(dc, x+7, y+17)
	dc.SetColor(huntedInk)
	dc.DrawStringAnchored("location", x+18, y+17, 0, 0.5)
	x += 83
	dc.DrawStringAnchored("cards: T terrorist D door W weapon I item H hostage R regroup E event", x, y+17, 0, 0.5)
}
