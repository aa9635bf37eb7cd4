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
// at hijackedFullCybotMarkX, the action from hijackedFullCybotTextX up to hijackedFullCybotRight, the
// panel's inner right edge.
const (
	hijackedFullCybotMarkX = 30.0
	hijackedFullCybotTextX = 100.0
	hijackedFullCybotRight = hijackedWidth - hijackedRowMargin - 14
)

// hijackedFullCybotLine is one action of the Cybot's card as drawn.
type hijackedFullCybotLine struct {
	mark      string
	markColor color.Color
	text      string
	bold      bool
}

// hijackedFullCybotActions lays out the actions of the Cybot's card: each marked by
// what became of it, a skipped one ("not possible, next") apart from one
// done, and cut to the panel in the font it is drawn in (the NOW line is
// bold, so wider).
func hijackedFullCybotActions(dc *Canvas, c *hijacked.CybotView) []hijackedFullCybotLine {
	var out []hijackedFullCybotLine
	for i, a := range c.Actions {
		l := hijackedFullCybotLine{}
		l.mark, l.markColor, l.bold = hijackedCybotMark(a)
		line := fmt.Sprintf("%d. %s", i+1, a.Name)
		if a.Note != "" {
			line += " (" + a.Note + ")"
		}
		dc.Font(16, l.bold)
		l.text = dc.Fit(line, hijackedFullCybotRight-hijackedFullCybotTextX)
		out = append(out, l)
	}
	return out
}

// hijackedCybotMark is the word an action is marked with in both panels:
// done, skipped, fallback, NOW or next, with its colour and whether its
// line is bold.
func hijackedCybotMark(a hijacked.CybotActionView) (string, color.Color, bool) {
	switch {
	case a.State == "now":
		return "NOW", hijackedAlert, true
	case hijackedCybotFellBack(a):
		return "fallback", hijackedMuted, false
	case a.State == "done" || a.State == "skipped":
		return a.State, hijackedMuted, false
	}
	return "next", hijackedMuted, false
}

// hijackedCybotFellBack: the action was not possible and its "if
// impossible" clause was done instead (card 7's and 11's police retreat:
// the thumb advances and a bonus tile goes to the display), which
// "skipped" would deny. The engine's state "fallback" says so; until it
// does, a skipped retreat whose clause always moves the thumb tells it.
func hijackedCybotFellBack(a hijacked.CybotActionView) bool {
	return a.State == "fallback" || a.State == "skipped" && strings.Contains(a.Note, "thumb advances")
}

// hijackedFullCybotHeight is the height of the Cybot panel, 0 without a Cybot.
func hijackedFullCybotHeight(v *hijacked.PublicView) float64 {
	c := v.Cybot
	if c == nil {
		return 0
	}
	return 52 + 25*float64(max(1, len(c.Actions))) + 25 + 13
}

// hijackedFullCybot draws the Cybot panel at y and returns the y below it.
func hijackedFullCybot(dc *Canvas, v *hijacked.PublicView, y float64) float64 {
	c := v.Cybot
	if c == nil {
		return y
	}
	h := hijackedFullCybotHeight(v) - 13
	hijackedRowBox(dc, y, h, false)
	title := "Cybot: no card yet"
	if c.Card > 0 {
		title = fmt.Sprintf("Cybot card %d", c.Card)
		if !c.OnTurn {
			title += " (last turn)"
		}
	}
	hijackedFullText(dc, title, 27, y+28, 20, true, hijackedInk)
	dc.Font(15, false)
	dc.SetColor(hijackedMuted)
	dc.DrawStringAnchored(fmt.Sprintf("%d cards left in its deck", c.Deck), hijackedWidth-27, y+22, 1, 0.5)
	y += 40
	if len(c.Actions) == 0 {
		y += 25
	}
	for _, l := range hijackedFullCybotActions(dc, c) {
		hijackedFullText(dc, l.mark, hijackedFullCybotMarkX, y+17, 14, true, l.markColor)
		hijackedFullText(dc, l.text, hijackedFullCybotTextX, y+17, 16, l.bold, hijackedInk)
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
	hijackedFullText(dc, dc.Fit(strings.Join(info, " · "), hijackedFullCybotRight-hijackedFullCybotMarkX), hijackedFullCybotMarkX, y+17, 15, false, hijackedMuted)
	return y + 25 + 13 + 8
}

// The Cybot panel of the turn picture: the card, each
// action on a line of its own with its mark, and what it keeps, in as many
// items as fit; the actions' "if impossible" notes are on the full board.
const hijackedTurnCybotLineH = 40.0

func hijackedTurnCybotHeight(v *hijacked.PublicView) float64 {
	if v.Cybot == nil {
		return 0
	}
	return 62 + hijackedTurnCybotLineH*float64(max(1, len(v.Cybot.Actions))) + 46 + 10
}

// cybot draws the Cybot panel at y and returns the y below it.
func (p *hijackedTurn) cybot(v *hijacked.PublicView, y float64) float64 {
	c := v.Cybot
	if c == nil {
		return y
	}
	h := hijackedTurnCybotHeight(v) - 10
	hijackedRowBox(p.Canvas, y, h, false)
	title := "Cybot: no card yet"
	if c.Card > 0 {
		title = fmt.Sprintf("Cybot card %d", c.Card)
		if !c.OnTurn {
			title += " (last turn)"
		}
	}
	left := fmt.Sprintf("%s left in its deck", count(c.Deck, "card"))
	lw := p.width(left, hijackedTurnSmall, false)
	p.text(title, hijackedTurnEdge+12, y+42, 0, hijackedTurnLabel, true, hijackedInk, hijackedTurnRight-hijackedTurnEdge-lw-40)
	p.text(left, hijackedTurnRight-12, y+42, 1, hijackedTurnSmall, false, hijackedMuted, 0)
	end := hijackedWidth - hijackedRowMargin - 14
	ly := y + 62
	if len(c.Actions) == 0 {
		ly += hijackedTurnCybotLineH
	}
	for i, a := range c.Actions {
		mark, markColor, bold := hijackedCybotMark(a)
		p.text(mark, hijackedTurnEdge+12, ly+28, 0, hijackedTurnSmall, true, markColor, 0)
		p.text(fmt.Sprintf("%d. %s", i+1, a.Name), hijackedTurnEdge+140, ly+28, 0, hijackedTurnBody, bold, hijackedInk, end-hijackedTurnEdge-140)
		ly += hijackedTurnCybotLineH
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
		if p.width(strings.Join(append(shown, s), " · "), hijackedTurnSmall, false) > end-hijackedTurnEdge-12 {
			break
		}
		shown = append(shown, s)
	}
	if len(shown) == 0 {
		shown = []string{"plays its card's actions in order"}
	}
	p.text(strings.Join(shown, " · "), hijackedTurnEdge+12, ly+30, 0, hijackedTurnSmall, false, hijackedMuted, end-hijackedTurnEdge-12)
	return y + h + 10
}
