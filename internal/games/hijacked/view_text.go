package hijacked

import (
	"fmt"
	"strings"
)

// Text renders the public view as plain text.
func (v *PublicView) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "HIJACKED, round %d. Police: %s from the plane (started at %d). Trust %d%% (bag: %d green, %d red).\n",
		v.Round, plural(v.Police, "minute"), v.PoliceStart, v.Trust, v.Green, v.Red)
	v.writeSeats(&b)
	draw := "Draw pile empty (the discard pile is shuffled into a new one when a card is needed)"
	if v.DrawPile > 0 {
		draw = fmt.Sprintf("Draw pile %d (top shows %s)", v.DrawPile, plural(v.DrawTop, "pip"))
	}
	fmt.Fprintf(&b, "\n%s, discard pile %d.\n", draw, v.Discard)
	v.writeHijackers(&b)
	var nums []string
	for i, n := range v.Numbers {
		nums = append(nums, fmt.Sprintf("%d=%s", n, v.Places[i]))
	}
	fmt.Fprintf(&b, "\nNumber tokens: %s. Tower: %s; %s. Bonus dice on the space: %d. Bonus tiles: %d.\n",
		strings.Join(nums, ", "), DemandText(v.Supply), DiceCount(v.MiniDice, "mini"), v.BonusDice, v.Tiles)
	fmt.Fprintf(&b, "On the plane: %s.\n", Aboard(v.Passengers, v.Pilots))
	v.writeMedals(&b)
	b.WriteString("\nPlayers:\n")
	for _, p := range v.Players {
		v.writePlayer(&b, p)
	}
	if len(v.Dice) > 0 && !v.Over {
		fmt.Fprintf(&b, "Dice: %s.\n", strings.Join(v.diceWords(), ", "))
	}
	if v.Pending != nil {
		fmt.Fprintf(&b, "Chosen card: %s.\n", v.Pending.Text())
	}
	if v.Cybot != nil {
		b.WriteString(v.Cybot.Text() + "\n")
	}
	if v.Over {
		fmt.Fprintf(&b, "Game over. %s\n", v.Result)
	} else {
		fmt.Fprintf(&b, "Now: %s.\n", v.Waiting)
	}
	return strings.TrimRight(b.String(), "\n")
}

func (v *PublicView) writeSeats(b *strings.Builder) {
	b.WriteString("Seats:")
	for _, st := range v.Seats {
		switch {
		case st.Empty:
			fmt.Fprintf(b, " [%d empty]", st.Number)
		case st.Face != nil:
			fmt.Fprintf(b, " [%d %s", st.Number, st.Face.Text())
			if st.Reserver >= 0 {
				fmt.Fprintf(b, ", reserved by %s with %d", v.Players[st.Reserver].Name, st.ResValue)
			}
			b.WriteString("]")
		default:
			fmt.Fprintf(b, " [%d face down: %s]", st.Number, plural(st.Pips, "pip"))
		}
	}
}

func (v *PublicView) writeHijackers(b *strings.Builder) {
	b.WriteString("Hijackers:")
	for _, h := range v.Hijackers {
		if h.ID == "" {
			fmt.Fprintf(b, " [%d empty]", h.Place)
			continue
		}
		fmt.Fprintf(b, " [%d %s: %s & %s, %d/4", h.Place, h.Name, rangeText(h.Ranges[0]), rangeText(h.Ranges[1]), h.Turns)
		if h.Disc >= 0 {
			fmt.Fprintf(b, ", %s talking", v.Players[h.Disc].Name)
		}
		b.WriteString("]")
	}
}

func (v *PublicView) writeMedals(b *strings.Builder) {
	b.WriteString("Medals:")
	for _, m := range v.Medals {
		who := m.State
		switch {
		case m.Holder >= 0 && m.State == "held":
			who = fmt.Sprintf("held face down by %s", v.Players[m.Holder].Name)
		case m.Holder >= 0:
			who = fmt.Sprintf("%s by %s", m.State, v.Players[m.Holder].Name)
		case m.State == "board":
			who = fmt.Sprintf("on the board, %s", plural(m.Value, "point"))
		}
		fmt.Fprintf(b, " [%d %s: %s]", m.Number, m.Objective, who)
	}
}

// writePlayer writes one player's line; the parts a player lacks are left out
// rather than written as "none", to keep the line short.
func (v *PublicView) writePlayer(b *strings.Builder, p PlayerView) {
	var tags []string
	if p.Seat == v.Turn && !v.Over {
		tags = append(tags, "on turn")
	}
	if p.Starting {
		tags = append(tags, "starting player")
	}
	if p.Star {
		tags = append(tags, "star")
	}
	if p.Resigned {
		tags = append(tags, "left")
	}
	tag := ""
	if len(tags) > 0 {
		tag = " [" + strings.Join(tags, ", ") + "]"
	}
	var cards []string
	for _, c := range p.Cards {
		cards = append(cards, c.Text())
	}
	fmt.Fprintf(b, "  %d %s%s: %s (track %s), %s; %s; cards: %s; freed %s",
		p.Seat+1, p.Name, tag, plural(p.Score, "point"), p.Track, RecognitionText(v.Recognition, p.Thumb), DemandText(p.Demands), orNone(cards), Aboard(p.Freed, p.Pilots))
	if len(p.Hijackers) > 0 {
		var hs []string
		for _, h := range p.Hijackers {
			hs = append(hs, h.Name)
		}
		fmt.Fprintf(b, "; hijackers: %s", strings.Join(hs, ", "))
	}
	if len(p.Tiles) > 0 {
		fmt.Fprintf(b, "; tiles: %s", strings.Join(p.Tiles, ", "))
	}
	if p.Medals > 0 {
		fmt.Fprintf(b, "; %s face down", plural(p.Medals, "medal"))
	}
	if p.Bonus+p.Mini > 0 {
		fmt.Fprintf(b, "; next turn %s", NextDice(p.Bonus, p.Mini))
	}
	b.WriteString("\n")
}

func (v *PublicView) diceWords() []string {
	var dice []string
	for _, d := range v.Dice {
		w := fmt.Sprint(d.Value)
		if d.Kind != dieOwn {
			w = d.Kind + " " + w
		}
		if d.Used {
			w += " (used)"
		}
		dice = append(dice, w)
	}
	return dice
}
