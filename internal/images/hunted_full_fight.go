package images

import (
	"fmt"

	"standoff/internal/games/hunted"
)

func huntedFullFightHeight(v *hunted.PublicView) float64 {
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

func huntedFullFight(dc *Canvas, v *hunted.PublicView, y float64) {
	y += 7
	if f := v.Fight; f != nil {
		huntedPanel(dc, huntedFullMargin, y, huntedWidth-2*huntedFullMargin, 62, huntedFightBg, huntedRed)
		dc.Font(18, true)
		dc.SetColor(huntedInk)
		title := "FIGHT: " + f.Name
		if f.HostageIcon {
			title += " (attacks hostages first)"
		}
		// The targets start at x: a long name stops short of them.
		x := huntedFullMargin + 467.0
		dc.DrawStringAnchored(dc.Fit(title, x-huntedFullMargin-12-10), huntedFullMargin+12, y+18, 0, 0.5)
		dc.Font(14, false)
		dc.SetColor(huntedMuted)
		who := fmt.Sprintf("round %d · %s fought last", f.Round+1, f.Fighter)
		if f.Round == 0 {
			who = fmt.Sprintf("round 1 · %s fights first", f.Fighter)
		}
		dc.DrawStringAnchored(dc.Fit(who, x-huntedFullMargin-12-10), huntedFullMargin+12, y+43, 0, 0.5)
		if f.Lars {
			for i := 0; i < f.LarsNeed; i++ {
				huntedFullStampTarget(dc, x, y+8, "5+", i < f.LarsHits)
				x += 55
			}
			dc.Font(15, false)
			dc.SetColor(huntedInk)
			dc.DrawStringAnchored(fmt.Sprintf("Lars: %d of %d hits", f.LarsHits, f.LarsNeed), x+8, y+31, 0, 0.5)
		} else {
			for i, t := range f.Targets {
				huntedFullStampTarget(dc, x, y+8, fmt.Sprint(t), f.Hit[i])
				x += 55
			}
			dc.Font(15, false)
			dc.SetColor(huntedInk)
			dc.DrawStringAnchored("targets (X = hit)", x+8, y+31, 0, 0.5)
		}
		y += 70
	}
	if r := v.Roll; r != nil {
		huntedFullDiceLine(dc, y, "Just rolled ("+r.What+"), not kept yet:", r.Dice, "")
		y += 58
	}
	rolls := v.Rolls
	if len(rolls) > 2 {
		rolls = rolls[len(rolls)-2:]
	}
	for i := len(rolls) - 1; i >= 0; i-- {
		r := rolls[i]
		huntedFullDiceLine(dc, y, r.Who+", "+r.What+":", r.Dice, r.Outcome)
		y += 54
	}
}

func huntedFullStampTarget(dc *Canvas, x, y float64, label string, hit bool) {
	huntedStamp(dc, fmt.Sprintf("target %s %v", label, hit), 45, 45, 3, x, y, func(dc *Canvas, x, y float64) { huntedFullTarget(dc, x, y, label, hit) })
}

// huntedFullTarget draws a target number box; a hit is crossed out.
func huntedFullTarget(dc *Canvas, x, y float64, label string, hit bool) {
	dc.DrawRoundedRectangle(x, y, 45, 45, 5)
	dc.SetColor(huntedWhite)
	if hit {
		dc.SetColor(huntedFaint)
	}
	dc.FillPreserve()
	dc.SetColor(huntedRed)
	dc.SetLineWidth(2)
	dc.Stroke()
	dc.Font(20, true)
	dc.SetColor(huntedInk)
	dc.DrawStringAnchored(label, x+22.5, y+22.5, 0.5, 0.5)
	if hit {
		dc.SetColor(huntedRed)
		dc.SetLineWidth(3.5)
		dc.DrawLine(x+7, y+7, x+38, y+38)
		dc.DrawLine(x+38, y+7, x+7, y+38)
		dc.Stroke()
	}
}

// huntedFullDiceLine writes a label and the dice with their faces.
func huntedFullDiceLine(dc *Canvas, y float64, label string, dice []hunted.Die, outcome string) {
	dc.Font(15, false)
	dc.SetColor(huntedInk)
	dc.DrawStringAnchored(dc.Fit(label, 350), huntedFullMargin, y+22, 0, 0.5)
	x := huntedFullMargin + 358
	for _, d := range dice {
		huntedStamp(dc, fmt.Sprintf("die %d %d %d", d.Value(), d.Sides, d.Boost), 44, 46, 3, x, y+1, func(dc *Canvas, x, y float64) { huntedFullDie(dc, x, y, d) })
		x += 54
	}
	if outcome != "" {
		dc.Font(16, true)
		dc.SetColor(huntedInk)
		dc.DrawStringAnchored(dc.Fit("→ "+outcome, huntedWidth-huntedFullMargin-x-8), x+8, y+22, 0, 0.5)
	}
}

// huntedFullDie draws a die: a square with its value, its kind below, regroup
// tokens as +2.
func huntedFullDie(dc *Canvas, x, y float64, d hunted.Die) {
	dc.DrawRoundedRectangle(x, y, 44, 46, 7)
	dc.SetColor(huntedWhite)
	dc.FillPreserve()
	dc.SetColor(huntedInk)
	dc.SetLineWidth(2)
	dc.Stroke()
	dc.Font(20, true)
	dc.DrawStringAnchored(fmt.Sprint(d.Value()), x+22, y+15, 0.5, 0.5)
	dc.Font(13, false)
	dc.DrawStringAnchored(huntedDieKind(d), x+22, y+34, 0.5, 0.5)
}
