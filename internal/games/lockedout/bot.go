package lockedout

import (
	"errors"
	"fmt"
	"strings"

	"standoff/internal/games"
)

// botLevels is how many levels the bot has: one, a fair team player.
const botLevels = 1

// bot chooses a move for an automated seat. It reads the game only through
// what that player may know: the public view, the seat's own private view
// (its hand and the cards it is being shown) and the moves open to it, which
// Legal derives from the same. It never reads State fields directly, so it
// cannot peek at another hand or a draw pile (TestBotSeesOnlyItsOwnView
// scrambles them and checks the choice holds).
//
// It plays for the gang: it moves towards rooms with cards and, once open,
// into the board computer; plays access cards the play area still lacks and
// resource cards for low tracks; answers an accusation with a needed access
// card; and always looks when it may. For itself it swaps a much better
// drawn card for its cheapest one and searches with loot worth little (9 together at most).
func bot(st games.State, seat, level int, rng *games.RNG) (string, error) {
	s, ok := st.(*State)
	if !ok {
		return "", fmt.Errorf("lockedout bot: not a Locked Out game (%T)", st)
	}
	legal := s.Legal(seat)
	if len(legal) == 0 {
		return "", errors.New("lockedout bot: the seat has nothing to do now")
	}
	pub, _ := s.Public().(*PublicView)
	me, _ := s.Private(seat).(*PrivateView)
	if pub == nil || me == nil {
		return "", errors.New("lockedout bot: no view for the seat")
	}
	k := botView{pub: pub, me: me, seat: seat, legal: legal}
	move := k.choose()
	if !contains(legal, move) {
		return legal[0], nil // a slip in the policy must never stall the game
	}
	return move, nil
}

// botView is everything the bot knows.
type botView struct {
	pub   *PublicView
	me    *PrivateView
	seat  int
	legal []string
}

func (k botView) choose() string {
	switch k.pub.Phase {
	case phaseMove:
		return k.move()
	case phaseIntercept:
		return k.intercept()
	case phasePlay:
		return k.play()
	case phaseAccuse:
		return k.accuse()
	case phaseAnswer:
		if c, ok := k.cheapest(k.me.Hand, k.needed); ok {
			return "reveal " + c.ID
		}
		return verbNone
	case phaseCheck:
		return verbLook // looking can only help the gang
	case phaseLook:
		if c, ok := k.cheapest(k.me.Seen, k.needed); ok {
			return "take " + c.ID
		}
	}
	return k.legal[0]
}

// needed says whether playing an access card would count towards the next
// stage: its colour still matters and no card of its type lies in the play
// area. Card types are printed on the cards, so this is public.
func (k botView) needed(c CardView) bool {
	if c.Kind != kindAccess {
		return false
	}
	if (c.Color == zoneOrange && k.pub.Stage >= 2) || k.pub.Stage >= 3 {
		return false
	}
	for _, a := range k.pub.Access {
		if ship.card[a.ID].Type == ship.card[c.ID].Type {
			return false
		}
	}
	return true
}

// cheapest is the lowest-valued card that keep accepts.
func (k botView) cheapest(cards []CardView, keep func(CardView) bool) (CardView, bool) {
	var best CardView
	found := false
	for _, c := range cards {
		if keep(c) && (!found || c.Value < best.Value) {
			best, found = c, true
		}
	}
	return best, found
}

// move escapes when it can, else heads for the nearest room with cards left
// (in stage 3, for the board computer).
func (k botView) move() string {
	if contains(k.legal, "move computer") {
		return "move computer"
	}
	dist := k.distances()
	pile := map[string]int{}
	for _, r := range k.pub.Rooms {
		if r.Accessible {
			pile[r.ID] = r.Pile
		}
	}
	best, bestScore := k.legal[0], -1<<30
	for _, m := range k.legal {
		room := strings.TrimPrefix(m, "move ")
		var score int
		switch {
		case k.pub.Stage >= 3:
			score = -dist[room]["computer"]
		case pile[room] > 0:
			// The fuller the pile, the likelier its pair of access cards
			// is still in it.
			score = 100 + pile[room]
		default:
			score = -1 << 10
			for id, n := range pile {
				if n > 0 {
					score = max(score, n-10*dist[room][id])
				}
			}
		}
		if score > bestScore {
			best, bestScore = m, score
		}
	}
	return best
}

// distances are doorway steps between open rooms (breadth first from each).
func (k botView) distances() map[string]map[string]int {
	open := map[string]bool{}
	for _, r := range k.pub.Rooms {
		open[r.ID] = r.Accessible
	}
	next := map[string][]string{}
	for _, d := range k.pub.Doorways {
		if open[d[0]] && open[d[1]] {
			next[d[0]] = append(next[d[0]], d[1])
			next[d[1]] = append(next[d[1]], d[0])
		}
	}
	out := map[string]map[string]int{}
	for _, r := range k.pub.Rooms {
		d := map[string]int{r.ID: 0}
		queue := []string{r.ID}
		for len(queue) > 0 {
			at := queue[0]
			queue = queue[1:]
			for _, n := range next[at] {
				if _, seen := d[n]; !seen {
					d[n] = d[at] + 1
					queue = append(queue, n)
				}
			}
		}
		for _, o := range k.pub.Rooms {
			if _, ok := d[o.ID]; !ok {
				d[o.ID] = 1 << 10 // unreachable now
			}
		}
		out[r.ID] = d
	}
	return out
}

// intercept swaps the drawn card for the cheapest card of the hand when it is
// worth clearly more.
func (k botView) intercept() string {
	if len(k.me.Seen) == 0 {
		return verbKeep
	}
	drawn := k.me.Seen[0]
	worst, ok := k.cheapest(k.me.Hand, func(CardView) bool { return true })
	if ok && drawn.Value >= worst.Value+3 {
		return "swap " + worst.ID
	}
	return verbKeep
}

// play puts down needed access cards and a resource card for every track
// not yet saved (resource cards are cheap, and the tracks are what end the
// game), searches with cheap loot, then ends the turn.
func (k botView) play() string {
	if c, ok := k.cheapest(k.me.Hand, k.needed); ok {
		return "play " + c.ID
	}
	for _, t := range k.pub.Tracks {
		if t.Saved {
			continue
		}
		if c, ok := k.cheapest(k.me.Hand, func(c CardView) bool { return c.Kind == kindResource && c.Color == t.Color }); ok {
			return "play " + c.ID
		}
	}
	best, bestCost := "", 10 // two loot cards worth at most 9 together
	for _, m := range k.legal {
		if !strings.HasPrefix(m, "search ") {
			continue
		}
		cost := 0
		for _, id := range strings.Fields(m)[1:] {
			cost += ship.card[id].Value
		}
		if cost < bestCost {
			best, bestCost = m, cost
		}
	}
	if best != "" {
		return best
	}
	return verbEnd
}

// accuse names the player holding the most cards (clockwise first on ties):
// the likeliest to hide an access card.
func (k botView) accuse() string {
	best, most := k.legal[0], -1
	for _, m := range k.legal {
		var n int
		if _, err := fmt.Sscanf(m, "accuse %d", &n); err != nil || n < 1 || n > len(k.pub.Players) {
			continue
		}
		if h := k.pub.Players[n-1].Hand; h > most {
			best, most = m, h
		}
	}
	return best
}
