package images

import (
	"fmt"
	"image/color"
	"slices"
	"strings"

	"standoff/internal/games/hunted"
)

// htNowSections are the bands of what is being resolved: the ending, the
// fight and its dice, the location cards to choose from or the one being
// played.
func htNowSections(v *hunted.PublicView) []huSection {
	var secs []huSection
	if v.Over {
		secs = append(secs, htEndSection(v))
	}
	if v.Fight != nil {
		secs = append(secs, htFightSection(v.Fight))
	}
	if r := v.Roll; r != nil {
		secs = append(secs, htDiceSection(htRollLabel(r), r.Dice, ""))
	} else if len(v.Rolls) > 0 {
		// The last roll of now: the view keeps a fight's dice while it
		// lasts and at its end, a test's in the move that rolled it.
		r := v.Rolls[len(v.Rolls)-1]
		secs = append(secs, htDiceSection("Last roll: "+r.Who+", "+r.What, r.Dice, r.Outcome))
	}
	if len(v.Choice) > 0 {
		secs = append(secs, huSection{48, func(dc *Canvas, y float64) { htHeading(dc, "Location cards drawn: play one", y) }})
		for _, l := range v.Choice {
			secs = append(secs, htCardPanel(l.Name+" ("+l.ID+")", l.Text, huWhite, huGold))
		}
	} else if title, text := htResolving(v); title != "" && v.Fight == nil {
		// A fight's panel says all a fighting location or event does.
		secs = append(secs, htCardPanel(title, text, huWhite, huGold))
	}
	return secs
}

// htRollLabel says whose roll is waiting and what for; a test says what
// passes ("roll equal to or greater than five", one die).
func htRollLabel(r *hunted.RollView) string {
	if test, ok := strings.CutPrefix(r.What, "test: "); ok {
		return fmt.Sprintf("%s's test for %s (one 5+ passes), not kept yet:", r.Who, test)
	}
	return fmt.Sprintf("%s rolled (%s), not kept yet:", r.Who, r.What)
}

// htResolving names the location or event being resolved, while it
// matters, and what it says.
func htResolving(v *hunted.PublicView) (title, text string) {
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

// htCardPanel is a location or event in a panel: its name, then its text
// wrapped.
func htCardPanel(title, text string, fill, line color.RGBA) huSection {
	lines := htWrap(text, htBody, false, htWidth-32, 3)
	h := 58 + float64(len(lines))*htLineH
	return huSection{h + 12, func(dc *Canvas, y float64) {
		htPanel(dc, y+6, h, fill, line)
		htText(dc, htFit(title, htHead, true, htWidth-32), htHead, true, huInk, htX+16, y+34, 0)
		for i, l := range lines {
			htText(dc, l, htBody, false, huInk, htX+16, y+74+float64(i)*htLineH, 0)
		}
	}}
}

// htEndSection says how the game ended and how it scored (the header
// has the verdict).
func htEndSection(v *hunted.PublicView) huSection {
	line := huRed
	if v.Won {
		line = huGreen
	}
	return htCardPanel("Game over", v.Result, huWhite, line)
}

// htFightSection is the fight: its name, the targets (a hit one crossed
// out), the round and who fights.
func htFightSection(f *hunted.FightView) huSection {
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
	boxesH := max(76, float64(len(info))*htLineH+6)
	h := 58 + boxesH + 10
	return huSection{h + 12, func(dc *Canvas, y float64) {
		htPanel(dc, y+6, h, huFightBg, huRed)
		htText(dc, htFit(title, htTitle, true, htWidth-32), htTitle, true, huInk, htX+16, y+36, 0)
		x := htX + 16
		for i, l := range labels {
			htTarget(dc, x, y+62, l, hit[i])
			x += 76
		}
		x += 8
		for i, l := range info {
			htText(dc, htFit(l, htBody, false, htRight-16-x), htBody, false, huInk, x, y+62+htLineH/2+float64(i)*htLineH, 0)
		}
	}}
}

// htTarget is a target number in a box; a hit one is greyed and crossed.
func htTarget(dc *Canvas, x, y float64, label string, hit bool) {
	huStamp(dc, fmt.Sprintf("ht target %v", hit), 66, 66, 3, x, y, func(dc *Canvas, x, y float64) {
		dc.DrawRoundedRectangle(x, y, 66, 66, 7)
		dc.SetColor(huWhite)
		if hit {
			dc.SetColor(huFaint)
		}
		dc.FillPreserve()
		dc.SetColor(huRed)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
	if hit {
		huStamp(dc, "ht cross", 66, 66, 3, x, y, func(dc *Canvas, x, y float64) {
			dc.SetColor(huRed)
			dc.SetLineWidth(4)
			dc.DrawLine(x+8, y+8, x+58, y+58)
			dc.DrawLine(x+58, y+8, x+8, y+58)
			dc.Stroke()
		})
	}
	// The number over the cross: a hit target still says which it was.
	htText(dc, label, 34, true, huInk, x+33, y+33, 0.5)
}

const (
	htDieW    = 92.0
	htDieStep = 102.0
)

// htDiceSection is a roll: what it was for, the dice (value large, kind
// below) and what it did, beside the dice or under them when they leave
// no room.
func htDiceSection(label string, dice []hunted.Die, outcome string) huSection {
	if outcome != "" {
		outcome = "→ " + outcome
	}
	after := htX + float64(len(dice))*htDieStep + 8
	below := outcome != "" && htRight-after < htMeasure(htHead, true)(outcome)
	h := 44 + 96.0
	if below {
		h += htLineH + 4
	}
	return huSection{h, func(dc *Canvas, y float64) {
		htText(dc, htFit(label, htBody, false, htWidth), htBody, false, huInk, htX, y+24, 0)
		x := htX
		for _, d := range dice {
			htDie(dc, x, y+46, d)
			x += htDieStep
		}
		switch {
		case outcome == "":
		case below:
			htText(dc, htFit(outcome, htHead, true, htWidth), htHead, true, huInk, htX, y+46+88+htLineH/2+4, 0)
		default:
			htText(dc, htFit(outcome, htHead, true, htRight-after), htHead, true, huInk, after, y+46+44, 0)
		}
	}}
}

// htDie is a die: its value (regroup tokens added) and its kind, "d6 +2"
// for one regroup token.
func htDie(dc *Canvas, x, y float64, d hunted.Die) {
	huStamp(dc, "ht die", htDieW, 88, 3, x, y, func(dc *Canvas, x, y float64) {
		dc.DrawRoundedRectangle(x, y, htDieW, 88, 9)
		dc.SetColor(huWhite)
		dc.FillPreserve()
		dc.SetColor(huInk)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
	htText(dc, fmt.Sprint(d.Value()), 36, true, huInk, x+htDieW/2, y+30, 0.5)
	kind := fmt.Sprintf("d%d", d.Sides)
	if d.Boost > 0 {
		kind += fmt.Sprintf(" +%d", 2*d.Boost)
	}
	htText(dc, kind, htBody, false, huMuted, x+htDieW/2, y+66, 0.5)
}
