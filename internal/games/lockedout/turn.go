package lockedout

import (
	"errors"
	"fmt"
	"strings"

	"standoff/internal/games"
)

// beginTurn passes play to seat. "If you are the maintenance player when play
// passes to you (except on the first turn), you must first register the
// depletion of resources."
func (s *State) beginTurn(seat int, ev *[]games.Event) {
	s.Turn = seat
	s.Turns++
	s.Phase = phaseMove
	s.Searched = false
	s.Drawn = nil
	s.Accused = nil
	if seat != s.Maintenance || s.Turns == 1 {
		return
	}
	if s.Wait {
		// 3 players: "pass it clockwise to the next player, who must wait one
		// round before next adjusting the resource tokens."
		s.Wait = false
		s.say(ev, fmt.Sprintf("%s holds the maintenance card but waits this round.", s.Players[seat]))
		return
	}
	if s.deplete(ev) {
		return
	}
	s.passMaintenance(ev)
}

// deplete registers the depletion of resources; it reports whether the gang
// was caught. "Move each resource token in the engine compartment to the next
// lower number (zero = off the board), except if a corresponding resource card
// has been played to the resource card play area. Duplicate cards have no
// additional effect. Next, discard all resource cards from the play area."
func (s *State) deplete(ev *[]games.Event) bool {
	var parts []string
	caught := false
	for i, r := range ship.Resources {
		saved := false
		for _, id := range s.Supplies {
			if ship.card[id].Color == r.Color {
				saved = true
			}
		}
		if saved {
			parts = append(parts, fmt.Sprintf("%s stays at %d (saved)", r.Name, s.Tokens[i]))
			continue
		}
		s.Tokens[i]--
		parts = append(parts, fmt.Sprintf("%s drops to %d", r.Name, s.Tokens[i]))
		if s.Tokens[i] <= 0 {
			s.Tokens[i] = 0
			caught = true
		}
	}
	s.Discard = append(s.Discard, s.Supplies...)
	s.Supplies = []string{}
	s.say(ev, fmt.Sprintf("Maintenance by %s: %s.", s.Players[s.Maintenance], strings.Join(parts, ", ")))
	if caught {
		// "If any of the tokens moves to zero, your ship's course cannot be
		// changed any more. Your gang was unsuccessful and will be caught."
		s.finish(endCapture, ev)
	}
	return caught
}

// passMaintenance hands the maintenance card on. "For a 4-, 5- or 6-player
// game, pass the maintenance card counterclockwise (to the previous player).
// For a 3-player game, pass it clockwise to the next player, who must wait one
// round before next adjusting the resource tokens."
func (s *State) passMaintenance(ev *[]games.Event) {
	from := s.Maintenance
	if s.n() == 3 {
		s.Maintenance = s.next(from, 1)
		s.Wait = s.Maintenance != from
	} else {
		s.Maintenance = s.next(from, -1)
	}
	if s.Maintenance != from {
		s.say(ev, fmt.Sprintf("%s passes the maintenance card to %s.", s.Players[from], s.Players[s.Maintenance]))
	}
}

// move walks the pawn through a doorway: "On your turn, you must move your
// pawn through a doorway to an adjacent accessible room."
func (s *State) move(seat int, arg string, ev *[]games.Event) error {
	options := s.moves(seat)
	room, err := findRoom(arg)
	var none errNoRoom
	if errors.As(err, &none) {
		return fmt.Errorf("%v: you can move to %s", err, roomList(options))
	}
	if err != nil {
		return err
	}
	from := s.Pawns[seat]
	if !contains(ship.adjacent[from], room) {
		return fmt.Errorf("no doorway leads from %s to %s; you can move to %s", ship.room[from].Name, ship.room[room].Name, roomList(options))
	}
	if !s.accessible(room) {
		return fmt.Errorf("%s is in the %s zone, which is locked in stage %d; you can move to %s", ship.room[room].Name, ship.room[room].Zone, s.Stage, roomList(options))
	}
	s.Pawns[seat] = room
	if s.Turns == 1 {
		// The game's first move may be a bot's, posted in the same message
		// as the start, so it says who holds the maintenance card.
		s.say(ev, fmt.Sprintf("%s begins and holds the maintenance card; they move to %s.", s.Players[seat], ship.room[room].Name))
	} else {
		s.say(ev, fmt.Sprintf("%s moves to %s.", s.Players[seat], ship.room[room].Name))
	}
	if ship.room[room].Zone == zonePurple {
		// "If the purple zone is accessible and a player moves to the board
		// computer, your gang can change the ship's course. You escape and the
		// game ends."
		s.finish(endEscape, ev)
		return nil
	}
	s.Phase = phasePlay
	// "If any cards are left in the draw pile for that room, draw one from
	// that pile and add it to your hand."
	if len(s.Piles[room]) > 0 {
		s.draw(seat, ev)
	} else {
		s.say(ev, fmt.Sprintf("The %s pile is empty.", ship.room[room].Name))
	}
	return nil
}

// moves lists the rooms a seat may move to now, the board computer last.
func (s *State) moves(seat int) []string {
	var out, last []string
	for _, r := range ship.adjacent[s.Pawns[seat]] {
		if !s.accessible(r) {
			continue
		}
		if ship.room[r].Zone == zonePurple {
			last = append(last, r)
		} else {
			out = append(out, r)
		}
	}
	return append(out, last...)
}

// draw takes the top card of the room's pile and starts its interception.
// "If there are other players in the same room when you draw a card, look at
// the card and show it to them, one player at a time, in clockwise order."
func (s *State) draw(seat int, ev *[]games.Event) {
	room := s.Pawns[seat]
	p := games.Pile[string](s.Piles[room])
	card, _ := p.Draw()
	s.Piles[room] = p
	s.Drawn = &Interception{Drawer: seat, Card: card, Room: room}
	for i := 1; i < s.n(); i++ {
		t := (seat + i) % s.n()
		if !s.Resigned[t] && s.Pawns[t] == room {
			s.Drawn.Ask = append(s.Drawn.Ask, t)
		}
	}
	s.say(ev, fmt.Sprintf("%s draws a card in %s (%d left there).", s.Players[seat], ship.room[room].Name, len(p)))
	s.askNext(ev)
	if s.Drawn == nil {
		// Straight into the hand. A card being shown around is in the
		// drawer's view instead, which names it once.
		games.Tell(ev, seat, fmt.Sprintf("You drew %s in %s.", label(card), ship.room[room].Name))
	}
}

// askNext shows the drawn card to the next player in the room, or hands it
// to the drawer when nobody is left to ask. A player with an empty hand sees
// the card but has nothing to swap, so the game does not wait for them.
func (s *State) askNext(ev *[]games.Event) {
	d := s.Drawn
	for len(d.Ask) > 0 {
		t := d.Ask[0]
		if len(s.Hands[t]) > 0 {
			s.Phase = phaseIntercept
			s.say(ev, fmt.Sprintf("%s shows the card to %s.", s.Players[d.Drawer], s.Players[t]))
			return
		}
		games.Tell(ev, t, fmt.Sprintf("%s shows you %s; your hand is empty, so you cannot swap.", s.Players[d.Drawer], label(d.Card)))
		d.Ask = d.Ask[1:]
	}
	// "If no swap takes place, add the card you drew to your hand."
	s.give(d.Drawer, d.Card)
	s.Drawn = nil
	s.Phase = phasePlay
}

// keep lets the drawn card pass.
func (s *State) keep(seat int, ev *[]games.Event) {
	s.say(ev, fmt.Sprintf("%s lets it pass.", s.Players[seat]))
	s.Drawn.Ask = s.Drawn.Ask[1:]
	s.askNext(ev)
}

// swap takes the drawn card for one from the hand. "If any of these players
// wants to, they may swap the card with one from their hand. After any swap,
// add the swapped card to your hand; don't show it around any further."
func (s *State) swap(seat int, arg string, ev *[]games.Event) error {
	id, ok := findCard(arg, s.Hands[seat])
	if !ok {
		return fmt.Errorf("%s is not in your hand: swap one of %s, or `keep`", quote(arg), cardList(s.Hands[seat]))
	}
	d := s.Drawn
	s.takeFrom(seat, id)
	s.give(seat, d.Card)
	s.give(d.Drawer, id)
	s.say(ev, fmt.Sprintf("%s swaps a card with %s.", s.Players[seat], s.Players[d.Drawer]))
	games.Tell(ev, seat, fmt.Sprintf("You took %s from %s and gave %s.", label(d.Card), s.Players[d.Drawer], label(id)))
	games.Tell(ev, d.Drawer, fmt.Sprintf("%s took %s and gave you %s.", s.Players[seat], label(d.Card), label(id)))
	s.Drawn = nil
	s.Phase = phasePlay
	return nil
}

// play puts one access or resource card on the table.
func (s *State) play(seat int, arg string, ev *[]games.Event) error {
	id, ok := findCard(arg, s.Hands[seat])
	if !ok {
		if cards := s.playable(seat); len(cards) > 0 {
			return fmt.Errorf("%s is not in your hand: play one of %s, or `end`", quote(arg), cardList(cards))
		}
		return fmt.Errorf("%s is not in your hand, and you hold no access or resource card to play: `end` your turn", quote(arg))
	}
	c := ship.card[id]
	if c.Kind == kindLoot {
		return fmt.Errorf("%s is a loot card: loot is played two at a time to search the room again, e.g. `search %s <another loot card>`", label(id), id)
	}
	s.takeFrom(seat, id)
	if c.Kind == kindResource {
		// "To slow down the depletion of resources, play resource cards to
		// the resource card play area."
		s.Supplies = append(s.Supplies, id)
		s.say(ev, fmt.Sprintf("%s plays %s.", s.Players[seat], label(id)))
		return nil
	}
	s.say(ev, fmt.Sprintf("%s plays %s.", s.Players[seat], label(id)))
	s.placeAccess(id, ev)
	if s.Phase == phaseOver {
		return nil
	}
	// "Whenever you play an access card on your turn, you must accuse
	// another player of your choice (the suspect)".
	s.Phase = phaseAccuse
	return nil
}

// placeAccess puts an access card in the play area, or straight on the
// discard pile once its colour has done its work, and checks for a new stage.
func (s *State) placeAccess(id string, ev *[]games.Event) {
	c := ship.card[id]
	// "From this point on, all orange cards played are immediately
	// discarded." / "From this point on, all access cards played are
	// immediately discarded."
	if s.Stage >= 3 || (s.Stage >= 2 && c.Color == zoneOrange) {
		s.Discard = append(s.Discard, id)
		return
	}
	s.Access = append(s.Access, id)
	if s.Stage < 2 && s.complete(zoneOrange) {
		// "As soon as there are four different orange access cards in the
		// play area, the game enters the second stage and the orange zone of
		// the ship becomes accessible. Discard all orange access cards from
		// the play area."
		s.Stage = 2
		s.discardAccess(func(c *Card) bool { return c.Color == zoneOrange })
		s.say(ev, "Four different orange cards: stage two! The orange zone is open.")
	}
	if s.Stage < 3 && s.complete(zonePurple) {
		// "As soon as there are four different purple access cards in the
		// play area, the game enters the third stage and the board computer
		// (purple zone) becomes accessible. Discard all access cards from
		// the play area."
		s.Stage = 3
		s.discardAccess(func(*Card) bool { return true })
		s.say(ev, "Four different purple cards: stage three! The board computer is open.")
	}
}

// complete says whether four different access cards of a colour lie in the
// access play area.
func (s *State) complete(color string) bool {
	seen := map[string]bool{}
	for _, id := range s.Access {
		if c := ship.card[id]; c.Color == color {
			seen[c.Type] = true
		}
	}
	return len(seen) == len(ship.accessTypes(color))
}

func (s *State) discardAccess(match func(*Card) bool) {
	keep := []string{}
	for _, id := range s.Access {
		if match(ship.card[id]) {
			s.Discard = append(s.Discard, id)
		} else {
			keep = append(keep, id)
		}
	}
	s.Access = keep
}

// search plays two loot cards to draw once more. "Discard these and draw one
// more card from the pile for that room. You may do this only once per turn,
// and only if the room's draw pile is not empty."
func (s *State) search(seat int, args []string, ev *[]games.Event) error {
	if s.Searched {
		return fmt.Errorf("you already searched this room once more this turn; play other cards or `end`")
	}
	room := s.Pawns[seat]
	if len(s.Piles[room]) == 0 {
		return fmt.Errorf("the %s pile is empty, so there is nothing more to find; play other cards or `end`", ship.room[room].Name)
	}
	a, b, err := findLootPair(args, s.Hands[seat])
	if err != nil {
		return err
	}
	s.takeFrom(seat, a)
	s.takeFrom(seat, b)
	s.Discard = append(s.Discard, a, b)
	s.Searched = true
	s.say(ev, fmt.Sprintf("%s discards %s and %s to search %s once more.", s.Players[seat], label(a), label(b), ship.room[room].Name))
	// "This extra card is treated exactly like the first one."
	s.draw(seat, ev)
	return nil
}

// accuse names the suspect.
func (s *State) accuse(seat int, arg string, ev *[]games.Event) error {
	t, err := s.findPlayer(arg, seat)
	if err != nil {
		return err
	}
	if t == seat {
		return fmt.Errorf("you must accuse another player, not yourself; choose from %s", s.suspectList(seat))
	}
	if s.Resigned[t] {
		return fmt.Errorf("%s has left the game; choose from %s", s.Players[t], s.suspectList(seat))
	}
	s.Accused = &Accusation{Accuser: seat, Suspect: t}
	s.say(ev, fmt.Sprintf("%s accuses %s of holding on to an access card.", s.Players[seat], s.Players[t]))
	if len(s.Hands[t]) == 0 {
		s.say(ev, fmt.Sprintf("%s has no cards at all.", s.Players[t]))
		s.Accused = nil
		s.Phase = phasePlay
		return nil
	}
	s.Phase = phaseAnswer
	return nil
}

// reveal is the suspect playing an access card. "If the suspect does indeed
// have an access card, they may choose to play it to the access card play
// area. This does not trigger another accusation."
func (s *State) reveal(seat int, arg string, ev *[]games.Event) error {
	var access []string
	for _, id := range s.Hands[seat] {
		if ship.card[id].Kind == kindAccess {
			access = append(access, id)
		}
	}
	right := "answer `none`: you hold no access card"
	if len(access) > 0 {
		right = fmt.Sprintf("reveal one of %s, or answer `none`", cardList(access))
	}
	id, ok := findCard(arg, s.Hands[seat])
	if !ok {
		return fmt.Errorf("%s is not in your hand: %s", quote(arg), right)
	}
	if ship.card[id].Kind != kindAccess {
		return fmt.Errorf("%s is not an access card: %s", label(id), right)
	}
	s.takeFrom(seat, id)
	s.say(ev, fmt.Sprintf("%s answers the accusation by playing %s.", s.Players[seat], label(id)))
	s.placeAccess(id, ev)
	s.Accused = nil
	s.Phase = phasePlay
	return nil
}

// refuse is the suspect not playing an access card. "If the suspect does
// not play an access card or claims not to be able to do so, you may check
// half of the cards from their hand": the accuser is asked whether to look.
func (s *State) refuse(seat int, ev *[]games.Event) {
	s.say(ev, fmt.Sprintf("%s plays no access card; %s may look at half of their hand.", s.Players[seat], s.Players[s.Accused.Accuser]))
	s.Phase = phaseCheck
}

// look is the accuser checking the suspect's hand: "half of the cards from
// their hand (rounded up, you pick these randomly)".
func (s *State) look(seat int, ev *[]games.Event) {
	a := s.Accused
	hand := s.Hands[a.Suspect]
	k := (len(hand) + 1) / 2
	a.Seen = sortCards(games.Pick(&s.RNG, hand, k))
	if len(hand) == 1 {
		s.say(ev, fmt.Sprintf("%s looks at %s's only card.", s.Players[seat], s.Players[a.Suspect]))
	} else {
		s.say(ev, fmt.Sprintf("%s looks at %d of %s's %s.", s.Players[seat], k, s.Players[a.Suspect], plural(len(hand), "card")))
	}
	// The accuser's next prompt names the cards seen; telling them here too
	// said it twice in one message.
	// The suspect's view shows the cards looked at until the look ends.
	s.Phase = phaseLook
}

// pass is the accuser declining to look; the turn goes on.
func (s *State) pass(seat int, ev *[]games.Event) {
	s.say(ev, fmt.Sprintf("%s does not look at %s's cards.", s.Players[seat], s.Players[s.Accused.Suspect]))
	s.Accused = nil
	s.Phase = phasePlay
}

// take is the accuser playing an access card found in the suspect's hand.
// "If these cards do contain any access cards, you must choose one and play
// it to the access card play area. This does not trigger another accusation.
// Return the remaining cards to the suspect."
func (s *State) take(seat int, arg string, ev *[]games.Event) error {
	a := s.Accused
	found := s.foundAccess()
	if len(found) == 0 {
		return fmt.Errorf("there is no access card among %s's cards you see: answer `none` to return them", s.Players[a.Suspect])
	}
	id, ok := findCard(arg, a.Seen)
	if !ok {
		return fmt.Errorf("%s is not among the cards you see: take one of %s", quote(arg), cardList(found))
	}
	if ship.card[id].Kind != kindAccess {
		return fmt.Errorf("%s is not an access card: take one of %s", label(id), cardList(found))
	}
	s.takeFrom(a.Suspect, id)
	s.say(ev, fmt.Sprintf("%s finds %s in %s's hand and plays it.", s.Players[seat], label(id), s.Players[a.Suspect]))
	s.placeAccess(id, ev)
	s.Accused = nil
	s.Phase = phasePlay
	return nil
}

// lookedAway is the accuser returning a half hand without access cards.
func (s *State) lookedAway(seat int, ev *[]games.Event) error {
	if found := s.foundAccess(); len(found) > 0 {
		return fmt.Errorf("you must play an access card you found: take one of %s", cardList(found))
	}
	s.say(ev, fmt.Sprintf("%s finds no access card and returns the cards to %s.", s.Players[seat], s.Players[s.Accused.Suspect]))
	s.Accused = nil
	s.Phase = phasePlay
	return nil
}

// foundAccess lists the access cards in the half hand being looked at.
func (s *State) foundAccess() []string {
	var out []string
	for _, id := range s.Accused.Seen {
		if ship.card[id].Kind == kindAccess {
			out = append(out, id)
		}
	}
	return out
}

// endTurn passes play clockwise. "Play passes clockwise to the next player.
// If there are any cards in a play area on the table, leave them there."
func (s *State) endTurn(seat int, ev *[]games.Event) {
	next := s.next(seat, 1)
	s.say(ev, fmt.Sprintf("%s ends their turn; %s is next.", s.Players[seat], s.Players[next]))
	s.beginTurn(next, ev)
}

// finish ends the game and scores it. "If the gang was able to escape, the
// player with the highest value wins. If the gang was unsuccessful, the
// player with the lowest value wins". Equal values share a rank; players who
// resigned rank after everyone still playing.
func (s *State) finish(ending string, ev *[]games.Event) {
	s.Ending = ending
	s.Phase = phaseOver
	s.Drawn = nil
	s.Accused = nil
	n := s.n()
	score := make([]int, n)
	for seat := range score {
		score[seat] = handValue(s.Hands[seat])
	}
	rank := make([]int, n)
	better := func(a, b int) bool { // a strictly ahead of b
		if s.Resigned[a] != s.Resigned[b] {
			return !s.Resigned[a]
		}
		if s.Resigned[a] || ending == endResign {
			return false
		}
		if ending == endEscape {
			return score[a] > score[b]
		}
		return score[a] < score[b]
	}
	for a := range rank {
		rank[a] = 1
		for b := range rank {
			if better(b, a) {
				rank[a]++
			}
		}
	}
	var head string
	switch ending {
	case endEscape:
		head = "The gang reaches the board computer and escapes! Highest hand value wins."
	case endCapture:
		head = "A resource ran out: the gang will be caught. Lowest hand value wins."
	default:
		head = "Everyone else left the ship."
	}
	var parts []string
	for r := 1; r <= n; r++ {
		for seat := range rank {
			if rank[seat] != r {
				continue
			}
			if s.Resigned[seat] {
				parts = append(parts, fmt.Sprintf("%d. %s (resigned)", r, s.Players[seat]))
			} else {
				parts = append(parts, fmt.Sprintf("%d. %s %s", r, s.Players[seat], znooties(score[seat])))
			}
		}
	}
	var winners []string
	for seat, r := range rank {
		if r == 1 {
			winners = append(winners, s.Players[seat])
		}
	}
	text := fmt.Sprintf("%s %s win%s. %s", head, strings.Join(winners, " and "), map[bool]string{true: "s", false: ""}[len(winners) == 1], strings.Join(parts, "; "))
	s.Result = &games.Outcome{Rank: rank, Score: score, Text: text}
	s.say(ev, text)
}

func contains(list []string, x string) bool {
	for _, y := range list {
		if y == x {
			return true
		}
	}
	return false
}
