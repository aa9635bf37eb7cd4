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

// hjdPlainDisc names a filled disc with no letter as drawn (shapes.go);
// the phone layout writes letters over its discs, so every text is one the
// canvas records with its size.
type hjdPlainDisc struct {
	r       float64
	fill    color.RGBA
	outline bool
}

// disc draws a filled disc with a white letter over it.
func (p *hjdPhone) disc(cx, cy, r float64, fill color.RGBA, letter string) {
	p.plainDisc(cx, cy, r, fill, false)
	if letter != "" {
		p.mid(letter, cx, cy, hjdSmall, true, hjdPanel, 0)
	}
}

func (p *hjdPhone) plainDisc(cx, cy, r float64, fill color.RGBA, outline bool) {
	k := hjdPlainDisc{r, fill, outline}
	hjdShape(p.Canvas, k, cx, cy, int(r)+4, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, k.r)
		dc.SetColor(k.fill)
		if !k.outline {
			dc.Fill()
			return
		}
		dc.FillPreserve()
		dc.SetColor(hjdPanel)
		dc.SetLineWidth(2)
		dc.Stroke()
	})
}

// token draws a player's disc, outlined white, with their initial.
func (p *hjdPhone) token(cx, cy, r float64, seat int, name string) {
	p.plainDisc(cx, cy, r, hjdPlayer[seat%len(hjdPlayer)], true)
	p.mid(hjdInitial(name), cx, cy, hjdSmall, true, hjdPanel, 0)
}

// hjdPhoneRing names a bonus space's ring as drawn (shapes.go).
type hjdPhoneRing struct{}

// ring draws a bonus space on a score bar.
func (p *hjdPhone) ring(cx, cy float64) {
	hjdShape(p.Canvas, hjdPhoneRing{}, cx, cy, 11, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, 7)
		dc.SetColor(hjdPanel)
		dc.FillPreserve()
		dc.SetColor(hjdMuted)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
}

// hjdPhonePip names a turning token's pip as drawn (shapes.go).
type hjdPhonePip struct{ done bool }

// pip draws a turning token's pip: filled when done, a ring when not.
func (p *hjdPhone) pip(cx, cy float64, done bool) {
	hjdShape(p.Canvas, hjdPhonePip{done}, cx, cy, 13, func(dc *Canvas, x, y float64) {
		dc.DrawCircle(x, y, 9)
		if done {
			dc.SetColor(hjdInk)
			dc.Fill()
			return
		}
		dc.SetColor(hjdMuted)
		dc.SetLineWidth(2.5)
		dc.Stroke()
	})
}

// die draws a die of the turn, size px square, its value written as typed
// ("4", "4b" for a bonus die, "4m" for a mini die); a used one is hollow,
// grey and struck through.
func (p *hjdPhone) die(d hijacked.DieView, x, y, size float64) {
	fill, ink := color.RGBA(hjdPanel), hjdInk
	switch d.Kind {
	case "bonus":
		fill = hjdBonusBg
	case "mini":
		fill = hjdMiniBg
	}
	if d.Used {
		fill, ink = hjdPaper, hjdMuted
	}
	hjdBox(p.Canvas, x, y, size, size, 8, fill, ink)
	label := fmt.Sprint(d.Value)
	if d.Kind == "bonus" || d.Kind == "mini" {
		label += d.Kind[:1]
	}
	p.mid(label, x+size/2, y+size/2, hjdLabel, true, ink, size-8)
	if d.Used {
		p.SetColor(hjdMuted)
		p.SetLineWidth(3)
		p.DrawLine(x+6, y+size-6, x+size-6, y+6)
		p.Stroke()
	}
}

const hjdDicePhoneH = 162.0

// dice: the dice of the player on turn, which die gives which demand, the
// tower's demands and the bonus dice and tiles left.
func (p *hjdPhone) dice(v *hijacked.PublicView, y float64) float64 {
	name := v.Players[v.Turn].Name
	p.text(name+"'s dice", hjdEdge, y+32, 0, hjdLabel, true, hjdInk, hjdHalf)
	if len(v.Dice) == 0 {
		p.text("not rolled yet", hjdEdge, y+84, 0, hjdSmall, false, hjdMuted, hjdHalf)
	}
	step := min(72, float64(int(hjdHalf)/max(1, len(v.Dice))))
	for i, d := range v.Dice {
		p.die(d, hjdEdge+float64(i)*step, y+48, min(62, step-8))
	}
	x0 := hjdEdge + hjdHalf + 32
	p.text("Die → demand", x0, y+32, 0, hjdLabel, true, hjdInk, hjdHalf)
	for i, n := range v.Numbers {
		x := x0 + float64(i)*116
		hjdBox(p.Canvas, x, y+54, 48, 48, 6, hjdPanel, hjdInk)
		p.mid(fmt.Sprint(n), x+24, y+78, hjdBody, true, hjdInk, 0)
		d := v.Places[i]
		p.disc(x+76, y+78, 20, hjdDemand[d], strings.ToUpper(d[:1]))
	}
	x := p.text("Tower", hjdEdge, y+142, 0, hjdSmall, true, hjdInk, 0) + 14
	for i, d := range hjdDemandNames {
		x = p.demandChip(x, y+133, d, v.Supply[i])
	}
	rest := fmt.Sprintf("· bonus dice %d · mini dice %d · tiles %d", v.BonusDice, v.MiniDice, v.Tiles)
	p.text(rest, x, y+142, 0, hjdSmall, false, hjdMuted, hjdRight-x)
	return y + hjdDicePhoneH
}

// demandChip draws a demand's letter disc and a count centred on cy from
// x; it returns where the next one starts.
func (p *hjdPhone) demandChip(x, cy float64, d string, n int) float64 {
	p.disc(x+16, cy, 16, hjdDemand[d], strings.ToUpper(d[:1]))
	return p.text(fmt.Sprint(n), x+36, cy+0.36*hjdSmall, 0, hjdSmall, true, hjdInk, 0) + 16
}

// A player's row: hjdRowH high with its gap; the score bar from
// hjdBarX to hjdBarX+hjdBarW, every player's on the same scale.
const (
	hjdRowH = 136.0
	hjdBarX = 590.0
	hjdBarW = 364.0
)

func hjdPlayersHeight(v *hijacked.PublicView) float64 { return hjdRowH * float64(len(v.Players)) }

// playerRow: a player's name, score and what marks them (on turn, start
// player, left), their score bar with the bonus spaces left and the next
// one named; their cards, demands and the rest of their supply.
func (p *hjdPhone) playerRow(v *hijacked.PublicView, pl hijacked.PlayerView, y float64) float64 {
	onTurn := pl.Seat == v.Turn && !v.Over
	bg := hjdPanel
	if onTurn {
		bg = hjdTurnBg
	}
	hjdBox(p.Canvas, hjdRowMargin, y, hjdWidth-2*hjdRowMargin, hjdRowH-8, 8, bg, hjdLine)
	p.token(hjdEdge+20, y+30, 20, pl.Seat, pl.Name)
	x := p.text(pl.Name, hjdEdge+50, y+41, 0, hjdLabel, true, hjdInk, 230) + 14
	x = p.text(ptsText(pl.Score), x, y+41, 0, hjdLabel, true, hjdInk, 0) + 14
	var tags []string
	if pl.Resigned {
		tags = append(tags, "left")
	}
	if pl.Starting {
		tags = append(tags, "start")
	}
	if onTurn {
		p.text("ON TURN", x, y+41, 0, hjdSmall, true, hjdAlert, 0)
	} else if len(tags) > 0 {
		p.text(strings.Join(tags, " · "), x, y+41, 0, hjdSmall, false, hjdMuted, hjdBarX-20-x)
	}
	p.scoreBar(v, pl, y)
	cx := hjdEdge
	for _, c := range pl.Cards {
		hjdBox(p.Canvas, cx, y+52, 86, 36, 6, hjdCardBg[c.Color], hjdCardBg[c.Color])
		p.mid(c.ID, cx+43, y+70, hjdSmall, true, hjdPanel, 80)
		cx += 92
	}
	if len(pl.Cards) == 0 {
		p.text("no cards", cx, y+79, 0, hjdSmall, false, hjdMuted, 0)
	}
	p.supplyLine(v, pl, y+106)
	return y + hjdRowH
}

// scoreBar: the score track as a bar on the scale of the highest score
// (40 at least), the bonus spaces still ahead as rings, the player's disc
// at their score, and the next bonus in words (its demand is not in the
// ring's colour alone: the rings are all alike).
func (p *hjdPhone) scoreBar(v *hijacked.PublicView, pl hijacked.PlayerView, y float64) {
	top := 40
	for _, q := range v.Players {
		top = max(top, q.Score)
	}
	at := func(n int) float64 { return hjdBarX + hjdBarW*float64(n)/float64(top) }
	cy := y + 30
	fillRect(p.RGBA(), image.Rect(int(hjdBarX), int(cy)-2, int(hjdBarX+hjdBarW), int(cy)+2), hjdLine)
	for n := 0; n <= top; n += 10 {
		fillRect(p.RGBA(), image.Rect(int(at(n))-1, int(cy)-8, int(at(n))+1, int(cy)+8), hjdLine)
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
		p.text(next, hjdBarX, y+79, 0, hjdSmall, false, hjdMuted, hjdBarW)
	}
}

// supplyLine: a player's demands, then as much of the rest of their supply
// as fits in words (freed passengers and pilots first); the full board
// has it all.
func (p *hjdPhone) supplyLine(v *hijacked.PublicView, pl hijacked.PlayerView, cy float64) {
	x := hjdEdge
	for i, d := range hjdDemandNames {
		if pl.Demands[i] > 0 {
			x = p.demandChip(x, cy, d, pl.Demands[i])
		}
	}
	if x == hjdEdge {
		x = p.text("no demands", x, cy+0.36*hjdSmall, 0, hjdSmall, false, hjdMuted, 0) + 16
	}
	end := hjdWidth - hjdRowMargin - 14
	var items []string
	for _, s := range hjdExtras(pl) {
		if v.Over && strings.HasPrefix(s, "next turn") {
			continue
		}
		s = strings.Replace(s, "freed ", "freed: ", 1)
		line := strings.Join(append(items, s), " · ")
		if p.width(line, hjdSmall, false) > end-x {
			break
		}
		items = append(items, s)
	}
	if len(items) > 0 {
		p.text(strings.Join(items, " · "), x, cy+0.36*hjdSmall, 0, hjdSmall, false, hjdInk, end-x)
	}
}

// hjdFinalItems are the final scoring's items; the Cybot also scores its
// bonus tiles and set-aside rewards, a row of their own so every column
// adds up to its total.
func hjdFinalItems(v *hijacked.PublicView) ([]string, func(f *hijacked.ScoreLine) []int) {
	solo := false
	for _, p := range v.Players {
		solo = solo || (p.FinalScore != nil && p.FinalScore.Tiles+p.FinalScore.SetAside != 0)
	}
	if solo {
		return []string{"score track", "medals", "demands", "star", "hijackers", "cards", "recognition", "tiles, set aside", "TOTAL"},
			func(f *hijacked.ScoreLine) []int {
				return []int{f.Track, f.Medals, f.Demands, f.Star, f.Hijackers, f.Cards, f.Recognition, f.Tiles + f.SetAside, f.Total}
			}
	}
	return []string{"score track", "medals", "demands", "star", "hijackers", "cards", "recognition", "TOTAL"},
		func(f *hijacked.ScoreLine) []int {
			return []int{f.Track, f.Medals, f.Demands, f.Star, f.Hijackers, f.Cards, f.Recognition, f.Total}
		}
}

func hjdScored(v *hijacked.PublicView) bool {
	for _, p := range v.Players {
		if p.FinalScore != nil {
			return true
		}
	}
	return false
}

// The final score's rows are hjdFinalRowH apart.
const hjdFinalRowH = 38.0

func hjdFinalPhoneHeight(v *hijacked.PublicView) float64 {
	if !hjdScored(v) {
		return 0
	}
	items, _ := hjdFinalItems(v)
	return 96 + hjdFinalRowH*float64(len(items)) + 18
}

// finalTable: the final score, an item a row and a player a column, so
// four players fit at a size a phone reads.
func (p *hjdPhone) finalTable(v *hijacked.PublicView, y float64) float64 {
	if !hjdScored(v) {
		return y
	}
	items, cells := hjdFinalItems(v)
	p.text("Final score", hjdEdge, y+34, 0, hjdLabel, true, hjdInk, 0)
	const labelW = 250.0
	colW := (hjdRight - hjdEdge - labelW) / float64(len(v.Players))
	col := func(i int) float64 { return hjdEdge + labelW + colW*(float64(i)+0.5) }
	for i, pl := range v.Players {
		p.token(col(i)-colW/2+22, y+74, 18, pl.Seat, pl.Name)
		p.text(pl.Name, col(i)-colW/2+46, y+74+0.36*hjdSmall, 0, hjdSmall, true, hjdInk, colW-52)
	}
	y += 96
	for r, item := range items {
		total := r == len(items)-1
		if total {
			fillRect(p.RGBA(), image.Rect(int(hjdEdge), int(y)-2, int(hjdRight), int(y)), hjdLine)
		}
		cy := y + hjdFinalRowH/2
		p.text(item, hjdEdge, cy+0.36*hjdSmall, 0, hjdSmall, total, hjdMuted, labelW-10)
		for i, pl := range v.Players {
			if pl.FinalScore != nil {
				p.mid(fmt.Sprint(cells(pl.FinalScore)[r]), col(i), cy, hjdBody, total, hjdInk, 0)
			}
		}
		y += hjdFinalRowH
	}
	return y + 18
}

func hjdRecentHeight(l hjdPhoneLayout) float64 {
	if len(l.recent) == 0 {
		return 0
	}
	return 50 + 34*float64(len(l.recent))
}

// recent: the last moves, oldest first.
func (p *hjdPhone) recent(l hjdPhoneLayout, y float64) {
	if len(l.recent) == 0 {
		return
	}
	p.text("Last moves", hjdEdge, y+38, 0, hjdLabel, true, hjdInk, 0)
	y += 46
	for _, s := range l.recent {
		y += 34
		p.text(s, hjdEdge, y-8, 0, hjdSmall, false, hjdInk, hjdRight-hjdEdge)
	}
}
