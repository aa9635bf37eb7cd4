package images

import (
	"fmt"
	"slices"
	"strings"

	"standoff/internal/games/hunted"
)

// A card in the turn picture is one line: its type (colour and letter),
// its name, and in the row the icons it gives when discarded, what it
// costs to take and what it does; in an inventory, its state and use.
const (
	htNameX  = htX + 46 // after the badge
	htGivesX = 330.0
	htCostsX = 466.0
	htDoesX  = 612.0
)

// htCardSections are the bands of cards: the monitors' and a won fight's
// draws, each row (co-op: and the shared one), each inventory. The empty
// ones share one line, where the first of them would be.
func htCardSections(v *hunted.PublicView) []huSection {
	var secs []huSection
	var empty []string
	emptyAt := -1
	list := func(title string, cards []hunted.CardView, inRow bool) {
		if len(cards) > 0 {
			secs = append(secs, htCardList(title, cards, inRow))
			return
		}
		if emptyAt < 0 {
			emptyAt = len(secs)
		}
		empty = append(empty, title)
	}
	if len(v.Surveil) > 0 {
		list("On the monitors: discard one, one to the bottom, one on top", v.Surveil, true)
	}
	if len(v.Reward) > 0 {
		list("Fight won: keep one of these for free", v.Reward, false)
	}
	for _, p := range v.Players {
		list(htOwn(v, p, "Row", "'s row"), p.Row, true)
	}
	if v.Coop {
		list("Shared row", v.Shared, true)
	}
	for _, p := range v.Players {
		list(htOwn(v, p, "Inventory", "'s inventory"), p.Inv, false)
	}
	if v.Coop && len(v.SharedInv) > 0 {
		list("Shared inventory", v.SharedInv, false)
	}
	if len(empty) > 0 {
		secs = slices.Insert(secs, emptyAt, htEmpty(empty))
	}
	return secs
}

// htOwn names a player's row or inventory: solo "Row", co-op "Bob's row".
func htOwn(v *hunted.PublicView, p hunted.PlayerView, solo, coop string) string {
	if v.Coop {
		return p.Name + coop
	}
	return solo
}

// htEmpty is one line for the empty rows and inventories.
func htEmpty(titles []string) huSection {
	s := titles[0] + ": empty"
	if len(titles) > 1 {
		s = "Empty: " + strings.Join(titles, ", ")
	}
	lines := htWrap(s, htHead, true, htWidth, 2)
	return huSection{10 + float64(len(lines))*htLineH, func(dc *Canvas, y float64) {
		for i, l := range lines {
			htText(dc, l, htHead, true, huInk, htX, y+24+float64(i)*htLineH, 0)
		}
	}}
}

// htCardList is a heading and a line per card; row cards (inRow) have
// the columns gives, costs and does, named beside the heading or, when it
// is long, under it.
func htCardList(title string, cards []hunted.CardView, inRow bool) huSection {
	if inRow {
		title = fmt.Sprintf("%s (%d)", title, len(cards))
	}
	// A row of terrorists alone names no columns: they give and cost nothing.
	inRow = inRow && slices.ContainsFunc(cards, htPays)
	top := 44.0
	labelsY := 24.0
	if inRow && htMeasure(htHead, true)(title) > htGivesX-htX-10 {
		top, labelsY = 80, 62
	}
	if !inRow {
		top = 40
	}
	h := top + float64(len(cards))*htCardH + 4
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
	if inRow && htPays(c) {
		doesX = htDoesX
		htCardPays(dc, c, mid)
	}
	htText(dc, htFit(does, htBody, false, htRight-doesX), htBody, false, huInk, doesX, mid, 0)
}

// htPays says whether a card gives or costs anything (a terrorist or an
// event does neither).
func htPays(c hunted.CardView) bool {
	return len(c.Actions) > 0 || len(c.Cost) > 0 || c.CostTime > 0 || c.Noise > 0
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
