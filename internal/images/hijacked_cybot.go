package images

import (
	"fmt"
	"image/color"
	"strings"

	"standoff/internal/games/hijacked"
)

// The solo mode's Cybot: its current card (number and priority list, each
// action marked done / now / next in words, not colour alone), the card-5
// reminder, the hijacker it sticks to, its set-aside rewards and, at the end,
// the points it scores for its bonus tiles and set-aside rewards.

// The action lines of the Cybot panel: the mark (done, skipped, NOW, next)
// at hjdCybotMarkX, the action from hjdCybotTextX up to hjdCybotRight, the
// panel's inner right edge.
const (
	hjdCybotMarkX = 30.0
	hjdCybotTextX = 100.0
	hjdCybotRight = hjdWidth - hjdRowMargin - 14
)

// hjdCybotLine is one action of the Cybot's card as drawn.
type hjdCybotLine struct {
	mark      string
	markColor color.Color
	text      string
	bold      bool
}

// hjdCybotActions lays out the actions of the Cybot's card: each marked by
// what became of it, a skipped one ("not possible, next") apart from one
// done, and cut to the panel in the font it is drawn in (the NOW line is
// bold, so wider).
func hjdCybotActions(dc *Canvas, c *hijacked.CybotView) []hjdCybotLine {
	var out []hjdCybotLine
	for i, a := range c.Actions {
		l := hjdCybotLine{mark: "next", markColor: hjdMuted}
		switch a.State {
		case "done":
			l.mark = "done"
		case "skipped":
			l.mark = "skipped"
		case "now":
			l.mark, l.markColor, l.bold = "NOW", hjdAlert, true
		}
		line := fmt.Sprintf("%d. %s", i+1, a.Name)
		if a.Note != "" {
			line += " (" + a.Note + ")"
		}
		dc.Font(16, l.bold)
		l.text = dc.Fit(line, hjdCybotRight-hjdCybotTextX)
		out = append(out, l)
	}
	return out
}

// hjdCybotHeight is the height of the Cybot panel, 0 without a Cybot.
func hjdCybotHeight(v *hijacked.PublicView) float64 {
	c := v.Cybot
	if c == nil {
		return 0
	}
	return 52 + 25*float64(max(1, len(c.Actions))) + 25 + 13
}

// hjdCybot draws the Cybot panel at y and returns the y below it.
func hjdCybot(dc *Canvas, v *hijacked.PublicView, y float64) float64 {
	c := v.Cybot
	if c == nil {
		return y
	}
	h := hjdCybotHeight(v) - 13
	hjdBox(dc, hjdRowMargin, y, hjdWidth-2*hjdRowMargin, h, 8, hjdPanel, hjdLine)
	title := "Cybot: no card yet"
	if c.Card > 0 {
		title = fmt.Sprintf("Cybot card %d", c.Card)
		if !c.OnTurn {
			title += " (last turn)"
		}
	}
	hjdText(dc, title, 27, y+28, 20, true, hjdInk)
	dc.Font(15, false)
	dc.SetColor(hjdMuted)
	dc.DrawStringAnchored(fmt.Sprintf("%d cards left in its deck", c.Deck), hjdWidth-27, y+22, 1, 0.5)
	y += 40
	if len(c.Actions) == 0 {
		y += 25
	}
	for _, l := range hjdCybotActions(dc, c) {
		hjdText(dc, l.mark, hjdCybotMarkX, y+17, 14, true, l.markColor)
		hjdText(dc, l.text, hjdCybotTextX, y+17, 16, l.bold, hjdInk)
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
	dc.Font(15, false)
	hjdText(dc, dc.Fit(strings.Join(info, " · "), hjdCybotRight-hjdCybotMarkX), hjdCybotMarkX, y+17, 15, false, hjdMuted)
	return y + 25 + 13 + 8
}

// The Cybot panel of the turn picture (the phone layout): the card, each
// action on a line of its own with its mark, and what it keeps, in as many
// items as fit; the actions' "if impossible" notes are on the full board.
const hjdCybotLineH = 40.0

func hjdCybotPhoneHeight(v *hijacked.PublicView) float64 {
	if v.Cybot == nil {
		return 0
	}
	return 62 + hjdCybotLineH*float64(max(1, len(v.Cybot.Actions))) + 46 + 10
}

// cybot draws the Cybot panel at y and returns the y below it.
func (p *hjdPhone) cybot(v *hijacked.PublicView, y float64) float64 {
	c := v.Cybot
	if c == nil {
		return y
	}
	h := hjdCybotPhoneHeight(v) - 10
	hjdBox(p.Canvas, hjdRowMargin, y, hjdWidth-2*hjdRowMargin, h, 8, hjdPanel, hjdLine)
	title := "Cybot: no card yet"
	if c.Card > 0 {
		title = fmt.Sprintf("Cybot card %d", c.Card)
		if !c.OnTurn {
			title += " (last turn)"
		}
	}
	left := fmt.Sprintf("%s left in its deck", hjdCount(c.Deck, "card"))
	lw := p.width(left, hjdSmall, false)
	p.text(title, hjdEdge+12, y+42, 0, hjdLabel, true, hjdInk, hjdRight-hjdEdge-lw-40)
	p.text(left, hjdRight-12, y+42, 1, hjdSmall, false, hjdMuted, 0)
	end := hjdWidth - hjdRowMargin - 14
	ly := y + 62
	if len(c.Actions) == 0 {
		ly += hjdCybotLineH
	}
	for i, a := range c.Actions {
		mark, markColor, bold := "next", color.Color(hjdMuted), false
		switch a.State {
		case "done", "skipped":
			mark = a.State
		case "now":
			mark, markColor, bold = "NOW", hjdAlert, true
		}
		p.text(mark, hjdEdge+12, ly+28, 0, hjdSmall, true, markColor, 0)
		p.text(fmt.Sprintf("%d. %s", i+1, a.Name), hjdEdge+140, ly+28, 0, hjdBody, bold, hjdInk, end-hjdEdge-140)
		ly += hjdCybotLineH
	}
	var info []string
	if c.Asking != "" {
		info = append(info, "waits for your answer")
	}
	if c.Reminder != "" {
		info = append(info, "reminder (card 5): bonus die first for 1 more card")
	}
	if c.Hijacker != "" {
		info = append(info, fmt.Sprintf("its hijacker: %s (%d)", c.Hijacker, c.Place))
	}
	if k := c.SetAside[0] + c.SetAside[1] + c.SetAside[2] + c.SetAside[3]; k > 0 {
		info = append(info, "set aside: "+hijacked.DemandText(c.SetAside))
	}
	var shown []string
	for _, s := range info {
		if p.width(strings.Join(append(shown, s), " · "), hjdSmall, false) > end-hjdEdge-12 {
			break
		}
		shown = append(shown, s)
	}
	if len(shown) == 0 {
		shown = []string{"plays its card's actions in order"}
	}
	p.text(strings.Join(shown, " · "), hjdEdge+12, ly+30, 0, hjdSmall, false, hjdMuted, end-hjdEdge-12)
	return y + h + 10
}
