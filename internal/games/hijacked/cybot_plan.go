package hijacked

import (
	"sort"
)

// How the Cybot spends its dice: "Use the dice as well as possible to do as
// many actions in priority order as possible (if action 1 takes any die,
// keep the die that also fits action 2)." Each step is planned against the
// rest of the card: of the ways to do it, the one that lets the most
// important later actions be done wins (then fewer tokens, then more dice
// left for the spare-dice rule). The plan sees the board as it is now; it
// is made again before every step, so what a step reveals is taken into
// account by the next.

// option is one way to do a card action.
type option struct {
	dice   []int // indices into s.Dice
	target int   // hijacker place for persuading
	tokens int
	adjust []adjustment
}

// adjustment is one token turning a die by 1.
type adjustment struct{ die, delta int }

// outcome is how well the rest of a card goes.
type outcome struct {
	done   []bool
	tokens int
	left   int
}

// better is the priority order: the earliest action done wins, then fewer
// tokens spent, then more dice left over.
func better(a, b outcome) bool {
	for i := range a.done {
		if a.done[i] != b.done[i] {
			return a.done[i]
		}
	}
	if a.tokens != b.tokens {
		return a.tokens < b.tokens
	}
	return a.left > b.left
}

func isChoose(act string) bool {
	return act == cyChoose || act == cySet || act == cyFaceDown || act == stepReminder
}

// plan is the best outcome of the actions with the dice.
func (bot cybot) plan(acts []string, dice []int, chose bool) outcome {
	if len(acts) == 0 {
		return outcome{left: len(dice)}
	}
	var best *outcome
	for _, o := range bot.actOptions(acts[0], dice, chose) {
		r := bot.plan(acts[1:], minus(dice, o.dice), chose || isChoose(acts[0]))
		c := outcome{done: append([]bool{true}, r.done...), tokens: o.tokens + r.tokens, left: r.left}
		if best == nil || better(c, *best) {
			best = &c
		}
	}
	if best == nil {
		r := bot.plan(acts[1:], dice, chose)
		return outcome{done: append([]bool{false}, r.done...), tokens: r.tokens, left: r.left}
	}
	return *best
}

// chooseOption picks among ways to do the current step the one that leaves
// the rest of the card best; the first on a tie.
func (bot cybot) chooseOption(opts []option, rest []string) option {
	s := bot.s
	chose := s.CanReserve || isChoose(s.Cybot.Steps[0])
	free := bot.freeDice("")
	bi := 0
	var best outcome
	for i, o := range opts {
		r := bot.plan(rest, minus(free, o.dice), chose)
		r.tokens += o.tokens
		if i == 0 || better(r, best) {
			bi, best = i, r
		}
	}
	return opts[bi]
}

// chooseDie picks one of the dice for the current step: the one that keeps
// the dice the rest of the card needs; on a tie the lowest (the highest for
// a reservation, which another player can only take with a die at least as
// high).
func (bot cybot) chooseDie(dice []int, rest []string, high bool) int {
	s := bot.s
	order := append([]int{}, dice...)
	sort.SliceStable(order, func(i, j int) bool {
		if high {
			return s.Dice[order[i]].Value > s.Dice[order[j]].Value
		}
		return s.Dice[order[i]].Value < s.Dice[order[j]].Value
	})
	var opts []option
	for _, d := range order {
		opts = append(opts, option{dice: []int{d}})
	}
	return bot.chooseOption(opts, rest).dice[0]
}

func minus(dice, used []int) []int {
	var out []int
	for _, d := range dice {
		if !containsInt(used, d) {
			out = append(out, d)
		}
	}
	return out
}

func singles(dice []int) []option {
	var out []option
	for _, d := range dice {
		out = append(out, option{dice: []int{d}})
	}
	return out
}

func pairs(dice []int) [][]int {
	var out [][]int
	for i := range dice {
		for j := i + 1; j < len(dice); j++ {
			out = append(out, []int{dice[i], dice[j]})
		}
	}
	return out
}

// actOptions lists the ways to do a card action with the dice now; chose
// says a passenger card was chosen just before (a reservation may follow).
func (bot cybot) actOptions(act string, dice []int, chose bool) []option {
	s := bot.s
	cy := s.Cybot.Seat
	switch act {
	case cyChoose, cySet, cyFaceDown, stepReminder:
		cands, _ := bot.cardCands(act, dice)
		if len(cands) == 0 {
			return nil
		}
		var out []option
		seen := map[int]bool{}
		for _, c := range tied(cands) {
			if c.free {
				return []option{{}}
			}
			for _, d := range c.dice {
				if !seen[d] {
					seen[d] = true
					out = append(out, option{dice: []int{d}, tokens: len(c.adjust), adjust: c.adjust})
				}
			}
		}
		return out
	case cyReserve:
		if !(chose || s.CanReserve) || s.reservation(cy) >= 0 || (!chose && len(bot.reserveCands()) == 0) {
			return nil
		}
		return singles(dice)
	case cyTrust, cyTrustTokens:
		if s.did(spaceTrust) || s.Trust >= data.TrustSpaces {
			return nil
		}
		return singles(dice)
	case cyDemand:
		if s.did(spaceDemand) {
			return nil
		}
		var out []option
		for _, d := range dice {
			if pl := s.numberPlace(s.Dice[d].Value); pl >= 0 && s.Supply[demandIndex(data.NumberPlaces[pl])] > 0 {
				out = append(out, option{dice: []int{d}})
			}
		}
		return out
	case cyBonus:
		if s.did(spaceBonus) || s.BonusDice == 0 {
			return nil
		}
		return singles(dice)
	case cyRetreat, cyRetreatThumb, cyRetreatAlways:
		if s.Round <= 2 || s.did(spaceRetreat) || bot.equaliseBlock() != "" {
			return nil
		}
		var out []option
		for _, p := range pairs(dice) {
			out = append(out, option{dice: p})
		}
		return out
	case cyPersuade:
		// "The Cybot can use demand tokens to change dice": 1 token, never
		// its last (it keeps that for a passenger card).
		if out := bot.persuadeOptions(dice, 0); len(out) > 0 || bot.spareTokens() == 0 {
			return out
		}
		return bot.persuadeOptions(dice, 1)
	case cyPersuadeTok:
		if out := bot.persuadeOptions(dice, 0); len(out) > 0 {
			return out
		}
		return bot.persuadeOptions(dice, min(2, s.Players[cy].demandCount()))
	}
	return nil
}

// persuadeOptions: its own hijacker when it has one, otherwise the
// rightmost free hijacker the dice fit, with at most the given tokens.
func (bot cybot) persuadeOptions(dice []int, tokens int) []option {
	s := bot.s
	if s.did(spacePersuade) {
		return nil
	}
	cy := s.Cybot.Seat
	var places []int
	if p := bot.hijackerPlace(); p > 0 {
		places = []int{p}
	} else {
		for i := len(s.Slots) - 1; i >= 0; i-- {
			if sl := s.Slots[i]; sl.Tile >= 0 && (sl.Disc < 0 || sl.Disc == cy) {
				places = append(places, i+1)
			}
		}
	}
	for _, pl := range places {
		h := data.Hijackers[s.Slots[pl-1].Tile]
		var out []option
		for _, p := range pairs(dice) {
			x, y := s.Dice[p[0]].Value, s.Dice[p[1]].Value
			best := -1
			var adj []adjustment
			for _, order := range [][2]int{{0, 1}, {1, 0}} {
				a := shift(p[0], x, h.Ranges[order[0]])
				b := shift(p[1], y, h.Ranges[order[1]])
				if c := len(a) + len(b); best < 0 || c < best {
					best, adj = c, append(a, b...)
				}
			}
			if best <= tokens {
				out = append(out, option{dice: p, target: pl, tokens: best, adjust: adj})
			}
		}
		if len(out) > 0 {
			sort.SliceStable(out, func(i, j int) bool { return out[i].tokens < out[j].tokens })
			return out
		}
	}
	return nil
}

// shift is the fewest one-pip turns (1 and 6 wrap round) that bring a die
// into a range.
func shift(die, v int, r [2]int) []adjustment {
	if inRange(v, r) {
		return nil
	}
	var best []adjustment
	for t := r[0]; t <= r[1]; t++ {
		up := (t - v + 6) % 6
		down := (v - t + 6) % 6
		var a []adjustment
		if up <= down {
			for range up {
				a = append(a, adjustment{die, 1})
			}
		} else {
			for range down {
				a = append(a, adjustment{die, -1})
			}
		}
		if best == nil || len(a) < len(best) {
			best = a
		}
	}
	return best
}
