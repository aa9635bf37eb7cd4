package hunted

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// maxChoices is Discord's limit of options in one select menu.
const maxChoices = 25

// Legal lists every complete move the seat may make now.
func (s *State) Legal(seat int) []string {
	if s.Phase == phaseOver || seat < 0 || seat >= len(s.Players) {
		return nil
	}
	if seat != s.Turn {
		return s.giveMoves(seat)
	}
	var out []string
	switch s.Phase {
	case phaseStart:
		if s.canDraw() {
			out = append(out, verbDraw)
		}
		out = append(out, verbHide)
	case phaseMain:
		if !s.Coop {
			if s.canDraw() {
				out = append(out, verbDraw)
			}
			if len(s.row(seat)) > 0 || !s.canDraw() {
				out = append(out, verbHide)
			}
		}
		out = append(out, s.activations(seat)...)
		out = append(out, s.itemMoves(seat, false)...)
		out = append(out, s.itemMoves(seat, true)...)
		for _, id := range s.reloadable(seat, false) {
			out = append(out, "reload "+id)
		}
		if s.Coop {
			if !s.SharedDone {
				for _, id := range s.Players[seat].Row {
					out = append(out, "share "+id)
				}
			}
			out = append(out, verbEnd)
		}
	case phaseChoose:
		for _, id := range s.LocChoice {
			out = append(out, "go "+id)
		}
	case phaseOptional:
		out = append(out, verbYes, verbNo)
	case phaseSurveil:
		out = append(out, s.watchMoves()...)
	case phaseRoll:
		out = append(out, verbKeep)
		r := s.Roll
		if s.Players[r.Seat].Regroup > 0 {
			for i := range r.Dice {
				out = append(out, fmt.Sprintf("regroup %d", i+1))
			}
		}
		for _, src := range s.rerollSources(r.Seat) {
			for _, set := range dieSets(len(r.Dice)) {
				out = append(out, "reroll "+src+" "+set)
			}
		}
	case phaseFight:
		out = append(out, s.attackMoves()...)
		for _, id := range s.reloadable(seat, false) {
			out = append(out, "reload "+id)
		}
		out = append(out, s.itemMoves(seat, false)...)
		out = append(out, s.itemMoves(seat, true)...)
	case phaseReward:
		for _, id := range rewards(s.RewardDraw) {
			out = append(out, "take "+id)
		}
		out = append(out, "take none")
	}
	return append(out, s.giveMoves(seat)...)
}

// giveMoves are a co-op player's gifts: "At any time, if you want to give
// an inventory card to the other player, spend one time and place it in
// their inventory."
func (s *State) giveMoves(seat int) []string {
	if !s.Coop || s.Phase == phaseOver || s.Time <= 0 {
		return nil
	}
	var out []string
	for _, id := range s.Players[seat].Inv {
		out = append(out, "give "+id)
	}
	return out
}

// activations lists every activation the seat can pay for.
func (s *State) activations(seat int) []string {
	var out []string
	for _, id := range s.row(seat) {
		c := data.card[id]
		if c.Type == typeRegroup {
			if s.Regroups > 0 {
				out = append(out, "activate "+id)
			}
			continue
		}
		for _, pay := range s.payments(seat, id) {
			out = append(out, "activate "+id+" with "+strings.Join(pay, " "))
		}
	}
	return out
}

// itemMoves lists the items (or, with flip, hostages) usable now, with their targets.
func (s *State) itemMoves(seat int, flip bool) []string {
	var out []string
	for _, id := range s.inventory(seat) {
		c := data.card[id]
		e, verb := c.Effect, verbUse
		if flip {
			if c.Type != typeHostage || s.FaceDown[id] {
				continue
			}
			e, verb = c.Flip, verbFlip
		} else if c.Type != typeItem {
			continue
		}
		if s.usable(seat, e) != nil {
			continue
		}
		switch e.Do {
		case doAmmo:
			for _, w := range s.weaponsOf(seat) {
				out = append(out, verb+" "+id+" "+w)
			}
		case doRemove:
			for _, t := range s.row(seat) {
				if data.card[t].Type == typeTerrorist {
					out = append(out, verb+" "+id+" "+t)
				}
			}
		default:
			out = append(out, verb+" "+id)
		}
	}
	return out
}

// attackMoves lists the attacks open this fight round.
func (s *State) attackMoves() []string {
	var out []string
	fs := s.fighters()
	for _, p := range fs {
		for _, id := range s.weaponsOf(p) {
			w := s.Weapons[id]
			if w.Flipped {
				continue
			}
			for n := 1; n <= w.Dice; n++ {
				out = append(out, fmt.Sprintf("fight %d %s", n, id))
			}
		}
		for _, id := range s.Players[p].Inv {
			if e := data.card[id].Effect; e != nil && e.Do == doGrenade {
				out = append(out, "grenade "+id)
			}
		}
	}
	if len(fs) == 1 {
		out = append(out, "fight hands")
	} else {
		for _, p := range fs {
			out = append(out, fmt.Sprintf("fight hands %d", p+1))
		}
	}
	return out
}

// watchMoves lists the Surveillance Room's placements.
func (s *State) watchMoves() []string {
	var out []string
	for _, d := range s.Surveil {
		if len(s.Surveil) == 2 {
			out = append(out, "watch "+d)
			continue
		}
		for _, b := range s.Surveil {
			if b != d {
				out = append(out, "watch "+d+" "+b)
			}
		}
	}
	return out
}

// dieSets lists every non-empty set of die numbers, e.g. "1", "2", "1 2".
func dieSets(n int) []string {
	var out []string
	for mask := 1; mask < 1<<n; mask++ {
		var w []string
		for i := range n {
			if mask&(1<<i) != 0 {
				w = append(w, fmt.Sprint(i+1))
			}
		}
		out = append(out, strings.Join(w, " "))
	}
	return out
}

// Prompts: the player on turn decides everything; in co-op either player
// may also give a card at any time: the turn's own menu offers it, and the
// partner has a standing offer the game never waits for.
func (s *State) Prompts() []games.Prompt {
	if s.Phase == phaseOver {
		return nil
	}
	p := games.Prompt{Seat: s.Turn, Turn: true, Text: s.promptText()}
	p.Choices = s.choices()
	out := []games.Prompt{p}
	for seat := range s.Players {
		if seat == s.Turn {
			continue
		}
		if n := len(s.giveMoves(seat)); n > 0 {
			me, them := s.Players[seat].Name, s.Players[s.partner(seat)].Name
			out = append(out, games.Prompt{Seat: seat, Standing: true,
				Text:    fmt.Sprintf("%s, any time: give an inventory card to %s (1 time).", me, them),
				Choices: []games.Choice{{Label: fmt.Sprintf("%s: give a card to %s (1 time)…", me, them), Refine: fmt.Sprintf("%s:%d", verbGive, seat+1)}}})
		}
	}
	return out
}

// promptText says what is asked, in one short line (the command layer
// names the player).
func (s *State) promptText() string {
	switch s.Phase {
	case phaseStart:
		return "Your turn: draw a card or hide."
	case phaseMain:
		if s.Coop {
			return "Work your row and inventory, then end your turn."
		}
		return "Draw, hide, or work your row and inventory."
	case phaseChoose:
		return fmt.Sprintf("Play one location: %s.", labels(s.LocChoice))
	case phaseOptional:
		l := data.location[s.Current]
		return fmt.Sprintf("%s: %s", l.Name, l.Text)
	case phaseSurveil:
		return fmt.Sprintf("On the monitors: %s. Discard one, one to the bottom, one on top.", labels(s.Surveil))
	case phaseRoll:
		if s.Time <= 0 {
			return fmt.Sprintf("You rolled %s with the last of your time: change it or keep it.", diceText(s.Roll.Dice))
		}
		return fmt.Sprintf("You rolled %s: change it or keep it.", diceText(s.Roll.Dice))
	case phaseFight:
		f := s.Fight
		return fmt.Sprintf("Fight %s (%s), round %d.", f.Name, targetText(f), f.Round+1)
	case phaseReward:
		return fmt.Sprintf("Keep one card for free: %s.", labels(rewards(s.RewardDraw)))
	}
	return ""
}

// choices are the buttons of the prompt; groups open with Refine.
func (s *State) choices() []games.Choice {
	seat := s.Turn
	var out []games.Choice
	add := func(label, move string) { out = append(out, games.Choice{Label: label, Move: move}) }
	group := func(label, key string, n int) {
		if n > 0 {
			out = append(out, games.Choice{Label: fmt.Sprintf("%s (%d)…", label, n), Refine: key})
		}
	}
	switch s.Phase {
	case phaseStart:
		if s.canDraw() {
			add("Draw a card", verbDraw)
		}
		add(fmt.Sprintf("Hide (1 time, %d left)", s.Time), verbHide)
	case phaseMain:
		legal := s.Legal(seat)
		if !s.Coop {
			if has(legal, verbDraw) {
				add("Draw a card", verbDraw)
			}
			if has(legal, verbHide) {
				add(fmt.Sprintf("Hide (discard row, 1 time)"), verbHide)
			}
		}
		group("Activate a card", "act", len(s.activatable(seat)))
		group("Use an item", verbUse, len(s.itemMoves(seat, false)))
		group("Flip a hostage", verbFlip, len(s.itemMoves(seat, true)))
		group("Reload", verbReload, len(s.reloadable(seat, false)))
		if s.Coop {
			if !s.SharedDone {
				group("Share a card", verbShare, len(s.Players[seat].Row))
			}
			group("Give a card (1 time)", fmt.Sprintf("%s:%d", verbGive, seat+1), len(s.giveMoves(seat)))
			add("End turn", verbEnd)
		}
	case phaseChoose:
		for _, id := range s.LocChoice {
			// What the location does, so that the choice can be made
			// from the button alone.
			add(fmt.Sprintf("Play %s: %s", data.location[id].Name, data.location[id].Text), "go "+id)
		}
	case phaseOptional:
		l := data.location[s.Current]
		add(fmt.Sprintf("Yes (%d time)", l.CostTime), verbYes)
		add("No", verbNo)
	case phaseSurveil:
		for _, m := range s.watchMoves() {
			w := strings.Fields(m)[1:]
			lbl := "Discard " + label(w[0])
			if len(w) == 2 {
				lbl += ", bottom " + label(w[1])
			}
			add(lbl, m)
		}
	case phaseRoll:
		r := s.Roll
		add("Keep the roll", verbKeep)
		if s.Players[r.Seat].Regroup > 0 {
			for i, d := range r.Dice {
				add(fmt.Sprintf("Regroup: die %d (%d→%d)", i+1, d.Value(), d.Value()+2), fmt.Sprintf("regroup %d", i+1))
			}
		}
		for _, src := range s.rerollSources(r.Seat) {
			out = append(out, games.Choice{Label: "Reroll with " + label(src) + "…", Refine: "reroll:" + src})
		}
	case phaseFight:
		for _, p := range s.fighters() {
			for _, id := range s.weaponsOf(p) {
				w := s.Weapons[id]
				if w.Flipped || w.Dice == 0 {
					continue
				}
				c := data.card[id]
				lbl := fmt.Sprintf("Fight: %s (%d d%d)", label(id), w.Dice, c.Sides)
				if len(s.fighters()) > 1 {
					lbl = s.Players[p].Name + " " + lbl
				}
				if w.Dice == 1 {
					add(lbl, "fight 1 "+id)
				} else {
					out = append(out, games.Choice{Label: lbl + "…", Refine: "fight:" + id})
				}
			}
			for _, id := range s.Players[p].Inv {
				if e := data.card[id].Effect; e != nil && e.Do == doGrenade {
					add("Throw "+label(id)+" (d8)", "grenade "+id)
				}
			}
		}
		for _, m := range s.attackMoves() {
			if strings.HasPrefix(m, "fight hands") {
				lbl := "Bare hands (1 d6)"
				if w := strings.Fields(m); len(w) == 3 {
					lbl = s.Players[w[2][0]-'1'].Name + ": bare hands (1 d6)"
				}
				add(lbl, m)
			}
		}
		for _, id := range s.reloadable(seat, false) {
			add(fmt.Sprintf("Reload %s (1 time)", label(id)), "reload "+id)
		}
		group("Use an item", verbUse, len(s.itemMoves(seat, false)))
		group("Flip a hostage", verbFlip, len(s.itemMoves(seat, true)))
	case phaseReward:
		for _, id := range rewards(s.RewardDraw) {
			add("Keep "+label(id), "take "+id)
		}
		add("Keep nothing", "take none")
	}
	if s.Phase != phaseMain {
		group("Give a card (1 time)", fmt.Sprintf("%s:%d", verbGive, seat+1), len(s.giveMoves(seat)))
	}
	return out
}

// activatable lists the row cards that can be activated now.
func (s *State) activatable(seat int) []string {
	var out []string
	for _, id := range s.row(seat) {
		c := data.card[id]
		if (c.Type == typeRegroup && s.Regroups > 0) || len(s.payments(seat, id)) > 0 {
			out = append(out, id)
		}
	}
	return out
}

func has(list []string, m string) bool { return indexOf(list, m) >= 0 }

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
		for _, id := range s.activatable(seat) {
			c := data.card[id]
			if c.Type == typeRegroup {
				add(fmt.Sprintf("%s: %d time → regroup token", label(id), c.CostTime), "activate "+id)
				continue
			}
			what := map[string]string{typeDoor: plural(c.Locations, "location"), typeWeapon: "weapon", typeItem: "item", typeHostage: "hostage"}[c.Type]
			out = append(out, games.Choice{Label: fmt.Sprintf("%s (%s; cost %s)…", label(id), what, strings.Join(c.Cost, "+")), Refine: "act:" + id})
		}
		return "Activate which card?", out
	case kind == "act" && s.Phase == phaseMain:
		target, rest, _ := strings.Cut(arg, ":")
		if indexOf(s.activatable(seat), target) < 0 {
			return "That card can no longer be activated.", nil
		}
		var prefix []string
		if rest != "" {
			prefix = strings.Split(rest, "+")
		}
		pays := s.payments(seat, target)
		if len(prefix) == 0 && len(pays) <= maxChoices {
			for _, pay := range pays {
				add("Pay with "+payLabel(pay), "activate "+target+" with "+strings.Join(pay, " "))
			}
			return fmt.Sprintf("Pay %s for %s with which cards?", strings.Join(data.card[target].Cost, " + "), label(target)), out
		}
		// Too many ways: choose the payers one at a time.
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
		return fmt.Sprintf("Pay %s for %s: choose the next card.", strings.Join(data.card[target].Cost, " + "), label(target)), out
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
