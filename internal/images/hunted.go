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
	dc := huntedBoard(pv)
	out := huPalette.Paletted(dc.RGBA())
	releaseRGBA(dc.RGBA())
	return out, nil
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

const (
	huW      = 1200
	huMargin = 24.0
	huCardW  = 154.0
	huCardH  = 150.0
	huGap    = 10.0
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

// huCanvas is the shared Canvas (one face per size, text drawn straight
// onto the pixels, every string kept so tests can read what an image says).
type huCanvas struct{ *Canvas }

// font sets a size: the naive baseline makes its faces per picture, the
// fast path shares glyph-caching faces (hijacked_face.go).
func (dc *huCanvas) font(size float64, bold bool) {
	if dc.naive {
		dc.Font(size, bold)
		return
	}
	dc.SetFontFace(cachedFaceFor(size, bold))
}

func (dc *huCanvas) text(s string, x, y, ax, ay float64) { dc.DrawStringAnchored(s, x, y, ax, ay) }

// fit shortens s to width with an ellipsis.
func (dc *huCanvas) fit(s string, width float64) string {
	if w, _ := dc.MeasureString(s); w <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		if w, _ := dc.MeasureString(string(r) + "…"); w <= width {
			break
		}
	}
	return string(r) + "…"
}

// huSection is one band of the image with its height, drawn at y.
type huSection struct {
	h    float64
	draw func(dc *huCanvas, y float64)
}

func huntedBoard(v *hunted.PublicView) *huCanvas { return huntedDrawn(v, false) }

// huntedDrawn draws the board; naive draws on a fresh gg context with gg's
// text, as before the fast path (the benchmarks' baseline).
func huntedDrawn(v *hunted.PublicView, naive bool) *huCanvas {
	var secs []huSection
	add := func(h float64, f func(dc *huCanvas, y float64)) { secs = append(secs, huSection{h, f}) }

	add(64, func(dc *huCanvas, y float64) { huTitle(dc, v, y) })
	add(44, func(dc *huCanvas, y float64) { huTime(dc, v, y) })
	for _, p := range v.Players {
		p := p
		add(40, func(dc *huCanvas, y float64) { huPlayerTrack(dc, v, p, y) })
	}
	add(62, func(dc *huCanvas, y float64) { huLocations(dc, v, y) })
	if v.Fight != nil || v.Roll != nil || len(v.Rolls) > 0 {
		add(huFightHeight(v), func(dc *huCanvas, y float64) { huFight(dc, v, y) })
	}
	cardBand := func(title string, cards []hunted.CardView) {
		if len(cards) == 0 {
			return
		}
		h := huCardsHeight(len(cards))
		add(h+40, func(dc *huCanvas, y float64) {
			huLabel(dc, title, y)
			huCards(dc, cards, y+36)
		})
	}
	if len(v.Choice) > 0 {
		add(40+70, func(dc *huCanvas, y float64) { huChoice(dc, v, y) })
	}
	if now := huNow(v); now != "" {
		add(34, func(dc *huCanvas, y float64) {
			dc.font(19, false)
			dc.SetColor(huInk)
			dc.text(dc.fit(now, huW-2*huMargin), huMargin, y+20, 0, 0.5)
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
			add(40, func(dc *huCanvas, y float64) { huLabel(dc, name+": empty", y) })
		} else {
			cardBand(fmt.Sprintf("%s (%d)", name, len(p.Row)), p.Row)
		}
	}
	if v.Coop {
		if len(v.Shared) == 0 {
			add(40, func(dc *huCanvas, y float64) { huLabel(dc, "Shared row: empty", y) })
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
	add(38+float64(min(3, len(v.Events)))*26, func(dc *huCanvas, y float64) { huLog(dc, v, y) })
	add(40, func(dc *huCanvas, y float64) {
		if dc.naive {
			huLegend(dc, y)
			return
		}
		huSprites.Stamp(dc.Canvas, "legend", huW, 40, 0, int(y), func(s *Canvas) { huLegend(&huCanvas{s}, 0) })
	})

	total := 0.0
	for _, s := range secs {
		total += s.h
	}
	var dc *huCanvas
	if naive {
		dc = &huCanvas{NewCanvas(huW, int(total+12))}
		dc.naive = true
		dc.SetColor(huPaper)
		dc.Clear()
	} else {
		// Recycled pixels, every one painted here.
		img := newRGBA(image.Rect(0, 0, huW, int(total+12)))
		fillRGBA(img.Pix, huPaper)
		dc = &huCanvas{NewCanvasOn(img)}
	}
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

func huLabel(dc *huCanvas, s string, y float64) {
	dc.font(20, true)
	dc.SetColor(huInk)
	dc.text(s, huMargin, y+16, 0, 0.5)
}

func huTitle(dc *huCanvas, v *hunted.PublicView, y float64) {
	huFillRect(dc, 0, int(y), huW, 56, huHeader)
	dc.font(26, true)
	dc.SetColor(huWhite)
	title := "HUNTED: KOBAYASHI TOWER"
	if v.Coop {
		title += " · co-op"
	}
	dc.text(title, huMargin, y+28, 0, 0.5)
	dc.font(20, false)
	status := v.Prompt
	if v.Over {
		status = "Game over: " + map[bool]string{true: "WON", false: "LOST"}[v.Won] + fmt.Sprintf(" · score %d", v.Score)
	}
	dc.text(dc.fit(status, 640), huW-huMargin, y+28, 1, 0.5)
}

// huFillRect paints a band of whole pixels one colour, copied straight
// into the pixels unless naive (gg rasterizes even a plain rectangle).
func huFillRect(dc *huCanvas, x, y, w, h int, c color.RGBA) {
	if dc.naive {
		dc.SetColor(c)
		dc.DrawRectangle(float64(x), float64(y), float64(w), float64(h))
		dc.Fill()
		return
	}
	if c.A == 255 {
		fillRect(dc.RGBA(), image.Rect(x, y, x+w, y+h), c)
		return
	}
	draw.Draw(dc.RGBA(), image.Rect(x, y, x+w, y+h), image.NewUniform(c), image.Point{}, draw.Src)
}

// huTrack draws numbered boxes 1..n, filled up to value.
func huTrack(dc *huCanvas, x, y, box float64, n, value, max int, fill color.RGBA) float64 {
	for i := 1; i <= n; i++ {
		bx := x + float64(i-1)*(box+3)
		state := 0
		switch {
		case i <= value:
			state = 1
		case i > max:
			state = 2
		}
		huStamp(dc, fmt.Sprintf("track %d %d %v %v", i, state, box, fill), box, box, 2, bx, y, func(dc *huCanvas, bx, y float64) {
			huTrackBox(dc, bx, y, box, i, state, fill)
		})
	}
	return x + float64(n)*(box+3)
}

// huTrackBox is one numbered box: state 1 filled, 2 beyond the maximum.
func huTrackBox(dc *huCanvas, bx, y, box float64, i, state int, fill color.RGBA) {
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
	dc.SetLineWidth(1.5)
	dc.Stroke()
	dc.font(15, true)
	dc.SetColor(huInk)
	if state == 1 {
		dc.SetColor(huWhite)
	}
	dc.text(fmt.Sprint(i), bx+box/2, y+box/2, 0.5, 0.5)
}

// huStamp draws a piece of w x h at (x, y) (whole pixels), with pad pixels
// around for its outline: drawn once and stamped from huSprites, or drawn
// in place on the naive baseline. key names everything the piece shows.
func huStamp(dc *huCanvas, key string, w, h float64, pad int, x, y float64, draw func(dc *huCanvas, x, y float64)) {
	if dc.naive {
		draw(dc, x, y)
		return
	}
	huSprites.Stamp(dc.Canvas, key, int(w)+2*pad, int(h)+2*pad, int(x)-pad, int(y)-pad, func(s *Canvas) {
		draw(&huCanvas{s}, float64(pad), float64(pad))
	})
}

func huTime(dc *huCanvas, v *hunted.PublicView, y float64) {
	dc.font(20, true)
	dc.SetColor(huInk)
	dc.text(fmt.Sprintf("Time %d", v.Time), huMargin, y+20, 0, 0.5)
	x := huTrack(dc, huMargin+110, y+5, 30, v.MaxTime, v.Time, v.MaxTime, huGold)
	dc.font(17, false)
	dc.SetColor(huMuted)
	dc.text(fmt.Sprintf("supply: %d ammo · %d key · %d regroup", v.Ammo, v.Keys, v.Regroups), x+10, y+20, 0, 0.5)
}

func huPlayerTrack(dc *huCanvas, v *hunted.PublicView, p hunted.PlayerView, y float64) {
	dc.font(20, true)
	dc.SetColor(huInk)
	name := "Health"
	if v.Coop {
		name = p.Name
	}
	dc.text(dc.fit(name, 100), huMargin, y+18, 0, 0.5)
	x := huTrack(dc, huMargin+110, y+3, 30, 6, p.Health, p.MaxHealth, huRed)
	dc.font(19, false)
	dc.SetColor(huInk)
	x += 14
	dc.text(fmt.Sprintf("health %d/%d · test dice %d (5+)", p.Health, p.MaxHealth, p.TestDice), x, y+18, 0, 0.5)
	x += 330
	x = huToken(dc, x, y+18, "K", p.Keys, "key", huGold)
	huToken(dc, x+20, y+18, "R", p.Regroup, "regroup (+2)", color.RGBA{0x1d, 0x7a, 0x74, 0xff})
}

// huToken draws a round token with a letter and "×n name".
func huToken(dc *huCanvas, x, y float64, letter string, n int, name string, c color.RGBA) float64 {
	huCoverage.paintPath(dc.Canvas, huPath{kind: "token"}, x+14, y, covRect(x, y-14, x+28, y+14, 3), c, func(gc *gg.Context) {
		gc.DrawCircle(x+14, y, 14)
		gc.Fill()
	})
	dc.font(16, true)
	dc.SetColor(huWhite)
	dc.text(letter, x+14, y, 0.5, 0.5)
	dc.font(19, false)
	dc.SetColor(huInk)
	s := fmt.Sprintf("×%d %s", n, name)
	dc.text(s, x+34, y, 0, 0.5)
	w, _ := dc.MeasureString(s)
	return x + 34 + w
}

func huLocations(dc *huCanvas, v *hunted.PublicView, y float64) {
	total := v.LocPassed + v.LocLeft + len(v.Choice)
	dc.font(20, true)
	dc.SetColor(huInk)
	dc.text("Tower", huMargin, y+20, 0, 0.5)
	box := 34.0
	x0 := huMargin + 110
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
		huStamp(dc, "tower "+label, box, box, 2, bx, y+4, func(dc *huCanvas, bx, y float64) { huTowerBox(dc, bx, y, box, label, fill) })
	}
	roof := fmt.Sprintf("Roof (R) among the last %d", v.RoofIn)
	switch {
	case v.OnRoof:
		roof = "on the Roof (R)"
	case v.RoofTop:
		roof = "the Roof is next"
	}
	dc.font(18, false)
	dc.SetColor(huMuted)
	dc.text(fmt.Sprintf("%d locations passed, %d left: %s · Hunted deck %d, discard %d", v.LocPassed, v.LocLeft, roof, v.Deck, v.Discard), x0, y+54, 0, 0.5)
}

// huTowerBox is one location of the tower: passed (a tick), drawn (?),
// the Roof (R) or where it may be (R?), or still to come (blank).
func huTowerBox(dc *huCanvas, bx, y, box float64, label string, fill color.RGBA) {
	dc.DrawRectangle(bx, y, box, box)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(huInk)
	dc.SetLineWidth(1.5)
	dc.Stroke()
	if label == "✓" {
		dc.SetColor(huWhite)
		dc.SetLineWidth(3)
		dc.MoveTo(bx+8, y+18)
		dc.LineTo(bx+15, y+26)
		dc.LineTo(bx+27, y+8)
		dc.Stroke()
	} else if label != "" {
		dc.font(15, true)
		dc.SetColor(huInk)
		if label == "R" {
			dc.SetColor(huWhite)
		}
		dc.text(label, bx+box/2, y+box/2, 0.5, 0.5)
	}
}

func huChoice(dc *huCanvas, v *hunted.PublicView, y float64) {
	huLabel(dc, "Location cards drawn: play one", y)
	x := huMargin
	w := (huW - 2*huMargin - huGap) / 2
	for _, l := range v.Choice {
		huPanel(dc, x, y+34, w, 66, huWhite, huGold)
		dc.font(19, true)
		dc.SetColor(huInk)
		dc.text(dc.fit(l.Name+" ("+l.ID+")", w-20), x+10, y+52, 0, 0.5)
		dc.font(16, false)
		dc.text(dc.fit(l.Text, w-20), x+10, y+80, 0, 0.5)
		x += w + huGap
	}
}

func huFightHeight(v *hunted.PublicView) float64 {
	h := 20.0
	if v.Fight != nil {
		h += 84
	}
	if v.Roll != nil {
		h += 70
	}
	h += float64(min(2, len(v.Rolls))) * 62
	return h
}

func huFight(dc *huCanvas, v *hunted.PublicView, y float64) {
	y += 8
	if f := v.Fight; f != nil {
		huPanel(dc, huMargin, y, huW-2*huMargin, 74, huFightBg, huRed)
		dc.font(22, true)
		dc.SetColor(huInk)
		title := "FIGHT: " + f.Name
		if f.HostageIcon {
			title += " (attacks hostages first)"
		}
		dc.text(title, huMargin+14, y+22, 0, 0.5)
		dc.font(17, false)
		dc.SetColor(huMuted)
		who := fmt.Sprintf("round %d · %s fought last", f.Round+1, f.Fighter)
		if f.Round == 0 {
			who = fmt.Sprintf("round 1 · %s fights first", f.Fighter)
		}
		dc.text(who, huMargin+14, y+52, 0, 0.5)
		x := huMargin + 560.0
		if f.Lars {
			for i := 0; i < f.LarsNeed; i++ {
				huStampTarget(dc, x, y+10, "5+", i < f.LarsHits)
				x += 66
			}
			dc.font(18, false)
			dc.SetColor(huInk)
			dc.text(fmt.Sprintf("Lars: %d of %d hits", f.LarsHits, f.LarsNeed), x+10, y+37, 0, 0.5)
		} else {
			for i, t := range f.Targets {
				huStampTarget(dc, x, y+10, fmt.Sprint(t), f.Hit[i])
				x += 66
			}
			dc.font(18, false)
			dc.SetColor(huInk)
			dc.text("targets (X = hit)", x+10, y+37, 0, 0.5)
		}
		y += 84
	}
	if r := v.Roll; r != nil {
		huDiceLine(dc, y, "Just rolled ("+r.What+"), not kept yet:", r.Dice, "")
		y += 70
	}
	rolls := v.Rolls
	if len(rolls) > 2 {
		rolls = rolls[len(rolls)-2:]
	}
	for i := len(rolls) - 1; i >= 0; i-- {
		r := rolls[i]
		huDiceLine(dc, y, r.Who+", "+r.What+":", r.Dice, r.Outcome)
		y += 62
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

// huPanel is a rounded panel filled and outlined 3 pixels wide, as
// gg's DrawRoundedRectangle, FillPreserve and Stroke draw it.
func huPanel(dc *huCanvas, x, y, w, h float64, fill, line color.RGBA) {
	path := func(gc *gg.Context) { gc.DrawRoundedRectangle(x, y, w, h, 8) }
	r := covRect(x, y, x+w, y+h, 5)
	huCoverage.paintPath(dc.Canvas, huPath{"panel fill", w, h}, x, y, r, fill, func(gc *gg.Context) {
		path(gc)
		gc.Fill()
	})
	huCoverage.paintPath(dc.Canvas, huPath{"panel line", w, h}, x, y, r, line, func(gc *gg.Context) {
		gc.SetLineWidth(3)
		path(gc)
		gc.Stroke()
	})
}

func huStampTarget(dc *huCanvas, x, y float64, label string, hit bool) {
	huStamp(dc, fmt.Sprintf("target %s %v", label, hit), 54, 54, 3, x, y, func(dc *huCanvas, x, y float64) { huTarget(dc, x, y, label, hit) })
}

// huTarget draws a target number box; a hit is crossed out.
func huTarget(dc *huCanvas, x, y float64, label string, hit bool) {
	dc.DrawRoundedRectangle(x, y, 54, 54, 6)
	dc.SetColor(huWhite)
	if hit {
		dc.SetColor(huFaint)
	}
	dc.FillPreserve()
	dc.SetColor(huRed)
	dc.SetLineWidth(2.5)
	dc.Stroke()
	dc.font(24, true)
	dc.SetColor(huInk)
	dc.text(label, x+27, y+27, 0.5, 0.5)
	if hit {
		dc.SetColor(huRed)
		dc.SetLineWidth(4)
		dc.DrawLine(x+8, y+8, x+46, y+46)
		dc.DrawLine(x+46, y+8, x+8, y+46)
		dc.Stroke()
	}
}

// huDiceLine writes a label and the dice with their faces.
func huDiceLine(dc *huCanvas, y float64, label string, dice []hunted.Die, outcome string) {
	dc.font(18, false)
	dc.SetColor(huInk)
	dc.text(dc.fit(label, 420), huMargin, y+26, 0, 0.5)
	x := huMargin + 430
	for _, d := range dice {
		huStamp(dc, fmt.Sprintf("die %d %d %d", d.Value(), d.Sides, d.Boost), 48, 52, 3, x, y+2, func(dc *huCanvas, x, y float64) { huDie(dc, x, y, d) })
		x += 62
	}
	if outcome != "" {
		dc.font(19, true)
		dc.SetColor(huInk)
		dc.text(dc.fit("→ "+outcome, huW-huMargin-x-10), x+10, y+26, 0, 0.5)
	}
}

// huDie draws a die: a square with its value, its kind below, regroup
// tokens as +2.
func huDie(dc *huCanvas, x, y float64, d hunted.Die) {
	dc.DrawRoundedRectangle(x, y, 48, 52, 8)
	dc.SetColor(huWhite)
	dc.FillPreserve()
	dc.SetColor(huInk)
	dc.SetLineWidth(2.5)
	dc.Stroke()
	dc.font(24, true)
	dc.text(fmt.Sprint(d.Value()), x+24, y+19, 0.5, 0.5)
	dc.font(13, false)
	kind := fmt.Sprintf("d%d", d.Sides)
	if d.Boost > 0 {
		kind += fmt.Sprintf(" +%d", 2*d.Boost)
	}
	dc.text(kind, x+24, y+42, 0.5, 0.5)
}

// huPerLine is how many cards fit on a line.
func huPerLine() int {
	w := float64(huW) - 2*huMargin + huGap
	return int(w / (huCardW + huGap))
}

func huCardsHeight(n int) float64 {
	perLine := huPerLine()
	lines := (n + perLine - 1) / perLine
	return float64(lines)*(huCardH+huGap) + 4
}

func huCards(dc *huCanvas, cards []hunted.CardView, y float64) {
	perLine := huPerLine()
	for i, c := range cards {
		x := huMargin + float64(i%perLine)*(huCardW+huGap)
		cy := y + float64(i/perLine)*(huCardH+huGap)
		if dc.naive {
			huCard(dc, c, x, cy)
			continue
		}
		// A card looks the same wherever it lies (x and y are whole
		// pixels), so each face is drawn once and stamped; the key is
		// everything the card shows, bounded by the deck and its states.
		huSprites.Stamp(dc.Canvas, fmt.Sprintf("card %+v", c), huCardW+4, huCardH+4, int(x)-2, int(cy)-2, func(s *Canvas) {
			huCard(&huCanvas{s}, c, 2, 2)
		})
	}
}

// huSprites keeps the pieces drawn the same way every time: the cards
// (by what they show) and the legend.
var huSprites Sprites

// huCard draws one card: a type band with letter and name, its id, the
// icons it pays with (left), bells, cost, and what it does.
func huCard(dc *huCanvas, c hunted.CardView, x, y float64) {
	t := huType[c.Type]
	dc.DrawRoundedRectangle(x, y, huCardW, huCardH, 8)
	dc.SetColor(huWhite)
	if c.FaceDown {
		dc.SetColor(huFaint)
	}
	dc.FillPreserve()
	dc.SetColor(t.c)
	dc.SetLineWidth(3)
	dc.Stroke()
	dc.DrawRectangle(x+1.5, y+1.5, huCardW-3, 28)
	dc.Fill()
	dc.font(16, true)
	dc.SetColor(huWhite)
	dc.text(t.letter, x+10, y+16, 0, 0.5)
	dc.text(dc.fit(c.Name, huCardW-36), x+28, y+16, 0, 0.5)
	dc.font(14, false)
	dc.SetColor(huMuted)
	dc.text(c.ID, x+huCardW-8, y+42, 1, 0.5)
	// Pay icons.
	ix := x + 8
	for _, a := range c.Actions {
		huIconBox(dc, ix, y+34, huIcon[a])
		ix += 28
	}
	if c.Noise > 0 {
		huBell(dc, ix+10, y+46)
		if c.Noise > 1 {
			dc.font(14, true)
			dc.SetColor(huInk)
			dc.text(fmt.Sprintf("×%d", c.Noise), ix+22, y+46, 0, 0.5)
		}
	}
	lines := huCardLines(c)
	dc.font(15, false)
	dc.SetColor(huInk)
	for i, l := range lines {
		if i >= 4 {
			break
		}
		if i == 0 && c.Type == "terrorist" {
			dc.font(22, true)
		} else {
			dc.font(15, false)
		}
		dc.text(dc.fit(l, huCardW-14), x+8, y+72+float64(i)*20, 0, 0.5)
	}
	if c.Type == "weapon" {
		huWeaponDice(dc, c, x+8, y+huCardH-30)
	}
	if c.Type == "door" {
		for i := 0; i < c.Locations; i++ {
			huDiamond(dc, x+16+float64(i)*20, y+92)
		}
		dc.font(15, false)
		dc.SetColor(huInk)
		word := "location"
		if c.Locations > 1 {
			word = "locations"
		}
		dc.text(fmt.Sprintf("%d %s", c.Locations, word), x+10+float64(c.Locations)*20, y+92, 0, 0.5)
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
			return []string{cost, "BARE HANDS: 1 d6"}
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
func huWeaponDice(dc *huCanvas, c hunted.CardView, x, y float64) {
	if c.Flipped {
		return
	}
	for i := 0; i < c.FullDice; i++ {
		dc.DrawRoundedRectangle(x+float64(i)*22, y, 18, 18, 3)
		if i < c.Dice {
			dc.SetColor(huType["weapon"].c)
			dc.FillPreserve()
		} else {
			dc.SetColor(huWhite)
			dc.FillPreserve()
		}
		dc.SetColor(huInk)
		dc.SetLineWidth(1.5)
		dc.Stroke()
	}
	ax := x + float64(c.FullDice)*22 + 8
	for i := 0; i < c.Mags; i++ {
		dc.DrawCircle(ax+float64(i)*16+7, y+9, 7)
		dc.SetColor(huGold)
		dc.FillPreserve()
		dc.SetColor(huInk)
		dc.SetLineWidth(1.2)
		dc.Stroke()
	}
}

// huIconBox draws an action icon: a letter in a rounded square.
func huIconBox(dc *huCanvas, x, y float64, letter string) {
	dc.DrawRoundedRectangle(x, y, 24, 24, 5)
	dc.SetColor(huHeader)
	dc.Fill()
	dc.font(15, true)
	dc.SetColor(huWhite)
	dc.text(letter, x+12, y+12, 0.5, 0.5)
}

// huDiamond draws a location icon.
func huDiamond(dc *huCanvas, x, y float64) {
	dc.MoveTo(x, y-9)
	dc.LineTo(x+8, y)
	dc.LineTo(x, y+9)
	dc.LineTo(x-8, y)
	dc.ClosePath()
	dc.SetColor(huType["door"].c)
	dc.Fill()
}

// huBell draws a bell (noise icon).
func huBell(dc *huCanvas, x, y float64) {
	dc.SetColor(huGold)
	dc.MoveTo(x-9, y+7)
	dc.QuadraticTo(x-7, y-10, x, y-10)
	dc.QuadraticTo(x+7, y-10, x+9, y+7)
	dc.ClosePath()
	dc.FillPreserve()
	dc.SetColor(huInk)
	dc.SetLineWidth(1.5)
	dc.Stroke()
	dc.DrawCircle(x, y+9, 2.5)
	dc.Fill()
}

func huLog(dc *huCanvas, v *hunted.PublicView, y float64) {
	huLabel(dc, "Recently", y)
	ev := v.Events
	if len(ev) > 3 {
		ev = ev[len(ev)-3:]
	}
	dc.font(17, false)
	dc.SetColor(huInk)
	for i, e := range ev {
		dc.text(dc.fit(e, huW-2*huMargin), huMargin, y+44+float64(i)*26, 0, 0.5)
	}
}

func huLegend(dc *huCanvas, y float64) {
	dc.SetColor(huFaint)
	dc.DrawRectangle(0, y, huW, 40)
	dc.Fill()
	x := huMargin
	for _, ic := range []struct{ l, name string }{{"M", "move"}, {"S", "search"}, {"K", "key"}} {
		huIconBox(dc, x, y+8, ic.l)
		dc.font(16, false)
		dc.SetColor(huInk)
		dc.text(ic.name, x+30, y+20, 0, 0.5)
		x += 100
	}
	huBell(dc, x+10, y+18)
	dc.font(16, false)
	dc.SetColor(huInk)
	dc.text("noise", x+24, y+20, 0, 0.5)
	x += 80
	huDiamond(dc, x+8, y+20)
	dc.SetColor(huInk)
	dc.text("location", x+22, y+20, 0, 0.5)
	x += 100
	dc.text("cards: T terrorist D door W weapon I item H hostage R regroup E event", x, y+20, 0, 0.5)
}
