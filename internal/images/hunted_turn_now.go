package images

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"standoff/internal/games/hunted"
)

// huntedTurnNowSections are the bands of what is being resolved: the ending, the
// fight and its dice, the location cards to choose from or the one being
// played.
func huntedTurnNowSections(v *hunted.PublicView) []huntedSection {
	var secs []huntedSection
	if v.Over {
		secs = append(secs, huntedTurnEndSection(v))
	}
	if v.Fight != nil {
		secs = append(secs, huntedTurnFightSection(v.Fight))
	}
	if r := v.Roll; r != nil {
		secs = append(secs, huntedTurnDiceSection(huntedTurnRollLabel(r), r.Dice, ""))
	} else if len(v.Rolls) > 0 {
		// The last roll of now: the view keeps a fight's dice while it
		// lasts and at its end, a test's in the move that rolled it.
		r := v.Rolls[len(v.Rolls)-1]
		secs = append(secs, huntedTurnDiceSection("Last roll: "+r.Who+", "+r.What, r.Dice, r.Outcome))
	}
	if len(v.Choice) > 0 {
		secs = append(secs, huntedSection{48, func(dc *Canvas, y float64) { huntedTurnHeading(dc, "Location cards drawn: play one", y) }})
		for _, l := range v.Choice {
			secs = append(secs, huntedTurnCardPanel(l.Name+" ("+l.ID+")", l.Text, huntedWhite, huntedGold))
		}
	} else if title, text := huntedTurnResolving(v); title != "" && v.Fight == nil {
		// A fight's panel says all a fighting location or event does.
		secs = append(secs, huntedTurnCardPanel(title, text, huntedWhite, huntedGold))
	}
	return secs
}

// huntedTurnRollLabel says whose roll is waiting and what for; a test says what
// passes ("roll equal to or greater than five", one die).
func huntedTurnRollLabel(r *hunted.RollView) string {
	if test, ok := strings.CutPrefix(r.What, "test: "); ok {
		return fmt.Sprintf("%s's test for %s (one 5+ passes), not kept yet:", r.Who, test)
	}
	return fmt.Sprintf("%s rolled (%s), not kept yet:", r.Who, r.What)
}

// huntedTurnResolving names the location or event being resolved, while it
// matters, and what it says.
func huntedTurnResolving(v *hunted.PublicView) (title, text string) {
	if v.Over || (v.Phase != "optional" && v.Phase != "roll" && v.Phase != "surveil") {
		return "", ""
	}
	if v.Current != nil {
		return "Location: " + v.Current.Name, v.Current.Text
	}
	if v.Event != nil {
		return "Event: " + v.Event.Name, v.Event.Text
	}
	return "", ""
}

// huntedTurnCardPanel is a location or event in a panel: its name, then its text
// wrapped.
func huntedTurnCardPanel(title, text string, fill, line color.RGBA) huntedSection {
	lines := wrapWords(text, huntedTurnBody, false, huntedTurnWidth-32, 3)
	h := 58 + float64(len(lines))*huntedTurnLineH
	return huntedSection{h + 12, func(dc *Canvas, y float64) {
		huntedTurnPanel(dc, y+6, h, fill, line)
		huntedTurnText(dc, fitText(title, huntedTurnHead, true, huntedTurnWidth-32), huntedTurnHead, true, huntedInk, huntedTurnX+16, y+34, 0)
		for i, l := range lines {
			huntedTurnText(dc, l, huntedTurnBody, false, huntedInk, huntedTurnX+16, y+74+float64(i)*huntedTurnLineH, 0)
		}
	}}
}

// huntedTurnEndSection says how the game ended and how it scored (the header
// has the verdict).
func huntedTurnEndSection(v *hunted.PublicView) huntedSection {
	line := huntedRed
	if v.Won {
		line = huntedGreen
	}
	return huntedTurnCardPanel("Game over", v.Result, huntedWhite, line)
}

// huntedTurnFightSection is the fight: its name, the targets (a hit one crossed
// out), the round and who fights.
func huntedTurnFightSection(f *hunted.FightView) huntedSection {
	var labels []string
	var hit []bool
	info := []string{fmt.Sprintf("round %d: %s fought last", f.Round+1, f.Fighter)}
	if f.Round == 0 {
		info[0] = fmt.Sprintf("round 1: %s fights", f.Fighter)
	}
	if f.LarsHits > 0 || slices.Contains(f.Hit, true) {
		info = append(info, "X: already hit")
	}
	title := "FIGHT: " + f.Name
	if f.Lars {
		title = "FIGHT: Lars, the final battle"
		for i := 0; i < f.LarsNeed; i++ {
			labels, hit = append(labels, "5+"), append(hit, i < f.LarsHits)
		}
		info = append(info, fmt.Sprintf("%d of %d hits", f.LarsHits, f.LarsNeed))
	} else {
		for i, t := range f.Targets {
			labels, hit = append(labels, fmt.Sprint(t)), append(hit, f.Hit[i])
		}
	}
	if f.HostageIcon {
		info = append(info, "hits hostages first")
	}
	boxesH := max(76, float64(len(info))*huntedTurnLineH+6)
	h := 58 + boxesH + 10
	return huntedSection{h + 12, func(dc *Canvas, y float64) {
		huntedTurnPanel(dc, y+6, h, huntedFightBg, huntedRed)
		huntedTurnText(dc, fitText(title, huntedTurnTitle, true, huntedTurnWidth-32), huntedTurnTitle, true, huntedInk, huntedTurnX+16, y+36, 0)
		x := huntedTurnX + 16
		for i, l := range labels {
			huntedTurnTarget(dc, x, y+62, l, hit[i])
			x += 76
		}
		x += 8
		for i, l := range info {
			huntedTurnText(dc, fitText(l, huntedTurnBody, false, huntedTurnRight-16-x), huntedTurnBody, false, huntedInk, x, y+62+huntedTurnLineH/2+float64(i)*huntedTurnLineH, 0)
		}
	}}
}

// huntedTurnTarget is a target number in a box; a hit one is greyed and crossed.
func huntedTurnTarget(dc *Canvas, x, y float64, label string, hit bool) {
	huntedStamp(dc, fmt.Sprintf("ht target %v", hit), 66, 66, 3, x, y, func(dc *Canvas, x, y float64) {
		dc.DrawRoundedRectangle(x, y, 66, 66, 7)
		dc.SetColor(huntedWhite)
		if hit {
			dc.SetColor(huntedFaint)
		}
		dc.FillPreserve()
		dc.SetColor(huntedRed)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
	if hit {
		huntedStamp(dc, "ht cross", 66, 66, 3, x, y, func(dc *Canvas, x, y float64) {
			dc.SetColor(huntedRed)
			dc.SetLineWidth(4)
			dc.DrawLine(x+8, y+8, x+58, y+58)
			dc.DrawLine(x+58, y+8, x+8, y+58)
			dc.Stroke()
		})
	}
	// The number over the cross: a hit target still says which it was.
	huntedTurnText(dc, label, 34, true, huntedInk, x+33, y+33, 0.5)
}

const (
	huntedTurnDieW    = 92.0
	huntedTurnDieStep = 102.0
)

// huntedTurnDiceSection is a roll: what it was for, the dice (value large, kind
// below) and what it did, beside the dice or under them when they leave
// no room.
func huntedTurnDiceSection(label string, dice []hunted.Die, outcome string) huntedSection {
	if outcome != "" {
		outcome = "→ " + outcome
	}
	after := huntedTurnX + float64(len(dice))*huntedTurnDieStep + 8
	below := outcome != "" && huntedTurnRight-after < measurer(huntedTurnHead, true)(outcome)
	h := 44 + 96.0
	if below {
		h += huntedTurnLineH + 4
	}
	return huntedSection{h, func(dc *Canvas, y float64) {
		huntedTurnText(dc, fitText(label, huntedTurnBody, false, huntedTurnWidth), huntedTurnBody, false, huntedInk, huntedTurnX, y+24, 0)
		x := huntedTurnX
		for _, d := range dice {
			huntedTurnDie(dc, x, y+46, d)
			x += huntedTurnDieStep
		}
		switch {
		case outcome == "":
		case below:
			huntedTurnText(dc, fitText(outcome, huntedTurnHead, true, huntedTurnWidth), huntedTurnHead, true, huntedInk, huntedTurnX, y+46+88+huntedTurnLineH/2+4, 0)
		default:
			huntedTurnText(dc, fitText(outcome, huntedTurnHead, true, huntedTurnRight-after), huntedTurnHead, true, huntedInk, after, y+46+44, 0)
		}
	}}
}

// huntedTurnDie is a die: its value (regroup tokens added) and its kind, "d6 +2"
// for one regroup token.
func huntedTurnDie(dc *Canvas, x, y float64, d hunted.Die) {
	huntedStamp(dc, "ht die", huntedTurnDieW, 88, 3, x, y, func(dc *Canvas, x, y float64) {
		dc.DrawRoundedRectangle(x, y, huntedTurnDieW, 88, 9)
		dc.SetColor(huntedWhite)
		dc.FillPreserve()
		dc.SetColor(huntedInk)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
	huntedTurnText(dc, fmt.Sprint(d.Value()), 36, true, huntedInk, x+huntedTurnDieW/2, y+30, 0.5)
	huntedTurnText(dc, huntedDieKind(d), huntedTurnBody, false, huntedMuted, x+huntedTurnDieW/2, y+66, 0.5)
}
