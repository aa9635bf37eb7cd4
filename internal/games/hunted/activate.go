package hunted

import (
	"errors"
	"fmt"
	"strings"

	"standoff/internal/games"
)

// activate: "Action icons are used to activate cards in the row ... only one
// card can be activated at a time, and you can only use one action icon on a
// card when you discard it." Payers are row cards; the word key spends a key
// token ("you may discard one key token at any point to activate a card in
// the row that requires a key icon").
func (s *State) activate(seat int, args []string, ev *[]games.Event) error {
	row := s.row(seat)
	target, err := findIn(args[0], row, "your row")
	if err != nil {
		return err
	}
	c := data.card[target]
	p := &s.Players[seat]
	switch c.Type {
	case typeTerrorist:
		return fmt.Errorf("%s is a terrorist: it cannot be activated. Hide, use a Smoke Grenade, or fight it when it attacks", label(target))
	case typeRegroup:
		// "Regroup cards can be activated from the Hunted Row by losing one time."
		if len(args) > 1 {
			return fmt.Errorf("%s costs %d time, not cards: `activate %s`", label(target), c.CostTime, target)
		}
		if s.Regroups == 0 {
			return errors.New("all 3 regroup tokens are already taken: use one first")
		}
		s.takeFromRow(seat, target)
		s.Discard = append(s.Discard, target)
		s.loseTime(c.CostTime)
		s.Regroups--
		p.Regroup++
		s.say(ev, fmt.Sprintf("%s regroups: %d time for a regroup token (%d held, %d time left).", p.Name, c.CostTime, p.Regroup, s.Time))
		return nil
	}
	var payers []string
	keys := 0
	left := without(row, target)
	for _, a := range args[1:] {
		if a == iconKey {
			keys++
			continue
		}
		id, err := findIn(a, left, "the rest of your row")
		if err != nil {
			return err
		}
		if data.card[id].Type == typeTerrorist {
			return fmt.Errorf("%s is a terrorist and has no action icons to pay with", label(id))
		}
		payers = append(payers, id)
		left = without(left, id)
	}
	if keys > p.Keys {
		return fmt.Errorf("you have %s", plural(p.Keys, "key token"))
	}
	if len(payers)+keys != len(c.Cost) {
		return fmt.Errorf("%s costs %s: pay with exactly %d (one icon per discarded card, `key` for a key token)%s",
			label(target), costText(c), len(c.Cost), s.payHint(seat, target))
	}
	if !coverable(c.Cost, payers, keys) {
		var gives []string
		for _, id := range payers {
			gives = append(gives, fmt.Sprintf("%s gives %s", label(id), strings.Join(data.card[id].Actions, " or ")))
		}
		return fmt.Errorf("%s costs %s, but %s%s", label(target), costText(c), strings.Join(gives, ", "), s.payHint(seat, target))
	}
	for _, id := range payers {
		s.takeFromRow(seat, id)
		s.Discard = append(s.Discard, id)
	}
	p.Keys -= keys
	s.Keys += keys
	s.takeFromRow(seat, target)
	paid := labels(payers)
	if keys > 0 {
		paid = strings.TrimPrefix(paid+" and "+plural(keys, "key token"), "nothing and ")
	}
	if c.Type == typeDoor {
		s.Discard = append(s.Discard, target)
		s.say(ev, fmt.Sprintf("%s activates %s with %s.", p.Name, label(target), paid))
		s.drawLocations(seat, c.Locations, ev)
		return nil
	}
	s.gain(seat, target)
	if len(payers)+keys == 0 {
		s.say(ev, fmt.Sprintf("%s takes %s into the inventory for free.", p.Name, label(target)))
		return nil
	}
	s.say(ev, fmt.Sprintf("%s takes %s into the inventory, paying with %s.", p.Name, label(target), paid))
	return nil
}

// activateMove is the move that activates a card with a payment; a card
// that costs nothing takes no "with".
func activateMove(id string, pay []string) string {
	if len(pay) == 0 {
		return "activate " + id
	}
	return "activate " + id + " with " + strings.Join(pay, " ")
}

// costText says a card's cost: "move + search", or "nothing".
func costText(c *Card) string {
	if len(c.Cost) == 0 {
		return "nothing"
	}
	return strings.Join(c.Cost, " + ")
}

// payHint suggests a legal payment when there is one.
func (s *State) payHint(seat int, target string) string {
	if pays := s.payments(seat, target); len(pays) > 0 {
		return fmt.Sprintf("; e.g. `%s`", activateMove(target, pays[0]))
	}
	return "; your row cannot pay for it now"
}

// coverable says whether payers (one icon each) and key tokens cover a cost exactly.
func coverable(cost, payers []string, keys int) bool {
	rest := append([]string{}, cost...)
	for ; keys > 0; keys-- {
		i := indexOf(rest, iconKey)
		if i < 0 {
			return false
		}
		rest = remove(rest, i)
	}
	if len(rest) != len(payers) {
		return false
	}
	return match(rest, payers)
}

// match tries every assignment of payers to the cost icons (costs have at most three).
func match(cost, payers []string) bool {
	if len(cost) == 0 {
		return true
	}
	for i, id := range payers {
		if indexOf(data.card[id].Actions, cost[0]) >= 0 && match(cost[1:], remove(payers, i)) {
			return true
		}
	}
	return false
}

// payments lists every way to pay for a row card, each as the words after
// `with`, in row order, key tokens last.
func (s *State) payments(seat int, target string) [][]string {
	c := data.card[target]
	if c.Type == typeTerrorist || c.Type == typeRegroup {
		return nil
	}
	var cand []string
	for _, id := range without(s.row(seat), target) {
		if data.card[id].Type != typeTerrorist {
			cand = append(cand, id)
		}
	}
	keyCost := 0
	for _, icon := range c.Cost {
		if icon == iconKey {
			keyCost++
		}
	}
	var out [][]string
	for keys := 0; keys <= min(keyCost, s.Players[seat].Keys); keys++ {
		need := len(c.Cost) - keys
		for _, set := range subsets(cand, need) {
			if coverable(c.Cost, set, keys) {
				words := append([]string{}, set...)
				for range keys {
					words = append(words, iconKey)
				}
				out = append(out, words)
			}
		}
	}
	return out
}

// subsets lists the k-element subsets of list, in order.
func subsets(list []string, k int) [][]string {
	if k == 0 {
		return [][]string{{}}
	}
	var out [][]string
	for i := 0; i+k <= len(list); i++ {
		for _, rest := range subsets(list[i+1:], k-1) {
			out = append(out, append([]string{list[i]}, rest...))
		}
	}
	return out
}

// without returns list minus one id.
func without(list []string, id string) []string {
	if i := indexOf(list, id); i >= 0 {
		return remove(list, i)
	}
	return append([]string{}, list...)
}

// use discards an item ("Any item in your inventory can be discarded to gain
// the benefit listed on the card") or, with flip, turns a hostage face down
// for its effect ("After gaining the effect, flip the card face down").
func (s *State) use(seat int, args []string, flip bool, ev *[]games.Event) error {
	p := &s.Players[seat]
	var own []string
	for _, id := range s.inventory(seat) {
		t := data.card[id].Type
		if (flip && t == typeHostage && !s.FaceDown[id]) || (!flip && t == typeItem) {
			own = append(own, id)
		}
	}
	where := "your items"
	if flip {
		where = "your face-up hostages"
	}
	id, err := findIn(args[0], own, where)
	if err != nil {
		return err
	}
	c := data.card[id]
	e := c.Effect
	if flip {
		e = c.Flip
	}
	if err := s.usable(seat, e); err != nil {
		return fmt.Errorf("%s: %v", label(id), err)
	}
	target := ""
	switch e.Do {
	case doAmmo:
		t, err := s.ammoTarget(seat, args)
		if err != nil {
			return err
		}
		target = t
	case doRemove:
		var terr []string
		for _, r := range s.row(seat) {
			if data.card[r].Type == typeTerrorist {
				terr = append(terr, r)
			}
		}
		if len(args) < 2 && len(terr) == 1 {
			args = append(args, terr[0])
		}
		if len(args) < 2 {
			return fmt.Errorf("name the terrorist to remove: %s", labels(terr))
		}
		t, err := findIn(args[1], terr, "the terrorists in your row")
		if err != nil {
			return err
		}
		target = t
	default:
		if len(args) > 1 {
			return fmt.Errorf("%s takes no target", label(id))
		}
	}
	if flip {
		s.FaceDown[id] = true
		s.say(ev, fmt.Sprintf("%s flips %s face down.", p.Name, label(id)))
	} else {
		s.removeInv(seat, id)
		s.Discard = append(s.Discard, id)
		s.say(ev, fmt.Sprintf("%s uses %s.", p.Name, label(id)))
	}
	switch e.Do {
	case doAmmo:
		w := s.Weapons[target]
		w.Mags++
		s.Ammo--
		s.say(ev, fmt.Sprintf("%s gets an ammo token (%s).", label(target), plural(w.Mags, "magazine")))
	case doRemove:
		s.takeFromRow(seat, target)
		s.Discard = append(s.Discard, target)
		s.say(ev, fmt.Sprintf("%s is discarded from the row.", label(target)))
	default:
		s.effect(seat, e, ev)
	}
	return nil
}

// usable says whether an item or hostage effect can be used now and would do something.
func (s *State) usable(seat int, e *Effect) error {
	p := s.Players[seat]
	fight := s.Phase == phaseFight
	switch e.Do {
	case doHeal:
		if p.Health >= p.MaxHealth {
			return errors.New("your health is already full")
		}
	case doTime:
		if s.Time >= maxTime {
			return fmt.Errorf("time is already at its maximum of %d", maxTime)
		}
	case doKey:
		if s.Keys == 0 {
			return errors.New("no key token is left in the supply")
		}
	case doRegroup:
		if s.Regroups == 0 {
			return errors.New("no regroup token is left in the supply")
		}
	case doAmmo:
		if s.Ammo == 0 {
			return errors.New("all 13 ammo tokens are in use")
		}
		if len(s.weaponsOf(seat)) == 0 {
			return errors.New("you hold no weapon to put ammo on")
		}
	case doFind:
		if fight {
			return errors.New("not during a fight")
		}
		if !s.canDraw() {
			return errors.New("the deck is empty")
		}
	case doRemove:
		if fight {
			return errors.New("not during a fight: the terrorist has left the row")
		}
		for _, id := range s.row(seat) {
			if data.card[id].Type == typeTerrorist {
				return nil
			}
		}
		return errors.New("there is no terrorist in your row")
	case doHit:
		if !fight {
			return errors.New("only during a fight")
		}
	case doGrenade:
		return errors.New("throw it in a fight with `grenade`")
	case doReroll:
		return errors.New("it rerolls dice you just rolled: use `reroll` right after a roll")
	default:
		return errors.New("it cannot be used now")
	}
	return nil
}

// weaponsOf lists a seat's weapons.
func (s *State) weaponsOf(seat int) []string {
	var out []string
	for _, id := range s.Players[seat].Inv {
		if data.card[id].Type == typeWeapon {
			out = append(out, id)
		}
	}
	return out
}

// ammoTarget resolves the weapon an ammo token goes on (the only one when
// just one is held).
func (s *State) ammoTarget(seat int, args []string) (string, error) {
	ws := s.weaponsOf(seat)
	if len(args) < 2 {
		if len(ws) == 1 {
			return ws[0], nil
		}
		return "", fmt.Errorf("name the weapon for the ammo token: %s", labels(ws))
	}
	return findIn(args[1], ws, "your weapons")
}

// reload: "discard a magazine token, reduce the value on the time track by
// one, and place dice back on the card". A handgun on its bare-hands side
// flips back the same way ("after losing one time to reload").
func (s *State) reload(seat int, arg string, ev *[]games.Event) error {
	id, err := findIn(arg, s.reloadable(seat, true), "the weapons you may reload")
	if err != nil {
		return err
	}
	w := s.Weapons[id]
	if w.Mags == 0 {
		return fmt.Errorf("%s has no magazine left", label(id))
	}
	if w.Dice == data.card[id].Dice && !w.Flipped {
		return fmt.Errorf("%s is fully loaded", label(id))
	}
	w.Mags--
	s.Ammo++
	w.Dice = data.card[id].Dice
	w.Flipped = false
	s.loseTime(1)
	s.say(ev, fmt.Sprintf("%s reloads %s: %s, %s left, 1 time (%d left).", s.Players[s.holder(id)].Name, label(id), plural(w.Dice, "die"), plural(w.Mags, "magazine"), s.Time))
	return nil
}

// reloadable lists the weapons that may be reloaded now; with all, also the
// full or empty ones (for error messages).
func (s *State) reloadable(seat int, all bool) []string {
	seats := []int{seat}
	if s.Phase == phaseFight {
		seats = s.fighters()
	}
	var out []string
	for _, p := range seats {
		for _, id := range s.weaponsOf(p) {
			w := s.Weapons[id]
			if all || (w.Mags > 0 && (w.Flipped || w.Dice < data.card[id].Dice)) {
				out = append(out, id)
			}
		}
	}
	return out
}

// share: "After taking a draw action, you may move one card from your row to
// the shared row." A terrorist or bell there counts in the partner's row too.
func (s *State) share(seat int, arg string, ev *[]games.Event) error {
	if !s.Coop {
		return errors.New("the shared row is for the 2-player game")
	}
	if s.SharedDone {
		return errors.New("you have already moved a card to the shared row this turn")
	}
	p := &s.Players[seat]
	id, err := findIn(arg, p.Row, "your own row")
	if err != nil {
		return err
	}
	s.takeFromRow(seat, id)
	s.Shared = append(s.Shared, id)
	s.SharedDone = true
	s.say(ev, fmt.Sprintf("%s moves %s to the shared row.", p.Name, label(id)))
	s.checkTrigger(s.partner(seat), ev)
	return nil
}

// give: "At any time, if you want to give an inventory card to the other
// player, spend one time and place it in their inventory."
func (s *State) give(seat int, arg string, ev *[]games.Event) error {
	if !s.Coop {
		return errors.New("there is nobody to give cards to in a solo game")
	}
	p := &s.Players[seat]
	id, err := findIn(arg, p.Inv, "your inventory")
	if err != nil {
		return err
	}
	if s.Time <= 0 {
		return errors.New("giving a card costs 1 time, and no time is left")
	}
	s.removeInv(seat, id)
	q := &s.Players[s.partner(seat)]
	q.Inv = append(q.Inv, id)
	s.loseTime(1)
	s.say(ev, fmt.Sprintf("%s gives %s to %s (1 time, %d left).", p.Name, label(id), q.Name, s.Time))
	return nil
}
