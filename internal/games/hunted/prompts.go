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
			out = append(out, activateMove(id, pay))
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
		if s.Time <= 0 {
			return fmt.Sprintf("Time is up, but the fight is won: keep one card for free before the end: %s.", labels(rewards(s.RewardDraw)))
		}
		return fmt.Sprintf("Keep one card for free: %s.", labels(rewards(s.RewardDraw)))
	}
	return ""
}

// drawLabel is the draw's button, with the cards left to draw: the count
// tells the player how deep the deck is, and it makes every draw's
// button a new one, so a second tap on an old one is refused instead of
// drawing again (the platform names a control by its prompt).
func (s *State) drawLabel() string {
	if len(s.Deck) == 0 {
		return fmt.Sprintf("Draw a card (shuffles in the %d discarded)", len(s.Discard))
	}
	return fmt.Sprintf("Draw a card (%d in the deck)", len(s.Deck))
}

// choices are the buttons of the prompt; groups open with Refine.
func (s *State) choices() []games.Choice {
	seat := s.Turn
	var out choiceList
	switch s.Phase {
	case phaseStart:
		if s.canDraw() {
			out.add(s.drawLabel(), verbDraw)
		}
		out.add(fmt.Sprintf("Hide (1 time, %d left)", s.Time), verbHide)
	case phaseMain:
		s.mainChoices(&out, seat)
	case phaseChoose:
		for _, id := range s.LocChoice {
			// What the location does, so that the choice can be made
			// from the button alone.
			out.add(fmt.Sprintf("Play %s: %s", data.location[id].Name, data.location[id].Text), "go "+id)
		}
	case phaseOptional:
		l := data.location[s.Current]
		out.add(fmt.Sprintf("Yes (%d time)", l.CostTime), verbYes)
		out.add("No", verbNo)
	case phaseSurveil:
		for _, m := range s.watchMoves() {
			w := strings.Fields(m)[1:]
			lbl := "Discard " + label(w[0])
			if len(w) == 2 {
				lbl += ", bottom " + label(w[1])
			}
			out.add(lbl, m)
		}
	case phaseRoll:
		s.rollChoices(&out)
	case phaseFight:
		s.fightChoices(&out, seat)
	case phaseReward:
		for _, id := range rewards(s.RewardDraw) {
			out.add("Keep "+label(id), "take "+id)
		}
		out.add("Keep nothing", "take none")
	}
	if s.Phase != phaseMain {
		out.group("Give a card (1 time)", fmt.Sprintf("%s:%d", verbGive, seat+1), len(s.giveMoves(seat)))
	}
	return out
}

// choiceList collects a prompt's buttons.
type choiceList []games.Choice

func (l *choiceList) add(label, move string) {
	*l = append(*l, games.Choice{Label: label, Move: move})
}

// group is a button that opens more; an empty group gets no button, so no
// click leads nowhere.
func (l *choiceList) group(label, key string, n int) {
	if n > 0 {
		*l = append(*l, games.Choice{Label: fmt.Sprintf("%s (%d)…", label, n), Refine: key})
	}
}

func (s *State) mainChoices(out *choiceList, seat int) {
	legal := s.Legal(seat)
	if !s.Coop {
		if has(legal, verbDraw) {
			out.add(s.drawLabel(), verbDraw)
		}
		if has(legal, verbHide) {
			out.add(fmt.Sprintf("Hide (discard row, 1 time)"), verbHide)
		}
	}
	out.group("Activate a card", "act", len(s.activatable(seat)))
	out.group("Use an item", verbUse, len(s.itemMoves(seat, false)))
	out.group("Flip a hostage", verbFlip, len(s.itemMoves(seat, true)))
	out.group("Reload", verbReload, len(s.reloadable(seat, false)))
	if s.Coop {
		if !s.SharedDone {
			out.group("Share a card", verbShare, len(s.Players[seat].Row))
		}
		out.group("Give a card (1 time)", fmt.Sprintf("%s:%d", verbGive, seat+1), len(s.giveMoves(seat)))
		out.add("End turn", verbEnd)
	}
}

func (s *State) rollChoices(out *choiceList) {
	r := s.Roll
	out.add("Keep the roll", verbKeep)
	if s.Players[r.Seat].Regroup > 0 {
		for i, d := range r.Dice {
			out.add(fmt.Sprintf("Regroup: die %d (%d→%d)", i+1, d.Value(), d.Value()+2), fmt.Sprintf("regroup %d", i+1))
		}
	}
	for _, src := range s.rerollSources(r.Seat) {
		*out = append(*out, games.Choice{Label: "Reroll with " + label(src) + "…", Refine: "reroll:" + src})
	}
}

func (s *State) fightChoices(out *choiceList, seat int) {
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
				out.add(lbl, "fight 1 "+id)
			} else {
				*out = append(*out, games.Choice{Label: lbl + "…", Refine: "fight:" + id})
			}
		}
		for _, id := range s.Players[p].Inv {
			if e := data.card[id].Effect; e != nil && e.Do == doGrenade {
				out.add("Throw "+label(id)+" (d8)", "grenade "+id)
			}
		}
	}
	for _, m := range s.attackMoves() {
		if strings.HasPrefix(m, "fight hands") {
			lbl := "Bare hands (1 d6)"
			if w := strings.Fields(m); len(w) == 3 {
				lbl = s.Players[w[2][0]-'1'].Name + ": bare hands (1 d6)"
			}
			out.add(lbl, m)
		}
	}
	for _, id := range s.reloadable(seat, false) {
		out.add(fmt.Sprintf("Reload %s (1 time)", label(id)), "reload "+id)
	}
	out.group("Use an item", verbUse, len(s.itemMoves(seat, false)))
	out.group("Flip a hostage", verbFlip, len(s.itemMoves(seat, true)))
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
