package hijacked

import "sort"

// Actions lists every action the seat may take now, as data: the turn's dice
// actions first (for the player on turn), then the any-time actions. This is
// what Legal, the prompts and an automated seat build on.
func (s *State) Actions(seat int) []Action {
	if seat < 0 || seat >= s.n() || s.Phase == phaseOver || s.Players[seat].Resigned || s.isCybot(seat) {
		return nil
	}
	var out []Action
	if seat == s.Turn && !s.isCybot(s.Turn) {
		out = append(out, s.turnActions(seat, true)...)
	}
	return append(out, s.AnyTimeActions(seat)...)
}

// Legal lists every complete move the seat may type now.
func (s *State) Legal(seat int) []string {
	out := cybot{s}.legal(seat) // the Cybot's move, or the answer it waits for
	for _, a := range s.Actions(seat) {
		out = append(out, a.String())
	}
	return out
}

// legal keeps the candidates the game accepts now, without duplicates.
func (s *State) legal(seat int, cands []Action) []Action {
	return s.legalUpTo(seat, cands, 0)
}

// legalUpTo is legal stopping after limit actions (0: no limit).
func (s *State) legalUpTo(seat int, cands []Action, limit int) []Action {
	var out []Action
	seen := map[string]bool{}
	for _, a := range cands {
		k := a.String()
		if seen[k] {
			continue
		}
		seen[k] = true
		if s.check(seat, a) == nil {
			out = append(out, a)
			if len(out) == limit {
				break
			}
		}
	}
	return out
}

// valueRefs are the distinct values of the unused dice.
func (s *State) valueRefs() []DieRef {
	var out []DieRef
	seen := map[int]bool{}
	for _, d := range s.Dice {
		if !d.Used && !seen[d.Value] {
			seen[d.Value] = true
			out = append(out, DieRef{Value: d.Value})
		}
	}
	return out
}

// kindRefs tell dice apart by kind too: where a bonus or mini die goes
// matters for a reservation (it stays there instead of going back).
func (s *State) kindRefs() []DieRef {
	var out []DieRef
	seen := map[DieRef]bool{}
	for _, d := range s.Dice {
		if d.Used {
			continue
		}
		r := DieRef{Value: d.Value, Kind: map[string]string{dieOwn: "", dieBonus: "b", dieMini: "m"}[d.Kind]}
		if !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

// pairRefs are the distinct pairs of unused dice by value.
func (s *State) pairRefs() [][]DieRef {
	var out [][]DieRef
	seen := map[[2]int]bool{}
	for i, a := range s.Dice {
		for j, b := range s.Dice {
			if j <= i || a.Used || b.Used {
				continue
			}
			k := [2]int{min(a.Value, b.Value), max(a.Value, b.Value)}
			if !seen[k] {
				seen[k] = true
				out = append(out, []DieRef{{Value: k[0]}, {Value: k[1]}})
			}
		}
	}
	return out
}

// turnActions are the actions of the player on turn in the current phase;
// withEnd adds ending the turn.
func (s *State) turnActions(seat int, withEnd bool) []Action {
	return s.turnActionsUpTo(seat, withEnd, 0)
}

// canPlaceDice says whether the player on turn can still do anything with
// the turn besides ending it (cheaper than listing everything).
func (s *State) canPlaceDice() bool {
	return len(s.turnActionsUpTo(s.Turn, false, 1)) > 0
}

// turnActionsUpTo lists at most limit actions (0: all).
func (s *State) turnActionsUpTo(seat int, withEnd bool, limit int) []Action {
	if seat != s.Turn || s.Phase == phaseOver {
		return nil
	}
	switch s.Phase {
	case phaseDecide:
		return s.legalUpTo(seat, s.decideCandidates(), limit)
	case phaseKeep:
		var c []Action
		for _, t := range s.Keep {
			c = append(c, Action{Verb: verbKeep, What: data.BonusTiles[t].ID})
		}
		return s.legalUpTo(seat, c, limit)
	}
	// Candidates are pre-filtered on what is cheap to see (pips, ranges,
	// spaces already used); check has the last word.
	vals, pairs := s.valueRefs(), s.pairRefs()
	c := s.cardCandidates(seat, vals)
	c = append(c, s.spaceCandidates(seat, vals, pairs)...)
	if withEnd {
		c = append(c, Action{Verb: verbEnd})
	}
	return s.legalUpTo(seat, c, limit)
}

// decideCandidates: a card that costs no demand is just played; one that
// does is paid with its demand or with intel. Either may be discarded.
func (s *State) decideCandidates() []Action {
	c := []Action{{Verb: verbPlay, Demand: "intel"}}
	if d := data.Cards[s.Pending.Card].Demand; d != "none" {
		c = append([]Action{{Verb: verbPlay, Demand: d}}, c...)
	} else {
		c = []Action{{Verb: verbPlay}}
	}
	return append(c, Action{Verb: verbDiscard})
}

// cardCandidates are choosing a passenger card (seat 0 is the top of the
// draw pile) and reserving one.
func (s *State) cardCandidates(seat int, vals []DieRef) []Action {
	var c []Action
	p := &s.Players[seat]
	for t := 0; t <= 6; t++ {
		if t == 0 && !p.hasTile(tileTop) {
			continue
		}
		if t > 0 {
			st := s.Seats[t-1]
			if st.Card < 0 {
				continue
			}
			if st.Reserver == seat {
				c = append(c, Action{Verb: verbCard, Target: t})
				continue
			}
		}
		for _, v := range vals {
			c = append(c, Action{Verb: verbCard, Target: t, Dice: []DieRef{v}})
		}
	}
	if s.CanReserve {
		for t := 1; t <= 6; t++ {
			if st := s.Seats[t-1]; st.Card < 0 || !st.FaceUp || st.Reserver >= 0 {
				continue
			}
			for _, v := range s.kindRefs() {
				c = append(c, Action{Verb: verbReserve, Target: t, Dice: []DieRef{v}})
			}
		}
	}
	return c
}

// spaceCandidates are the dice placed on the action spaces.
func (s *State) spaceCandidates(seat int, vals []DieRef, pairs [][]DieRef) []Action {
	var c []Action
	if !s.did(spacePersuade) {
		for _, pr := range pairs {
			for h := 1; h <= 4; h++ {
				c = append(c, Action{Verb: verbPersuade, Target: h, Dice: pr})
			}
		}
	}
	for _, v := range vals {
		if s.numberPlace(v.Value) >= 0 && !s.did(spaceDemand) {
			c = append(c, Action{Verb: verbDemand, Dice: []DieRef{v}})
		}
	}
	if !s.did(spaceTrust) && s.Trust < data.TrustSpaces {
		for n := 3; n >= 1; n-- {
			for _, v := range vals {
				c = append(c, Action{Verb: verbTrust, Target: n, Dice: []DieRef{v}})
			}
		}
	}
	if !s.did(spaceRetreat) && s.Round > 2 {
		for _, pr := range pairs {
			c = append(c, Action{Verb: verbRetreat, Dice: pr})
		}
	}
	if !s.did(spaceBonus) && s.BonusDice > 0 {
		for _, v := range vals {
			c = append(c, Action{Verb: verbBonus, Dice: []DieRef{v}})
		}
	}
	p := &s.Players[seat]
	for _, v := range vals {
		for d, name := range demandNames {
			if p.Demands[d] > 0 {
				c = append(c, Action{Verb: verbAdjust, Dice: []DieRef{v}, Delta: 1, Demand: name}, Action{Verb: verbAdjust, Dice: []DieRef{v}, Delta: -1, Demand: name})
			}
		}
	}
	return c
}

// AnyTimeActions are the actions open to the seat at any moment.
func (s *State) AnyTimeActions(seat int) []Action {
	if seat < 0 || seat >= s.n() || s.Phase == phaseOver || s.Players[seat].Resigned || s.isCybot(seat) {
		return nil
	}
	p := &s.Players[seat]
	var c []Action
	for _, col := range colorNames[:4] {
		if k := p.colorCount(col); k >= 3 {
			c = append(c, Action{Verb: verbFree, What: "pilot", Color: col})
		}
		if k := p.colorCount(col); k >= 2 {
			c = append(c, Action{Verb: verbFree, What: "passenger", Color: col})
		}
	}
	for d, name := range demandNames {
		if p.Demands[d] > 0 {
			c = append(c, Action{Verb: verbCash, Demand: name})
		}
	}
	for i, m := range s.Medals {
		if m.Holder == seat && m.State == medalHeld {
			c = append(c, Action{Verb: verbMedal, Target: i + 1})
		}
	}
	if p.hasTile(tilePilot) {
		ids := sortedIDs(p.Cards)
		for i := range ids {
			for j := i + 1; j < len(ids); j++ {
				for k := j + 1; k < len(ids); k++ {
					c = append(c, Action{Verb: verbTile, What: tilePilot, Cards: []string{ids[i], ids[j], ids[k]}})
				}
			}
		}
	}
	if p.hasTile(tileMini) {
		c = append(c, Action{Verb: verbTile, What: tileMini})
	}
	if p.hasTile(tileSalvage) {
		for _, id := range sortedIDs(s.Discard) {
			c = append(c, Action{Verb: verbTile, What: tileSalvage, Cards: []string{id}})
		}
	}
	if p.hasTile(tileTrust) {
		for n := 1; n <= 3; n++ {
			c = append(c, Action{Verb: verbTile, What: tileTrust, Target: n})
		}
	}
	if p.hasTile(tileGive) {
		c = append(c, s.giftActions(seat)...)
	}
	return s.legal(seat, c)
}

// giftActions are the ways to give 1 to 3 demands with the gifts tile, each
// set once (gifts in a fixed order).
func (s *State) giftActions(seat int) []Action {
	var opts []Gift
	for d, name := range demandNames {
		if s.Players[seat].Demands[d] == 0 {
			continue
		}
		for t, q := range s.Players {
			if t != seat && !q.Resigned {
				opts = append(opts, Gift{Demand: name, To: t})
			}
		}
	}
	var out []Action
	var walk func(from int, cur []Gift)
	walk = func(from int, cur []Gift) {
		if len(cur) > 0 {
			out = append(out, Action{Verb: verbTile, What: tileGive, Gifts: append([]Gift{}, cur...)})
		}
		if len(cur) == 3 {
			return
		}
		for i := from; i < len(opts); i++ {
			walk(i, append(cur, opts[i]))
		}
	}
	walk(0, nil)
	return out
}

// sortedIDs are card ids in data order, without repeats.
func sortedIDs(cards []int) []string {
	c := append([]int{}, cards...)
	sort.Ints(c)
	var out []string
	for i, x := range c {
		if i == 0 || c[i-1] != x {
			out = append(out, data.Cards[x].ID)
		}
	}
	return out
}
