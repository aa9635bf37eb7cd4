package hijacked

// A turn's dice: which die a move names, what the turn has left, and the
// number tokens the dice are read against.

import (
	"fmt"
	"strings"
)

// sameDice is how many of the references name the die r names.
func sameDice(refs []DieRef, r DieRef) int {
	n := 0
	for _, o := range refs {
		if o == r {
			n++
		}
	}
	return n
}

// resolveDice finds distinct unused dice for the references, own dice first
// when the kind is not named.
func (s *State) resolveDice(refs []DieRef) ([]int, error) {
	var out []int
	taken := map[int]bool{}
	for _, r := range refs {
		found := -1
		for _, kind := range []string{dieOwn, dieBonus, dieMini} {
			if r.Kind == "b" && kind != dieBonus || r.Kind == "m" && kind != dieMini {
				continue
			}
			for i, d := range s.Dice {
				if !d.Used && !taken[i] && d.Kind == kind && d.Value == r.Value && found < 0 {
					found = i
				}
			}
		}
		if found < 0 {
			if n := sameDice(refs, r); n > 1 {
				// One such die is there; the move names it more times.
				return nil, fmt.Errorf("the move needs %d dice showing %d, and you have fewer unused: your dice are %s", n, r.Value, s.diceText())
			}
			return nil, fmt.Errorf("you have no unused %s: your dice are %s", dieWord(r), s.diceText())
		}
		taken[found] = true
		out = append(out, found)
	}
	return out, nil
}

func dieWord(r DieRef) string {
	switch r.Kind {
	case "b":
		return fmt.Sprintf("bonus die showing %d", r.Value)
	case "m":
		return fmt.Sprintf("mini die showing %d", r.Value)
	}
	return fmt.Sprintf("die showing %d", r.Value)
}

// diceText lists the dice of the turn: "3, 5, bonus 2 (used: 4)".
func (s *State) diceText() string {
	var free, used []string
	for _, d := range s.Dice {
		w := dieLabel(d)
		if d.Used {
			used = append(used, w)
		} else {
			free = append(free, w)
		}
	}
	out := "none left"
	if len(free) > 0 {
		out = strings.Join(free, ", ")
	}
	if len(used) > 0 {
		out += " (used: " + strings.Join(used, ", ") + ")"
	}
	return out
}

func dieLabel(d Die) string {
	switch d.Kind {
	case dieBonus:
		return fmt.Sprintf("bonus %d", d.Value)
	case dieMini:
		return fmt.Sprintf("mini %d", d.Value)
	}
	return fmt.Sprint(d.Value)
}

func (s *State) anyDie() int {
	for _, d := range s.Dice {
		if !d.Used {
			return d.Value
		}
	}
	return 1
}

func inRange(v int, r [2]int) bool { return v >= r[0] && v <= r[1] }

func rangeText(r [2]int) string {
	if r[0] == r[1] {
		return fmt.Sprint(r[0])
	}
	return fmt.Sprintf("%d-%d", r[0], r[1])
}

// numberPlace is the number place whose token shows v, -1 for none.
func (s *State) numberPlace(v int) int {
	for i, n := range s.Numbers {
		if n == v {
			return i
		}
	}
	return -1
}

func (s *State) numbersText() string {
	var out []string
	for i, n := range s.Numbers {
		out = append(out, fmt.Sprintf("%d=%s", n, data.NumberPlaces[i]))
	}
	return strings.Join(out, ", ")
}

func (s *State) useDice(a Action) []Die {
	idx, _ := s.resolveDice(a.Dice)
	var out []Die
	for _, i := range idx {
		s.Dice[i].Used = true
		s.DiceUsed++
		out = append(out, s.Dice[i])
	}
	return out
}
