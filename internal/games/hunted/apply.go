package hunted

import (
	"errors"
	"fmt"
	"strings"

	"standoff/internal/games"
)

// Apply plays a typed move for a seat. A move can be found wrong deep in a
// chain of effects, so it is played on a copy (games.OnCopy): a refused move
// leaves the state untouched and consumes no randomness.
func (s *State) Apply(seat int, text string) ([]games.Event, error) {
	if seat < 0 || seat >= len(s.Players) {
		return nil, fmt.Errorf("seat %d is not in this game", seat+1)
	}
	if s.Phase == phaseOver {
		return nil, errors.New("the game is over")
	}
	c, err := parseMove(text)
	if err != nil {
		return nil, err
	}
	// "At any time, if you want to give an inventory card to the other
	// player": either player, whatever is being decided.
	anyTime := s.Coop && c.Verb == verbGive
	if seat != s.Turn && !anyTime {
		if s.Coop {
			return nil, fmt.Errorf("it is not your move: %s decides now (the player on turn makes every choice); you may `give` an inventory card at any time", s.Players[s.Turn].Name)
		}
		return nil, fmt.Errorf("it is not your move: %s decides now (the player on turn makes every choice)", s.Players[s.Turn].Name)
	}
	return games.OnCopy(s, decode, func(next *State) ([]games.Event, error) {
		var ev []games.Event
		next.forgetRolls()
		if err := next.apply(seat, c, &ev); err != nil {
			return nil, err
		}
		next.settle(&ev)
		return ev, nil
	})
}

// forgetRolls drops dice that no longer belong to what is going on, before
// a move: a fight's stay while it lasts and until its reward is chosen, a
// test's for the move that rolled it. Older dice would read as this
// moment's.
func (s *State) forgetRolls() {
	if s.Fight == nil && s.Phase != phaseReward {
		s.Rolls = []RollView{}
	}
}

// phaseVerbs lists the verbs each phase accepts.
var phaseVerbs = map[string][]string{
	phaseStart:    {verbDraw, verbHide},
	phaseMain:     {verbDraw, verbHide, verbActivate, verbUse, verbFlip, verbReload, verbShare, verbEnd},
	phaseChoose:   {verbGo},
	phaseOptional: {verbYes, verbNo},
	phaseSurveil:  {verbWatch},
	phaseRoll:     {verbRegroup, verbReroll, verbKeep},
	phaseFight:    {verbFight, verbGrenade, verbReload, verbUse, verbFlip},
	phaseReward:   {verbTake},
}

// apply dispatches a parsed move.
func (s *State) apply(seat int, c command, ev *[]games.Event) error {
	if c.Verb == verbGive {
		return s.give(seat, c.Args[0], ev)
	}
	ok := false
	for _, v := range phaseVerbs[s.Phase] {
		ok = ok || v == c.Verb
	}
	if !ok {
		return fmt.Errorf("`%s` is not possible now: %s", c.Verb, s.expects())
	}
	switch c.Verb {
	case verbDraw:
		return s.draw(seat, ev)
	case verbHide:
		return s.hide(seat, ev)
	case verbActivate:
		return s.activate(seat, c.Args, ev)
	case verbUse:
		return s.use(seat, c.Args, false, ev)
	case verbFlip:
		return s.use(seat, c.Args, true, ev)
	case verbReload:
		return s.reload(seat, c.Args[0], ev)
	case verbShare:
		return s.share(seat, c.Args[0], ev)
	case verbEnd:
		if !s.Coop {
			return errors.New("a solo game has no turns to end: `draw` the next card or `hide`")
		}
		s.say(ev, fmt.Sprintf("%s ends the turn.", s.Players[seat].Name))
		s.passTurn(ev)
		return nil
	case verbGo:
		return s.chooseLocation(seat, c.Args[0], ev)
	case verbYes, verbNo:
		return s.optional(seat, c.Verb == verbYes, ev)
	case verbWatch:
		return s.watch(c.Args, ev)
	case verbRegroup:
		return s.regroup(c.Args[0], ev)
	case verbReroll:
		return s.reroll(c.Args, ev)
	case verbKeep:
		s.resolveRoll(ev)
		return nil
	case verbFight:
		return s.attack(seat, c.Args, ev)
	case verbGrenade:
		return s.grenade(seat, c.Args[0], ev)
	case verbTake:
		return s.take(seat, c.Args[0], ev)
	}
	return fmt.Errorf("`%s` is not possible now: %s", c.Verb, s.expects())
}

// expects says which moves fit the current phase.
func (s *State) expects() string {
	switch s.Phase {
	case phaseStart:
		return "begin your turn with `draw` or `hide`"
	case phaseMain:
		if s.Coop {
			return "`activate`, `use`, `flip`, `reload`, `share`, `give` or `end` your turn"
		}
		return "`draw`, `hide`, `activate`, `use`, `flip` or `reload`"
	case phaseChoose:
		return fmt.Sprintf("choose the location to play: %s", s.goList())
	case phaseOptional:
		return fmt.Sprintf("%s is optional: `yes` or `no`", label(s.Current))
	case phaseSurveil:
		return "`watch <discard> <bottom>`: the third card goes on top of the deck"
	case phaseRoll:
		return "`regroup <die#>`, `reroll <card> <die#>...` or `keep` the roll"
	case phaseFight:
		return "`fight <dice> <weapon>`, `fight hands`, `grenade <card>`, `reload <weapon>`, `use` or `flip`"
	case phaseReward:
		return "`take <card>` or `take none`"
	}
	return "the game is over"
}

func (s *State) goList() string {
	var out []string
	for _, id := range s.LocChoice {
		out = append(out, "`go "+id+"` ("+nameOf(id)+")")
	}
	return strings.Join(out, " or ")
}

// toMain returns to the player's free actions once a chain has resolved.
func (s *State) toMain() {
	s.Phase = phaseMain
	if s.Coop && !s.Drew {
		s.Phase = phaseStart
	}
}

// passTurn hands the turn to the partner in co-op ("you'll alternate taking turns").
func (s *State) passTurn(ev *[]games.Event) {
	s.Turns++
	s.Turn = s.partner(s.Turn)
	s.Drew, s.SharedDone = false, false
	s.Phase = phaseStart
	s.Current = ""
}

// draw: "draw the top card from the Hunted deck and place it face up in the row".
func (s *State) draw(seat int, ev *[]games.Event) error {
	if s.Coop && s.Drew {
		return errors.New("you have drawn this turn: play your cards, then `end` your turn")
	}
	id, ok := s.drawCard()
	if !ok {
		return errors.New("the Hunted deck and its discard pile are empty: `hide` or use your cards")
	}
	if !s.Coop && s.Cleared {
		// solo: a draw into a row that was cleared begins a new turn
		// (co-op counts at passTurn); see TurnCount.
		s.Turns++
		s.Cleared = false
	}
	s.Drew = s.Coop
	s.toMain()
	s.Current = ""
	p := &s.Players[seat]
	c := data.card[id]
	if c.Type == typeEvent {
		// "Event that triggers when card is drawn": it resolves, then is discarded.
		s.Discard = append(s.Discard, id)
		s.Current = id
		s.say(ev, fmt.Sprintf("%s draws the event %s: %s", p.Name, c.Name, c.Text))
		if c.Test != nil {
			s.startTest(seat, id, ev)
		} else {
			s.effect(seat, c.Effect, ev)
		}
		return nil
	}
	p.Row = append(p.Row, id)
	s.say(ev, fmt.Sprintf("%s draws %s.", p.Name, describe(id)))
	s.checkTrigger(seat, ev)
	return nil
}

// hide: "discard all cards in the row to the discard pile and reduce the
// value on the time track by one". In co-op it ends the turn.
func (s *State) hide(seat int, ev *[]games.Event) error {
	// "On your turn, you have two options: 1. Draw 2. Hide": a co-op turn
	// that began with a draw has no hide.
	if s.Coop && s.Drew {
		return errors.New("you drew this turn, and a turn is a draw or a hide, not both: play your cards, then `end` your turn")
	}
	p := &s.Players[seat]
	if !s.Coop && len(s.row(seat)) == 0 && s.canDraw() {
		return errors.New("your row is empty: there is nothing to hide from; `draw` a card")
	}
	n := len(s.row(seat))
	s.Discard = append(s.Discard, p.Row...)
	s.Discard = append(s.Discard, s.Shared...)
	p.Row, s.Shared = []string{}, []string{}
	s.loseTime(1)
	s.say(ev, fmt.Sprintf("%s hides: %s discarded, 1 time lost (%d left).", p.Name, plural(n, "card"), s.Time))
	if s.Coop {
		s.passTurn(ev)
	} else {
		s.Cleared = true
	}
	return nil
}

// checkTrigger fires the terrorists: "if there is ever a terrorist card
// already in the row and another terrorist card is drawn or if there are ever
// two or more bell icons and a terrorist in the row, you must immediately
// discard all cards in the row and fight the stronger terrorist".
func (s *State) checkTrigger(seat int, ev *[]games.Event) bool {
	var terr []string
	bells := 0
	for _, id := range s.row(seat) {
		c := data.card[id]
		if c.Type == typeTerrorist {
			terr = append(terr, id)
		}
		bells += c.Noise
	}
	if len(terr) < 2 && (len(terr) == 0 || bells < 2) {
		return false
	}
	strong := terr[0]
	for _, t := range terr[1:] {
		if stronger(t, strong) {
			strong = t
		}
	}
	why := "a second terrorist card"
	if len(terr) < 2 {
		why = fmt.Sprintf("%d bells with a terrorist", bells)
	}
	p := &s.Players[seat]
	for _, id := range s.row(seat) {
		if id != strong {
			s.Discard = append(s.Discard, id)
		}
	}
	p.Row, s.Shared = []string{}, []string{}
	s.Cleared = !s.Coop
	s.say(ev, fmt.Sprintf("Terrorists attack %s (%s)! The row is discarded.", p.Name, why))
	s.startFight(seat, cardFight(strong), ev)
	return true
}

// stronger: "The card with the greatest number of terrorists on it is
// considered the stronger one; if the number of terrorists is the same, fight
// the one with the higher sum of target numbers." A full tie keeps the card
// found first.
func stronger(a, b string) bool {
	ta, tb := data.card[a].Targets, data.card[b].Targets
	if len(ta) != len(tb) {
		return len(ta) > len(tb)
	}
	return sumTargets(ta) > sumTargets(tb)
}

// settle ends the game when it is won or lost: "if you run out of time or if
// your health is reduced to zero, you lose"; in co-op "if either player goes
// to zero on their health tracker or if time runs out, both players lose".
func (s *State) settle(ev *[]games.Event) {
	if s.Phase == phaseOver {
		return
	}
	if s.Won {
		s.finish(ev, "Lars is down: Sharon is rescued!")
		return
	}
	for _, p := range s.Players {
		if p.Health <= 0 {
			s.finish(ev, fmt.Sprintf("%s's health is gone.", p.Name))
			return
		}
	}
	// A roll that spent the last time unit is resolved first, with its
	// regroup tokens and rerolls ("These tokens can be discarded after any
	// die roll"): the game ends when it is kept, unless it won. A fight it
	// won still gives its reward ("you may immediately add one of them to
	// your inventory for free"): the card kept counts in the score (a
	// hostage), so the game ends once it is chosen.
	if s.Time <= 0 && s.Phase != phaseRoll && s.Phase != phaseReward {
		s.finish(ev, "Time has run out.")
	}
}

// Score counts "+2 points for every health point you have left, +1 point for
// every time unit you have left, +3 points for every face-up hostage card in
// your inventory, +1 point for every face-down hostage card".
func (s *State) Score() (total, health, time, up, down int) {
	for _, p := range s.Players {
		health += max(0, p.Health)
		for _, id := range p.Inv {
			if data.card[id].Type == typeHostage {
				if s.FaceDown[id] {
					down++
				} else {
					up++
				}
			}
		}
	}
	time = max(0, s.Time)
	return 2*health + time + 3*up + down, health, time, up, down
}

// finish ends the game.
func (s *State) finish(ev *[]games.Event, why string) {
	total, h, t, up, down := s.Score()
	s.Phase = phaseOver
	s.Roll = nil
	rank := 2
	verdict := "Lost."
	if s.Won {
		rank, verdict = 1, "Won!"
	}
	text := fmt.Sprintf("%s %s Score %d = 2×%d health + %d time + 3×%d face-up + %d face-down hostages.", why, verdict, total, h, t, up, down)
	s.say(ev, text)
	// Alone, a run is won or lost; in co-op "if either player goes to zero on
	// their health tracker or if time runs out, both players lose", and a
	// win is both players'.
	out := &games.Outcome{Text: text, End: games.EndAllLost}
	if s.Won {
		out.End = games.EndRanked
		if len(s.Players) > 1 {
			out.End = games.EndShared
		}
	}
	for range s.Players {
		out.Rank = append(out.Rank, rank)
		out.Score = append(out.Score, total)
	}
	s.Result = out
}

// Resign ends the game as lost (in co-op, for both).
func (s *State) Resign(seat int) ([]games.Event, error) {
	if seat < 0 || seat >= len(s.Players) {
		return nil, fmt.Errorf("seat %d is not in this game", seat+1)
	}
	if s.Phase == phaseOver {
		return nil, errors.New("the game is over")
	}
	var ev []games.Event
	s.finish(&ev, fmt.Sprintf("%s gives up.", s.Players[seat].Name))
	return ev, nil
}

// describe names a drawn card with what matters about it.
func describe(id string) string {
	c := data.card[id]
	var bits []string
	switch c.Type {
	case typeTerrorist:
		t := make([]string, len(c.Targets))
		for i, v := range c.Targets {
			t[i] = fmt.Sprint(v)
		}
		bits = append(bits, "terrorist "+strings.Join(t, ","))
		if c.HostageIcon {
			bits = append(bits, "hostage icon")
		}
	default:
		if len(c.Actions) > 0 {
			bits = append(bits, strings.Join(c.Actions, "/"))
		}
	}
	if c.Noise > 0 {
		bits = append(bits, plural(c.Noise, "bell"))
	}
	if len(bits) == 0 {
		// A card with nothing to say (a starting card) gets no empty "[]".
		return label(id)
	}
	return fmt.Sprintf("%s [%s]", label(id), strings.Join(bits, ", "))
}
