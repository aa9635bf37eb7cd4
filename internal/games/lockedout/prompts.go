package lockedout

import (
	"fmt"
	"strconv"
	"strings"

	"standoff/internal/games"
)

// maxChoices is Discord's limit of options in one select menu.
const maxChoices = 25

// Prompts says who may act now. Only one seat acts at a time: the player on
// turn, or the player being shown a drawn card, or the suspect, or the
// accuser looking at the suspect's cards.
func (s *State) Prompts() []games.Prompt {
	seat := s.actor()
	if seat < 0 {
		return nil
	}
	p := games.Prompt{Seat: seat}
	name := s.Players[seat]
	switch s.Phase {
	case phaseMove:
		p.Turn = true
		p.Text = fmt.Sprintf("%s, move from %s to an adjacent room.", name, ship.room[s.Pawns[seat]].Name)
		if s.Turns == 1 {
			// The game's first message: who begins is the first maintenance
			// player, and nothing depletes on this first turn.
			p.Text = fmt.Sprintf("%s begins and holds the maintenance card (no depletion on this first turn): move from %s to an adjacent room.",
				name, ship.room[s.Pawns[seat]].Name)
		}
		for _, r := range s.moves(seat) {
			room := ship.room[r]
			lbl := fmt.Sprintf("%s (room %d, %s in the pile)", room.Name, room.Number, plural(len(s.Piles[r]), "card"))
			if room.Zone == zonePurple {
				lbl = fmt.Sprintf("%s: ESCAPE, ends the game", room.Name)
			}
			p.Choices = append(p.Choices, games.Choice{Label: lbl, Move: "move " + r})
		}
		p.Default = p.Choices[0].Move
	case phasePlay:
		p.Turn = true
		p.Private = true
		// The hand is in the same message, as text and as a picture.
		p.Text = s.playText(seat, name)
		p.Choices = s.playChoices(seat)
		p.Default = verbEnd
	case phaseAccuse:
		p.Turn = true
		p.Text = fmt.Sprintf("%s, you played an access card: accuse another player of holding on to one.", name)
		for i := 1; i < s.n(); i++ {
			t := (seat + i) % s.n()
			if !s.Resigned[t] {
				p.Choices = append(p.Choices, games.Choice{Label: fmt.Sprintf("Accuse %s (%s)", s.Players[t], plural(len(s.Hands[t]), "card")), Move: fmt.Sprintf("accuse %d", t+1)})
			}
		}
		p.Default = p.Choices[0].Move
	case phaseIntercept:
		d := s.Drawn
		p.Private = true
		p.Text = fmt.Sprintf("%s, %s drew %s in %s and shows it to you. Let it pass, or swap it for a card from your hand?", name, s.Players[d.Drawer], label(d.Card), ship.room[d.Room].Name)
		p.Choices = s.swapChoices(seat, "")
		p.Default = verbKeep
	case phaseAnswer:
		a := s.Accused
		p.Private = true
		p.Text = fmt.Sprintf("%s, %s accuses you of holding on to an access card. Play one, or answer none and %s may look at half your hand.", name, s.Players[a.Accuser], s.Players[a.Accuser])
		for _, id := range s.Hands[seat] {
			if ship.card[id].Kind == kindAccess {
				p.Choices = append(p.Choices, games.Choice{Label: "Play " + label(id), Move: "reveal " + id})
			}
		}
		p.Choices = append(p.Choices, games.Choice{Label: "Play none", Move: verbNone})
		p.Default = verbNone
	case phaseCheck:
		// Public: whether the accuser looks is seen by the table anyway.
		a := s.Accused
		p.Turn = true
		k := (len(s.Hands[a.Suspect]) + 1) / 2
		p.Text = fmt.Sprintf("%s, %s plays no access card. You may check half of their hand (%s, picked at random).", name, s.Players[a.Suspect], plural(k, "card"))
		p.Choices = []games.Choice{
			{Label: fmt.Sprintf("Look at half of %s's hand (%s)", s.Players[a.Suspect], plural(k, "card")), Move: verbLook},
			{Label: "Don't look", Move: verbPass},
		}
		p.Default = verbLook
	case phaseLook:
		a := s.Accused
		p.Turn = true
		p.Private = true
		found := s.foundAccess()
		if len(found) == 0 {
			p.Text = fmt.Sprintf("%s, you see %s of %s's hand: no access card.", name, labels(a.Seen), s.Players[a.Suspect])
			p.Choices = []games.Choice{{Label: "Return the cards", Move: verbNone}}
			p.Default = verbNone
		} else {
			p.Text = fmt.Sprintf("%s, you see %s of %s's hand: play one of the access cards.", name, labels(a.Seen), s.Players[a.Suspect])
			for _, id := range found {
				p.Choices = append(p.Choices, games.Choice{Label: "Play " + label(id), Move: "take " + id})
			}
			p.Default = p.Choices[0].Move
		}
	}
	return []games.Prompt{p}
}

// playChoices lists the play phase: each playable card, searching, ending.
// When the cards do not fit one menu they are grouped by kind.
func (s *State) playChoices(seat int) []games.Choice {
	var cards []games.Choice
	for _, id := range s.playable(seat) {
		cards = append(cards, games.Choice{Label: "Play " + label(id), Move: "play " + id})
	}
	var tail []games.Choice
	if s.canSearch(seat) {
		tail = append(tail, games.Choice{Label: "Search once more (discard 2 loot)…", Refine: "search"})
	}
	tail = append(tail, games.Choice{Label: "End turn", Move: verbEnd})
	if len(cards)+len(tail) > maxChoices {
		cards = nil
		for _, k := range []string{kindAccess, kindResource} {
			if n := s.countKind(seat, k); n > 0 {
				cards = append(cards, games.Choice{Label: fmt.Sprintf("Play one of your %d %s cards…", n, k), Refine: "play:" + k})
			}
		}
	}
	return append(cards, tail...)
}

// swapChoices offers keep plus a swap per card of the hand; kind narrows the
// cards to one kind when the hand is too big for one menu.
func (s *State) swapChoices(seat int, kind string) []games.Choice {
	out := []games.Choice{{Label: "Let it pass", Move: verbKeep}}
	var cards []games.Choice
	for _, id := range s.Hands[seat] {
		if kind == "" || ship.card[id].Kind == kind {
			cards = append(cards, games.Choice{Label: "Swap for " + label(id), Move: "swap " + id})
		}
	}
	if kind == "" && len(cards)+1 > maxChoices {
		cards = nil
		for _, k := range []string{kindAccess, kindResource, kindLoot} {
			if n := s.countKind(seat, k); n > 0 {
				cards = append(cards, games.Choice{Label: fmt.Sprintf("Swap one of your %d %s cards…", n, k), Refine: "swap:" + k})
			}
		}
	}
	return append(out, cards...)
}

func (s *State) countKind(seat int, kind string) int {
	n := 0
	for _, id := range s.Hands[seat] {
		if ship.card[id].Kind == kind {
			n++
		}
	}
	return n
}

// playable lists the access and resource cards of a hand.
func (s *State) playable(seat int) []string {
	var out []string
	for _, id := range s.Hands[seat] {
		if ship.card[id].Kind != kindLoot {
			out = append(out, id)
		}
	}
	return out
}

// loot lists the loot cards of a hand.
func (s *State) loot(seat int) []string {
	var out []string
	for _, id := range s.Hands[seat] {
		if ship.card[id].Kind == kindLoot {
			out = append(out, id)
		}
	}
	return out
}

// canSearch says whether searching once more is possible: two loot cards,
// not yet done this turn, and cards left in the room's pile.
func (s *State) canSearch(seat int) bool {
	return !s.Searched && len(s.Piles[s.Pawns[seat]]) > 0 && len(s.loot(seat)) >= 2
}

// Refine opens the grouped choices of a prompt: "play:<kind>", "swap:<kind>",
// "search" (pick the first loot card) and "search:<id>" (pick the second).
func (s *State) Refine(seat int, key string) (string, []games.Choice) {
	if s.actor() != seat {
		return "It is not your move.", nil
	}
	kind, arg, _ := strings.Cut(key, ":")
	switch {
	case kind == verbPlay && s.Phase == phasePlay:
		var out []games.Choice
		for _, id := range s.playable(seat) {
			if ship.card[id].Kind == arg {
				out = append(out, games.Choice{Label: "Play " + label(id), Move: "play " + id})
			}
		}
		return fmt.Sprintf("Play which %s card?", arg), out
	case kind == verbSwap && s.Phase == phaseIntercept:
		return fmt.Sprintf("Swap which %s card for %s?", arg, label(s.Drawn.Card)), s.swapChoices(seat, arg)
	case kind == verbSearch && s.Phase == phasePlay && s.canSearch(seat):
		var out []games.Choice
		for _, id := range s.loot(seat) {
			if arg == "" {
				out = append(out, games.Choice{Label: label(id), Refine: "search:" + id})
			} else if id != arg {
				pair := sortCards([]string{arg, id})
				out = append(out, games.Choice{Label: "…and " + label(id), Move: fmt.Sprintf("search %s %s", pair[0], pair[1])})
			}
		}
		if arg == "" {
			return "Discard which loot card first?", out
		}
		if !s.holds(seat, arg) {
			return "You no longer hold that card.", nil
		}
		return fmt.Sprintf("Discard %s and which other loot card?", label(arg)), out
	}
	return "That choice is no longer open.", nil
}

// Legal lists every complete move the seat may make now.
func (s *State) Legal(seat int) []string {
	if s.actor() != seat || seat < 0 {
		return nil
	}
	var out []string
	switch s.Phase {
	case phasePlay:
		for _, id := range s.playable(seat) {
			out = append(out, "play "+id)
		}
		if s.canSearch(seat) {
			loot := s.loot(seat)
			for i := range loot {
				for j := i + 1; j < len(loot); j++ {
					out = append(out, fmt.Sprintf("search %s %s", loot[i], loot[j]))
				}
			}
		}
		out = append(out, verbEnd)
	case phaseIntercept:
		out = append(out, verbKeep)
		for _, id := range s.Hands[seat] {
			out = append(out, "swap "+id)
		}
	case phaseMove:
		for _, r := range s.moves(seat) {
			out = append(out, "move "+r)
		}
	case phaseAccuse:
		for i := 1; i < s.n(); i++ {
			if t := (seat + i) % s.n(); !s.Resigned[t] {
				out = append(out, "accuse "+strconv.Itoa(t+1))
			}
		}
	case phaseAnswer:
		for _, id := range s.Hands[seat] {
			if ship.card[id].Kind == kindAccess {
				out = append(out, "reveal "+id)
			}
		}
		out = append(out, verbNone)
	case phaseCheck:
		out = append(out, verbLook, verbPass)
	case phaseLook:
		for _, id := range s.foundAccess() {
			out = append(out, "take "+id)
		}
		if len(out) == 0 {
			out = append(out, verbNone)
		}
	}
	return out
}

// playText says what the play phase offers now: an offer to search once
// more when no search is possible, or to play cards when none can be
// played, would send the player looking for a control that is not there.
func (s *State) playText(seat int, name string) string {
	cards, search := len(s.playable(seat)) > 0, s.canSearch(seat)
	switch {
	case cards && search:
		return fmt.Sprintf("%s, play cards, search once more, or end your turn.", name)
	case cards:
		return fmt.Sprintf("%s, play cards or end your turn.", name)
	case search:
		return fmt.Sprintf("%s, search once more or end your turn.", name)
	}
	return fmt.Sprintf("%s, no card in your hand can be played here and you cannot search once more: end your turn.", name)
}
