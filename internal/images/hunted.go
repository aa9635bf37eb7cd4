package images

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"strings"

	"github.com/fogleman/gg"

	"standoff/internal/games"
	"standoff/internal/games/hunted"
)

// Hunted draws a Hunted: Kobayashi Tower view: tracks and tokens, location
// progress, the fight and the dice, the row(s) and inventories. Every card
// type has a colour and a letter, icons are letters in shapes, and a legend
// explains them, so nothing is told by colour alone.
func Hunted(v games.View) (image.Image, error) {
	pv, ok := v.(*hunted.PublicView)
	if !ok {
		return nil, fmt.Errorf("images: Hunted cannot draw %T", v)
	}
	return huPalette.finish(huntedBoard(pv).RGBA()), nil
}

// huPalette is every colour of the board and the edges where they meet:
// text and outlines on paper, white, the fight's panel and the grey legend;
// white letters on the header, the card bands and the filled boxes.
var huPalette = func() *Palette {
	pink := huRoofMaybe
	keys := []color.RGBA{huPaper, huInk, huMuted, huFaint, huRed, huGreen, huGold, huHeader, huWhite, pink, huFightBg}
	var pairs [][2]color.RGBA
	for _, bg := range []color.RGBA{huPaper, huWhite, huFightBg, huFaint} {
		pairs = append(pairs, [2]color.RGBA{bg, huInk}, [2]color.RGBA{bg, huMuted}, [2]color.RGBA{bg, huRed}, [2]color.RGBA{bg, huGold}, [2]color.RGBA{bg, huHeader})
	}
	for _, fg := range []color.RGBA{huHeader, huRed, huMuted, huGold} {
		pairs = append(pairs, [2]color.RGBA{fg, huWhite})
	}
	pairs = append(pairs, [2]color.RGBA{huGold, huInk}, [2]color.RGBA{pink, huInk}, [2]color.RGBA{huPaper, huWhite}, [2]color.RGBA{huFaint, huWhite})
	for _, name := range []string{"terrorist", "door", "weapon", "item", "hostage", "regroup", "event"} {
		c := huType[name].c
		keys = append(keys, c)
		pairs = append(pairs, [2]color.RGBA{c, huWhite}, [2]color.RGBA{huPaper, c}, [2]color.RGBA{huFaint, c})
	}
	pairs = append(pairs, [2]color.RGBA{huType["weapon"].c, huInk})
	return NewPalette(keys, pairs, 4)
}()

// huntedTexts is every string the image of a view shows (for tests).
func huntedTexts(v *hunted.PublicView) string {
	return strings.Join(huntedBoard(v).texts, "\n")
}

// The board is laid out at 1000 px wide: Discord shows it at most ~550 px
// wide, so a wider picture only costs pixels (the palette step and the PNG
// writer cost by the pixel). Every box stays on whole pixels, so the fast
// paths (filled rows, stamped sprites, recorded coverage) keep their edges
// sharp; no text is smaller than 13 px.
const (
	huW      = 1000
	huMargin = 20.0
	huCardW  = 128.0
	huCardH  = 125.0
	huGap    = 8.0
	// The tracks (time, health) and the tower start at huTrackX, after
	// their names; a track's boxes are huTrackSize wide, huTrackGap apart.
	huTrackX    = huMargin + 92
	huTrackSize = 25.0
	huTrackGap  = 3.0
	huLegendH   = 33
)

var (
	huPaper  = color.RGBA{0xf7, 0xf5, 0xef, 0xff}
	huInk    = color.RGBA{0x1a, 0x20, 0x2c, 0xff}
	huMuted  = color.RGBA{0x5a, 0x63, 0x70, 0xff}
	huFaint  = color.RGBA{0xd5, 0xd2, 0xc8, 0xff}
	huRed    = color.RGBA{0xc5, 0x30, 0x30, 0xff}
	huGreen  = color.RGBA{0x2f, 0x85, 0x5a, 0xff}
	huGold   = color.RGBA{0xd6, 0x9e, 0x2e, 0xff}
	huHeader = color.RGBA{0x22, 0x2b, 0x3a, 0xff}
	huWhite  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	// huRoofMaybe marks the locations where the Roof may be.
	huRoofMaybe = color.RGBA{0xf6, 0xd5, 0xd5, 0xff}
	// huFightBg is the fight panel.
	huFightBg = color.RGBA{0xfd, 0xec, 0xec, 0xff}
	// Card types: colour plus the letter printed on the card.
	huType = map[string]struct {
		c      color.RGBA
		letter string
		name   string
	}{
		"terrorist": {color.RGBA{0xb8, 0x32, 0x32, 0xff}, "T", "terrorist"},
		"door":      {color.RGBA{0x8a, 0x5a, 0x2b, 0xff}, "D", "door"},
		"weapon":    {color.RGBA{0x2c, 0x52, 0x82, 0xff}, "W", "weapon"},
		"item":      {color.RGBA{0x2f, 0x85, 0x5a, 0xff}, "I", "item"},
		"hostage":   {color.RGBA{0x6b, 0x46, 0xc1, 0xff}, "H", "hostage"},
		"regroup":   {color.RGBA{0x1d, 0x7a, 0x74, 0xff}, "R", "regroup"},
		"event":     {color.RGBA{0xc0, 0x56, 0x21, 0xff}, "E", "event"},
	}
	huIcon = map[string]string{"move": "M", "search": "S", "key": "K"}
)

// huSection is one band of the image with its height, drawn at y.
type huSection struct {
	h    float64
	draw func(dc *Canvas, y float64)
}

// huntedBoard draws the board, band by band.
func huntedBoard(v *hunted.PublicView) *Canvas {
	var secs []huSection
	add := func(h float64, f func(dc *Canvas, y float64)) { secs = append(secs, huSection{h, f}) }

	add(53, func(dc *Canvas, y float64) { huTitle(dc, v, y) })
	add(37, func(dc *Canvas, y float64) { huTime(dc, v, y) })
	for _, p := range v.Players {
		p := p
		add(33, func(dc *Canvas, y float64) { huPlayerTrack(dc, v, p, y) })
	}
	add(52, func(dc *Canvas, y float64) { huLocations(dc, v, y) })
	if v.Fight != nil || v.Roll != nil || len(v.Rolls) > 0 {
		add(huFightHeight(v), func(dc *Canvas, y float64) { huFight(dc, v, y) })
	}
	cardBand := func(title string, cards []hunted.CardView) {
		if len(cards) == 0 {
			return
		}
		h := huCardsHeight(len(cards))
		add(h+33, func(dc *Canvas, y float64) {
			huLabel(dc, title, y)
			huCards(dc, cards, y+30)
		})
	}
	if len(v.Choice) > 0 {
		add(33+59, func(dc *Canvas, y float64) { huChoice(dc, v, y) })
	}
	if now := huNow(v); now != "" {
		add(28, func(dc *Canvas, y float64) {
			dc.Font(16, false)
			dc.SetColor(huInk)
			dc.DrawStringAnchored(dc.Fit(now, huW-2*huMargin), huMargin, y+17, 0, 0.5)
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
			add(33, func(dc *Canvas, y float64) { huLabel(dc, name+": empty", y) })
		} else {
			cardBand(fmt.Sprintf("%s (%d)", name, len(p.Row)), p.Row)
		}
	}
	if v.Coop {
		if len(v.Shared) == 0 {
			add(33, func(dc *Canvas, y float64) { huLabel(dc, "Shared row: empty", y) })
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
	add(32+float64(min(3, len(v.Events)))*22, func(dc *Canvas, y float64) { huLog(dc, v, y) })
	add(huLegendH, func(dc *Canvas, y float64) {
		huSprites.Stamp(dc, "legend", huW, huLegendH, 0, int(y), func(s *Canvas) { huLegend(s, 0) })
	})

	total := 0.0
	for _, s := range secs {
		total += s.h
	}
	// Recycled pixels, every one painted here.
	img := newRGBA(image.Rect(0, 0, huW, int(total+10)))
	fillRGBA(img.Pix, huPaper)
	dc := NewCanvasOn(img)
	y := 0.0
	for _, s := range secs {
		s.draw(dc, y)
		y += s.h
	}
	return dc
}

// huNow names the location or event being resolved, while it matters.
func huNow(v *hunted.PublicView) string {
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

func huLabel(dc *Canvas, s string, y float64) {
	dc.Font(17, true)
	dc.SetColor(huInk)
	dc.DrawStringAnchored(s, huMargin, y+13, 0, 0.5)
}

func huTitle(dc *Canvas, v *hunted.PublicView, y float64) {
	huFillRect(dc, 0, int(y), huW, 47, huHeader)
	dc.Font(22, true)
	dc.SetColor(huWhite)
	title := "HUNTED: KOBAYASHI TOWER"
	if v.Coop {
		title += " · co-op"
	}
	dc.DrawStringAnchored(title, huMargin, y+23, 0, 0.5)
	dc.Font(17, false)
	status := v.Prompt
	if v.Over {
		status = "Game over: " + map[bool]string{true: "WON", false: "LOST"}[v.Won] + fmt.Sprintf(" · score %d", v.Score)
	}
	dc.DrawStringAnchored(dc.Fit(status, 533), huW-huMargin, y+23, 1, 0.5)
}

// huFillRect paints a band of whole pixels one colour, copied straight
// into the pixels (gg rasterizes even a plain rectangle).
func huFillRect(dc *Canvas, x, y, w, h int, c color.RGBA) {
	if c.A == 255 {
		fillRect(dc.RGBA(), image.Rect(x, y, x+w, y+h), c)
		return
	}
	draw.Draw(dc.RGBA(), image.Rect(x, y, x+w, y+h), image.NewUniform(c), image.Point{}, draw.Src)
}

// huTrack draws numbered boxes 1..n, filled up to value.
func huTrack(dc *Canvas, x, y, box float64, n, value, max int, fill color.RGBA) float64 {
	for i := 1; i <= n; i++ {
		bx := x + float64(i-1)*(box+huTrackGap)
		state := 0
		switch {
		case i <= value:
			state = 1
		case i > max:
			state = 2
		}
		huStamp(dc, fmt.Sprintf("track %d %d %v %v", i, state, box, fill), box, box, 2, bx, y, func(dc *Canvas, bx, y float64) {
			huTrackBox(dc, bx, y, box, i, state, fill)
		})
	}
	return x + float64(n)*(box+huTrackGap)
}

// huTrackBox is one numbered box: state 1 filled, 2 beyond the maximum.
func huTrackBox(dc *Canvas, bx, y, box float64, i, state int, fill color.RGBA) {
	dc.DrawRectangle(bx, y, box, box)
	switch state {
	case 1:
		dc.SetColor(fill)
		dc.FillPreserve()
		dc.SetColor(huInk)
	case 2:
		dc.SetColor(huFaint)
		dc.FillPreserve()
		dc.SetColor(huFaint)
	default:
		dc.SetColor(huWhite)
		dc.FillPreserve()
		dc.SetColor(huMuted)
	}
	dc.SetLineWidth(1.25)
	dc.Stroke()
	dc.Font(13, true)
	dc.SetColor(huInk)
	if state == 1 {
		dc.SetColor(huWhite)
	}
	dc.DrawStringAnchored(fmt.Sprint(i), bx+box/2, y+box/2, 0.5, 0.5)
}

// huStamp draws a piece of w x h at (x, y) (whole pixels), with pad pixels
// around for its outline: drawn once and stamped from huSprites. key names
// everything the piece shows.
func huStamp(dc *Canvas, key string, w, h float64, pad int, x, y float64, draw func(dc *Canvas, x, y float64)) {
	huSprites.Stamp(dc, key, int(w)+2*pad, int(h)+2*pad, int(x)-pad, int(y)-pad, func(s *Canvas) {
		draw(s, float64(pad), float64(pad))
	})
}

func huTime(dc *Canvas, v *hunted.PublicView, y float64) {
	dc.Font(17, true)
	dc.SetColor(huInk)
	dc.DrawStringAnchored(fmt.Sprintf("Time %d", v.Time), huMargin, y+17, 0, 0.5)
	x := huTrack(dc, huTrackX, y+4, huTrackSize, v.MaxTime, v.Time, v.MaxTime, huGold)
	dc.Font(14, false)
	dc.SetColor(huMuted)
	dc.DrawStringAnchored(fmt.Sprintf("supply: %d ammo · %d key · %d regroup", v.Ammo, v.Keys, v.Regroups), x+8, y+17, 0, 0.5)
}

func huPlayerTrack(dc *Canvas, v *hunted.PublicView, p hunted.PlayerView, y float64) {
	dc.Font(17, true)
	dc.SetColor(huInk)
	name := "Health"
	if v.Coop {
		name = p.Name
	}
	dc.DrawStringAnchored(dc.Fit(name, huTrackX-huMargin-9), huMargin, y+15, 0, 0.5)
	x := huTrack(dc, huTrackX, y+3, huTrackSize, 6, p.Health, p.MaxHealth, huRed)
	dc.Font(16, false)
	dc.SetColor(huInk)
	x += 12
	dc.DrawStringAnchored(fmt.Sprintf("health %d/%d · test dice %d (5+)", p.Health, p.MaxHealth, p.TestDice), x, y+15, 0, 0.5)
	x += 275
	x = huToken(dc, x, y+15, "K", p.Keys, "key", huGold)
	huToken(dc, x+17, y+15, "R", p.Regroup, "regroup (+2)", color.RGBA{0x1d, 0x7a, 0x74, 0xff})
}

// huToken draws a round token with a letter and "×n name".
func huToken(dc *Canvas, x, y float64, letter string, n int, name string, c color.RGBA) float64 {
	huCoverage.paintPath(dc, huPath{kind: "token"}, x+12, y, covRect(x, y-12, x+24, y+12, 3), c, func(gc *gg.Context) {
		gc.DrawCircle(x+12, y, 12)
		gc.Fill()
	})
	dc.Font(13, true)
	dc.SetColor(huWhite)
	dc.DrawStringAnchored(letter, x+12, y, 0.5, 0.5)
	dc.Font(16, false)
	dc.SetColor(huInk)
	s := fmt.Sprintf("×%d %s", n, name)
	dc.DrawStringAnchored(s, x+28, y, 0, 0.5)
	w, _ := dc.MeasureString(s)
	return x + 28 + w
}

func huLocations(dc *Canvas, v *hunted.PublicView, y float64) {
	total := v.LocPassed + v.LocLeft + len(v.Choice)
	dc.Font(17, true)
	dc.SetColor(huInk)
	dc.DrawStringAnchored("Tower", huMargin, y+17, 0, 0.5)
	box := 28.0
	x0 := huTrackX
	for i := 0; i < total; i++ {
		bx := x0 + float64(i)*(box+4)
		label, fill := "", huWhite
		left := total - i // position counted from the bottom of the deck
		switch {
		case v.OnRoof && i == v.LocPassed-1:
			label, fill = "R", huRed
		case i < v.LocPassed:
			label, fill = "✓", huMuted
		case i < v.LocPassed+len(v.Choice):
			label, fill = "?", huGold
		case v.RoofTop && i == v.LocPassed+len(v.Choice):
			label, fill = "R", huRed
		case !v.RoofTop && !v.OnRoof && left <= v.RoofIn:
			label, fill = "R?", huRoofMaybe
		}
		huStamp(dc, "tower "+label, box, box, 2, bx, y+3, func(dc *Canvas, bx, y float64) { huTowerBox(dc, bx, y, box, label, fill) })
	}
	roof := fmt.Sprintf("Roof (R) among the last %d", v.RoofIn)
	switch {
	case v.OnRoof:
		roof = "on the Roof (R)"
	case v.RoofTop:
		roof = "the Roof is next"
	}
	dc.Font(15, false)
	dc.SetColor(huMuted)
	dc.DrawStringAnchored(fmt.Sprintf("%d locations passed, %d left: %s · Hunted deck %d, discard %d", v.LocPassed, v.LocLeft, roof, v.Deck, v.Discard), x0, y+45, 0, 0.5)
}

// huTowerBox is one location of the tower: passed (a tick), drawn (?),
// the Roof (R) or where it may be (R?), or still to come (blank).
func huTowerBox(dc *Canvas, bx, y, box float64, label string, fill color.RGBA) {
	dc.DrawRectangle(bx, y, box, box)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(huInk)
	dc.SetLineWidth(1.25)
	dc.Stroke()
	if label == "✓" {
		dc.SetColor(huWhite)
		dc.SetLineWidth(2.5)
		dc.MoveTo(bx+box*4/17, y+box*9/17)
		dc.LineTo(bx+box*15/34, y+box*13/17)
		dc.LineTo(bx+box*27/34, y+box*4/17)
		dc.Stroke()
	} else if label != "" {
		dc.Font(13, true)
		dc.SetColor(huInk)
		if label == "R" {
			dc.SetColor(huWhite)
		}
		dc.DrawStringAnchored(label, bx+box/2, y+box/2, 0.5, 0.5)
	}
}

func huChoice(dc *Canvas, v *hunted.PublicView, y float64) {
	huLabel(dc, "Location cards drawn: play one", y)
	x := huMargin
	w := (huW - 2*huMargin - huGap) / 2
	for _, l := range v.Choice {
		huPanel(dc, x, y+28, w, 55, huWhite, huGold)
		dc.Font(16, true)
		dc.SetColor(huInk)
		dc.DrawStringAnchored(dc.Fit(l.Name+" ("+l.ID+")", w-17), x+8, y+43, 0, 0.5)
		dc.Font(13, false)
		dc.DrawStringAnchored(dc.Fit(l.Text, w-17), x+8, y+67, 0, 0.5)
		x += w + huGap
	}
}

func huFightHeight(v *hunted.PublicView) float64 {
	h := 17.0
	if v.Fight != nil {
		h += 70
	}
	if v.Roll != nil {
		h += 58
	}
	h += float64(min(2, len(v.Rolls))) * 54
	return h
}

func huFight(dc *Canvas, v *hunted.PublicView, y float64) {
	y += 7
	if f := v.Fight; f != nil {
		huPanel(dc, huMargin, y, huW-2*huMargin, 62, huFightBg, huRed)
		dc.Font(18, true)
		dc.SetColor(huInk)
		title := "FIGHT: " + f.Name
		if f.HostageIcon {
			title += " (attacks hostages first)"
		}
		// The targets start at x: a long name stops short of them.
		x := huMargin + 467.0
		dc.DrawStringAnchored(dc.Fit(title, x-huMargin-12-10), huMargin+12, y+18, 0, 0.5)
		dc.Font(14, false)
		dc.SetColor(huMuted)
		who := fmt.Sprintf("round %d · %s fought last", f.Round+1, f.Fighter)
		if f.Round == 0 {
			who = fmt.Sprintf("round 1 · %s fights first", f.Fighter)
		}
		dc.DrawStringAnchored(dc.Fit(who, x-huMargin-12-10), huMargin+12, y+43, 0, 0.5)
		if f.Lars {
			for i := 0; i < f.LarsNeed; i++ {
				huStampTarget(dc, x, y+8, "5+", i < f.LarsHits)
				x += 55
			}
			dc.Font(15, false)
			dc.SetColor(huInk)
			dc.DrawStringAnchored(fmt.Sprintf("Lars: %d of %d hits", f.LarsHits, f.LarsNeed), x+8, y+31, 0, 0.5)
		} else {
			for i, t := range f.Targets {
				huStampTarget(dc, x, y+8, fmt.Sprint(t), f.Hit[i])
				x += 55
			}
			dc.Font(15, false)
			dc.SetColor(huInk)
			dc.DrawStringAnchored("targets (X = hit)", x+8, y+31, 0, 0.5)
		}
		y += 70
	}
	if r := v.Roll; r != nil {
		huDiceLine(dc, y, "Just rolled ("+r.What+"), not kept yet:", r.Dice, "")
		y += 58
	}
	rolls := v.Rolls
	if len(rolls) > 2 {
		rolls = rolls[len(rolls)-2:]
	}
	for i := len(rolls) - 1; i >= 0; i-- {
		r := rolls[i]
		huDiceLine(dc, y, r.Who+", "+r.What+":", r.Dice, r.Outcome)
		y += 54
	}
}

// huCoverage keeps the coverage of the board's paths drawn every picture
// (coverage.go): tokens, the fight's and the choice's panels, at their
// places.
var huCoverage = &coverageCache{max: 1024, maxBytes: 1 << 20}

// huPath names a path at its exact place: what it is and its size.
type huPath struct {
	kind string
	w, h float64
}

// huPanel is a rounded panel filled and outlined 2.5 pixels wide, as
// gg's DrawRoundedRectangle, FillPreserve and Stroke draw it.
func huPanel(dc *Canvas, x, y, w, h float64, fill, line color.RGBA) {
	path := func(gc *gg.Context) { gc.DrawRoundedRectangle(x, y, w, h, 7) }
	r := covRect(x, y, x+w, y+h, 5)
	huCoverage.paintPath(dc, huPath{"panel fill", w, h}, x, y, r, fill, func(gc *gg.Context) {
		path(gc)
		gc.Fill()
	})
	huCoverage.paintPath(dc, huPath{"panel line", w, h}, x, y, r, line, func(gc *gg.Context) {
		gc.SetLineWidth(2.5)
		path(gc)
		gc.Stroke()
	})
}

func huStampTarget(dc *Canvas, x, y float64, label string, hit bool) {
	huStamp(dc, fmt.Sprintf("target %s %v", label, hit), 45, 45, 3, x, y, func(dc *Canvas, x, y float64) { huTarget(dc, x, y, label, hit) })
}

// huTarget draws a target number box; a hit is crossed out.
func huTarget(dc *Canvas, x, y float64, label string, hit bool) {
	dc.DrawRoundedRectangle(x, y, 45, 45, 5)
	dc.SetColor(huWhite)
	if hit {
		dc.SetColor(huFaint)
	}
	dc.FillPreserve()
	dc.SetColor(huRed)
	dc.SetLineWidth(2)
	dc.Stroke()
	dc.Font(20, true)
	dc.SetColor(huInk)
	dc.DrawStringAnchored(label, x+22.5, y+22.5, 0.5, 0.5)
	if hit {
		dc.SetColor(huRed)
		dc.SetLineWidth(3.5)
		dc.DrawLine(x+7, y+7, x+38, y+38)
		dc.DrawLine(x+38, y+7, x+7, y+38)
		dc.Stroke()
	}
}

// huDiceLine writes a label and the dice with their faces.
func huDiceLine(dc *Canvas, y float64, label string, dice []hunted.Die, outcome string) {
	dc.Font(15, false)
	dc.SetColor(huInk)
	dc.DrawStringAnchored(dc.Fit(label, 350), huMargin, y+22, 0, 0.5)
	x := huMargin + 358
	for _, d := range dice {
		huStamp(dc, fmt.Sprintf("die %d %d %d", d.Value(), d.Sides, d.Boost), 44, 46, 3, x, y+1, func(dc *Canvas, x, y float64) { huDie(dc, x, y, d) })
		x += 54
	}
	if outcome != "" {
		dc.Font(16, true)
		dc.SetColor(huInk)
		dc.DrawStringAnchored(dc.Fit("→ "+outcome, huW-huMargin-x-8), x+8, y+22, 0, 0.5)
	}
}

// huDie draws a die: a square with its value, its kind below, regroup
// tokens as +2.
func huDie(dc *Canvas, x, y float64, d hunted.Die) {
	dc.DrawRoundedRectangle(x, y, 44, 46, 7)
	dc.SetColor(huWhite)
	dc.FillPreserve()
	dc.SetColor(huInk)
	dc.SetLineWidth(2)
	dc.Stroke()
	dc.Font(20, true)
	dc.DrawStringAnchored(fmt.Sprint(d.Value()), x+22, y+15, 0.5, 0.5)
	dc.Font(13, false)
	kind := fmt.Sprintf("d%d", d.Sides)
	if d.Boost > 0 {
		kind += fmt.Sprintf(" +%d", 2*d.Boost)
	}
	dc.DrawStringAnchored(kind, x+22, y+34, 0.5, 0.5)
}

// huPerLine is how many cards fit on a line.
func huPerLine() int {
	w := float64(huW) - 2*huMargin + huGap
	return int(w / (huCardW + huGap))
}

func huCardsHeight(n int) float64 {
	perLine := huPerLine()
	lines := (n + perLine - 1) / perLine
	return float64(lines)*(huCardH+huGap) + 3
}

func huCards(dc *Canvas, cards []hunted.CardView, y float64) {
	perLine := huPerLine()
	for i, c := range cards {
		x := huMargin + float64(i%perLine)*(huCardW+huGap)
		cy := y + float64(i/perLine)*(huCardH+huGap)
		// A card looks the same wherever it lies (x and y are whole
		// pixels), so each face is drawn once and stamped; the key is
		// everything the card shows, bounded by the deck and its states.
		huSprites.Stamp(dc, fmt.Sprintf("card %+v", c), huCardW+4, huCardH+4, int(x)-2, int(cy)-2, func(s *Canvas) {
			huCard(s, c, 2, 2)
		})
	}
}

// huSprites keeps the pieces drawn the same way every time: the cards
// (by what they show) and the legend.
var huSprites Sprites

// huCard draws one card: a type band with letter and name, its id, the
// icons it pays with (left), bells, cost, and what it does.
func huCard(dc *Canvas, c hunted.CardView, x, y float64) {
	t := huType[c.Type]
	dc.DrawRoundedRectangle(x, y, huCardW, huCardH, 7)
	dc.SetColor(huWhite)
	if c.FaceDown {
		dc.SetColor(huFaint)
	}
	dc.FillPreserve()
	dc.SetColor(t.c)
	dc.SetLineWidth(2.5)
	dc.Stroke()
	dc.DrawRectangle(x+1.25, y+1.25, huCardW-2.5, 23)
	dc.Fill()
	dc.Font(13, true)
	dc.SetColor(huWhite)
	dc.DrawStringAnchored(t.letter, x+8, y+13, 0, 0.5)
	dc.DrawStringAnchored(dc.Fit(c.Name, huCardW-30), x+23, y+13, 0, 0.5)
	dc.Font(13, false)
	dc.SetColor(huMuted)
	dc.DrawStringAnchored(c.ID, x+huCardW-7, y+35, 1, 0.5)
	// Pay icons.
	ix := x + 7
	for _, a := range c.Actions {
		huIconBox(dc, ix, y+28, huIcon[a])
		ix += 23
	}
	if c.Noise > 0 {
		huBell(dc, ix+8, y+38)
		if c.Noise > 1 {
			dc.Font(13, true)
			dc.SetColor(huInk)
			dc.DrawStringAnchored(fmt.Sprintf("×%d", c.Noise), ix+18, y+38, 0, 0.5)
		}
	}
	lines := huCardLines(c)
	dc.Font(13, false)
	dc.SetColor(huInk)
	for i, l := range lines {
		if i >= 4 {
			break
		}
		if i == 0 && c.Type == "terrorist" {
			dc.Font(18, true)
		} else {
			dc.Font(13, false)
		}
		dc.DrawStringAnchored(dc.Fit(l, huCardW-12), x+7, y+60+float64(i)*17, 0, 0.5)
	}
	if c.Type == "weapon" {
		huWeaponDice(dc, c, x+7, y+huCardH-25)
	}
	if c.Type == "door" {
		for i := 0; i < c.Locations; i++ {
			huDiamond(dc, x+13+float64(i)*17, y+77)
		}
		dc.Font(13, false)
		dc.SetColor(huInk)
		word := "location"
		if c.Locations > 1 {
			word = "locations"
		}
		dc.DrawStringAnchored(fmt.Sprintf("%d %s", c.Locations, word), x+8+float64(c.Locations)*17, y+77, 0, 0.5)
	}
}

// huCardLines says what a card does, in short lines.
func huCardLines(c hunted.CardView) []string {
	cost := ""
	if len(c.Cost) > 0 {
		var ic []string
		for _, a := range c.Cost {
			ic = append(ic, huIcon[a])
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
			return []string{cost, "bare hands: 1 d6"}
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

// huWeaponDice shows the dice on a weapon (filled) and used ones (outline),
// then its magazines as ammo tokens.
func huWeaponDice(dc *Canvas, c hunted.CardView, x, y float64) {
	if c.Flipped {
		return
	}
	for i := 0; i < c.FullDice; i++ {
		dc.DrawRoundedRectangle(x+float64(i)*18, y, 15, 15, 3)
		if i < c.Dice {
			dc.SetColor(huType["weapon"].c)
			dc.FillPreserve()
		} else {
			dc.SetColor(huWhite)
			dc.FillPreserve()
		}
		dc.SetColor(huInk)
		dc.SetLineWidth(1.25)
		dc.Stroke()
	}
	ax := x + float64(c.FullDice)*18 + 7
	// Magazines beyond the three a card starts with at most (ammo tokens
	// add more) overlap like stacked coins rather than leave the card;
	// the card's text gives their number.
	step := 13.0
	if c.Mags > 1 {
		step = min(step, (x+huCardW-24.5-ax)/float64(c.Mags-1))
	}
	for i := 0; i < c.Mags; i++ {
		dc.DrawCircle(ax+float64(i)*step+6, y+7.5, 6)
		dc.SetColor(huGold)
		dc.FillPreserve()
		dc.SetColor(huInk)
		dc.SetLineWidth(1)
		dc.Stroke()
	}
}

// huIconBox draws an action icon: a letter in a rounded square.
func huIconBox(dc *Canvas, x, y float64, letter string) {
	dc.DrawRoundedRectangle(x, y, 20, 20, 4)
	dc.SetColor(huHeader)
	dc.Fill()
	dc.Font(13, true)
	dc.SetColor(huWhite)
	dc.DrawStringAnchored(letter, x+10, y+10, 0.5, 0.5)
}

// huDiamond draws a location icon.
func huDiamond(dc *Canvas, x, y float64) {
	dc.MoveTo(x, y-7.5)
	dc.LineTo(x+6.5, y)
	dc.LineTo(x, y+7.5)
	dc.LineTo(x-6.5, y)
	dc.ClosePath()
	dc.SetColor(huType["door"].c)
	dc.Fill()
}

// huBell draws a bell (noise icon).
func huBell(dc *Canvas, x, y float64) {
	dc.SetColor(huGold)
	dc.MoveTo(x-7.5, y+6)
	dc.QuadraticTo(x-6, y-8.5, x, y-8.5)
	dc.QuadraticTo(x+6, y-8.5, x+7.5, y+6)
	dc.ClosePath()
	dc.FillPreserve()
	dc.SetColor(huInk)
	dc.SetLineWidth(1.25)
	dc.Stroke()
	dc.DrawCircle(x, y+7.5, 2)
	dc.Fill()
}

func huLog(dc *Canvas, v *hunted.PublicView, y float64) {
	huLabel(dc, "Recently", y)
	ev := v.Events
	if len(ev) > 3 {
		ev = ev[len(ev)-3:]
	}
	dc.Font(14, false)
	dc.SetColor(huInk)
	for i, e := range ev {
		dc.DrawStringAnchored(dc.Fit(e, huW-2*huMargin), huMargin, y+37+float64(i)*22, 0, 0.5)
	}
}

func huLegend(dc *Canvas, y float64) {
	dc.SetColor(huFaint)
	dc.DrawRectangle(0, y, huW, huLegendH)
	dc.Fill()
	x := huMargin
	for _, ic := range []struct{ l, name string }{{"M", "move"}, {"S", "search"}, {"K", "key"}} {
		huIconBox(dc, x, y+7, ic.l)
		dc.Font(13, false)
		dc.SetColor(huInk)
		dc.DrawStringAnchored(ic.name, x+25, y+17, 0, 0.5)
		x += 83
	}
	huBell(dc, x+8, y+15)
	dc.Font(13, false)
	dc.SetColor(huInk)
	dc.DrawStringAnchored("noise", x+20, y+17, 0, 0.5)
	x += 67
	huDiamond(dc, x+7, y+17)
	dc.SetColor(huInk)
	dc.DrawStringAnchored("location", x+18, y+17, 0, 0.5)
	x += 83
	dc.DrawStringAnchored("cards: T terrorist D door W weapon I item H hostage R regroup E event", x, y+17, 0, 0.5)
}
