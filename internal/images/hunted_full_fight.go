package images

import (
	"fmt"

	"standoff/internal/games/hunted"
)

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
