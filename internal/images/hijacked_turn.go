package images

import (
	"fmt"
	"image/color"
	"strings"

	"standoff/internal/games/hijacked"
)

// The turn picture, drawn for a phone: Discord shows an attachment about
// 350 px wide there, so on this 1000 px canvas no text is under 26 px (9 px
// on the phone). It holds what a player reads at a glance: whose turn and
// what they must do, the police and trust tracks, the seats, the
// hijackers, the dice, the medals and the recognition track (what a player
// may chase this turn), every player's score and supply, the Cybot's card
// and the last moves. Everything else (rules texts, piles in detail) is on
// the full board (HijackedFull).

// The turn picture's font sizes: hijackedTurnSmall is the floor.
const (
	hijackedTurnSmall = 26.0 // counts, notes, the last moves
	hijackedTurnBody  = 28.0 // card and hijacker lines
	hijackedTurnLabel = 30.0 // section titles, names and scores
	hijackedTurnTitle = 40.0 // whose turn
	hijackedTurnEdge  = 24.0 // the left and right margin
	hijackedTurnRight = hijackedWidth - hijackedTurnEdge
	hijackedTurnHalf  = (hijackedWidth - 2*hijackedTurnEdge - 32) / 2 // a half-width column: 460 px
)

// hijackedTurn is a turn picture being drawn: its canvas and the place of
// every text, so tests can tell that none runs past the picture's edge or
// over another.
type hijackedTurn struct {
	*Canvas
	placed []hijackedTurnPlaced
}

// hijackedTurnPlaced is a text as drawn: its box from the left of its first letter
// to the right of its last, from the top of a capital to below the
// baseline.
type hijackedTurnPlaced struct {
	s                   string
	size                float64
	x0, x1, top, bottom float64
}

// text draws s with its baseline at y, anchored at x by ax (0 left, 0.5
// centred, 1 right), cut with an ellipsis to width when width > 0. It
// returns the x where the text ends.
func (p *hijackedTurn) text(s string, x, y, ax, size float64, bold bool, c color.Color, width float64) float64 {
	p.Font(size, bold)
	if width > 0 {
		s = p.Fit(s, width)
	}
	w, _ := p.MeasureString(s)
	p.SetColor(c)
	p.DrawStringAnchored(s, x, y, ax, 0)
	x0 := x - ax*w
	p.placed = append(p.placed, hijackedTurnPlaced{s: s, size: size, x0: x0, x1: x0 + w, top: y - 0.75*size, bottom: y + 0.22*size})
	return x0 + w
}

// mid draws s centred on (cx, cy): the middle of a capital on cy.
func (p *hijackedTurn) mid(s string, cx, cy, size float64, bold bool, c color.Color, width float64) {
	p.text(s, cx, cy+0.36*size, 0.5, size, bold, c, width)
}

// width is s's width in a font.
func (p *hijackedTurn) width(s string, size float64, bold bool) float64 {
	p.Font(size, bold)
	w, _ := p.MeasureString(s)
	return w
}

// hijackedTurnLayout is what the turn picture holds that sets its height: the
// lines of the status and of the last moves.
type hijackedTurnLayout struct {
	status []string // what the game waits for, or the result
	recent []string // the last moves, oldest first
	height int
}

// hijackedTurnRecentLines of the last moves: the latest moves that fit in this many
// lines, each whole unless the latest alone is longer.
const hijackedTurnRecentLines = 3

// hijackedMovesBeforeScoring are a view's last events without the final
// scoring's narration, which a finished game's picture shows as its table:
// the picture says the scores once.
func hijackedMovesBeforeScoring(v *hijacked.PublicView) []string {
	if !v.Over {
		return v.Events
	}
	for i := len(v.Events) - 1; i >= 0; i-- {
		if strings.HasPrefix(v.Events[i], hijacked.FinalScoringHeading) {
			return v.Events[:i]
		}
	}
	return v.Events
}

func hijackedTurnLayoutOf(v *hijacked.PublicView) hijackedTurnLayout {
	dc := NewCanvas(1, 1) // measures only
	var l hijackedTurnLayout
	if v.Over {
		l.status = fitLines(dc, v.Result, hijackedTurnBody, false, hijackedTurnRight-hijackedTurnEdge, 3)
	} else {
		l.status = fitLines(dc, hijackedCapital(v.Waiting)+".", hijackedTurnBody, false, hijackedTurnRight-hijackedTurnEdge, 2)
	}
	events := hijackedMovesBeforeScoring(v)
	for i := len(events) - 1; i >= 0 && len(l.recent) < hijackedTurnRecentLines; i-- {
		if v.Over && strings.Contains(v.Result, events[i]) {
			continue // the result is said once, at the top
		}
		left := hijackedTurnRecentLines - len(l.recent)
		lines := fitLines(dc, events[i], hijackedTurnSmall, false, hijackedTurnRight-hijackedTurnEdge, left)
		if len(lines) == left && len(l.recent) > 0 && len(dc.Wrap(events[i], hijackedTurnRight-hijackedTurnEdge)) > left {
			break // an older move that would not fit whole is left to the full board
		}
		l.recent = append(append([]string{}, lines...), l.recent...)
	}
	h := hijackedTurnHeaderHeight(l) + hijackedTurnPlayersHeight(v) + hijackedTurnRecentHeight(l)
	if v.Over {
		h += hijackedTurnFinalHeight(v)
	} else {
		h += hijackedTurnStripH + hijackedTurnSeatsH + hijackedTurnPendingHeight(v) + hijackedTurnHijackH + hijackedTurnDiceH
	}
	h += hijackedTurnGoalsHeight(v) + hijackedTurnCybotHeight(v)
	l.height = int(h) + 12
	return l
}

// hijackedCapital is s with its first letter a capital.
func hijackedCapital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// hijackedTurnTable draws the turn picture of a public view.
func hijackedTurnTable(v *hijacked.PublicView) *hijackedTurn {
	l := hijackedTurnLayoutOf(v)
	p := &hijackedTurn{Canvas: hijackedNewCanvas(hijackedWidth, l.height)}
	y := p.header(v, l)
	if v.Over {
		y = p.finalTable(v, y)
	} else {
		y = p.strip(v, y)
		y = p.seats(v, y)
		y = p.hijackers(v, y)
		y = p.dice(v, y)
	}
	y = p.goals(v, y) // medals and recognition (hijacked_turn_goals.go)
	for _, pl := range v.Players {
		y = p.playerRow(v, pl, y)
	}
	y = p.cybot(v, y) // the solo mode's Cybot card (hijacked_cybot.go)
	p.recent(l, y)
	return p
}

func hijackedTurnHeaderHeight(l hijackedTurnLayout) float64 { return 78 + 36*float64(len(l.status)) }

// header: whose turn (or the game's end) and the round, then what the game
// waits for (or the result).
func (p *hijackedTurn) header(v *hijacked.PublicView, l hijackedTurnLayout) float64 {
	x := hijackedTurnEdge
	round := fmt.Sprintf("Round %d", v.Round)
	rw := p.width(round, hijackedTurnLabel, true)
	title := "Game over"
	if !v.Over {
		pl := v.Players[v.Turn]
		p.token(x+24, 38, 24, pl.Seat, pl.Name)
		x += 60
		p.Font(hijackedTurnTitle, true)
		title = fitSeatThen(pl.Name, "'s turn", p.fitsCanvas(hijackedTurnRight-rw-24-x))
	}
	p.text(title, x, 52, 0, hijackedTurnTitle, true, hijackedInk, hijackedTurnRight-rw-24-x)
	p.text(round, hijackedTurnRight, 50, 1, hijackedTurnLabel, true, hijackedMuted, 0)
	y := 62.0
	for _, s := range l.status {
		y += 36
		p.text(s, hijackedTurnEdge, y, 0, hijackedTurnBody, false, hijackedInk, hijackedTurnRight-hijackedTurnEdge)
	}
	return hijackedTurnHeaderHeight(l)
}

// hijackedTurnStripH is the height of the police and trust tracks.
const hijackedTurnStripH = 128.0

// strip: the police track (the minutes left before they storm the plane)
// and the trust track, side by side. The police's space is filled dark,
// trust's reached spaces filled: a shape, not a colour alone.
func (p *hijackedTurn) strip(v *hijacked.PublicView, y float64) float64 {
	p.text(fmt.Sprintf("Police: %d min to the plane", v.Police), hijackedTurnEdge, y+32, 0, hijackedTurnLabel, true, hijackedInk, hijackedTurnHalf)
	far := max(v.PoliceStart, v.Police)
	step := float64(int(hijackedTurnHalf) / (far + 1))
	for i := 0; i <= far; i++ {
		x := hijackedTurnEdge + hijackedTurnHalf - float64(i+1)*step
		fill, line := color.RGBA(hijackedPanel), hijackedLine
		switch {
		case i == v.Police:
			fill, line = hijackedBack, hijackedBack
		case i == 0:
			fill = hijackedPlaneBg
		}
		roundedBox(p.Canvas, x, y+44, step-3, 40, 4, fill, line)
	}
	p.text("plane", hijackedTurnEdge+hijackedTurnHalf, y+116, 1, hijackedTurnSmall, false, hijackedMuted, 0)
	p.text(fmt.Sprintf("start %d", v.PoliceStart), hijackedTurnEdge, y+116, 0, hijackedTurnSmall, false, hijackedMuted, 0)

	x0 := hijackedTurnEdge + hijackedTurnHalf + 32
	p.text(fmt.Sprintf("Trust %d%%", v.Trust), x0, y+32, 0, hijackedTurnLabel, true, hijackedInk, 0)
	p.text(fmt.Sprintf("bag %d G, %d R", v.Green, v.Red), hijackedTurnRight, y+32, 1, hijackedTurnSmall, false, hijackedMuted, 0)
	for i := 0; i < 10; i++ {
		fill, line := hijackedPanel, hijackedLine
		if (i+1)*10 <= v.Trust {
			fill, line = hijackedGreen, hijackedGreen
		}
		roundedBox(p.Canvas, x0+float64(i)*46, y+44, 42, 40, 4, fill, line)
	}
	star := "star (5 pts): first to 100%"
	if v.Star >= 0 {
		star = "star (5 pts): " + v.Players[v.Star].Name
	}
	p.text(star, x0, y+116, 0, hijackedTurnSmall, false, hijackedInk, hijackedTurnHalf)
	return y + hijackedTurnStripH
}

// The seats: six cards of hijackedTurnSeatW, hijackedTurnSeatGap apart, under a title row.
const (
	hijackedTurnSeatW     = 150.0
	hijackedTurnSeatGap   = 10.4 // six cards span the width between the margins
	hijackedTurnSeatCardH = 172.0
	hijackedTurnSeatsH    = 44 + hijackedTurnSeatCardH + 12
)

// seats: the six passenger seats, with the piles' counts in the title row.
func (p *hijackedTurn) seats(v *hijacked.PublicView, y float64) float64 {
	p.text("Seats", hijackedTurnEdge, y+32, 0, hijackedTurnLabel, true, hijackedInk, 0)
	piles := fmt.Sprintf("draw %d · discard %d", v.DrawPile, v.Discard)
	if v.DrawTop > 0 {
		piles = fmt.Sprintf("draw %d (top %s) · discard %d", v.DrawPile, count(v.DrawTop, "pip"), v.Discard)
	}
	p.text(piles, hijackedTurnRight, y+32, 1, hijackedTurnSmall, false, hijackedMuted, hijackedTurnRight-hijackedTurnEdge-120)
	for i, st := range v.Seats {
		p.seat(v, st, float64(int(hijackedTurnEdge+float64(i)*(hijackedTurnSeatW+hijackedTurnSeatGap))), y+44)
	}
	return y + hijackedTurnSeatsH
}

// seat: one passenger seat, its number top left. A face-up card shows its
// id (colour letters and number) on its colour, the trust it needs and its
// demand; a face-down one its pips; a reservation the die on it and who.
func (p *hijackedTurn) seat(v *hijacked.PublicView, st hijacked.SeatView, x, y float64) {
	w, h := hijackedTurnSeatW, hijackedTurnSeatCardH
	num := fmt.Sprint(st.Number)
	switch {
	case st.Empty:
		roundedBox(p.Canvas, x, y, w, h, 8, hijackedPaper, hijackedLine)
		p.text(num, x+12, y+34, 0, hijackedTurnSmall, true, hijackedMuted, 0)
		p.mid("empty", x+w/2, y+h/2, hijackedTurnSmall, false, hijackedMuted, 0)
	case st.Face == nil:
		roundedBox(p.Canvas, x, y, w, h, 8, hijackedBack, hijackedBack)
		p.text(num, x+12, y+34, 0, hijackedTurnSmall, true, hijackedPanel, 0)
		p.mid(fmt.Sprint(st.Pips), x+w/2, y+h/2, 64, true, hijackedPanel, 0)
		p.mid(plural(st.Pips, "pip"), x+w/2, y+h-30, hijackedTurnSmall, false, hijackedPanel, 0)
	default:
		c := st.Face
		bg := hijackedCardBg[c.Color]
		roundedBox(p.Canvas, x, y, w, h, 8, hijackedPanel, bg)
		roundedBox(p.Canvas, x, y, w, 48, 8, bg, bg)
		p.text(num, x+12, y+36, 0, hijackedTurnSmall, true, hijackedPanel, 0)
		p.text(c.ID, x+w-12, y+36, 1, hijackedTurnLabel, true, hijackedPanel, w-50)
		if c.Color == "red" {
			p.mid("RED", x+w/2, y+78, hijackedTurnLabel, true, hijackedAlert, 0)
			p.mid("no use", x+w/2, y+110, hijackedTurnSmall, false, hijackedInk, 0)
		} else {
			p.mid(fmt.Sprintf("trust %d%%", c.Trust), x+w/2, y+74, hijackedTurnSmall, true, hijackedInk, w-12)
			p.demand(c.Demand, x, y+110, w)
		}
	}
	if st.Reserver >= 0 {
		die := fmt.Sprint(st.ResValue)
		if st.ResDie == "bonus" || st.ResDie == "mini" {
			die += st.ResDie[:1]
		}
		roundedBox(p.Canvas, x+8, y+h-46, 54, 40, 6, hijackedPanel, hijackedInk)
		p.mid(die, x+35, y+h-26, hijackedTurnSmall, true, hijackedInk, 0)
		p.token(x+w-30, y+h-26, 20, st.Reserver, v.Players[st.Reserver].Name)
	}
}

// demand: a card's demand on a line centred in a card at x, w wide: its
// letter on its colour and its name, or its name alone where both do not
// fit ("medicine").
func (p *hijackedTurn) demand(d string, x, cy, w float64) {
	col, ok := hijackedDemand[d]
	if !ok {
		p.mid("no demand", x+w/2, cy, hijackedTurnSmall, false, hijackedMuted, w-12)
		return
	}
	tw := p.width(d, hijackedTurnSmall, false)
	if 40+tw > w-12 {
		p.mid(d, x+w/2, cy, hijackedTurnSmall, false, hijackedInk, w-12)
		return
	}
	left := x + (w-(40+tw))/2
	p.disc(left+16, cy, 16, col, strings.ToUpper(d[:1]))
	p.text(d, left+40, cy+0.36*hijackedTurnSmall, 0, hijackedTurnSmall, false, hijackedInk, 0)
}

func hijackedTurnPendingHeight(v *hijacked.PublicView) float64 {
	if v.Pending == nil {
		return 0
	}
	return 46
}

// The hijackers: four cards of hijackedTurnHijackW under a title row.
const (
	hijackedTurnHijackW     = 230.0
	hijackedTurnHijackCardH = 160.0
	hijackedTurnHijackH     = 44 + hijackedTurnHijackCardH + 12
)

// hijackers: each place's hijacker, the dice it needs, its turning token
// (filled pips and a count) and the negotiator talking to it. The chosen
// card waiting to be played or discarded goes first.
func (p *hijackedTurn) hijackers(v *hijacked.PublicView, y float64) float64 {
	if c := v.Pending; c != nil {
		p.text("Chosen: "+hijackedCardWords(*c), hijackedTurnEdge, y+30, 0, hijackedTurnBody, true, hijackedAlert, hijackedTurnRight-hijackedTurnEdge)
		y += hijackedTurnPendingHeight(v)
	}
	p.text("Hijackers", hijackedTurnEdge, y+32, 0, hijackedTurnLabel, true, hijackedInk, 0)
	p.text(fmt.Sprintf("%d more aside", v.HijackersLeft), hijackedTurnRight, y+32, 1, hijackedTurnSmall, false, hijackedMuted, 0)
	for i, hv := range v.Hijackers {
		p.hijacker(v, hv, hijackedTurnEdge+float64(i)*(hijackedTurnHijackW+10.6), y+44)
	}
	return y + hijackedTurnHijackH
}

func (p *hijackedTurn) hijacker(v *hijacked.PublicView, hv hijacked.HijackerView, x, y float64) {
	x = float64(int(x))
	w, h := hijackedTurnHijackW, hijackedTurnHijackCardH
	if hv.ID == "" {
		roundedBox(p.Canvas, x, y, w, h, 8, hijackedPaper, hijackedLine)
		p.mid("empty", x+w/2, y+h/2, hijackedTurnSmall, false, hijackedMuted, 0)
		return
	}
	roundedBox(p.Canvas, x, y, w, h, 8, hijackedPanel, hijackedInk)
	name := fmt.Sprintf("%d %s", hv.Place, hv.Name)
	if p.width(name, hijackedTurnBody, true) > w-24 {
		name = fmt.Sprintf("%d %s", hv.Place, strings.TrimPrefix(hv.Name, "The "))
	}
	p.text(name, x+12, y+36, 0, hijackedTurnBody, true, hijackedInk, w-24)
	p.text(fmt.Sprintf("dice %s + %s", hijackedRange(hv.Ranges[0]), hijackedRange(hv.Ranges[1])), x+12, y+72, 0, hijackedTurnBody, true, hijackedAlert, w-24)
	for k := 0; k < 4; k++ {
		p.pip(x+24+float64(k)*26, y+98, k < hv.Turns)
	}
	p.text(fmt.Sprintf("%d/4", hv.Turns), x+128, y+98+0.36*hijackedTurnSmall, 0, hijackedTurnSmall, true, hijackedInk, 0)
	if hv.Disc >= 0 {
		p.token(x+32, y+134, 18, hv.Disc, v.Players[hv.Disc].Name)
		p.Font(hijackedTurnSmall, false)
		p.text(p.FitSeat(v.Players[hv.Disc].Name, w-70), x+58, y+134+0.36*hijackedTurnSmall, 0, hijackedTurnSmall, false, hijackedInk, w-70)
	} else {
		p.text("no negotiator", x+12, y+134+0.36*hijackedTurnSmall, 0, hijackedTurnSmall, false, hijackedMuted, w-24)
	}
}

// hijackedCardWords is a card face in words: "BL14 (blue, trust 60%, crypto)",
// "RD3 (red: no use)".
func hijackedCardWords(c hijacked.CardView) string {
	if c.Color == "red" {
		return c.ID + " (red: no use)"
	}
	d := c.Demand
	if d == "none" {
		d = "no demand"
	}
	return fmt.Sprintf("%s (%s, trust %d%%, %s)", c.ID, c.Color, c.Trust, d)
}
