package images

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"standoff/internal/games/hijacked"
)

// The turn picture's lower half: the dice and demands, a row per player,
// the final score and the last moves.

// hijackedTurnDisc names a filled disc with no letter as drawn (shapes.go);
// the turn picture writes letters over its discs, so every text is one the
// canvas records with its size.
type hijackedTurnDisc struct {
	r       float64
	fill    color.RGBA
	outline bool
}

// disc draws a filled disc with a white letter over it.
func (p *hijackedTurn) disc(cx, cy, r float64, fill color.RGBA, letter string) {
	p.plainDisc(cx, cy, r, fill, false)
	if letter != "" {
		p.mid(letter, cx, cy, hijackedTurnSmall, true, hijackedPanel, 0)
	}
}

func (p *hijackedTurn) plainDisc(cx, cy, r float64, fill color.RGBA, outline bool) {
	k := hijackedTurnDisc{r, fill, outline}
	hijackedShape(p.Canvas, k, cx, cy, int(r)+4, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, k.r)
		dc.SetColor(k.fill)
		if !k.outline {
			dc.Fill()
			return
		}
		dc.FillPreserve()
		dc.SetColor(hijackedPanel)
		dc.SetLineWidth(2)
		dc.Stroke()
	})
}

// token draws a player's disc, outlined white, with their initial.
func (p *hijackedTurn) token(cx, cy, r float64, seat int, name string) {
	p.plainDisc(cx, cy, r, hijackedPlayer[seat%len(hijackedPlayer)], true)
	p.mid(hijackedInitial(name), cx, cy, hijackedTurnSmall, true, hijackedPanel, 0)
}

// hijackedTurnRing names a bonus space's ring as drawn (shapes.go).
type hijackedTurnRing struct{}

// ring draws a bonus space on a score bar.
func (p *hijackedTurn) ring(cx, cy float64) {
	hijackedShape(p.Canvas, hijackedTurnRing{}, cx, cy, 11, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, 7)
		dc.SetColor(hijackedPanel)
		dc.FillPreserve()
		dc.SetColor(hijackedMuted)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
}

// hijackedTurnPip names a turning token's pip as drawn (shapes.go).
type hijackedTurnPip struct{ done bool }

// pip draws a turning token's pip: filled when done, a ring when not.
func (p *hijackedTurn) pip(cx, cy float64, done bool) {
	hijackedShape(p.Canvas, hijackedTurnPip{done}, cx, cy, 13, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, 9)
		if done {
			dc.SetColor(hijackedInk)
			dc.Fill()
			return
		}
		dc.SetColor(hijackedMuted)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
}

// die draws a die of the turn, size px square, its value written as typed
// ("4", "4b" for a bonus die, "4m" for a mini die); a used one is hollow,
// grey and struck through.
func (p *hijackedTurn) die(d hijacked.DieView, x, y, size float64) {
	fill, ink := hijackedDieColours(d.Kind, d.Used)
	roundedBox(p.Canvas, x, y, size, size, 8, fill, ink)
	label := fmt.Sprint(d.Value)
	if d.Kind == "bonus" || d.Kind == "mini" {
		label += d.Kind[:1]
	}
	p.mid(label, x+size/2, y+size/2, hijackedTurnLabel, true, ink, size-8)
	if d.Used {
		p.SetColor(hijackedMuted)
		p.SetLineWidth(3)
		p.DrawLine(x+6, y+size-6, x+size-6, y+6)
		p.strokeIn(image.Rect(int(x)-2, int(y)-2, int(x+size)+3, int(y+size)+3))
	}
}

const hijackedTurnDiceH = 162.0

// dice: the dice of the player on turn, which die gives which demand, the
// tower's demands and the bonus dice and tiles left.
func (p *hijackedTurn) dice(v *hijacked.PublicView, y float64) float64 {
	p.Font(hijackedTurnLabel, true)
	p.text(fitSeatThen(v.Players[v.Turn].Name, "'s dice", p.fitsCanvas(hijackedTurnHalf)), hijackedTurnEdge, y+32, 0, hijackedTurnLabel, true, hijackedInk, hijackedTurnHalf)
	if len(v.Dice) == 0 {
		p.text("not rolled yet", hijackedTurnEdge, y+84, 0, hijackedTurnSmall, false, hijackedMuted, hijackedTurnHalf)
	}
	step := min(72, float64(int(hijackedTurnHalf)/max(1, len(v.Dice))))
	for i, d := range v.Dice {
		p.die(d, hijackedTurnEdge+float64(i)*step, y+48, min(62, step-8))
	}
	x0 := hijackedTurnEdge + hijackedTurnHalf + 32
	p.text("Die → demand", x0, y+32, 0, hijackedTurnLabel, true, hijackedInk, hijackedTurnHalf)
	for i, n := range v.Numbers {
		x := x0 + float64(i)*116
		roundedBox(p.Canvas, x, y+54, 48, 48, 6, hijackedPanel, hijackedInk)
		p.mid(fmt.Sprint(n), x+24, y+78, hijackedTurnBody, true, hijackedInk, 0)
		d := v.Places[i]
		p.disc(x+76, y+78, 20, hijackedDemand[d], strings.ToUpper(d[:1]))
	}
	x := p.text("Tower", hijackedTurnEdge, y+142, 0, hijackedTurnSmall, true, hijackedInk, 0) + 14
	for i, d := range hijackedDemandNames {
		x = p.demandChip(x, y+133, d, v.Supply[i])
	}
	rest := fmt.Sprintf("· bonus dice %d · mini dice %d · tiles %d", v.BonusDice, v.MiniDice, v.Tiles)
	p.text(rest, x, y+142, 0, hijackedTurnSmall, false, hijackedMuted, hijackedTurnRight-x)
	return y + hijackedTurnDiceH
}

// demandChip draws a demand's letter disc and a count centred on cy from
// x; it returns where the next one starts.
func (p *hijackedTurn) demandChip(x, cy float64, d string, n int) float64 {
	p.disc(x+16, cy, 16, hijackedDemand[d], strings.ToUpper(d[:1]))
	return p.text(fmt.Sprint(n), x+36, cy+0.36*hijackedTurnSmall, 0, hijackedTurnSmall, true, hijackedInk, 0) + 16
}

// A player's row: hijackedTurnRowH high with its gap; the score bar from
// hijackedTurnBarX to hijackedTurnBarX+hijackedTurnBarW, every player's on the same scale.
const (
	hijackedTurnRowH = 136.0
	hijackedTurnBarX = 590.0
	hijackedTurnBarW = 364.0
)

func hijackedTurnPlayersHeight(v *hijacked.PublicView) float64 {
	return hijackedTurnRowH * float64(len(v.Players))
}

// playerRow: a player's name, score and what marks them (on turn, start
// player, left), their score bar with the bonus spaces left and the next
// one named; their cards, demands and the rest of their supply.
func (p *hijackedTurn) playerRow(v *hijacked.PublicView, pl hijacked.PlayerView, y float64) float64 {
	onTurn := hijackedOnTurn(v, pl)
	hijackedRowBox(p.Canvas, y, hijackedTurnRowH-8, onTurn)
	p.token(hijackedTurnEdge+20, y+30, 20, pl.Seat, pl.Name)
	p.Font(hijackedTurnLabel, true)
	x := p.text(p.FitSeat(pl.Name, 230), hijackedTurnEdge+50, y+41, 0, hijackedTurnLabel, true, hijackedInk, 230) + 14
	x = p.text(ptsText(pl.Score), x, y+41, 0, hijackedTurnLabel, true, hijackedInk, 0) + 14
	var tags []string
	if pl.Resigned {
		tags = append(tags, "left")
	}
	if pl.Starting {
		tags = append(tags, "start")
	}
	if onTurn {
		p.text("ON TURN", x, y+41, 0, hijackedTurnSmall, true, hijackedAlert, 0)
	} else if len(tags) > 0 {
		p.text(strings.Join(tags, " · "), x, y+41, 0, hijackedTurnSmall, false, hijackedMuted, hijackedTurnBarX-20-x)
	}
	p.scoreBar(v, pl, y)
	cx := hijackedTurnEdge
	for _, c := range pl.Cards {
		roundedBox(p.Canvas, cx, y+52, 86, 36, 6, hijackedCardBg[c.Color], hijackedCardBg[c.Color])
		p.mid(c.ID, cx+43, y+70, hijackedTurnSmall, true, hijackedPanel, 80)
		cx += 92
	}
	if len(pl.Cards) == 0 {
		p.text("no cards", cx, y+79, 0, hijackedTurnSmall, false, hijackedMuted, 0)
	}
	p.supplyLine(v, pl, y+106)
	return y + hijackedTurnRowH
}

// scoreBar: the score track as a bar on the scale of the highest score
// (40 at least), the bonus spaces still ahead as rings, the player's disc
// at their score, and the next bonus in words (its demand is not in the
// ring's colour alone: the rings are all alike).
func (p *hijackedTurn) scoreBar(v *hijacked.PublicView, pl hijacked.PlayerView, y float64) {
	var scores []int
	for _, q := range v.Players {
		scores = append(scores, q.Score)
	}
	scale := hijackedScaleOf(hijackedTurnBarX, hijackedTurnBarW, scores...)
	at := scale.at
	cy := y + 30
	fillRect(p.RGBA(), image.Rect(int(hijackedTurnBarX), int(cy)-2, int(hijackedTurnBarX+hijackedTurnBarW), int(cy)+2), hijackedLine)
	for _, n := range scale.tens() {
		fillRect(p.RGBA(), image.Rect(int(at(n))-1, int(cy)-8, int(at(n))+1, int(cy)+8), hijackedLine)
	}
	next := ""
	for _, b := range pl.Bonuses {
		if b.Taken || b.At < pl.Score {
			continue
		}
		p.ring(at(b.At), cy)
		if next == "" && b.At > pl.Score {
			next = fmt.Sprintf("next bonus: %d %s", b.At, b.Demand)
		}
	}
	if next == "" {
		next = "no bonus space left"
	}
	p.token(at(pl.Score), cy, 17, pl.Seat, pl.Name)
	if !v.Over {
		p.text(next, hijackedTurnBarX, y+79, 0, hijackedTurnSmall, false, hijackedMuted, hijackedTurnBarW)
	}
}

// supplyLine: a player's demands, then as much of the rest of their supply
// as fits in words (freed passengers and pilots first); the full board
// has it all.
func (p *hijackedTurn) supplyLine(v *hijacked.PublicView, pl hijacked.PlayerView, cy float64) {
	x := hijackedDemandChips(pl, hijackedTurnEdge, func(x float64, d string, n int) float64 { return p.demandChip(x, cy, d, n) })
	if x == hijackedTurnEdge {
		x = p.text("no demands", x, cy+0.36*hijackedTurnSmall, 0, hijackedTurnSmall, false, hijackedMuted, 0) + 16
	}
	end := hijackedWidth - hijackedRowMargin - 14
	var items []string
	for _, s := range hijackedExtras(pl) {
		if v.Over && strings.HasPrefix(s, "next turn") {
			continue
		}
		s = strings.Replace(s, "freed ", "freed: ", 1)
		line := strings.Join(append(items, s), " · ")
		if p.width(line, hijackedTurnSmall, false) > end-x {
			break
		}
		items = append(items, s)
	}
	if len(items) > 0 {
		p.text(strings.Join(items, " · "), x, cy+0.36*hijackedTurnSmall, 0, hijackedTurnSmall, false, hijackedInk, end-x)
	}
}

// The final score's rows are hijackedTurnFinalRowH apart.
const hijackedTurnFinalRowH = 38.0

func hijackedTurnFinalHeight(v *hijacked.PublicView) float64 {
	if !hijackedScored(v) {
		return 0
	}
	items := hijackedScoreItems(v)
	return 96 + hijackedTurnFinalRowH*float64(len(items)) + 18
}

// finalTable: the final score, an item a row and a player a column, so
// four players fit at a size a phone reads.
func (p *hijackedTurn) finalTable(v *hijacked.PublicView, y float64) float64 {
	if !hijackedScored(v) {
		return y
	}
	items := hijackedScoreItems(v)
	p.text("Final score", hijackedTurnEdge, y+34, 0, hijackedTurnLabel, true, hijackedInk, 0)
	const labelW = 250.0
	colW := (hijackedTurnRight - hijackedTurnEdge - labelW) / float64(len(v.Players))
	col := func(i int) float64 { return hijackedTurnEdge + labelW + colW*(float64(i)+0.5) }
	for i, pl := range v.Players {
		p.token(col(i)-colW/2+22, y+74, 18, pl.Seat, pl.Name)
		p.Font(hijackedTurnSmall, true)
		p.text(p.FitSeat(pl.Name, colW-52), col(i)-colW/2+46, y+74+0.36*hijackedTurnSmall, 0, hijackedTurnSmall, true, hijackedInk, colW-52)
	}
	y += 96
	for r, item := range items {
		total := r == len(items)-1
		if total {
			fillRect(p.RGBA(), image.Rect(int(hijackedTurnEdge), int(y)-2, int(hijackedTurnRight), int(y)), hijackedLine)
		}
		cy := y + hijackedTurnFinalRowH/2
		p.text(item.turn, hijackedTurnEdge, cy+0.36*hijackedTurnSmall, 0, hijackedTurnSmall, total, hijackedMuted, labelW-10)
		for i, pl := range v.Players {
			if pl.FinalScore != nil {
				p.mid(fmt.Sprint(item.points(pl.FinalScore)), col(i), cy, hijackedTurnBody, total, hijackedInk, 0)
			}
		}
		y += hijackedTurnFinalRowH
	}
	return y + 18
}

func hijackedTurnRecentHeight(l hijackedTurnLayout) float64 {
	if len(l.recent) == 0 {
		return 0
	}
	return 50 + 34*float64(len(l.recent))
}

// recent: the last moves, oldest first.
func (p *hijackedTurn) recent(l hijackedTurnLayout, y float64) {
	if len(l.recent) == 0 {
		return
	}
	p.text("Last moves", hijackedTurnEdge, y+38, 0, hijackedTurnLabel, true, hijackedInk, 0)
	y += 46
	for _, s := range l.recent {
		y += 34
		p.text(s, hijackedTurnEdge, y-8, 0, hijackedTurnSmall, false, hijackedInk, hijackedTurnRight-hijackedTurnEdge)
	}
}
