package hijacked

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// Action spaces that may be used once per turn.
const (
	spaceTrust    = "trust"
	spacePersuade = "persuade"
	spaceRetreat  = "retreat"
	spaceDemand   = "demand"
	spaceBonus    = "bonus"
)

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

// cardLimit is "Only 1 Passenger Card may be played per turn. In case of an
// extra die, 2 cards can be played per turn."
func (s *State) cardLimit() int {
	for _, d := range s.Dice {
		if d.Kind != dieOwn {
			return 2
		}
	}
	return 1
}

func (s *State) checkTurn(seat int, a Action) error {
	p := &s.Players[seat]
	switch a.Verb {
	case verbPlay, verbDiscard:
		return fmt.Errorf("`%s` follows choosing a passenger card: choose one first, e.g. `card 3 5`", a.Verb)
	case verbKeep:
		return fmt.Errorf("`keep` follows a police retreat, when you choose one of two bonus tiles")
	}
	var idx []int
	if len(a.Dice) > 0 {
		var err error
		if idx, err = s.resolveDice(a.Dice); err != nil {
			return err
		}
	}
	once := func(space, what string) error {
		if s.did(space) {
			return fmt.Errorf("you already %s this turn", what)
		}
		return nil
	}
	switch a.Verb {
	case verbCard:
		if s.CardsTaken >= s.cardLimit() {
			if s.cardLimit() == 1 {
				return fmt.Errorf("only 1 passenger card per turn (2 with a bonus or mini die)")
			}
			return fmt.Errorf("you already chose 2 passenger cards this turn")
		}
		return s.checkChoose(seat, a.Target, idx)
	case verbReserve:
		switch {
		case !s.CanReserve:
			return fmt.Errorf("you may reserve a card only right after choosing a passenger card")
		case s.reservation(seat) >= 0:
			return fmt.Errorf("you already reserve seat %d", s.reservation(seat)+1)
		case !s.adjacentToChosen(a.Target):
			return fmt.Errorf("reserve an adjacent card: %s", s.adjacentText())
		}
		st := s.Seats[a.Target-1]
		switch {
		case st.Card < 0 || !st.FaceUp:
			return fmt.Errorf("only a face-up card can be reserved; seat %d is not face up", a.Target)
		case st.Reserver >= 0:
			return fmt.Errorf("seat %d is already reserved by %s", a.Target, s.Players[st.Reserver].Name)
		}
	case verbTrust:
		if err := once(spaceTrust, "built trust"); err != nil {
			return err
		}
		if s.Trust >= data.TrustSpaces {
			return fmt.Errorf("trust is already at 100%%")
		}
	case verbPersuade:
		if err := once(spacePersuade, "persuaded a hijacker"); err != nil {
			return err
		}
		sl := s.Slots[a.Target-1]
		if sl.Tile < 0 {
			return fmt.Errorf("hijacker place %d is empty", a.Target)
		}
		if sl.Disc >= 0 && sl.Disc != seat {
			return fmt.Errorf("%s negotiates with %s: only one negotiator per hijacker", s.Players[sl.Disc].Name, data.Hijackers[sl.Tile].Name)
		}
		h := data.Hijackers[sl.Tile]
		x, y := s.Dice[idx[0]].Value, s.Dice[idx[1]].Value
		if !(inRange(x, h.Ranges[0]) && inRange(y, h.Ranges[1]) || inRange(y, h.Ranges[0]) && inRange(x, h.Ranges[1])) {
			return fmt.Errorf("%s needs one die %s and one die %s; %d and %d do not fit", h.Name, rangeText(h.Ranges[0]), rangeText(h.Ranges[1]), x, y)
		}
	case verbRetreat:
		if err := once(spaceRetreat, "had the police retreat"); err != nil {
			return err
		}
		if s.Round <= 2 {
			return fmt.Errorf("the police cannot be made to retreat in the first two rounds")
		}
		for i, q := range s.Players {
			if !q.Resigned && q.Score != p.Score {
				return fmt.Errorf("all players must be at the same level on the score track: you have %d, %s has %d (cash demands to catch up)", p.Score, q.Name, s.Players[i].Score)
			}
		}
	case verbDemand:
		if err := once(spaceDemand, "took a demand"); err != nil {
			return err
		}
		place := s.numberPlace(s.Dice[idx[0]].Value)
		if place < 0 {
			return fmt.Errorf("no number token shows %d; the tokens are %s", s.Dice[idx[0]].Value, s.numbersText())
		}
		d := demandIndex(data.NumberPlaces[place])
		if s.Supply[d] == 0 {
			return fmt.Errorf("the tower has no %s left", demandNames[d])
		}
	case verbBonus:
		if err := once(spaceBonus, "took a bonus die"); err != nil {
			return err
		}
		if s.BonusDice == 0 {
			return fmt.Errorf("no bonus die is left on the bonus space")
		}
	case verbAdjust:
		if p.Demands[demandIndex(a.Demand)] == 0 {
			return fmt.Errorf("you have no %s to hand in", a.Demand)
		}
	case verbEnd:
		return s.checkEnd(seat)
	}
	return nil
}

// checkChoose checks choosing the passenger card at a seat (1-6) or the top
// of the draw pile (0) with the given dice.
func (s *State) checkChoose(seat, target int, idx []int) error {
	if len(idx) > 1 {
		return fmt.Errorf("a passenger card takes one die")
	}
	die := 0
	if len(idx) == 1 {
		die = s.Dice[idx[0]].Value
	}
	if target == 0 {
		if !s.Players[seat].hasTile(tileTop) {
			return fmt.Errorf("only the holder of the top-card bonus tile may choose the top card of the draw pile")
		}
		if len(s.Draw) == 0 {
			return fmt.Errorf("the draw pile is empty")
		}
		pips := data.Cards[s.Draw[len(s.Draw)-1]].Pips
		if die != pips {
			return fmt.Errorf("the top card of the draw pile shows %s: choose it with a die showing %d", plural(pips, "pip"), pips)
		}
		return nil
	}
	st := s.Seats[target-1]
	switch {
	case st.Card < 0:
		return fmt.Errorf("seat %d is empty", target)
	case !st.FaceUp:
		pips := data.Cards[st.Card].Pips
		if die != pips {
			return fmt.Errorf("seat %d is face down with %s: choose it with a die showing %d (adjust a die with demands)", target, plural(pips, "pip"), pips)
		}
	case st.Reserver == seat:
		if die != 0 {
			return fmt.Errorf("your own reservation is taken without a die: `card %d`", target)
		}
	case st.Reserver >= 0:
		if die < st.ResDie.Value {
			return fmt.Errorf("%s reserved seat %d with a %d: hand in a die of at least %d", s.Players[st.Reserver].Name, target, st.ResDie.Value, st.ResDie.Value)
		}
	default:
		if die == 0 {
			return fmt.Errorf("a face-up card takes a die of any value, e.g. `card %d %d`", target, s.anyDie())
		}
	}
	return nil
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

// execCard: "Choose a face up or face down card. Reveal the chosen card if it
// was face down. Reveal the adjacent cards if not already face up. Play or
// discard the chosen card."
func (s *State) execCard(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	dice := s.useDice(a)
	s.CanReserve = false
	s.ChosenSeat = a.Target
	s.CardsTaken++
	with := "with their reservation"
	if len(dice) == 1 {
		with = "with a " + dieLabel(dice[0])
	}
	var c int
	faceDown := true
	where := "the top of the draw pile"
	if a.Target == 0 {
		c = s.Draw[len(s.Draw)-1]
		s.Draw = s.Draw[:len(s.Draw)-1]
	} else {
		i := a.Target - 1
		st := &s.Seats[i]
		c, faceDown = st.Card, !st.FaceUp
		where = fmt.Sprintf("seat %d", a.Target)
		if st.Reserver >= 0 && st.Reserver != seat {
			with += fmt.Sprintf(" (%s gets their %s back)", s.Players[st.Reserver].Name, dieLabel(st.ResDie))
		}
		if st.Reserver >= 0 {
			s.release(i)
		}
		st.Card, st.FaceUp = -1, false
	}
	s.say(ev, fmt.Sprintf("%s chooses %s %s: %s.", p.Name, where, with, cardText(c)))
	if a.Target > 0 {
		var shown []string
		for _, j := range []int{a.Target - 2, a.Target} {
			if j >= 0 && j < len(s.Seats) && s.Seats[j].Card >= 0 && !s.Seats[j].FaceUp {
				s.Seats[j].FaceUp = true
				shown = append(shown, fmt.Sprintf("seat %d %s", j+1, cardText(s.Seats[j].Card)))
			}
		}
		if len(shown) > 0 {
			s.say(ev, "Revealed: "+strings.Join(shown, "; ")+".")
		}
	}
	card := data.Cards[c]
	s.Pending = &Pending{Card: c, From: a.Target}
	switch {
	case card.Color == red && faceDown:
		// "If a face down red card is played, it must be discarded to the
		// discard pile immediately (1 point is scored). As a result, the
		// negotiators lose 10% trust, the topmost cube must be removed."
		lost := ""
		if s.Trust > 0 {
			s.Trust--
			s.Green++
			lost = fmt.Sprintf(" Trust drops to %d%%.", s.Trust*10)
		}
		s.discardPending(seat, "must discard the red card", ev)
		if lost != "" {
			s.say(ev, "The passenger fights back."+lost)
		}
	case card.Color == red:
		s.discardPending(seat, "discards the red card (red cards cannot be collected)", ev)
	default:
		if why := s.cannotPlay(seat, c); why != "" {
			s.discardPending(seat, "must discard it ("+why+")", ev)
		} else {
			s.Phase = phaseDecide
		}
	}
}

// release takes the die off a reserved card: "The player who reserved the
// card immediately gets his die back." A reserved bonus or mini die goes back
// to its space.
func (s *State) release(i int) {
	st := &s.Seats[i]
	switch st.ResDie.Kind {
	case dieBonus:
		s.BonusDice++
	case dieMini:
		s.MiniDice++
	}
	st.Reserver, st.ResDie = -1, Die{}
}

// cannotPlay says why a card cannot be played, "" when it can.
func (s *State) cannotPlay(seat, c int) string {
	card := data.Cards[c]
	p := &s.Players[seat]
	switch {
	case s.Trust*10 < card.Trust:
		return fmt.Sprintf("it needs %d%% trust, trust is %d%%", card.Trust, s.Trust*10)
	case card.Demand != "none" && s.isCybot(seat) && p.demandCount() == 0:
		return "it needs a demand token (every token is a joker for the Cybot)"
	case card.Demand != "none" && !s.isCybot(seat) && p.Demands[demandIndex(card.Demand)] == 0 && p.Demands[intel] == 0:
		return fmt.Sprintf("it needs %s or intel", card.Demand)
	case len(p.Cards) >= maxSupply:
		return s.whose(seat) + " supply holds 5 cards already"
	}
	return ""
}

func (s *State) checkDecide(seat int, a Action) error {
	if a.Verb == verbDiscard {
		return nil
	}
	c := s.Pending.Card
	if why := s.cannotPlay(seat, c); why != "" {
		return fmt.Errorf("%s cannot be played now: %s; `discard` it", data.Cards[c].ID, why)
	}
	want := data.Cards[c].Demand
	p := &s.Players[seat]
	switch {
	case a.Demand == "":
		return nil
	case want == "none":
		return fmt.Errorf("%s needs no demand: just `play`", data.Cards[c].ID)
	case a.Demand != want && a.Demand != "intel":
		return fmt.Errorf("%s needs %s (or intel as a substitute), not %s", data.Cards[c].ID, want, a.Demand)
	case p.Demands[demandIndex(a.Demand)] == 0:
		return fmt.Errorf("you have no %s", a.Demand)
	}
	return nil
}

// execPlay places the pending card in the supply, paying its demand.
func (s *State) execPlay(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	c := s.Pending.Card
	want := data.Cards[c].Demand
	paid := ""
	if want != "none" {
		pay := a.Demand
		if pay == "" {
			pay = want
			if p.Demands[demandIndex(want)] == 0 {
				pay = "intel"
			}
		}
		d := demandIndex(pay)
		p.Demands[d]--
		s.Supply[d]++
		paid = " paying " + pay
	}
	p.Cards = append(p.Cards, c)
	s.say(ev, fmt.Sprintf("%s plays %s into %s supply%s.", p.Name, data.Cards[c].ID, map[bool]string{true: "its", false: "their"}[s.isCybot(seat)], paid))
	s.finishCard()
}

// discardPending discards the chosen card for 1 point: "One point is
// immediately scored for each Passenger Card discarded in this manner."
func (s *State) discardPending(seat int, how string, ev *[]games.Event) {
	c := s.Pending.Card
	s.Discard = append(s.Discard, c)
	s.say(ev, fmt.Sprintf("%s %s %s: +1 point.", s.Players[seat].Name, how, data.Cards[c].ID))
	s.addPoints(seat, 1, ev)
	s.finishCard()
}

// finishCard: "The played or discarded card is replaced with a new face down
// card from the draw pile."
func (s *State) finishCard() {
	s.refill(s.Pending.From)
	s.Pending = nil
	s.Phase = phaseTurn
	s.CanReserve = true
}

func (s *State) refill(from int) {
	if from < 1 {
		return
	}
	s.Seats[from-1] = Seat{Card: s.drawCard(), Reserver: -1}
}

// drawCard takes the top of the draw pile: "When all the Passenger Cards have
// been discarded or played, the discard pile is reshuffled and placed as a
// new pile." -1 when no card is left anywhere.
func (s *State) drawCard() int {
	if len(s.Draw) == 0 {
		s.Draw, s.Discard = s.Discard, []int{}
		games.Shuffle(&s.RNG, s.Draw)
	}
	if len(s.Draw) == 0 {
		return -1
	}
	c := s.Draw[len(s.Draw)-1]
	s.Draw = s.Draw[:len(s.Draw)-1]
	return c
}

// execReserve: "he places another die with any pip value on the card to be reserved."
func (s *State) execReserve(seat int, a Action, ev *[]games.Event) {
	idx, _ := s.resolveDice(a.Dice)
	d := &s.Dice[idx[0]]
	d.Used, d.Reserved = true, true
	s.DiceUsed++
	st := &s.Seats[a.Target-1]
	st.Reserver, st.ResDie = seat, Die{Kind: d.Kind, Value: d.Value}
	s.CanReserve = false
	s.say(ev, fmt.Sprintf("%s reserves seat %d (%s) with a %s.", s.Players[seat].Name, a.Target, data.Cards[st.Card].ID, dieLabel(*d)))
}

func (s *State) execTrust(seat int, a Action, ev *[]games.Event) {
	s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spaceTrust)
	s.drawCubes(seat, a.Target, false, ev)
}

// drawCubes is building trust: "he may take a cube from the bag at a time
// ... this can continue for up to three cubes in one turn ... One point is
// gained for each green cube. Is a red cube drawn? Then the building trust
// action ends immediately. If a green cube has not been drawn before, but a
// red one immediately, then a total of one point is obtained. The red cube
// goes back into the bag." Choosing the most cubes to draw up front is the
// same decision as stopping along the way: a draw that goes on only ever
// follows green cubes. With penalty (the free-trust bonus tile) a red cube
// costs 2 points instead.
func (s *State) drawCubes(seat, most int, penalty bool, ev *[]games.Event) {
	p := &s.Players[seat]
	var drawn []string
	greens := 0
	for range most {
		if s.Trust >= data.TrustSpaces || s.Green+s.Red == 0 {
			break
		}
		if s.RNG.Intn(s.Green+s.Red) < s.Red {
			drawn = append(drawn, "red")
			break
		}
		s.Green--
		s.Trust++
		greens++
		drawn = append(drawn, "green")
	}
	gain := greens
	redFirst := len(drawn) > 0 && drawn[len(drawn)-1] == "red"
	note := ""
	switch {
	case redFirst && penalty:
		gain -= 2
		note = " (the red cube costs 2 points)"
	case redFirst && greens == 0:
		gain = 1
	}
	pts := "points"
	if gain == 1 || gain == -1 {
		pts = "point"
	}
	s.say(ev, fmt.Sprintf("%s builds trust: %s. %+d %s%s; trust %d%%.", p.Name, strings.Join(drawn, ", "), gain, pts, note, s.Trust*10))
	// One action moves the scoring token once: "If he passes a bonus
	// without stopping, he receives no demand."
	s.addPoints(seat, gain, ev)
	if s.Trust >= data.TrustSpaces && greens > 0 {
		// "The first player to reach 100% trust receives the star token ...
		// When the trust level drops below 100% and another player brings it
		// back to 100%, he can take the star token from the other player."
		p.Full = true
		if s.Star != seat {
			if s.Star >= 0 {
				s.say(ev, fmt.Sprintf("%s brings trust back to 100%% and takes the star from %s.", p.Name, s.Players[s.Star].Name))
			} else {
				s.say(ev, fmt.Sprintf("%s reaches 100%% trust first and takes the star token (5 points at the end).", p.Name))
			}
			s.Star = seat
		}
	}
}

// execPersuade: "He flips the hijacker turning token to 1. When this action
// has been played 4 times, the hijacker has been persuaded to surrender.
// Each time the player scores 1 point when the hijacker turning token spins."
func (s *State) execPersuade(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	dice := s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spacePersuade)
	i := a.Target - 1
	for j := range s.Slots {
		if j != i && s.Slots[j].Disc == seat {
			// "Players are allowed to place their dice on a different hijacker
			// ... and move their communication disc accordingly (and start all
			// over again)."
			s.Slots[j].Disc, s.Slots[j].Turns = -1, 0
			s.say(ev, fmt.Sprintf("%s moves their communication disc away from %s.", p.Name, data.Hijackers[s.Slots[j].Tile].Name))
		}
	}
	sl := &s.Slots[i]
	sl.Disc = seat
	sl.Turns++
	h := data.Hijackers[sl.Tile]
	s.say(ev, fmt.Sprintf("%s talks to %s with %s and %s: turning token %d/4, +1 point.", p.Name, h.Name, dieLabel(dice[0]), dieLabel(dice[1]), sl.Turns))
	if sl.Turns < 4 {
		s.addPoints(seat, 1, ev)
		return
	}
	// "Once a hijacker is persuaded to leave the plane, the hijacker tile and
	// its communication disc are removed from the board ... A new hijacker
	// tile (if any) is taken to fill the empty spot."
	p.Hijackers = append(p.Hijackers, sl.Tile)
	*sl = Slot{Tile: -1, Disc: -1}
	if k := len(s.HijackerRest); k > 0 {
		sl.Tile = s.HijackerRest[k-1]
		s.HijackerRest = s.HijackerRest[:k-1]
	}
	if s.FirstPersuader < 0 {
		s.FirstPersuader = seat
	}
	// "Each time a hijacker surrenders the level of trust for the remaining
	// hijackers will drop by 20%."
	drop := min(2, s.Trust)
	s.Trust -= drop
	s.Green += drop
	msg := fmt.Sprintf("%s surrenders to %s! Trust drops to %d%%.", h.Name, p.Name, s.Trust*10)
	if h.Points > 0 && !s.isCybot(seat) { // the Cybot never gets hijacker rewards
		msg += fmt.Sprintf(" The tile scores %s now.", plural(h.Points, "point"))
	}
	if sl.Tile >= 0 {
		msg += fmt.Sprintf(" %s takes the place.", data.Hijackers[sl.Tile].Name)
	}
	s.say(ev, msg)
	// The turning token's point and the tile's points are one action's
	// points: the scoring token moves once, so a bonus space it passes pays
	// nothing.
	points := 1
	if !s.isCybot(seat) {
		points += h.Points
	}
	s.addPoints(seat, points, ev)
}

// execRetreat: "the police team is set back two places immediately ... all
// other players immediately receive two points (clockwise, starting with the
// player next to one who took the action). The player who performs this
// action does not receive any points, but draws the two topmost bonus tiles
// (if any), chooses one ... Also, the player places his thumb on the first
// spot on the recognition track."
func (s *State) execRetreat(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spaceRetreat)
	s.Police += 2
	s.say(ev, fmt.Sprintf("%s has the police retreat: %d minutes left. Every other player +2 points.", p.Name, s.Police))
	for t := s.next(seat); t != seat; t = s.next(t) {
		s.addPoints(t, 2, ev)
		s.checkMedals(ev) // clockwise: the first to reach an objective wins it
	}
	if p.Thumb < len(data.Recognition)-1 {
		p.Thumb++
	}
	k := min(2, len(s.Tiles))
	drawn := append([]int{}, s.Tiles[len(s.Tiles)-k:]...)
	s.Tiles = s.Tiles[:len(s.Tiles)-k]
	switch k {
	case 2:
		s.Keep = drawn
		s.Phase = phaseKeep
		s.say(ev, fmt.Sprintf("%s draws the bonus tiles %s and %s and keeps one.", p.Name, data.BonusTiles[drawn[0]].Name, data.BonusTiles[drawn[1]].Name))
	case 1:
		p.Tiles = append(p.Tiles, drawn[0])
		s.say(ev, fmt.Sprintf("%s takes the last bonus tile: %s.", p.Name, data.BonusTiles[drawn[0]].Name))
	}
}

func (s *State) execKeep(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	for _, t := range s.Keep {
		if data.BonusTiles[t].ID == a.What {
			p.Tiles = append(p.Tiles, t)
			s.say(ev, s.keepText(seat, t))
		} else {
			// "The other bonus tile will be shuffled into the pile."
			s.Tiles = append(s.Tiles, t)
			games.Shuffle(&s.RNG, s.Tiles)
		}
	}
	s.Keep = nil
	s.Phase = phaseTurn
}

func (s *State) execDemand(seat int, a Action, ev *[]games.Event) {
	dice := s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spaceDemand)
	d := demandIndex(data.NumberPlaces[s.numberPlace(dice[0].Value)])
	s.Supply[d]--
	s.Players[seat].Demands[d]++
	s.say(ev, fmt.Sprintf("%s takes %s with a %s.", s.Players[seat].Name, aDemand(demandNames[d]), dieLabel(dice[0])))
}

// execBonus: "This die may not be used in the current round, but must be
// played in the next round."
func (s *State) execBonus(seat int, a Action, ev *[]games.Event) {
	dice := s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spaceBonus)
	s.BonusDice--
	s.Players[seat].Bonus++
	s.say(ev, fmt.Sprintf("%s takes a bonus die with a %s, to roll next round.", s.Players[seat].Name, dieLabel(dice[0])))
}

// execAdjust: "A demand can be used to increase or decrease the number of
// pips on a die by 1 ... 1 demand can be used to change a 1 into a 2 or a 6."
func (s *State) execAdjust(seat int, a Action, ev *[]games.Event) {
	idx, _ := s.resolveDice(a.Dice)
	d := &s.Dice[idx[0]]
	old := d.Value
	d.Value = (d.Value-1+a.Delta+6)%6 + 1
	k := demandIndex(a.Demand)
	s.Players[seat].Demands[k]--
	s.Supply[k]++
	s.say(ev, fmt.Sprintf("%s hands in %s to turn a %d into a %d.", s.Players[seat].Name, aDemand(a.Demand), old, d.Value))
}

// beginTurn rolls the player's dice: their own dice not lying on a
// reservation, plus bonus and mini dice taken earlier.
func (s *State) beginTurn(seat int, ev *[]games.Event) {
	s.Turn = seat
	s.Phase = phaseTurn
	s.Dice = []Die{}
	s.DiceUsed, s.CardsTaken, s.CanReserve, s.Done = 0, 0, false, []string{}
	p := &s.Players[seat]
	own := 2
	if r := s.reservation(seat); r >= 0 && s.Seats[r].ResDie.Kind == dieOwn {
		own--
	}
	for range own {
		s.Dice = append(s.Dice, Die{Kind: dieOwn})
	}
	for range p.Bonus {
		s.Dice = append(s.Dice, Die{Kind: dieBonus})
	}
	for range p.Mini {
		s.Dice = append(s.Dice, Die{Kind: dieMini})
	}
	p.Bonus, p.Mini = 0, 0
	for i := range s.Dice {
		s.Dice[i].Value = s.RNG.Intn(6) + 1
	}
	s.say(ev, fmt.Sprintf("Round %d, %s rolls %s.", s.Round, p.Name, s.diceText()))
	if s.isCybot(seat) {
		s.cybotBegin(ev)
	}
}

// endTurn takes the dice back: "At the end of their turn, players take back
// their dice." Bonus and mini dice go back to their places unless they lie
// on a reserved card.
func (s *State) endTurn(ev *[]games.Event) {
	s.checkMedals(ev) // "use 4 dice in one turn" is judged at the end of the turn
	s.releaseExtraReservation(ev)
	for _, d := range s.Dice {
		if d.Reserved {
			continue
		}
		switch d.Kind {
		case dieBonus:
			s.BonusDice++
		case dieMini:
			s.MiniDice++
		}
	}
	s.Dice = []Die{}
	s.DiceUsed, s.CardsTaken, s.CanReserve, s.Done = 0, 0, false, []string{}
	n := s.n()
	dist := func(x int) int { return (x - s.Start + n) % n }
	next := s.next(s.Turn)
	if dist(next) <= dist(s.Turn) {
		s.endRound(ev)
		return
	}
	s.beginTurn(next, ev)
}

// endRound is the police phase and the end phase.
func (s *State) endRound(ev *[]games.Event) {
	// "During this phase the Police Team advances one space towards the plane."
	s.Police--
	if s.Police <= 0 {
		// "If the police breach the plane, the game ends immediately. All
		// players lose the game!"
		s.say(ev, "The police advance and storm the plane!")
		s.finish(endPolice, ev)
		return
	}
	s.say(ev, fmt.Sprintf("End of round %d: the police advance, %s left.", s.Round, plural(s.Police, "minute")))
	// "One of the players has been able to negotiate at least three
	// passengers and one pilot from the plane."
	for _, p := range s.Players {
		if !p.Resigned && p.Freed >= 3 && p.Pilots >= 1 {
			s.finish(endFreed, ev)
			return
		}
	}
	s.Round++
	first := s.Start
	if s.Players[first].Resigned {
		first = s.next(first)
	}
	s.beginTurn(first, ev)
}
