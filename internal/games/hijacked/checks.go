package hijacked

// Checks that come before a turn's action changes anything (apply.go checks
// the whole move first, then executes it with functions that cannot fail).

import "fmt"

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
	switch a.Verb {
	case verbCard:
		return s.checkCard(seat, a.Target, idx)
	case verbReserve:
		return s.checkReserve(seat, a.Target)
	case verbTrust:
		if err := s.checkOnce(spaceTrust, "built trust"); err != nil {
			return err
		}
		if s.Trust >= data.TrustSpaces {
			return fmt.Errorf("trust is already at 100%%")
		}
	case verbPersuade:
		return s.checkPersuade(seat, a.Target, idx)
	case verbRetreat:
		return s.checkRetreat(seat)
	case verbDemand:
		return s.checkDemand(idx)
	case verbBonus:
		if err := s.checkOnce(spaceBonus, "took a bonus die"); err != nil {
			return err
		}
		if s.BonusDice == 0 {
			return fmt.Errorf("no bonus die is left on the bonus space")
		}
	case verbAdjust:
		if s.Players[seat].Demands[demandIndex(a.Demand)] == 0 {
			return fmt.Errorf("you have no %s to hand in", a.Demand)
		}
	case verbEnd:
		return s.checkEnd(seat)
	}
	return nil
}

// checkOnce holds the action spaces that may be used once a turn.
func (s *State) checkOnce(space, what string) error {
	if s.did(space) {
		return fmt.Errorf("you already %s this turn", what)
	}
	return nil
}

func (s *State) checkCard(seat, target int, idx []int) error {
	if s.CardsTaken >= s.cardLimit() {
		if s.cardLimit() == 1 {
			return fmt.Errorf("only 1 passenger card per turn (2 with a bonus or mini die)")
		}
		return fmt.Errorf("you already chose 2 passenger cards this turn")
	}
	return s.checkChoose(seat, target, idx)
}

func (s *State) checkReserve(seat, target int) error {
	switch {
	case !s.CanReserve:
		return fmt.Errorf("you may reserve a card only right after choosing a passenger card")
	case s.reservation(seat) >= 0:
		return fmt.Errorf("you already reserve seat %d", s.reservation(seat)+1)
	case !s.adjacentToChosen(target):
		return fmt.Errorf("reserve an adjacent card: %s", s.adjacentText())
	}
	st := s.Seats[target-1]
	switch {
	case st.Card < 0 || !st.FaceUp:
		return fmt.Errorf("only a face-up card can be reserved; seat %d is not face up", target)
	case st.Reserver >= 0:
		return fmt.Errorf("seat %d is already reserved by %s", target, s.Players[st.Reserver].Name)
	}
	return nil
}

func (s *State) checkPersuade(seat, target int, idx []int) error {
	if err := s.checkOnce(spacePersuade, "persuaded a hijacker"); err != nil {
		return err
	}
	sl := s.Slots[target-1]
	if sl.Tile < 0 {
		return fmt.Errorf("hijacker place %d is empty", target)
	}
	if sl.Disc >= 0 && sl.Disc != seat {
		return fmt.Errorf("%s negotiates with %s: only one negotiator per hijacker", s.Players[sl.Disc].Name, data.Hijackers[sl.Tile].Name)
	}
	h := data.Hijackers[sl.Tile]
	x, y := s.Dice[idx[0]].Value, s.Dice[idx[1]].Value
	if !(inRange(x, h.Ranges[0]) && inRange(y, h.Ranges[1]) || inRange(y, h.Ranges[0]) && inRange(x, h.Ranges[1])) {
		return fmt.Errorf("%s needs one die %s and one die %s; %d and %d do not fit", h.Name, rangeText(h.Ranges[0]), rangeText(h.Ranges[1]), x, y)
	}
	return nil
}

func (s *State) checkRetreat(seat int) error {
	if err := s.checkOnce(spaceRetreat, "had the police retreat"); err != nil {
		return err
	}
	if s.Round <= 2 {
		return fmt.Errorf("the police cannot be made to retreat in the first two rounds")
	}
	p := &s.Players[seat]
	for i, q := range s.Players {
		if !q.Resigned && q.Score != p.Score {
			return fmt.Errorf("all players must be at the same level on the score track: you have %d, %s has %d (cash demands to catch up)", p.Score, q.Name, s.Players[i].Score)
		}
	}
	return nil
}

func (s *State) checkDemand(idx []int) error {
	if err := s.checkOnce(spaceDemand, "took a demand"); err != nil {
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
	case st.Reserver == seat && s.reservedThisTurn(target-1):
		return fmt.Errorf("you reserved seat %d this turn: \"A player can take the reserved card from his previous turn\", so take it with `card %d` on your next turn (until then another player may take it with a die of at least %d)", target, target, st.ResDie.Value)
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
