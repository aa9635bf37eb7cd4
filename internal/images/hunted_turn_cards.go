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
	huntedTurnNameX  = huntedTurnX + 46 // after the badge
	huntedTurnGivesX = 330.0
	huntedTurnCostsX = 466.0
	huntedTurnDoesX  = 612.0
)

// huntedTurnCardSections are the bands of cards: the monitors' and a won fight's
// draws, each row (co-op: and the shared one), each inventory. The empty
// ones share one line, where the first of them would be.
func huntedTurnCardSections(v *hunted.PublicView) []huntedSection {
	var secs []huntedSection
	var empty []string
	emptyAt := -1
	list := func(title string, cards []hunted.CardView, inRow bool) {
		if len(cards) > 0 {
			secs = append(secs, huntedTurnCardList(title, cards, inRow))
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
		list(huntedTurnOwn(v, p, "Row", "'s row"), p.Row, true)
	}
	if v.Coop {
		list("Shared row", v.Shared, true)
	}
	for _, p := range v.Players {
		list(huntedTurnOwn(v, p, "Inventory", "'s inventory"), p.Inv, false)
	}
	if v.Coop && len(v.SharedInv) > 0 {
		list("Shared inventory", v.SharedInv, false)
	}
	if len(empty) > 0 {
		secs = slices.Insert(secs, emptyAt, huntedTurnEmpty(empty))
	}
	return secs
}

// huntedTurnOwn names a player's row or inventory: solo "Row", co-op "Bob's row".
func huntedTurnOwn(v *hunted.PublicView, p hunted.PlayerView, solo, coop string) string {
	if v.Coop {
		return p.Name + coop
	}
	return solo
}

// huntedTurnEmpty is one line for the empty rows and inventories.
func huntedTurnEmpty(titles []string) huntedSection {
	s := titles[0] + ": empty"
	if len(titles) > 1 {
		s = "Empty: " + strings.Join(titles, ", ")
	}
	lines := wrapWords(s, huntedTurnHead, true, huntedTurnWidth, 2)
	return huntedSection{10 + float64(len(lines))*huntedTurnLineH, func(dc *Canvas, y float64) {
		for i, l := range lines {
			huntedTurnText(dc, l, huntedTurnHead, true, huntedInk, huntedTurnX, y+24+float64(i)*huntedTurnLineH, 0)
		}
	}}
}

// huntedTurnCardList is a heading and a line per card; row cards (inRow) have
// the columns gives, costs and does, named beside the heading or, when it
// is long, under it.
func huntedTurnCardList(title string, cards []hunted.CardView, inRow bool) huntedSection {
	if inRow {
		title = fmt.Sprintf("%s (%d)", title, len(cards))
	}
	// A row of terrorists alone names no columns: they give and cost nothing.
	inRow = inRow && slices.ContainsFunc(cards, huntedTurnPays)
	top := 44.0
	labelsY := 24.0
	if inRow && measurer(huntedTurnHead, true)(title) > huntedTurnGivesX-huntedTurnX-10 {
		top, labelsY = 80, 62
	}
	if !inRow {
		top = 40
	}
	h := top + float64(len(cards))*huntedTurnCardH + 4
	return huntedSection{h, func(dc *Canvas, y float64) {
		huntedTurnHeading(dc, title, y)
		if inRow {
			for _, c := range []struct {
				x float64
				s string
			}{{huntedTurnGivesX, "gives"}, {huntedTurnCostsX, "costs"}, {huntedTurnDoesX, "does"}} {
				huntedTurnText(dc, c.s, huntedTurnBody, false, huntedMuted, c.x, y+labelsY, 0)
			}
		}
		for i, c := range cards {
			huntedTurnCardLine(dc, c, y+top+float64(i)*huntedTurnCardH, inRow)
		}
	}}
}

// huntedTurnCardLine draws one card on the line whose top is y.
func huntedTurnCardLine(dc *Canvas, c hunted.CardView, y float64, inRow bool) {
	mid := y + huntedTurnCardH/2
	huntedTurnBadge(dc, c.Type, huntedTurnX, mid-19)
	huntedTurnText(dc, fitText(c.Name, huntedTurnHead, true, huntedTurnGivesX-huntedTurnNameX-10), huntedTurnHead, true, huntedInk, huntedTurnNameX, mid, 0)
	does := huntedDoes(c, !inRow)
	doesX := huntedTurnGivesX
	if inRow && huntedTurnPays(c) {
		doesX = huntedTurnDoesX
		huntedTurnCardPays(dc, c, mid)
	}
	huntedTurnText(dc, fitText(does, huntedTurnBody, false, huntedTurnRight-doesX), huntedTurnBody, false, huntedInk, doesX, mid, 0)
}

// huntedTurnPays says whether a card gives or costs anything (a terrorist or an
// event does neither).
func huntedTurnPays(c hunted.CardView) bool {
	return len(c.Actions) > 0 || len(c.Cost) > 0 || c.CostTime > 0 || c.Noise > 0
}

// huntedTurnCardPays draws a row card's icons: those it gives (filled) and its
// noise, then its cost (outlined icons, or time in words).
func huntedTurnCardPays(dc *Canvas, c hunted.CardView, mid float64) {
	x := huntedTurnGivesX
	for _, l := range huntedGives(c) {
		huntedTurnIcon(dc, x, mid-19, l, true)
		x += 44
	}
	if c.Noise > 0 {
		huntedTurnBell(dc, x+15, mid)
		if c.Noise > 1 {
			huntedTurnText(dc, fmt.Sprintf("×%d", c.Noise), huntedTurnBody, true, huntedInk, x+32, mid, 0)
		}
	}
	x = huntedTurnCostsX
	if t := huntedCostTime(c); t != "" {
		huntedTurnText(dc, t, huntedTurnBody, false, huntedInk, x, mid, 0)
		return
	}
	for _, l := range huntedCosts(c) {
		huntedTurnIcon(dc, x, mid-19, l, false)
		x += 44
	}
}
