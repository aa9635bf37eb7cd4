package images

import (
	"fmt"
	"strings"

	"standoff/internal/games/hijacked"
)

// The solo mode's Cybot: its current card (number and priority list, each
// action marked done / now / next in words, not colour alone), the card-5
// reminder, the hijacker it sticks to, its set-aside rewards and, at the end,
// the points it scores for its bonus tiles and set-aside rewards.

// hjdCybotHeight is the height of the Cybot panel, 0 without a Cybot.
func hjdCybotHeight(v *hijacked.PublicView) float64 {
	c := v.Cybot
	if c == nil {
		return 0
	}
	return 52 + 25*float64(max(1, len(c.Actions))) + 25 + 13
}

// hjdCybot draws the Cybot panel at y and returns the y below it.
func hjdCybot(dc *hjdCanvas, v *hijacked.PublicView, y float64) float64 {
	c := v.Cybot
	if c == nil {
		return y
	}
	h := hjdCybotHeight(v) - 13
	dc.box(hjdRowMargin, y, hjdWidth-2*hjdRowMargin, h, 8, hjdPanel, hjdLine)
	title := "Cybot: no card yet"
	if c.Card > 0 {
		title = fmt.Sprintf("Cybot card %d", c.Card)
		if !c.OnTurn {
			title += " (last turn)"
		}
	}
	dc.text(title, 27, y+28, 20, true, hjdInk)
	dc.font(15, false)
	dc.SetColor(hjdMuted)
	dc.DrawStringAnchored(fmt.Sprintf("%d cards left in its deck", c.Deck), hjdWidth-27, y+22, 1, 0.5)
	y += 40
	if len(c.Actions) == 0 {
		y += 25
	}
	for i, a := range c.Actions {
		mark, col, bold := "next", hjdMuted, false
		switch a.State {
		case "over":
			mark = "done"
		case "now":
			mark, col, bold = "NOW", hjdAlert, true
		}
		dc.text(mark, 30, y+17, 14, true, col)
		line := fmt.Sprintf("%d. %s", i+1, a.Name)
		if a.Note != "" {
			line += " (" + a.Note + ")"
		}
		dc.text(dc.fit(line, hjdWidth-125), 83, y+17, 16, bold, hjdInk)
		y += 25
	}
	var info []string
	if c.Reminder != "" {
		info = append(info, "Reminder (card 5): bonus die first chooses 1 more card")
	}
	if c.Hijacker != "" {
		info = append(info, fmt.Sprintf("Its hijacker: %s (place %d)", c.Hijacker, c.Place))
	}
	if k := c.SetAside[0] + c.SetAside[1] + c.SetAside[2] + c.SetAside[3]; k > 0 {
		info = append(info, "Set aside: "+hijacked.DemandText(c.SetAside))
	}
	if c.Asking != "" {
		info = append(info, "Waiting for your answer")
	}
	for _, p := range v.Players {
		if f := p.FinalScore; f != nil && p.Seat == c.Seat && (f.Tiles != 0 || f.SetAside != 0) {
			info = append(info, fmt.Sprintf("Its total includes +%d for bonus tiles and +%d for rewards set aside", f.Tiles, f.SetAside))
		}
	}
	if len(info) == 0 {
		info = append(info, "It plays its card's actions in order; spare dice buy a token, then a card, then a bonus die")
	}
	dc.text(dc.fit(strings.Join(info, " · "), hjdWidth-60), 30, y+17, 15, false, hjdMuted)
	return y + 25 + 13 + 8
}
