package hunted

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// Refine opens a group of choices: "act" (which card), "act:<card>" (which
// cards pay), "use", "flip", "reload", "share", "give", "fight:<weapon>" (how
// many dice), "reroll:<card>" (which dice).
func (s *State) Refine(seat int, key string) (string, []games.Choice) {
	kind, arg, _ := strings.Cut(key, ":")
	if kind == verbGive && s.Coop && s.Phase != phaseOver && seat >= 0 && seat < len(s.Players) {
		return s.refineGive(seat)
	}
	if seat != s.Turn || s.Phase == phaseOver {
		return "It is not your move.", nil
	}
	var out []games.Choice
	add := func(label, move string) { out = append(out, games.Choice{Label: label, Move: move}) }
	legal := s.Legal(seat)
	switch {
	case kind == "act" && s.Phase == phaseMain && arg == "":
		return s.refineActivate(seat)
	case kind == "act" && s.Phase == phaseMain:
		return s.refinePayment(seat, arg)
	case (kind == verbUse || kind == verbFlip) && (s.Phase == phaseMain || s.Phase == phaseFight):
		for _, m := range s.itemMoves(seat, kind == verbFlip) {
			w := strings.Fields(m)
			c := data.card[w[1]]
			lbl := fmt.Sprintf("%s: %s", label(w[1]), effectText(c, kind == verbFlip))
			if len(w) == 3 {
				lbl += " → " + label(w[2])
			}
			add(lbl, m)
		}
		return "Which card?", out
	case kind == verbReload:
		for _, id := range s.reloadable(seat, false) {
			add(fmt.Sprintf("Reload %s (1 time, %s left)", label(id), plural(s.Weapons[id].Mags, "magazine")), "reload "+id)
		}
		return "Reload which weapon?", out
	case kind == verbShare:
		for _, m := range legal {
			if w := strings.Fields(m); w[0] == kind {
				add(strings.ToUpper(kind[:1])+kind[1:]+" "+label(w[1]), m)
			}
		}
		return "Which card?", out
	case kind == verbFight && s.Phase == phaseFight:
		w := s.Weapons[arg]
		if w == nil || indexOf(legal, "fight 1 "+arg) < 0 {
			return "That weapon cannot fight now.", nil
		}
		for n := 1; n <= w.Dice; n++ {
			add(fmt.Sprintf("Roll %s", plural(n, "die")), fmt.Sprintf("fight %d %s", n, arg))
		}
		return fmt.Sprintf("How many of %s's dice?", label(arg)), out
	case kind == verbReroll && s.Phase == phaseRoll:
		for _, set := range dieSets(len(s.Roll.Dice)) {
			m := "reroll " + arg + " " + set
			if has(legal, m) {
				add("Reroll "+dieList(strings.Fields(set)), m)
			}
		}
		return "Reroll which dice?", out
	}
	return "That choice is no longer open.", nil
}

// refineActivate lists the cards that can be activated; all but a regroup
// open their payments next.
func (s *State) refineActivate(seat int) (string, []games.Choice) {
	var out []games.Choice
	for _, id := range s.activatable(seat) {
		c := data.card[id]
		if c.Type == typeRegroup {
			out = append(out, games.Choice{Label: fmt.Sprintf("%s: %d time → regroup token", label(id), c.CostTime), Move: "activate " + id})
			continue
		}
		what := map[string]string{typeDoor: plural(c.Locations, "location"), typeWeapon: "weapon", typeItem: "item", typeHostage: "hostage"}[c.Type]
		cost := strings.Join(c.Cost, "+")
		if cost == "" {
			cost = "free"
		}
		out = append(out, games.Choice{Label: fmt.Sprintf("%s (%s; cost %s)…", label(id), what, cost), Refine: "act:" + id})
	}
	return "Activate which card?", out
}

// refinePayment lists the ways to pay for a card; arg is "<card>" or
// "<card>:<payer>+<payer>..." with the payers chosen so far.
func (s *State) refinePayment(seat int, arg string) (string, []games.Choice) {
	target, rest, _ := strings.Cut(arg, ":")
	if indexOf(s.activatable(seat), target) < 0 {
		return "That card can no longer be activated.", nil
	}
	var prefix []string
	if rest != "" {
		prefix = strings.Split(rest, "+")
	}
	var out []games.Choice
	add := func(label, move string) { out = append(out, games.Choice{Label: label, Move: move}) }
	pays := s.payments(seat, target)
	if len(pays) == 1 && len(pays[0]) == 0 {
		add("Take "+label(target)+" (free)", activateMove(target, nil))
		return fmt.Sprintf("%s costs nothing: take it?", label(target)), out
	}
	if len(prefix) == 0 && len(pays) <= maxChoices {
		for _, pay := range pays {
			add("Pay with "+payLabel(pay), "activate "+target+" with "+strings.Join(pay, " "))
		}
		return fmt.Sprintf("Pay %s for %s with which cards?", costText(data.card[target]), label(target)), out
	}
	// Too many ways for one menu: choose the payers one at a time.
	seen := map[string]bool{}
	for _, pay := range pays {
		if len(pay) <= len(prefix) || strings.Join(pay[:len(prefix)], ",") != strings.Join(prefix, ",") {
			continue
		}
		next := pay[len(prefix)]
		if seen[next] {
			continue
		}
		seen[next] = true
		if len(pay) == len(prefix)+1 {
			add("…and "+payLabel([]string{next}), "activate "+target+" with "+strings.Join(pay, " "))
		} else {
			out = append(out, games.Choice{Label: payLabel([]string{next}) + "…", Refine: "act:" + target + ":" + strings.Join(append(append([]string{}, prefix...), next), "+")})
		}
	}
	if len(out) > maxChoices {
		out = out[:maxChoices]
	}
	return fmt.Sprintf("Pay %s for %s: choose the next card.", costText(data.card[target]), label(target)), out
}

// refineGive lists the cards the player who clicked may give. The key names
// the seat the button was made for only to keep the two players' buttons
// apart; whoever clicks gives from their own inventory.
func (s *State) refineGive(seat int) (string, []games.Choice) {
	them := s.Players[s.partner(seat)].Name
	var out []games.Choice
	for _, m := range s.giveMoves(seat) {
		out = append(out, games.Choice{Label: fmt.Sprintf("Give %s to %s", label(strings.Fields(m)[1]), them), Move: m})
	}
	if len(out) > maxChoices {
		out = out[:maxChoices]
	}
	return fmt.Sprintf("Give which card to %s (1 time)?", them), out
}

// dieList names dice by number: "die 1", "dice 1 and 3", "dice 1, 2 and 3".
func dieList(nums []string) string {
	if len(nums) == 1 {
		return "die " + nums[0]
	}
	return "dice " + andList(nums)
}

// payLabel names a payment: "Ammo (I01) + key token".
func payLabel(pay []string) string {
	out := make([]string, len(pay))
	for i, w := range pay {
		if w == iconKey {
			out[i] = "key token"
		} else {
			out[i] = label(w)
		}
	}
	return strings.Join(out, " + ")
}

// effectText says what an item or hostage does.
func effectText(c *Card, flip bool) string {
	e := c.Effect
	if flip {
		e = c.Flip
	}
	switch e.Do {
	case doHeal:
		return fmt.Sprintf("+%d health", e.N)
	case doTime:
		return fmt.Sprintf("+%d time", e.N)
	case doKey:
		return "key token"
	case doRegroup:
		return "regroup token"
	case doAmmo:
		return "ammo token"
	case doFind:
		return "find a " + e.Find
	case doRemove:
		return "remove a terrorist"
	case doHit:
		return "a hit in this fight"
	case doGrenade:
		return "grenade (d8)"
	case doReroll:
		return "reroll dice"
	}
	return e.Do
}
