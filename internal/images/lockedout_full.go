package images

import (
	"fmt"
	"math"

	"standoff/internal/games/lockedout"
)

// The full board's sections: the face-up cards chip by chip, and a key.

// lockedOutFullCards lists the cards face up on the table: both play areas by
// name, the discard pile by id, and how many are out of the game.
func lockedOutFullCards(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
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
		{fmt.Sprintf("Discard pile (%s)", lockedOutCards(len(v.Discard))), v.Discard, bare},
	} {
		y = lockedOutHeading(dc, area.head, y, draw)
		y = lockedOutChips(dc, area.cards, lockedOutMapX, y, lockedOutWidth-2*lockedOutMapX, area.text, draw) + 16
	}
	if draw {
		dc.Font(lockedOutSmall, false)
		dc.SetColor(lockedOutInk)
		out := "none"
		if v.OutOfGame > 0 {
			out = fmt.Sprintf("%d unused Shares of the Booty", v.OutOfGame)
			if v.OutOfGame == 1 {
				out = "1 unused Share of the Booty"
			}
		}
		dc.DrawString("Out of the game: "+out, lockedOutMapX, y+26)
	}
	return y + 44
}

// lockedOutFullKeyText says what the picture's letters and marks mean.
const lockedOutFullKeyText = "Card letters: R fuel, Y power and B oxygen resource cards; O orange and P purple access cards; " +
	"L loot; S Share of the Booty. Values are in znooties (Z). Hatched rooms are locked. " +
	"The maintenance player lowers every resource not saved when play passes to them."

// lockedOutFullKey is the full board's key, wrapped.
func lockedOutFullKey(dc *Canvas, v *lockedout.PublicView, y float64, draw bool) float64 {
	y = lockedOutHeading(dc, "Key", y, draw)
	dc.Font(lockedOutSmall, false)
	dc.SetColor(lockedOutMuted)
	for _, l := range dc.Wrap(lockedOutFullKeyText, lockedOutWidth-2*lockedOutMapX) {
		if draw {
			dc.DrawString(l, lockedOutMapX, y+26)
		}
		y += 34
	}
	return y + 8
}

// Chips: a face-up card as a letter in its colour and a label.
const (
	lockedOutChipH   = 42.0
	lockedOutChipGap = 8.0
)

// lockedOutChips draws face-up cards as labelled chips, wrapping at width; it
// returns the y below the last row. With draw false it only measures.
func lockedOutChips(dc *Canvas, cards []lockedout.CardView, x, y, width float64, label func(lockedout.CardView) string, draw bool) float64 {
	if len(cards) == 0 {
		if draw {
			dc.Font(lockedOutSmall, false)
			dc.SetColor(lockedOutMuted)
			dc.DrawString("none", x, y+28)
		}
		return y + 40
	}
	cx, cy := x, y
	for _, c := range cards {
		text := label(c)
		dc.Font(lockedOutSmall, false)
		tw, _ := dc.MeasureString(text)
		w := tw + 52
		if cx+w > x+width {
			cx, cy = x, cy+lockedOutChipH+lockedOutChipGap
		}
		if draw {
			lockedOutChip(dc, c, cx, cy, w, text)
		}
		cx += w + lockedOutChipGap
	}
	return cy + lockedOutChipH
}

// lockedOutSprites keeps every chip and card tile drawn, keyed by what they show:
// a game's deck bounds them.
var lockedOutSprites Sprites

// lockedOutChip draws a chip, stamped from a sprite. Chips sit on whole pixels
// (widths are measured in whole pixels), so the stamp is the drawing.
func lockedOutChip(dc *Canvas, c lockedout.CardView, x, y, w float64, text string) {
	key := struct {
		card      lockedout.CardView
		text      string
		w, dx, dy float64
	}{c, text, w, x - math.Round(x), y - math.Round(y)}
	lockedOutSprites.Stamp(dc, key, int(math.Ceil(w))+5, int(lockedOutChipH)+5, int(math.Round(x))-2, int(math.Round(y))-2, func(s *Canvas) {
		lockedOutChipDraw(s, c, 2+key.dx, 2+key.dy, w, text)
	})
}

func lockedOutChipDraw(dc *Canvas, c lockedout.CardView, x, y, w float64, text string) {
	col := lockedOutCardColor[c.Color]
	dc.SetColor(lockedOutWhite)
	dc.DrawRoundedRectangle(x, y, w, lockedOutChipH, 6)
	dc.Fill()
	dc.SetColor(col)
	dc.SetLineWidth(2.5)
	dc.DrawRoundedRectangle(x, y, w, lockedOutChipH, 6)
	dc.Stroke()
	dc.DrawRoundedRectangle(x, y, 34, lockedOutChipH, 6)
	dc.Fill()
	dc.Font(lockedOutSmall, true)
	dc.SetColor(lockedOutWhite)
	dc.DrawStringAnchored(lockedOutCardLetter(c), x+17, y+30, 0.5, 0)
	dc.Font(lockedOutSmall, false)
	dc.SetColor(lockedOutInk)
	dc.DrawString(text, x+43, y+30)
}
