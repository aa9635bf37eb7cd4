package images

import (
	"fmt"
	"image/color"
	"strings"

	"standoff/internal/games/hijacked"
)

// hijackedFullBoardInfo: number tokens, the tower, bonus dice, plane, medals and the
// dice of the turn in progress.
func hijackedFullBoardInfo(dc *Canvas, v *hijacked.PublicView, y float64) {
	hijackedFullText(dc, "Demands by die", hijackedFullMargin, y+18, 17, true, hijackedInk)
	for i, n := range v.Numbers {
		x := hijackedFullMargin + float64(i)*80
		roundedBox(dc, x, y+28, 30, 30, 5, hijackedPanel, hijackedInk)
		hijackedFullCentered(dc, fmt.Sprint(n), x+15, y+43, 18, true, hijackedInk)
		d := v.Places[i]
		hijackedFullDisc(dc, x+47, y+43, 11, 13, hijackedDemand[d], strings.ToUpper(d[:1]))
	}
	hijackedFullText(dc, "Tower:", hijackedFullMargin, y+85, 15, true, hijackedInk)
	x := 75.0
	for i, d := range hijackedDemandNames {
		x = hijackedFullDemandChip(dc, x, y+80, d, v.Supply[i])
	}
	hijackedFullText(dc, "C crypto  M medicine  F food  I intel (wild)", hijackedFullMargin, y+112, 13, false, hijackedMuted)
	hijackedFullText(dc, fmt.Sprintf("Bonus dice: %d   Mini dice: %d   Bonus tiles: %d", v.BonusDice, v.MiniDice, v.Tiles), 350, y+100, 15, false, hijackedInk)
	hijackedFullText(dc, "On the plane: "+hijacked.Aboard(v.Passengers, v.Pilots), 350, y+122, 15, false, hijackedInk)

	// Medals: a medal on the board lies number up (a gold disc with its
	// value); a won one is held face down (a dark disc, no value).
	hijackedFullText(dc, "Medals", 350, y+18, 17, true, hijackedInk)
	for i, m := range v.Medals {
		my := y + 23 + float64(i)*20
		state := map[string]string{"board": "open", "held": "won, face down", "cashed": "cashed", "discarded": "discarded"}[m.State]
		if m.Holder >= 0 {
			state += " by " + v.Players[m.Holder].Name
		}
		switch m.State {
		case "board":
			hijackedShape(dc, hijackedFullBoardMedal{m.Value}, 358, my+9, 10, func(dc *Canvas, cx, cy float64) {
				dc.DrawCircle(cx, cy, 8)
				dc.SetColor(hijackedGold)
				dc.Fill()
				hijackedFullCentered(dc, fmt.Sprint(m.Value), cx, cy, 12, true, hijackedInk)
			})
		case "held":
			hijackedFullDisc(dc, 358, my+9, 8, 12, hijackedBack, "")
		}
		dc.Font(13, false)
		dc.SetColor(hijackedInk)
		dc.DrawString(dc.Fit(fmt.Sprintf("%d. %s: %s", m.Number, m.Objective, state), 350), 370, my+13)
	}

	// Dice of the turn.
	if len(v.Dice) > 0 && !v.Over {
		dc.Font(15, true)
		dc.SetColor(hijackedInk)
		// A marked name is cut to end short of the medals' column.
		dc.DrawStringAnchored(fitSeatThen(v.Players[v.Turn].Name, "'s dice", dc.fitsCanvas(280)), hijackedWidth-hijackedFullMargin, y+18, 1, 0)
		for i := len(v.Dice) - 1; i >= 0; i-- {
			d := v.Dice[i]
			dx := hijackedWidth - hijackedFullMargin - float64(len(v.Dice)-i)*52
			hijackedFullDie(dc, dx, y+28, 45, d.Value, d.Kind, d.Used)
		}
	}
}

// hijackedFullPlayerRow: a player's score track with its bonus spaces, recognition
// track and supply.
func hijackedFullPlayerRow(dc *Canvas, v *hijacked.PublicView, p hijacked.PlayerView, y, h float64) {
	onTurn := hijackedOnTurn(v, p)
	hijackedRowBox(dc, y, h-7, onTurn)
	hijackedFullToken(dc, 37, y+23, 13, p.Seat, p.Name)
	// The most telling tag first: a long name leaves room for fewer, and
	// the last ones are cut short.
	tags := ""
	if onTurn {
		tags += " · ON TURN"
	}
	if p.Resigned {
		tags += " · left"
	}
	if p.Starting {
		tags += " · start player"
	}
	dc.Font(18, true)
	dc.SetColor(hijackedInk)
	name := dc.FitSeat(p.Name, 183)
	dc.DrawString(name, 57, y+30)
	nw, _ := dc.MeasureString(name)
	// The tags end before the score track's label ("track A" at tx-63).
	tx, tw := 417.0, 550.0
	dc.Font(17, false)
	hijackedFullText(dc, dc.Fit(ptsText(p.Score)+tags, tx-63-7-(63+nw)), 63+nw, y+30, 17, false, hijackedInk)

	hijackedFullScoreTrack(dc, p, y, tx, tw)
	hijackedFullSupplyRow(dc, v, p, y)
}

// hijackedFullScoreTrack: a player's score track from tx, tw wide: 0..max(40,
// score), bonus spaces marked with their demand letter, their token.
func hijackedFullScoreTrack(dc *Canvas, p hijacked.PlayerView, y, tx, tw float64) {
	// The line is 3 px on whole pixels (y+22 to y+25).
	ly := y + 23.5
	scale := hijackedScaleOf(tx, tw, p.Score)
	px := scale.at
	hijackedShapeRect(dc, hijackedFullTrackLine{tw}, tx+tw/2, ly, int(tw/2)+4, 4, func(dc *Canvas, _, _ float64) {
		dc.SetColor(hijackedLine)
		dc.SetLineWidth(3)
		dc.DrawLine(tx, ly, tx+tw, ly)
		dc.Stroke()
	})
	for _, n := range scale.tens() {
		hijackedFullCentered(dc, fmt.Sprint(n), px(n), y+42, 13, false, hijackedMuted)
	}
	for _, b := range p.Bonuses {
		bx := px(b.At)
		fill := hijackedDemand[b.Demand]
		if b.Taken {
			fill = hijackedLine
		}
		hijackedFullDisc(dc, bx, ly, 8, 10, fill, strings.ToUpper(b.Demand[:1]))
	}
	hijackedFullToken(dc, px(p.Score), ly, 10, p.Seat, p.Name)
	hijackedFullText(dc, "track "+p.Track, tx-63, y+28, 13, false, hijackedMuted)
}

// hijackedFullSupplyRow: a player's recognition track and supply.
func hijackedFullSupplyRow(dc *Canvas, v *hijacked.PublicView, p hijacked.PlayerView, y float64) {
	// Recognition: start, 1, 2, 3 with their points; the thumb marked.
	rx := hijackedFullMargin
	hijackedFullText(dc, "Recognition", rx, y+58, 13, false, hijackedMuted)
	for i, pts := range v.Recognition {
		bx := rx + 77 + float64(i)*42
		fill := color.Color(hijackedPaper)
		if i == p.Thumb {
			fill = hijackedPlayer[p.Seat%len(hijackedPlayer)]
		}
		roundedBox(dc, bx, y+45, 37, 20, 4, fill, hijackedLine)
		ink := color.Color(hijackedInk)
		if i == p.Thumb {
			ink = hijackedPanel
		}
		hijackedFullCentered(dc, fmt.Sprintf("%+d", pts), bx+18.5, y+55, 13, true, ink)
	}

	// Supply: demands, then cards, freed, hijackers, tiles, medals, dice.
	const supplyX = 275.0
	x := hijackedDemandChips(p, supplyX, func(x float64, d string, n int) float64 { return hijackedFullDemandChip(dc, x, y+55, d, n) })
	if x == supplyX {
		hijackedFullText(dc, "no demands", x, y+60, 13, false, hijackedMuted)
		x += 83
	}
	cx := hijackedFullMargin
	for _, c := range p.Cards {
		roundedBox(dc, cx, y+75, 50, 22, 4, hijackedCardBg[c.Color], hijackedCardBg[c.Color])
		hijackedFullCentered(dc, c.ID, cx+25, y+86, 13, true, hijackedPanel)
		cx += 55
	}
	if len(p.Cards) == 0 {
		hijackedFullText(dc, "no cards", cx, y+92, 13, false, hijackedMuted)
		cx += 67
	}
	extra := hijackedExtras(p)
	dc.Font(13, false)
	dc.SetColor(hijackedInk)
	dc.DrawString(dc.Fit(strings.Join(extra, " · "), hijackedWidth-33-cx), cx+8, y+92)
}

// hijackedExtras is the rest of a player's supply in words: freed passengers and
// pilots, hijackers, tiles, medals, the star, dice for the next turn, a
// reservation.
func hijackedExtras(p hijacked.PlayerView) []string {
	var extra []string
	extra = append(extra, "freed "+hijacked.Aboard(p.Freed, p.Pilots))
	if len(p.Hijackers) > 0 {
		var hs []string
		for _, hv := range p.Hijackers {
			hs = append(hs, hv.Name)
		}
		extra = append(extra, "hijackers: "+strings.Join(hs, ", "))
	}
	if len(p.Tiles) > 0 {
		extra = append(extra, "tiles: "+strings.Join(p.Tiles, ", "))
	}
	if p.Medals > 0 {
		extra = append(extra, count(p.Medals, "medal")+" face down")
	}
	if p.Star {
		extra = append(extra, "STAR")
	}
	if p.Bonus+p.Mini > 0 {
		extra = append(extra, "next turn "+hijacked.NextDice(p.Bonus, p.Mini))
	}
	if p.Reserved > 0 {
		extra = append(extra, fmt.Sprintf("reserves seat %d", p.Reserved))
	}
	return extra
}

// hijackedFullTrackLine names a score track's line as drawn (shapes.go).
type hijackedFullTrackLine struct{ width float64 }

// hijackedFullFinal: the final scoring table, one column per scoring item.
func hijackedFullFinal(dc *Canvas, v *hijacked.PublicView, y float64) float64 {
	hijackedFullText(dc, "Final score", hijackedFullMargin, y+22, 20, true, hijackedInk)
	dc.Font(15, false)
	dc.SetColor(hijackedMuted)
	dc.DrawStringAnchored(dc.Fit(v.Result, 750), hijackedWidth-hijackedFullMargin, y+17, 1, 0.5)
	y += 33
	if !hijackedScored(v) {
		return y
	}
	items := hijackedScoreItems(v)
	step := 630.0 / float64(len(items)-1)
	colX := func(i int) float64 { return 275 + float64(i)*step }
	for i, item := range items {
		hijackedFullCentered(dc, item.full, colX(i), y+10, 13, true, hijackedMuted)
	}
	y += 22
	for _, p := range v.Players {
		f := p.FinalScore
		if f == nil {
			continue
		}
		hijackedFullToken(dc, 30, y+10, 9, p.Seat, p.Name)
		dc.Font(16, true)
		dc.SetColor(hijackedInk)
		dc.DrawString(dc.FitSeat(p.Name, 200), 47, y+16)
		for i, item := range items {
			hijackedFullCentered(dc, fmt.Sprint(item.points(f)), colX(i), y+10, 16, i == len(items)-1, hijackedInk)
		}
		y += 25
	}
	return y + 8
}

// hijackedFullBoardMedal names a board medal's small gold disc and value as
// drawn (shapes.go).
type hijackedFullBoardMedal struct{ value int }
