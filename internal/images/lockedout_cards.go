package images

import (
	"fmt"
	"math"

	"standoff/internal/games/lockedout"
)

// The full board's sections: the face-up cards chip by chip, and a key.

// loTableCards lists the cards face up on the table: both play areas by
// name, the discard pile by id, and how many are out of the game.
func loTableCards(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
	named := func(c lockedout.CardView) string { return c.ID + " " + c.Name }
	bare := func(c lockedout.CardView) string { return c.ID }
	for _, area := range []struct {
		head  string
		cards []lockedout.CardView
		text  func(lockedout.CardView) string
	}{
		{"Access play area", v.Access, named},
		{"Resource play area", v.Supplies, named},
		// Discarded cards are public; ids keep a long pile compact, and the
		// hand pictures and /game status name them.
		{fmt.Sprintf("Discard pile (%s)", loCards(len(v.Discard))), v.Discard, bare},
	} {
		y = loHeading(dc, area.head, y, draw)
		y = loChips(dc, area.cards, loMapX, y, loWidth-2*loMapX, area.text, draw) + 16
	}
	if draw {
		dc.Font(loSmall, false)
		dc.SetColor(loInk)
		out := "none"
		if v.OutOfGame > 0 {
			out = fmt.Sprintf("%d unused Shares of the Booty", v.OutOfGame)
			if v.OutOfGame == 1 {
				out = "1 unused Share of the Booty"
			}
		}
		dc.DrawString("Out of the game: "+out, loMapX, y+26)
	}
	return y + 44
}

// loKeyText says what the picture's letters and marks mean.
const loKeyText = "Card letters: R fuel, Y power and B oxygen resource cards; O orange and P purple access cards; " +
	"L loot; S Share of the Booty. Values are in znooties (Z). Hatched rooms are locked. " +
	"The maintenance player lowers every resource not saved when play passes to them."

// loKey is the full board's key, wrapped.
func loKey(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
	y = loHeading(dc, "Key", y, draw)
	dc.Font(loSmall, false)
	dc.SetColor(loMuted)
	for _, l := range dc.Wrap(loKeyText, loWidth-2*loMapX) {
		if draw {
			dc.DrawString(l, loMapX, y+26)
		}
		y += 34
	}
	return y + 8
}

// Chips: a face-up card as a letter in its colour and a label.
const (
	loChipH   = 42.0
	loChipGap = 8.0
)

// loChips draws face-up cards as labelled chips, wrapping at width; it
// returns the y below the last row. With draw false it only measures.
func loChips(dc *Canvas, cards []lockedout.CardView, x, y, width float64, label func(lockedout.CardView) string, draw bool) float64 {
	if len(cards) == 0 {
		if draw {
			dc.Font(loSmall, false)
			dc.SetColor(loMuted)
			dc.DrawString("none", x, y+28)
		}
		return y + 40
	}
	cx, cy := x, y
	for _, c := range cards {
		text := label(c)
		dc.Font(loSmall, false)
		tw, _ := dc.MeasureString(text)
		w := tw + 52
		if cx+w > x+width {
			cx, cy = x, cy+loChipH+loChipGap
		}
		if draw {
			loChip(dc, c, cx, cy, w, text)
		}
		cx += w + loChipGap
	}
	return cy + loChipH
}

// loSprites keeps every chip and card tile drawn, keyed by what they show:
// a game's deck bounds them.
var loSprites Sprites

// loChip draws a chip, stamped from a sprite. Chips sit on whole pixels
// (widths are measured in whole pixels), so the stamp is the drawing.
func loChip(dc *Canvas, c lockedout.CardView, x, y, w float64, text string) {
	key := struct {
		card      lockedout.CardView
		text      string
		w, dx, dy float64
	}{c, text, w, x - math.Round(x), y - math.Round(y)}
	loSprites.Stamp(dc, key, int(math.Ceil(w))+5, int(loChipH)+5, int(math.Round(x))-2, int(math.Round(y))-2, func(s *Canvas) {
		loChipDraw(s, c, 2+key.dx, 2+key.dy, w, text)
	})
}

func loChipDraw(dc *Canvas, c lockedout.CardView, x, y, w float64, text string) {
	col := loCardColor[c.Color]
	dc.SetColor(loWhite)
	dc.DrawRoundedRectangle(x, y, w, loChipH, 6)
	dc.Fill()
	dc.SetColor(col)
	dc.SetLineWidth(2.5)
	dc.DrawRoundedRectangle(x, y, w, loChipH, 6)
	dc.Stroke()
	dc.DrawRoundedRectangle(x, y, 34, loChipH, 6)
	dc.Fill()
	dc.Font(loSmall, true)
	dc.SetColor(loWhite)
	dc.DrawStringAnchored(loCardLetter(c), x+17, y+30, 0.5, 0)
	dc.Font(loSmall, false)
	dc.SetColor(loInk)
	dc.DrawString(text, x+43, y+30)
}
