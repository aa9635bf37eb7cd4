package lockedout

import (
	"fmt"
	"sort"
	"strings"

	"standoff/internal/games"
)

// CardView is a face-up card.
type CardView struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Kind  string `json:"kind"`  // resource, access or loot
	Color string `json:"color"` // red, yellow, blue, orange, purple or green
	Share bool   `json:"share,omitempty"`
	Value int    `json:"value"`
}

// RoomView is one room with its pile size and who stands in it.
type RoomView struct {
	ID         string  `json:"id"`
	Number     int     `json:"number"`
	Name       string  `json:"name"`
	Zone       string  `json:"zone"`
	Accessible bool    `json:"accessible"`
	Pile       int     `json:"pile"`  // cards left in its draw pile
	Pawns      []int   `json:"pawns"` // seats
	X          float64 `json:"x"`     // layout in grid units
	Y          float64 `json:"y"`
	W          float64 `json:"w"`
	H          float64 `json:"h"`
}

// TrackView is one resource token in the engine compartment.
type TrackView struct {
	Name  string `json:"name"`
	Color string `json:"color"`
	Value int    `json:"value"`
	Start int    `json:"start"`
	Saved bool   `json:"saved"` // a matching card lies in the resource play area
}

// PlayerView is what the table knows of a player.
type PlayerView struct {
	Seat        int    `json:"seat"` // 0-based; shown as Seat+1
	Name        string `json:"name"`
	Room        string `json:"room"`
	Hand        int    `json:"hand"` // number of cards only
	Maintenance bool   `json:"maintenance"`
	Resigned    bool   `json:"resigned"`
	// Bot marks a seat the bot plays now (games.AutomatedSeats).
	Bot bool `json:"bot,omitempty"`
}

// PublicView is what the whole table sees: the ship, the piles' sizes, the
// tracks, the cards face up on the table and how many cards each player holds.
// It never holds a card of any hand or the card being shown around.
type PublicView struct {
	Stage       int          `json:"stage"`
	Rooms       []RoomView   `json:"rooms"`
	Doorways    [][2]string  `json:"doorways"`
	Tracks      []TrackView  `json:"tracks"`
	Access      []CardView   `json:"access"`    // access card play area
	Supplies    []CardView   `json:"supplies"`  // resource card play area
	Discard     []CardView   `json:"discard"`   // face up: access, resource, then loot cards, each in card order
	OutOfGame   int          `json:"outOfGame"` // unused Shares of the Booty
	Players     []PlayerView `json:"players"`
	Maintenance int          `json:"maintenance"`
	Wait        bool         `json:"wait"` // 3 players: the holder skips their next maintenance
	Turn        int          `json:"turn"`
	Phase       string       `json:"phase"`
	Acting      int          `json:"acting"` // seat asked to act now, -1 when over
	Waiting     string       `json:"waiting"`
	Events      []string     `json:"events"`
	Over        bool         `json:"over"`
	Result      string       `json:"result,omitempty"`
}

// MarkAutomated marks a seat the bot plays: the table knows it (a seat
// handed over by a vote keeps its player's name), the engine does not.
func (v *PublicView) MarkAutomated(seat int) {
	if seat >= 0 && seat < len(v.Players) {
		v.Players[seat].Bot = true
	}
}

// PrivateView is one player's hand and what they are looking at right now.
type PrivateView struct {
	Seat    int        `json:"seat"`
	Name    string     `json:"name"`
	Hand    []CardView `json:"hand"`
	Total   int        `json:"total"`
	Looking string     `json:"looking,omitempty"` // what the cards below are
	// Asked is true when the seat's open decision is about the cards it is
	// shown: the decision's text names them, so the text view does not.
	Asked bool       `json:"asked,omitempty"`
	Seen  []CardView `json:"seen,omitempty"`
}

func cardViews(ids []string) []CardView {
	out := []CardView{}
	for _, id := range ids {
		c := ship.card[id]
		out = append(out, CardView{ID: c.ID, Name: c.Name, Kind: c.Kind, Color: c.Color, Share: c.Share, Value: c.Value})
	}
	return out
}

// Public is the table's view.
func (s *State) Public() games.View {
	v := &PublicView{
		Stage:       s.Stage,
		Access:      cardViews(s.Access),
		Supplies:    cardViews(s.Supplies),
		Discard:     cardViews(discardOrder(s.Discard)),
		OutOfGame:   len(s.Out),
		Maintenance: s.Maintenance,
		Wait:        s.Wait,
		Turn:        s.Turn,
		Phase:       s.Phase,
		Acting:      s.actor(),
		Waiting:     s.waiting(),
		Events:      append([]string{}, s.Log...),
		Over:        s.Phase == phaseOver,
	}
	if s.Result != nil {
		v.Result = s.Result.Text
	}
	for _, r := range ship.Rooms {
		rv := RoomView{ID: r.ID, Number: r.Number, Name: r.Name, Zone: r.Zone, Accessible: s.accessible(r.ID),
			Pile: len(s.Piles[r.ID]), Pawns: []int{}, X: r.X, Y: r.Y, W: r.W, H: r.H}
		for seat, at := range s.Pawns {
			if at == r.ID && !s.Resigned[seat] {
				rv.Pawns = append(rv.Pawns, seat)
			}
		}
		v.Rooms = append(v.Rooms, rv)
	}
	v.Doorways = append(v.Doorways, ship.Doorways...)
	for i, r := range ship.Resources {
		t := TrackView{Name: r.Name, Color: r.Color, Value: s.Tokens[i], Start: s.Start}
		for _, id := range s.Supplies {
			if ship.card[id].Color == r.Color {
				t.Saved = true
			}
		}
		v.Tracks = append(v.Tracks, t)
	}
	for seat, name := range s.Players {
		v.Players = append(v.Players, PlayerView{Seat: seat, Name: name, Room: s.Pawns[seat], Hand: len(s.Hands[seat]),
			Maintenance: seat == s.Maintenance, Resigned: s.Resigned[seat]})
	}
	return v
}

// Private is one seat's hand, and the drawn card or half hand it is being
// shown, if any.
func (s *State) Private(seat int) games.View {
	if seat < 0 || seat >= s.n() {
		return nil
	}
	v := &PrivateView{Seat: seat, Name: s.Players[seat], Hand: cardViews(s.Hands[seat]), Total: handValue(s.Hands[seat])}
	if d := s.Drawn; d != nil && (d.Drawer == seat || (s.Phase == phaseIntercept && d.Ask[0] == seat)) {
		v.Looking = fmt.Sprintf("the card %s drew in %s", s.Players[d.Drawer], ship.room[d.Room].Name)
		if d.Drawer == seat {
			v.Looking = fmt.Sprintf("the card you drew in %s, being shown around", ship.room[d.Room].Name)
		}
		v.Asked = d.Drawer != seat
		v.Seen = cardViews([]string{d.Card})
	}
	if a := s.Accused; a != nil && len(a.Seen) > 0 && (a.Accuser == seat || a.Suspect == seat) {
		v.Looking = fmt.Sprintf("half of %s's hand", s.Players[a.Suspect])
		if a.Suspect == seat {
			v.Looking = fmt.Sprintf("the half of your hand %s looks at", s.Players[a.Accuser])
		}
		v.Asked = a.Accuser == seat && s.Phase == phaseLook
		v.Seen = cardViews(a.Seen)
	}
	return v
}

// Text renders the public view as plain text.
func (v *PublicView) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "LOCKED OUT, stage %d: %s\n", v.Stage, stageText(v.Stage))
	b.WriteString("Resources:")
	for i, t := range v.Tracks {
		saved := ""
		if t.Saved {
			saved = " (saved)"
		}
		sep := ";"
		if i == len(v.Tracks)-1 {
			sep = ""
		}
		fmt.Fprintf(&b, " %s %d/%d%s%s", t.Name, t.Value, t.Start, saved, sep)
	}
	b.WriteString("\nShip:\n")
	for _, r := range v.Rooms {
		if r.Zone == zoneGreen {
			continue
		}
		lock := ""
		if !r.Accessible {
			lock = ", locked"
		}
		var who []string
		for _, seat := range r.Pawns {
			who = append(who, v.Players[seat].Name)
		}
		pile := plural(r.Pile, "card")
		if r.Zone == zonePurple {
			pile = "no pile"
		}
		fmt.Fprintf(&b, "  %d %s [%s] (%s zone%s, %s)", r.Number, r.Name, r.ID, r.Zone, lock, pile)
		if len(who) > 0 {
			fmt.Fprintf(&b, ": %s", strings.Join(who, ", "))
		}
		b.WriteString("\n")
	}
	b.WriteString("Doorways:")
	for _, d := range v.Doorways {
		fmt.Fprintf(&b, " %s-%s", d[0], d[1])
	}
	fmt.Fprintf(&b, "\nAccess play area: %s\n", cardText(v.Access))
	fmt.Fprintf(&b, "Resource play area: %s\n", cardText(v.Supplies))
	fmt.Fprintf(&b, "Discard pile (%s): %s; out of the game: %d\n", plural(len(v.Discard), "card"), discardText(v.Discard), v.OutOfGame)
	b.WriteString("Players:\n")
	for _, p := range v.Players {
		var tags []string
		if p.Seat == v.Turn && !v.Over {
			tags = append(tags, "on turn")
		}
		if p.Maintenance {
			m := "maintenance"
			if v.Wait {
				m += ", waits one round"
			}
			tags = append(tags, m)
		}
		if p.Resigned {
			tags = append(tags, "resigned")
		}
		tag := ""
		if len(tags) > 0 {
			tag = " [" + strings.Join(tags, "; ") + "]"
		}
		fmt.Fprintf(&b, "  %d %s: %s, in %s%s\n", p.Seat+1, p.Name, plural(p.Hand, "card"), ship.room[p.Room].Name, tag)
	}
	if v.Over {
		fmt.Fprintf(&b, "Game over. %s\n", v.Result)
	} else {
		fmt.Fprintf(&b, "Now: %s.\n", v.Waiting)
	}
	if len(v.Events) > 0 {
		b.WriteString("Recently:\n")
		for _, e := range v.Events {
			fmt.Fprintf(&b, "  %s\n", e)
		}
	}
	return b.String()
}

// Text renders the private view as plain text.
func (v *PrivateView) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s, your hand (%s):\n", v.Name, znooties(v.Total))
	for _, c := range v.Hand {
		fmt.Fprintf(&b, "  %s  %s, %s %s, %s\n", c.ID, c.Name, c.Color, c.Kind, znooties(c.Value))
	}
	if len(v.Hand) == 0 {
		b.WriteString("  (empty)\n")
	}
	if v.Looking != "" && !v.Asked {
		fmt.Fprintf(&b, "You see %s: %s\n", v.Looking, cardText(v.Seen))
	}
	return b.String()
}

// discardOrder sorts the discard pile for the table: access cards first,
// as the rulebook's tip says to "keep track of access cards", then resource
// and loot cards, each kind in card order.
func discardOrder(ids []string) []string {
	rank := map[string]int{kindAccess: 0, kindResource: 1, kindLoot: 2}
	out := sortCards(ids)
	sort.SliceStable(out, func(i, j int) bool { return rank[ship.card[out[i]].Kind] < rank[ship.card[out[j]].Kind] })
	return out
}

// discardText lists the face-up discard pile briefly, by kind and in card
// order, so players can keep track of the access cards: "access OA1 OA2
// PB1; resource R3; loot L7 S2".
func discardText(cs []CardView) string {
	if len(cs) == 0 {
		return "empty"
	}
	byKind := map[string][]string{}
	for _, c := range cs {
		byKind[c.Kind] = append(byKind[c.Kind], c.ID)
	}
	var parts []string
	for _, k := range []string{kindAccess, kindResource, kindLoot} {
		if ids := byKind[k]; len(ids) > 0 {
			parts = append(parts, k+" "+strings.Join(ids, " "))
		}
	}
	return strings.Join(parts, "; ")
}

func cardText(cs []CardView) string {
	if len(cs) == 0 {
		return "empty"
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = fmt.Sprintf("%s (%s, %s)", c.Name, c.ID, znooties(c.Value))
	}
	return strings.Join(out, ", ")
}

// stageText says what is open in a stage.
func stageText(stage int) string {
	switch stage {
	case 1:
		return "only the blue zone is open; four different orange cards open the orange zone"
	case 2:
		return "blue and orange zones open; four different purple cards open the board computer"
	}
	return "the board computer is open: moving there escapes"
}

// plural writes "1 card", "2 cards".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
