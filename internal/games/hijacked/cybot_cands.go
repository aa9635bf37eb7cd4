package hijacked

import (
	"fmt"
	"sort"
	"strings"
)

// The passenger cards the Cybot could take, and how it ranks them.

// cand is a passenger card the Cybot could take.
type cand struct {
	seat int   // 1..6
	dice []int // dice that can take it
	free bool  // its own reservation: no die
	key  [6]int
	// adjust is the token that turns its die to the pips of a face-down
	// card no die shows.
	adjust []adjustment
}

// spareTokens is how many tokens the Cybot may spend on changing a die: all
// but the last, which it keeps for a passenger card.
func (bot cybot) spareTokens() int {
	s := bot.s
	return max(0, s.Players[s.Cybot.Seat].demandCount()-1)
}

// turnedCands are the face-down cards one token makes reachable: "The
// Cybot can use demand tokens to change dice." Asked only when no card can
// be chosen with the dice as rolled.
func (bot cybot) turnedCands(dice []int) []cand {
	s := bot.s
	if bot.spareTokens() == 0 {
		return nil
	}
	var out []cand
	for seat := 1; seat <= 6; seat++ {
		st := s.Seats[seat-1]
		if st.Card < 0 || st.FaceUp {
			continue
		}
		pips := data.Cards[st.Card].Pips
		for _, d := range dice {
			for _, delta := range []int{1, -1} {
				if (s.Dice[d].Value-1+delta+6)%6+1 == pips {
					out = append(out, cand{seat: seat, dice: []int{d}, key: bot.rank(seat), adjust: []adjustment{{d, delta}}})
				}
			}
		}
	}
	sortCands(out)
	if len(out) > 0 {
		// One die and one way for the card it takes.
		out = []cand{out[0]}
	}
	return out
}

// rank orders cards by the Cybot's preferences (lower first): "prefers
// face-up cards of a colour it already owns and has not completed (fewer
// than 3), and prefers cards it can play. Among several options it takes,
// in order: (1) the colour the Cybot owns most of; (2) the colour you own
// most of; (3) the easiest card (lowest cost first; on a tie the lowest
// trust)". Tiers: 0 face-up, playable, a colour it collects; 1 face-up and
// playable; 2 face down (it does not know the face: the highest pips
// first); 3 face-up, not playable (discarded for 1 point); 4 face-up red.
func (bot cybot) rank(seat int) [6]int {
	s := bot.s
	st := s.Seats[seat-1]
	if !st.FaceUp {
		return [6]int{2, 0, 0, 0, 0, -data.Cards[st.Card].Pips}
	}
	card := data.Cards[st.Card]
	if card.Color == red {
		return [6]int{4}
	}
	cy := &s.Players[s.Cybot.Seat]
	hu := &s.Players[s.human()]
	owns := cy.colorCount(card.Color)
	tier := 3
	if s.cannotPlay(s.Cybot.Seat, st.Card) == "" {
		tier = 1
		if owns > 0 && owns < 3 {
			tier = 0
		}
	}
	cost := 0
	if card.Demand != "none" {
		cost = 1
	}
	return [6]int{tier, -owns, -hu.colorCount(card.Color), cost, card.Trust, 0}
}

// reach lists the dice that can take the card at a seat; free for the
// Cybot's own reservation; any says the Cybot's rule lets any die take it.
func (bot cybot) reach(seat int, dice []int, any bool) ([]int, bool) {
	s := bot.s
	st := s.Seats[seat-1]
	cy := s.Cybot.Seat
	var out []int
	switch {
	case st.FaceUp && st.Reserver == cy && s.reservedThisTurn(seat-1):
		return nil, false // "the reserved card from his previous turn" only
	case st.FaceUp && st.Reserver == cy:
		return nil, true
	case st.FaceUp && st.Reserver >= 0:
		for _, d := range dice {
			if s.Dice[d].Value >= st.ResDie.Value {
				out = append(out, d)
			}
		}
	case st.FaceUp || any:
		out = append(out, dice...)
	default:
		for _, d := range dice {
			if s.Dice[d].Value == data.Cards[st.Card].Pips {
				out = append(out, d)
			}
		}
	}
	return out, false
}

// cardCands lists the cards a choosing step may take with the dice, best
// first, or why there is none.
func (bot cybot) cardCands(act string, dice []int) ([]cand, string) {
	s := bot.s
	cy := &s.Players[s.Cybot.Seat]
	collecting, faceUp := false, false
	for _, col := range colorNames[:4] {
		if k := cy.colorCount(col); k > 0 && k < 3 {
			collecting = true
		}
	}
	for _, st := range s.Seats {
		if st.Card >= 0 && st.FaceUp {
			faceUp = true
		}
	}
	// Cards 6 and 8: "If there is no incomplete set or no face-up card:
	// choose 1 card."
	setOnly := act == cySet && collecting && faceUp
	var out []cand
	for seat := 1; seat <= 6; seat++ {
		st := s.Seats[seat-1]
		if st.Card < 0 || act == cyFaceDown && st.FaceUp {
			continue
		}
		c := cand{seat: seat, key: bot.rank(seat)}
		if setOnly && c.key[0] != 0 {
			continue
		}
		c.dice, c.free = bot.reach(seat, dice, false)
		if len(c.dice) == 0 && !c.free {
			continue
		}
		out = append(out, c)
	}
	sortCands(out)
	if len(out) > 0 {
		return out, ""
	}
	if !setOnly && len(dice) > 0 {
		if out = bot.turnedCands(dice); len(out) > 0 {
			return out, ""
		}
	}
	switch {
	case len(dice) == 0:
		return nil, "no die left"
	case setOnly:
		return nil, "no face-up card of a colour it collects that it can play"
	case act == cyFaceDown:
		return nil, fmt.Sprintf("no face-down card shows %s", bot.diceValues(dice))
	}
	return nil, fmt.Sprintf("no card its %s can take", bot.diceValues(dice))
}

// spareCands are the cards for a spare die: the face-up cards, or if there
// is none the face-down card with the highest value, which any die turns up.
func (bot cybot) spareCands(dice []int) []cand {
	s := bot.s
	var up, down []cand
	for seat := 1; seat <= 6; seat++ {
		st := s.Seats[seat-1]
		if st.Card < 0 {
			continue
		}
		c := cand{seat: seat, key: bot.rank(seat)}
		c.dice, c.free = bot.reach(seat, dice, true)
		if len(c.dice) == 0 && !c.free {
			continue
		}
		if st.FaceUp {
			up = append(up, c)
		} else {
			down = append(down, c)
		}
	}
	if len(up) == 0 {
		up = down
	}
	sortCands(up)
	return up
}

// reserveCands are the face-up cards it may reserve, best first.
func (bot cybot) reserveCands() []cand {
	s := bot.s
	var out []cand
	for seat := 1; seat <= 6; seat++ {
		st := s.Seats[seat-1]
		// The Cybot reserves as a player does: "Reserve an adjacent card"
		// (step F), a neighbour of the seat it just chose from.
		if st.Card < 0 || !st.FaceUp || st.Reserver >= 0 || data.Cards[st.Card].Color == red || !s.adjacentToChosen(seat) {
			continue
		}
		out = append(out, cand{seat: seat, key: bot.rank(seat)})
	}
	sortCands(out)
	return out
}

func sortCands(c []cand) {
	sort.SliceStable(c, func(i, j int) bool {
		for k := range c[i].key {
			if c[i].key[k] != c[j].key[k] {
				return c[i].key[k] < c[j].key[k]
			}
		}
		return false
	})
}

// tied are the best cards that no preference tells apart.
func tied(c []cand) []cand {
	var out []cand
	for _, x := range c {
		if x.key == c[0].key {
			out = append(out, x)
		}
	}
	return out
}

func (bot cybot) diceValues(dice []int) string {
	s := bot.s
	var out []string
	for _, d := range dice {
		out = append(out, dieLabel(s.Dice[d]))
	}
	return strings.Join(out, ", ")
}
