package hunted

import (
	"sort"
	"strconv"
	"strings"

	"standoff/internal/games"
)

// Greedy is the rule-of-thumb player the balance figures in
// docs/rules/hunted.md are measured with; the whole-game console transcripts
// use it too. It is not the kind's Bot: a bot seat would turn /hunted solo
// into a co-op game with the machine.
func Greedy(st games.State) string {
	s, ok := st.(*State)
	if !ok || s.Phase == phaseOver {
		return ""
	}
	return greedy(s)
}

// greedy is a simple rule-of-thumb player used to measure balance: it takes
// doors first, weapons and hostages next, hides from strong terrorists when
// the row is noisy, fights with its best weapon and spends tokens only when
// they turn a miss into a hit.
func greedy(s *State) string {
	// It never gives cards away (a co-op gift is open in every phase).
	var legal []string
	for _, m := range s.Legal(s.Turn) {
		if !strings.HasPrefix(m, verbGive+" ") {
			legal = append(legal, m)
		}
	}
	switch s.Phase {
	case phaseRoll:
		return greedyRoll(s, legal)
	case phaseChoose:
		best, bv := legal[0], -100
		for _, m := range legal {
			if v := locValue(s, strings.Fields(m)[1]); v > bv {
				best, bv = m, v
			}
		}
		return best
	case phaseOptional:
		if s.Current == "L04" && s.Time > 6 {
			return verbYes
		}
		if s.Current == "L02" && s.Time > 12 {
			return verbYes
		}
		return verbNo
	case phaseSurveil:
		return greedySurveil(s, legal)
	case phaseReward:
		best, bv := "take none", 0
		for _, m := range legal {
			if id := strings.Fields(m)[1]; id != "none" {
				if v := cardValue(s, id); v > bv {
					best, bv = m, v
				}
			}
		}
		return best
	case phaseFight:
		return greedyFight(s, legal)
	case phaseStart:
		if m := firstWith(legal, verbDraw); m != "" && !dangerous(s, s.Turn) {
			return m
		}
		return verbHide
	}
	return greedyMain(s, legal)
}

// greedySurveil puts the worst card at the bottom, looking for the best card
// left on top.
func greedySurveil(s *State, legal []string) string {
	best, bv := legal[0], -1000
	for _, m := range legal {
		w := strings.Fields(m)[1:]
		top := without(without(s.Surveil, w[0]), w[len(w)-1])
		v := -cardValue(s, w[0])
		if len(top) > 0 {
			v += 2 * cardValue(s, top[0])
		}
		if v > bv {
			best, bv = m, v
		}
	}
	return best
}

// greedyMain plays the main phase: heal when hurt, then the move worth most,
// then hide or draw.
func greedyMain(s *State, legal []string) string {
	seat := s.Turn
	if m := greedyRescue(s, legal); m != "" {
		return m
	}
	best, bv := "", 0
	for _, m := range legal {
		if v := mainValue(s, strings.Fields(m)); v > bv {
			best, bv = m, v
		}
	}
	if best != "" {
		return best
	}
	if s.Coop {
		if !s.SharedDone {
			// Share a bell-free useful card so the partner can use it too.
			for _, m := range legal {
				if w := strings.Fields(m); w[0] == verbShare && data.card[w[1]].Noise == 0 && data.card[w[1]].Type != typeTerrorist {
					return m
				}
			}
		}
		return verbEnd
	}
	if has(legal, verbHide) && dangerous(s, seat) {
		return verbHide
	}
	if has(legal, verbDraw) {
		return verbDraw
	}
	return legal[0]
}

// greedyRescue is the heal or the flip that keeps a hurt player alive or the
// clock running; "" when none is needed or open.
func greedyRescue(s *State, legal []string) string {
	p := s.Players[s.Turn]
	if p.Health <= p.MaxHealth-2 || p.Health <= 2 {
		for _, m := range legal {
			if strings.HasPrefix(m, "use ") && data.card[strings.Fields(m)[1]].Effect.Do == doHeal {
				return m
			}
		}
	}
	if p.Health <= 1 || s.Time <= 4 {
		for _, m := range legal {
			if strings.HasPrefix(m, "flip ") {
				if e := data.card[strings.Fields(m)[1]].Flip; (e.Do == doHeal && p.Health <= 1) || (e.Do == doTime && s.Time <= 4) {
					return m
				}
			}
		}
	}
	return ""
}

// mainValue scores a main-phase move given as words; 0 or less is not worth
// making.
func mainValue(s *State, w []string) int {
	p := s.Players[s.Turn]
	v := 0
	switch w[0] {
	case verbActivate:
		v = cardValue(s, w[1]) * 2
		for _, payer := range w[2:] {
			if payer == "with" {
				continue
			}
			if payer == iconKey {
				v -= 2
			} else {
				v -= cardValue(s, payer)
			}
		}
		if data.card[w[1]].Type == typeRegroup && (s.Time < 10 || p.Regroup >= 2) {
			v = -1
		}
	case verbReload:
		if s.Weapons[w[1]].Dice == 0 && s.Time > 5 {
			v = 3
		}
	case verbUse:
		switch data.card[w[1]].Effect.Do {
		case doRemove:
			v = 6
		case doAmmo:
			if s.Weapons[w[2]].Mags == 0 {
				v = 4
			}
		case doKey, doFind:
			v = 3
		case doTime:
			if s.Time <= 16 {
				v = 2
			}
		}
	}
	return v
}

// firstWith is the first move that starts with prefix, "" when none does.
func firstWith(legal []string, prefix string) string {
	for _, m := range legal {
		if strings.HasPrefix(m, prefix) {
			return m
		}
	}
	return ""
}

// dangerous says whether drawing on is too risky: a strong terrorist waits in
// a row that already rings.
func dangerous(s *State, seat int) bool {
	bells, strong := 0, 0
	for _, id := range s.row(seat) {
		c := data.card[id]
		bells += c.Noise
		if c.Type == typeTerrorist {
			strong = max(strong, sumTargets(c.Targets)+2*len(c.Targets))
		}
	}
	return strong >= 8 || (strong > 0 && bells >= 1 && firepower(s, seat) < strong)
}

// firepower is a rough measure of the dice a seat can still throw.
func firepower(s *State, seat int) int {
	f := 0
	for _, id := range s.weaponsOf(seat) {
		w := s.Weapons[id]
		f += (w.Dice + w.Mags*data.card[id].Dice) * data.card[id].Sides / 3
	}
	return f
}

// cardValue rates a card for the greedy player.
func cardValue(s *State, id string) int {
	c := data.card[id]
	switch c.Type {
	case typeDoor:
		return 5 + c.Locations
	case typeWeapon:
		return 4 + c.Dice*c.Sides/6
	case typeHostage:
		return 4
	case typeItem:
		switch c.Effect.Do {
		case doGrenade, doHeal:
			return 4
		case doAmmo, doRemove:
			return 3
		}
		return 2
	case typeRegroup:
		return 1
	case typeTerrorist:
		return -5
	}
	return 0
}

// locValue rates a location card.
func locValue(s *State, id string) int {
	l := data.location[id]
	if l.Roof {
		if s.Players[s.Turn].Health >= 3 || s.Time <= 6 {
			return 10
		}
		return -10
	}
	if l.Test != nil {
		v := 0
		if l.Test.Pass != nil {
			v += 2
		}
		if l.Test.Fail != nil && l.Test.Fail.Do == doFight {
			v -= 2
		}
		return v
	}
	switch l.Effect.Do {
	case doHeal, doKey, doFind:
		return 3
	case doLocation:
		return 2
	case doSurveil:
		return 0
	case doFight, doAmbush, doLoseTime:
		return -2
	}
	return 0
}

// greedyRoll spends a regroup token or a reroll only when it helps.
func greedyRoll(s *State, legal []string) string {
	r := s.Roll
	score := func(dice []Die) int {
		if r.Purpose == rollTest {
			if passes(dice) {
				return 1
			}
			return 0
		}
		h, _ := s.hits(&Roll{Purpose: r.Purpose, Dice: dice})
		if s.Fight.Lars {
			return h[0]
		}
		return len(h)
	}
	base := score(r.Dice)
	for _, m := range legal {
		if !strings.HasPrefix(m, "regroup ") {
			continue
		}
		i, _ := strconv.Atoi(strings.Fields(m)[1])
		d := append([]Die{}, r.Dice...)
		d[i-1].Boost++
		if score(d) > base {
			return m
		}
	}
	// Reroll the dice that hit nothing when the roll fails.
	for _, m := range legal {
		w := strings.Fields(m)
		if w[0] != verbReroll {
			continue
		}
		var low []string
		for i, d := range r.Dice {
			if d.Value() < 5 {
				low = append(low, strconv.Itoa(i+1))
			}
		}
		if len(low) > 0 && strings.Join(w[2:], " ") == strings.Join(low, " ") {
			return m
		}
	}
	return verbKeep
}

// greedyFight picks the strongest attack that does not waste dice.
func greedyFight(s *State, legal []string) string {
	f := s.Fight
	p := s.Players[s.Turn]
	if p.Health <= 1 {
		for _, m := range legal {
			if strings.HasPrefix(m, "use ") && data.card[strings.Fields(m)[1]].Effect.Do == doHeal {
				return m
			}
		}
	}
	for _, m := range legal {
		if strings.HasPrefix(m, "flip ") && data.card[strings.Fields(m)[1]].Flip.Do == doHit {
			return m
		}
	}
	open := 0
	for _, h := range f.Hit {
		if !h {
			open++
		}
	}
	want := open + 1
	if f.Lars {
		want = 9
	}
	type opt struct {
		move string
		val  float64
	}
	var opts []opt
	for _, m := range legal {
		w := strings.Fields(m)
		if w[0] != verbFight || w[1] == handsID {
			continue
		}
		n, _ := strconv.Atoi(w[1])
		c := data.card[w[2]]
		if n != min(want, s.Weapons[w[2]].Dice) {
			continue
		}
		opts = append(opts, opt{m, float64(n) * float64(c.Sides)})
	}
	sort.SliceStable(opts, func(i, j int) bool { return opts[i].val > opts[j].val })
	if len(opts) > 0 {
		return opts[0].move
	}
	if m := func() string {
		for _, m := range legal {
			if strings.HasPrefix(m, "reload ") {
				return m
			}
		}
		return ""
	}(); m != "" {
		return m
	}
	for _, m := range legal {
		if strings.HasPrefix(m, "grenade ") {
			return m
		}
	}
	for _, m := range legal {
		if strings.HasPrefix(m, "fight hands") {
			return m
		}
	}
	return legal[0]
}
