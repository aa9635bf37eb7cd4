package images

import (
	"image/color"

	"standoff/internal/games/hijacked"
)

// What both of Hijacked's layouts (the turn picture and the full board)
// draw of the players, each at its own sizes: a row's box, the score
// track's scale, the demands in a supply, a die's colours and the final
// score's items.

// hijackedOnTurn says whether a player's row is marked as on turn.
func hijackedOnTurn(v *hijacked.PublicView, pl hijacked.PlayerView) bool {
	return pl.Seat == v.Turn && !v.Over
}

// hijackedRowBox draws a panel across the picture, h high, at y: a
// player's row (tinted when on turn) or the Cybot's card.
func hijackedRowBox(dc *Canvas, y, h float64, onTurn bool) {
	bg := hijackedPanel
	if onTurn {
		bg = hijackedOnTurnBg
	}
	roundedBox(dc, hijackedRowMargin, y, hijackedWidth-2*hijackedRowMargin, h, 8, bg, hijackedLine)
}

// hijackedScale places scores 0 to top on a score track from x, w wide.
type hijackedScale struct {
	x, w float64
	top  int
}

// hijackedScaleOf is a track from x, w wide, long enough for 40 points
// and for every score given.
func hijackedScaleOf(x, w float64, scores ...int) hijackedScale {
	top := 40
	for _, n := range scores {
		top = max(top, n)
	}
	return hijackedScale{x, w, top}
}

// at is where a score lies on the track.
func (s hijackedScale) at(n int) float64 { return s.x + s.w*float64(n)/float64(s.top) }

// tens are the scores the track marks: every ten from 0.
func (s hijackedScale) tens() []int {
	var out []int
	for n := 0; n <= s.top; n += 10 {
		out = append(out, n)
	}
	return out
}

// hijackedDemandChips draws the demands a player holds from x, each by
// the layout's chip, which returns where the next starts; the result is
// where the chips end (x when they hold none).
func hijackedDemandChips(pl hijacked.PlayerView, x float64, chip func(x float64, d string, n int) float64) float64 {
	for i, d := range hijackedDemandNames {
		if pl.Demands[i] > 0 {
			x = chip(x, d, pl.Demands[i])
		}
	}
	return x
}

// hijackedDieColours are a die's fill and ink: bonus and mini dice
// tinted, a used one grey on paper.
func hijackedDieColours(kind string, used bool) (fill, ink color.RGBA) {
	fill, ink = hijackedPanel, hijackedInk
	switch kind {
	case "bonus":
		fill = hijackedBonusBg
	case "mini":
		fill = hijackedMiniBg
	}
	if used {
		fill, ink = hijackedPaper, hijackedMuted
	}
	return fill, ink
}

// hijackedScoreItem is an item of the final scoring: its label in the
// turn picture's table and in the full board's, and its points.
type hijackedScoreItem struct {
	turn, full string
	points     func(f *hijacked.ScoreLine) int
}

// hijackedScoreItems are the final scoring's items, the total last; the
// Cybot also scores its bonus tiles and set-aside rewards, an item of
// their own so the items add up to the total.
func hijackedScoreItems(v *hijacked.PublicView) []hijackedScoreItem {
	items := []hijackedScoreItem{
		{"score track", "track", func(f *hijacked.ScoreLine) int { return f.Track }},
		{"medals", "medals", func(f *hijacked.ScoreLine) int { return f.Medals }},
		{"demands", "demands", func(f *hijacked.ScoreLine) int { return f.Demands }},
		{"star", "star", func(f *hijacked.ScoreLine) int { return f.Star }},
		{"hijackers", "hijackers", func(f *hijacked.ScoreLine) int { return f.Hijackers }},
		{"cards", "cards", func(f *hijacked.ScoreLine) int { return f.Cards }},
		{"recognition", "recognition", func(f *hijacked.ScoreLine) int { return f.Recognition }},
	}
	for _, p := range v.Players {
		if p.FinalScore != nil && p.FinalScore.Tiles+p.FinalScore.SetAside != 0 {
			items = append(items, hijackedScoreItem{"tiles, set aside", "tiles+aside", func(f *hijacked.ScoreLine) int { return f.Tiles + f.SetAside }})
			break
		}
	}
	return append(items, hijackedScoreItem{"TOTAL", "TOTAL", func(f *hijacked.ScoreLine) int { return f.Total }})
}

// hijackedScored says whether the final scoring has been done.
func hijackedScored(v *hijacked.PublicView) bool {
	for _, p := range v.Players {
		if p.FinalScore != nil {
			return true
		}
	}
	return false
}
