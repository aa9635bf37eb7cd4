package images

import (
	"fmt"
	"strings"

	"standoff/internal/games/hunted"
)

// The turn picture and the alt text say what a card does in the same
// short words, from the card's view alone.

// huntedGives are the letters of the action icons a card pays with when it is
// discarded from the row (M move, S search, K key).
func huntedGives(c hunted.CardView) []string {
	out := make([]string, 0, len(c.Actions))
	for _, a := range c.Actions {
		out = append(out, huntedIcon[a])
	}
	return out
}

// huntedCosts are the icon letters a card costs to activate; a card that
// costs time instead has none (huntedCostTime).
func huntedCosts(c hunted.CardView) []string {
	out := make([]string, 0, len(c.Cost))
	for _, a := range c.Cost {
		out = append(out, huntedIcon[a])
	}
	return out
}

// huntedCostTime is a cost in time ("1 time"), or "".
func huntedCostTime(c hunted.CardView) string {
	if c.CostTime > 0 {
		return fmt.Sprintf("%d time", c.CostTime)
	}
	return ""
}

// huntedTargets writes a terrorist's or a fight's numbers: "5 4 3".
func huntedTargets(ts []int) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = fmt.Sprint(t)
	}
	return strings.Join(s, " ")
}

// huntedBareHands is a weapon out of ammo: fought with bare hands, and
// reloaded with the magazines it still has (a play-test found them hidden
// while Reload offered them).
func huntedBareHands(c hunted.CardView) string {
	if c.Mags > 0 {
		return "bare hands: 1 d6 · " + count(c.Mags, "mag")
	}
	return "bare hands: 1 d6"
}

// huntedDoes is what a card does, in a few words: in the row (inInv false)
// what taking it brings, in an inventory its state and use.
func huntedDoes(c hunted.CardView, inInv bool) string {
	switch c.Type {
	case "terrorist":
		s := "targets " + huntedTargets(c.Targets)
		if c.HostageIcon {
			s += " · hits hostages first"
		}
		return s
	case "door":
		return "draw " + count(c.Locations, "location")
	case "weapon":
		switch {
		case c.Flipped:
			return huntedBareHands(c)
		case inInv:
			return fmt.Sprintf("%d of %d d%d · %s", c.Dice, c.FullDice, c.Sides, count(c.Mags, "mag"))
		}
		return fmt.Sprintf("%d d%d · %s", c.FullDice, c.Sides, count(c.Mags, "mag"))
	case "item":
		return c.Effect
	case "hostage":
		s := "flip: " + c.Effect
		switch {
		case !inInv:
		case c.FaceDown:
			s = "face down (1 pt)"
		default:
			s += " · face up (3 pts)"
		}
		return s
	case "regroup":
		return "regroup token (+2 on a die)"
	case "event":
		return c.Text
	}
	return ""
}

// huntedDieKind is a die's kind with its regroup tokens: "d6", "d6 +2".
func huntedDieKind(d hunted.Die) string {
	kind := fmt.Sprintf("d%d", d.Sides)
	if d.Boost > 0 {
		kind += fmt.Sprintf(" +%d", 2*d.Boost)
	}
	return kind
}
