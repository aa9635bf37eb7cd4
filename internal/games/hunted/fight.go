package hunted

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"standoff/internal/games"
)

// cardFight is a fight with a terrorist card.
func cardFight(id string) *Fight {
	c := data.card[id]
	return &Fight{Card: id, Name: c.Name, Targets: append([]int{}, c.Targets...), Hit: make([]bool, len(c.Targets)), HostageIcon: c.HostageIcon}
}

// cardless is a fight with terrorists that have no card: "There is no card
// to represent this terrorist, but carry out the fight as normal."
func cardless(targets []int) *Fight {
	name := "a terrorist"
	if len(targets) > 1 {
		name = fmt.Sprintf("%d terrorists", len(targets))
	}
	return &Fight{Name: name, Targets: append([]int{}, targets...), Hit: make([]bool, len(targets))}
}

// subject names the fight's terrorists to begin a sentence: "Lars",
// "Gunmen", "The terrorist", "The 2 terrorists".
func (f *Fight) subject() string {
	switch {
	case f.Lars || f.Card != "":
		return f.Name
	case len(f.Targets) == 1:
		return "The terrorist"
	}
	return fmt.Sprintf("The %d terrorists", len(f.Targets))
}

// object names the fight's terrorists inside a sentence.
func (f *Fight) object() string {
	if f.Lars || f.Card != "" {
		return f.Name
	}
	return strings.ToLower(f.subject()[:1]) + f.subject()[1:]
}

// verb agrees a verb with the fight's terrorists: a card named as several
// people ("Gunmen", "Two Guards") or cardless terrorists take the plural.
func (f *Fight) verb(one, many string) string {
	if f.Lars {
		return one
	}
	if f.Card != "" && !data.card[f.Card].Plural {
		return one
	}
	if f.Card == "" && len(f.Targets) == 1 {
		return one
	}
	return many
}

// startFight begins a fight; its owner fights the first round.
func (s *State) startFight(owner int, f *Fight, ev *[]games.Event) {
	f.Owner, f.Fighter = owner, owner
	s.Fight = f
	// The dice shown with a fight are its own: an earlier fight's rolls
	// would read as hits on this one before any die is rolled.
	s.Rolls = []RollView{}
	s.Phase = phaseFight
	s.say(ev, fmt.Sprintf("%s must fight %s (%s).", s.Players[owner].Name, f.Name, targetText(f)))
}

// targetText writes the targets, hit ones marked: "4 hit, 3".
func targetText(f *Fight) string {
	if f.Lars {
		return fmt.Sprintf("%d+ to hit, %d of %d hits", data.Lars.Target, f.LarsHits, data.Lars.Hits)
	}
	out := make([]string, len(f.Targets))
	for i, t := range f.Targets {
		out[i] = strconv.Itoa(t)
		if f.Hit[i] {
			out[i] += " hit"
		}
	}
	return strings.Join(out, ", ")
}

// fighters are the seats whose weapons may be used this round: "for the
// second round and on, the players may decide who is going to fight the
// terrorist for that round".
func (s *State) fighters() []int {
	if s.Coop && s.Fight != nil && s.Fight.Round > 0 {
		return []int{0, 1}
	}
	if s.Fight != nil {
		return []int{s.Fight.Owner}
	}
	return []int{s.Turn}
}

func (s *State) mayFight(seat int) bool {
	for _, f := range s.fighters() {
		if f == seat {
			return true
		}
	}
	return false
}

// attack rolls a weapon's dice ("You may only roll as many dice as the weapon
// currently has on its card"; "Every time you roll dice in a fight, you lose
// one time") or bare hands ("you may only roll one 6-sided die per round").
func (s *State) attack(seat int, args []string, ev *[]games.Event) error {
	f := s.Fight
	var dice []Die
	who, source := 0, handsID
	if args[0] == handsID {
		who = f.Owner
		if len(args) == 2 {
			who, _ = strconv.Atoi(args[1])
			who--
			if who >= len(s.Players) || !s.mayFight(who) {
				return fmt.Errorf("player %d cannot fight this round", who+1)
			}
		} else if len(s.fighters()) > 1 {
			who = seat
		}
		for _, id := range s.weaponsOf(who) {
			if w := s.Weapons[id]; data.card[id].Handgun && !w.Flipped {
				w.Flipped = true
				s.say(ev, fmt.Sprintf("%s flips %s to its bare-hands side.", s.Players[who].Name, label(id)))
			}
		}
		dice = []Die{{Sides: 6, Face: s.RNG.Roll(1, 6)[0]}}
	} else {
		n, _ := strconv.Atoi(args[0])
		var ws []string
		for _, p := range s.fighters() {
			ws = append(ws, s.weaponsOf(p)...)
		}
		id, err := findIn(args[1], ws, "the weapons that may fight now")
		if err != nil {
			return err
		}
		w, c := s.Weapons[id], data.card[id]
		switch {
		case w.Flipped:
			return fmt.Errorf("%s shows its bare-hands side: `reload %s` (a magazine and 1 time) or `fight hands`", label(id), id)
		case w.Dice == 0:
			return fmt.Errorf("%s has no dice left: `reload %s`, another weapon, a grenade or `fight hands`", label(id), id)
		case n > w.Dice:
			return fmt.Errorf("%s has only %s on it", label(id), plural(w.Dice, "die"))
		}
		w.Dice -= n
		who, source = s.holder(id), id
		for _, v := range s.RNG.Roll(n, c.Sides) {
			dice = append(dice, Die{Sides: c.Sides, Face: v})
		}
	}
	s.loseTime(1)
	f.Fighter = who
	s.Roll = &Roll{Purpose: rollFight, Seat: who, Source: source, Dice: dice}
	s.say(ev, fmt.Sprintf("%s fights with %s: %s (1 time, %d left).", s.Players[who].Name, sourceName(source), diceText(dice), s.Time))
	s.afterRoll(ev)
	return nil
}

// grenade: "discard the grenade card from your inventory, lose one time, and
// roll an eight-sided die".
func (s *State) grenade(seat int, arg string, ev *[]games.Event) error {
	var gs []string
	for _, p := range s.fighters() {
		for _, id := range s.Players[p].Inv {
			if e := data.card[id].Effect; e != nil && e.Do == doGrenade {
				gs = append(gs, id)
			}
		}
	}
	id, err := findIn(arg, gs, "the grenades that may be thrown now")
	if err != nil {
		return err
	}
	who := s.holder(id)
	s.removeInv(who, id)
	s.Discard = append(s.Discard, id)
	s.loseTime(1)
	s.Fight.Fighter = who
	s.Roll = &Roll{Purpose: rollGrenade, Seat: who, Source: id, Dice: []Die{{Sides: 8, Face: s.RNG.Roll(1, 8)[0]}}}
	s.say(ev, fmt.Sprintf("%s throws %s: %s (1 time, %d left).", s.Players[who].Name, label(id), diceText(s.Roll.Dice), s.Time))
	s.afterRoll(ev)
	return nil
}

func sourceName(src string) string {
	if src == handsID {
		return "bare hands"
	}
	return label(src)
}

// rollSource names what a roll was made with for the table's view: a
// co-op handgun by whose it is, as the view names the card.
func (s *State) rollSource(src string) string {
	if seat, ok := handgunSeat[src]; ok && s.Coop {
		return fmt.Sprintf("%s's %s (%s)", s.Players[seat].Name, nameOf(src), src)
	}
	return sourceName(src)
}

// rerollSources are the cards that may reroll a seat's dice now: the
// Chocolates ("Discard to reroll any number of dice you just rolled") and
// face-up hostages with that effect.
func (s *State) rerollSources(seat int) []string {
	var out []string
	for _, id := range s.inventory(seat) {
		c := data.card[id]
		if (c.Effect != nil && c.Effect.Do == doReroll) || (c.Type == typeHostage && !s.FaceDown[id] && c.Flip.Do == doReroll) {
			out = append(out, id)
		}
	}
	return out
}

// afterRoll waits for regroup tokens and rerolls when they could change
// anything; otherwise the roll resolves at once.
func (s *State) afterRoll(ev *[]games.Event) {
	r := s.Roll
	if s.rollSucceeds() || (s.Players[r.Seat].Regroup == 0 && len(s.rerollSources(r.Seat)) == 0) {
		s.resolveRoll(ev)
		return
	}
	s.Phase = phaseRoll
}

// rollSucceeds says whether the roll as it stands passes the test or finishes
// the fight.
func (s *State) rollSucceeds() bool {
	r := s.Roll
	if r.Purpose == rollTest {
		return passes(r.Dice)
	}
	_, done := s.hits(r)
	return done
}

// passes: "If multiple dice are rolled, only one of the dice can be used to
// resolve the test; you may not add dice together to achieve the target number."
func passes(dice []Die) bool {
	for _, d := range dice {
		if d.Value() >= data.TestTarget {
			return true
		}
	}
	return false
}

// hits works out which targets a roll hits and whether the fight is won.
// Weapon dice: "A single die may only be used to attack one enemy", so the
// largest matching of dice to unhit targets. Grenade: "the number rolled is
// equal to or greater than multiple target numbers added together, you take
// out multiple terrorists", so the most targets whose sum fits the roll.
func (s *State) hits(r *Roll) ([]int, bool) {
	f := s.Fight
	if f.Lars {
		n := 0
		for _, d := range r.Dice {
			if d.Value() >= data.Lars.Target {
				n++
			}
		}
		if r.Purpose == rollGrenade {
			n = min(n, 1)
		}
		return []int{n}, f.LarsHits+n >= data.Lars.Hits
	}
	var open []int
	for i, h := range f.Hit {
		if !h {
			open = append(open, i)
		}
	}
	var got []int
	if r.Purpose == rollGrenade {
		got = grenadeHits(r.Dice[0].Value(), f.Targets, open)
	} else {
		got = diceHits(r.Dice, f.Targets, open)
	}
	return got, len(got) == len(open)
}

// diceHits matches dice to open targets: the hardest target each die can
// take, biggest dice first, is a maximum matching for threshold targets.
func diceHits(dice []Die, targets []int, open []int) []int {
	vals := make([]int, len(dice))
	for i, d := range dice {
		vals[i] = d.Value()
	}
	sort.Sort(sort.Reverse(sort.IntSlice(vals)))
	idx := append([]int{}, open...)
	sort.SliceStable(idx, func(a, b int) bool { return targets[idx[a]] > targets[idx[b]] })
	var got []int
	// Targets from hardest to easiest, each taking the smallest die that
	// beats it: this maximises the number of hits (a die that beats a hard
	// target beats every easier one, so the exchange argument holds) and,
	// among maximal matchings, hits the hardest targets.
	usedDie := make([]bool, len(vals))
	for _, t := range idx {
		pick := -1
		for i := len(vals) - 1; i >= 0; i-- {
			if !usedDie[i] && vals[i] >= targets[t] {
				pick = i
				break
			}
		}
		if pick >= 0 {
			usedDie[pick] = true
			got = append(got, t)
		}
	}
	sort.Ints(got)
	return got
}

// grenadeHits picks the most open targets whose numbers add up to at most
// the roll (on a tie, the largest sum).
func grenadeHits(v int, targets []int, open []int) []int {
	var best []int
	bestSum := -1
	for mask := 1; mask < 1<<len(open); mask++ {
		var set []int
		sum := 0
		for i, t := range open {
			if mask&(1<<i) != 0 {
				set = append(set, t)
				sum += targets[t]
			}
		}
		if sum > v {
			continue
		}
		if len(set) > len(best) || (len(set) == len(best) && sum > bestSum) {
			best, bestSum = set, sum
		}
	}
	return best
}

// regroup: "These tokens can be discarded after any die roll to add two to a die."
func (s *State) regroup(arg string, ev *[]games.Event) error {
	r := s.Roll
	p := &s.Players[r.Seat]
	i, _ := strconv.Atoi(arg)
	if i > len(r.Dice) {
		return fmt.Errorf("there are only %s rolled", plural(len(r.Dice), "die"))
	}
	if p.Regroup == 0 {
		return fmt.Errorf("%s has no regroup token", p.Name)
	}
	p.Regroup--
	s.Regroups++
	r.Dice[i-1].Boost++
	s.say(ev, fmt.Sprintf("%s spends a regroup token: die %d is now %d.", p.Name, i, r.Dice[i-1].Value()))
	s.afterRoll(ev)
	return nil
}

// reroll rerolls chosen dice ("You do not lose time when you play a card to
// reroll dice."). A rerolled die loses regroup tokens put on it.
func (s *State) reroll(args []string, ev *[]games.Event) error {
	r := s.Roll
	src, err := findIn(args[0], s.rerollSources(r.Seat), "the cards that reroll")
	if err != nil {
		return err
	}
	seen := map[int]bool{}
	var idx []int
	for _, a := range args[1:] {
		i, _ := strconv.Atoi(a)
		if i > len(r.Dice) {
			return fmt.Errorf("there are only %s rolled", plural(len(r.Dice), "die"))
		}
		if seen[i] {
			return fmt.Errorf("die %d is named twice", i)
		}
		seen[i] = true
		idx = append(idx, i-1)
	}
	switch {
	case data.card[src].Type == typeHostage:
		s.FaceDown[src] = true
	case data.card[src].Start:
		// The Chocolates is one of the "3 STARTING CARDS", not of the "69
		// HUNTED CARDS": set up beside the handgun, never shuffled into
		// the Hunted deck. "Discard to reroll" spends it for good; in the
		// discard pile it would come back when "the draw deck runs out".
		s.removeInv(r.Seat, src)
		s.Out = append(s.Out, src)
	default:
		s.removeInv(r.Seat, src)
		s.Discard = append(s.Discard, src)
	}
	for _, i := range idx {
		r.Dice[i] = Die{Sides: r.Dice[i].Sides, Face: s.RNG.Roll(1, r.Dice[i].Sides)[0]}
	}
	s.say(ev, fmt.Sprintf("%s rerolls with %s: %s.", s.Players[r.Seat].Name, label(src), diceText(r.Dice)))
	s.afterRoll(ev)
	return nil
}

// resolveRoll settles the roll as it stands.
func (s *State) resolveRoll(ev *[]games.Event) {
	r := s.Roll
	s.Roll = nil
	who := s.Players[r.Seat].Name
	if r.Purpose == rollTest {
		t := testOf(r.Source)
		pass := passes(r.Dice)
		s.remember(RollView{Who: who, What: "test: " + nameOf(r.Source), Dice: r.Dice, Outcome: map[bool]string{true: "passed", false: "failed"}[pass]})
		s.toMain()
		if pass {
			s.say(ev, fmt.Sprintf("Test passed (%s).", diceText(r.Dice)))
			s.effect(r.Seat, t.Pass, ev)
		} else {
			s.say(ev, fmt.Sprintf("Test failed (%s).", diceText(r.Dice)))
			s.effect(r.Seat, t.Fail, ev)
		}
		return
	}
	f := s.Fight
	got, done := s.hits(r)
	var outcome string
	if f.Lars {
		f.LarsHits = min(data.Lars.Hits, f.LarsHits+got[0])
		outcome = fmt.Sprintf("%s on Lars (%d of %d)", plural(got[0], "hit"), f.LarsHits, data.Lars.Hits)
	} else {
		var hit []string
		for _, t := range got {
			f.Hit[t] = true
			hit = append(hit, strconv.Itoa(f.Targets[t]))
		}
		outcome = "no hit"
		if len(hit) > 0 {
			outcome = "hits " + andList(hit)
		}
	}
	s.remember(RollView{Who: who, What: fmt.Sprintf("%s vs %s", s.rollSource(r.Source), f.Name), Dice: r.Dice, Outcome: outcome})
	s.say(ev, fmt.Sprintf("%s: %s.", diceText(r.Dice), outcome))
	if r.Purpose == rollFight && r.Source != handsID {
		if msg, ok := s.dropEmpty(r.Source); ok {
			s.say(ev, msg)
		}
	}
	f.Round++
	s.Phase = phaseFight
	if done {
		s.winFight(ev)
		return
	}
	s.wound(f.Fighter, ev)
}

// remember keeps the last rolls for the table.
func (s *State) remember(v RollView) {
	s.Rolls = append(s.Rolls, v)
	if len(s.Rolls) > 4 {
		s.Rolls = append([]RollView{}, s.Rolls[len(s.Rolls)-4:]...)
	}
}

// wound: "If you do not defeat the terrorist card in the first round of
// combat, then you lose one health"; terrorists with the hostage icon
// "attack the hostages you've rescued first ... Discard a face-up hostage
// before a face-down one", removed from the game.
func (s *State) wound(seat int, ev *[]games.Event) {
	f := s.Fight
	p := &s.Players[seat]
	if f.HostageIcon {
		victim := ""
		for _, down := range []bool{false, true} {
			for _, id := range p.Inv {
				if data.card[id].Type == typeHostage && s.FaceDown[id] == down && victim == "" {
					victim = id
				}
			}
		}
		if victim != "" {
			s.removeInv(seat, victim)
			delete(s.FaceDown, victim)
			s.Out = append(s.Out, victim)
			s.say(ev, fmt.Sprintf("%s still %s and %s the hostages: %s is lost.", f.subject(), f.verb("stands", "stand"), f.verb("attacks", "attack"), label(victim)))
			return
		}
	}
	p.Health = max(0, p.Health-1)
	s.say(ev, fmt.Sprintf("%s still %s: %s loses 1 health (%d left).", f.subject(), f.verb("stands", "stand"), p.Name, p.Health))
}

// hitOne is Sgt. Pratt's effect: a hit on the hardest open target.
func (s *State) hitOne(ev *[]games.Event) {
	f := s.Fight
	if f.Lars {
		f.LarsHits++
		s.say(ev, fmt.Sprintf("A hit on Lars (%d of %d).", f.LarsHits, data.Lars.Hits))
		if f.LarsHits >= data.Lars.Hits {
			s.winFight(ev)
		}
		return
	}
	best := -1
	for i, h := range f.Hit {
		if !h && (best < 0 || f.Targets[i] > f.Targets[best]) {
			best = i
		}
	}
	if best < 0 {
		return
	}
	f.Hit[best] = true
	s.say(ev, fmt.Sprintf("A hit on the %d of %s.", f.Targets[best], f.object()))
	done := true
	for _, h := range f.Hit {
		done = done && h
	}
	if done {
		s.winFight(ev)
	}
}

// winFight: "After you defeat a terrorist card, you may draw cards from the
// Hunted deck equal to the number of terrorists on the card ... If any of the
// drawn cards are an item, weapon, or hostage, you may immediately add one of
// them to your inventory for free. Slide the other cards back into the
// middle of the deck." Defeating Lars wins the game.
func (s *State) winFight(ev *[]games.Event) {
	f := s.Fight
	s.Fight = nil
	if f.Lars {
		s.Won = true
		return
	}
	s.say(ev, fmt.Sprintf("%s %s defeated!", f.subject(), f.verb("is", "are")))
	s.toMain()
	if f.Card == "" {
		return
	}
	s.Discard = append(s.Discard, f.Card)
	var drawn []string
	for range data.card[f.Card].Draw {
		id, ok := s.drawCard()
		if !ok {
			break
		}
		drawn = append(drawn, id)
	}
	if len(rewards(drawn)) == 0 {
		s.slideBack(drawn)
		s.say(ev, fmt.Sprintf("Searching the body: %s, nothing to keep.", labels(drawn)))
		return
	}
	s.RewardDraw = drawn
	s.Phase = phaseReward
	s.say(ev, fmt.Sprintf("Searching the body: %s.", labels(drawn)))
}

// rewards are the drawn cards that may be kept.
func rewards(drawn []string) []string {
	var out []string
	for _, id := range drawn {
		switch data.card[id].Type {
		case typeItem, typeWeapon, typeHostage:
			out = append(out, id)
		}
	}
	return out
}

// slideBack puts cards into the middle of the deck.
func (s *State) slideBack(ids []string) {
	for _, id := range ids {
		mid := len(s.Deck) / 2
		s.Deck = append(s.Deck[:mid:mid], append([]string{id}, s.Deck[mid:]...)...)
	}
}

// take keeps one reward card, or none.
func (s *State) take(seat int, arg string, ev *[]games.Event) error {
	drawn := s.RewardDraw
	if arg == "none" {
		s.slideBack(drawn)
		s.say(ev, fmt.Sprintf("%s keeps nothing; the cards slide back into the deck.", s.Players[seat].Name))
	} else {
		id, err := findIn(arg, rewards(drawn), "the cards you may keep")
		if err != nil {
			return err
		}
		s.gain(seat, id)
		s.slideBack(without(drawn, id))
		s.say(ev, fmt.Sprintf("%s keeps %s.", s.Players[seat].Name, label(id)))
	}
	s.RewardDraw = nil
	s.Rolls = []RollView{} // the fight is over: its dice are history
	s.toMain()
	return nil
}

// andList joins words as English lists them: "4", "4 and 3", "4, 3 and 3".
func andList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
