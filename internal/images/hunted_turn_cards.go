package images

import (
	"fmt"

	"standoff/internal/games/hunted"
)

// A card in the turn picture is one line: its type (colour and letter),
// its name, and in the row the icons it gives when discarded, what it
// costs to take and what it does; in an inventory, its state and use.
const (
	htNameX  = htX + 46 // after the badge
	htGivesX = 316.0
	htCostsX = 456.0
	htDoesX  = 612.0
)

// htCardSections are the bands of cards: the monitors' and a won fight's
// draws, each row (co-op: and the shared one), each inventory.
func htCardSections(v *hunted.PublicView) []huSection {
	var secs []huSection
	if len(v.Surveil) > 0 {
		secs = append(secs, htCardList("On the monitors: discard one, one to the bottom, one on top", v.Surveil, true))
	}
	if len(v.Reward) > 0 {
		secs = append(secs, htCardList("Fight won: keep one of these for free", v.Reward, false))
	}
	for _, p := range v.Players {
		name := "Row"
		if v.Coop {
			name = p.Name + "'s row"
		}
		secs = append(secs, htCardList(name, p.Row, true))
	}
	if v.Coop {
		secs = append(secs, htCardList("Shared row", v.Shared, true))
	}
	for _, p := range v.Players {
		name := "Inventory"
		if v.Coop {
			name = p.Name + "'s inventory"
		}
		secs = append(secs, htCardList(name, p.Inv, false))
	}
	if v.Coop && len(v.SharedInv) > 0 {
		secs = append(secs, htCardList("Shared inventory", v.SharedInv, false))
	}
	return secs
}

// htCardList is a heading and a line per card; row cards (inRow) have
// the columns gives, costs and does, named beside the heading or, when it
// is long, under it. No cards: the heading says "empty".
func htCardList(title string, cards []hunted.CardView, inRow bool) huSection {
	if len(cards) == 0 {
		return huSection{48, func(dc *Canvas, y float64) { htHeading(dc, title+": empty", y) }}
	}
	if inRow {
		title = fmt.Sprintf("%s (%d)", title, len(cards))
	}
	top := 48.0
	labelsY := 26.0
	if inRow && htMeasure(htHead, true)(title) > htGivesX-htX-10 {
		top, labelsY = 84, 66
	}
	if !inRow {
		top = 44
	}
	h := top + float64(len(cards))*htCardH + 6
	return huSection{h, func(dc *Canvas, y float64) {
		htHeading(dc, title, y)
		if inRow {
			for _, c := range []struct {
				x float64
				s string
			}{{htGivesX, "gives"}, {htCostsX, "costs"}, {htDoesX, "does"}} {
				htText(dc, c.s, htBody, false, huMuted, c.x, y+labelsY, 0)
			}
		}
		for i, c := range cards {
			htCardLine(dc, c, y+top+float64(i)*htCardH, inRow)
		}
	}}
}

// htCardLine draws one card on the line whose top is y.
func htCardLine(dc *Canvas, c hunted.CardView, y float64, inRow bool) {
	mid := y + htCardH/2
	htBadge(dc, c.Type, htX, mid-19)
	htText(dc, htFit(c.Name, htHead, true, htGivesX-htNameX-10), htHead, true, huInk, htNameX, mid, 0)
	does := huDoes(c, !inRow)
	doesX := htGivesX
	if inRow && (len(c.Actions) > 0 || len(c.Cost) > 0 || c.CostTime > 0 || c.Noise > 0) {
		doesX = htDoesX
		htCardPays(dc, c, mid)
	}
	htText(dc, htFit(does, htBody, false, htRight-doesX), htBody, false, huInk, doesX, mid, 0)
}

// htCardPays draws a row card's icons: those it gives (filled) and its
// noise, then its cost (outlined icons, or time in words).
func htCardPays(dc *Canvas, c hunted.CardView, mid float64) {
	x := htGivesX
	for _, l := range huGives(c) {
		htIcon(dc, x, mid-19, l, true)
		x += 44
	}
	if c.Noise > 0 {
		htBell(dc, x+15, mid)
		if c.Noise > 1 {
			htText(dc, fmt.Sprintf("×%d", c.Noise), htBody, true, huInk, x+32, mid, 0)
		}
	}
	x = htCostsX
	if t := huCostTime(c); t != "" {
		htText(dc, t, htBody, false, huInk, x, mid, 0)
		return
	}
	for _, l := range huCosts(c) {
		htIcon(dc, x, mid-19, l, false)
		x += 44
	}
}
