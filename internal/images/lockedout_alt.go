package images

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"standoff/internal/games"
	"standoff/internal/games/lockedout"
)

// LockedOutAlt says in words what LockedOut's picture of a view shows, for
// screen readers (an attachment's description, built to altBudget).
// A public view's words hold nothing hidden: hands are only counted.
func LockedOutAlt(v games.View) string {
	switch v := v.(type) {
	case *lockedout.PublicView:
		return fitAltParts(lockedOutAltPublic(lockedOutMarked(v)), altBudget)
	case *lockedout.PrivateView:
		return lockedOutAltPrivate(v)
	}
	return ""
}

// lockedOutAltPublic is the table in sentences, with their priorities: who must
// act, the players, the resources, the rooms, the access cards, the last
// event, the other face-up cards.
func lockedOutAltPublic(v *lockedout.PublicView) []altPart {
	now := "Now: " + v.Waiting + "."
	if v.Over {
		now = "Game over. " + strings.TrimSpace(lockedOutAltZ(v.Result))
		if !strings.HasSuffix(now, ".") {
			now += "."
		}
	}
	parts := []altPart{{text: "Locked Out, " + strings.ToLower(lockedOutStage(v.Stage)[:1]) + lockedOutStage(v.Stage)[1:] + ". " + now, prio: 1}}
	parts = append(parts, altPart{text: "Players: " + lockedOutAltPlayers(v) + ".", prio: 2})
	var tracks []string
	for _, t := range v.Tracks {
		s := fmt.Sprintf("%s %d", strings.ToLower(t.Name), t.Value)
		if t.Saved {
			s += " (saved)"
		}
		tracks = append(tracks, s)
	}
	parts = append(parts, altPart{text: "Resources: " + strings.Join(tracks, ", ") + ".", prio: 3})
	parts = append(parts, altPart{text: "Rooms and their piles: " + lockedOutAltRooms(v) + ".", prio: 4})
	parts = append(parts, altPart{text: "Access cards played: " + lockedOutAltCards(v.Access) + ".", prio: 5})
	if n := len(v.Events); n > 0 && !v.Over {
		parts = append(parts, altPart{text: "Last: " + lockedOutAltZ(v.Events[n-1]), prio: 6})
	}
	parts = append(parts, altPart{text: "Resource cards played: " + lockedOutAltCards(v.Supplies) + ".", prio: 7})
	parts = append(parts, altPart{text: fmt.Sprintf("Discard pile: %s; out of the game: %d.", lockedOutAltIDs(v.Discard), v.OutOfGame), prio: 8})
	return parts
}

// lockedOutAltPlayers is each player: seat, name, cards in hand, room and tags.
func lockedOutAltPlayers(v *lockedout.PublicView) string {
	var players []string
	for _, p := range v.Players {
		s := fmt.Sprintf("%d %s, %s", p.Seat+1, clipSeat(p.Name, 32), lockedOutCards(p.Hand))
		if room := lockedOutAltRoomName(v, p.Room); room != "" && !p.Resigned {
			s += " in " + room
		}
		if p.Seat == v.Turn && !v.Over {
			s += ", on turn"
		}
		if p.Maintenance {
			s += ", maintenance"
			if v.Wait {
				s += " (waits a round)"
			}
		}
		if p.Resigned {
			s += ", left the game"
		}
		players = append(players, s)
	}
	return strings.Join(players, "; ")
}

// lockedOutAltRooms is each room: locked or not, and its pile.
func lockedOutAltRooms(v *lockedout.PublicView) string {
	var rooms []string
	for _, r := range v.Rooms {
		switch {
		case r.Zone == "green":
			continue
		case r.Zone == "purple" && r.Accessible:
			rooms = append(rooms, r.Name+" open: moving there escapes")
		case r.Zone == "purple":
			rooms = append(rooms, r.Name+" locked")
		case r.Pile == 0 && !r.Accessible:
			rooms = append(rooms, r.Name+" locked, empty")
		case r.Pile == 0:
			rooms = append(rooms, r.Name+" empty")
		case !r.Accessible:
			rooms = append(rooms, fmt.Sprintf("%s locked, %s", r.Name, lockedOutCards(r.Pile)))
		default:
			rooms = append(rooms, fmt.Sprintf("%s %s", r.Name, lockedOutCards(r.Pile)))
		}
	}
	return strings.Join(rooms, "; ")
}

// lockedOutAltRoomName is a room's name by its id.
func lockedOutAltRoomName(v *lockedout.PublicView, id string) string {
	for _, r := range v.Rooms {
		if r.ID == id {
			return r.Name
		}
	}
	return ""
}

// lockedOutAltCards names face-up cards: "OB2 Crew Badge, OC2 Override Chip".
func lockedOutAltCards(cs []lockedout.CardView) string {
	if len(cs) == 0 {
		return "none"
	}
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID + " " + c.Name
	}
	return strings.Join(out, ", ")
}

// lockedOutAltIDs counts face-up cards and lists their ids.
func lockedOutAltIDs(cs []lockedout.CardView) string {
	if len(cs) == 0 {
		return "empty"
	}
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return lockedOutCards(len(cs)) + ", " + strings.Join(ids, " ")
}

// lockedOutAltZ spells the znooty sign out for a screen reader: "7₮" and "7 ₮"
// read "7 znooties", "1₮" "1 znooty", a lone sign "znooties"; the
// pictures' texts say it so too (lockedOutZ).
func lockedOutAltZ(s string) string {
	return lockedOutAltZRe.ReplaceAllStringFunc(s, func(m string) string {
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(m, "₮")))
		if err != nil {
			return "znooties"
		}
		return lockedOutAltZnooties(n)
	})
}

var lockedOutAltZRe = regexp.MustCompile(`(\d+ ?)?₮`)

// lockedOutAltZnooties is an amount in words: "1 znooty", "7 znooties".
func lockedOutAltZnooties(n int) string {
	if n == 1 {
		return "1 znooty"
	}
	return fmt.Sprintf("%d znooties", n)
}

// lockedOutAltPrivate is a hand in words: each card with its id, kind and value,
// and the cards the player is being shown. A long hand drops the kinds.
func lockedOutAltPrivate(v *lockedout.PrivateView) string {
	parts := lockedOutAltPrivateParts(v, true)
	total := 0
	for _, p := range parts {
		total += len(p.text) + 1 // bytes, as fitAltParts counts
	}
	if total-1 > altBudget {
		parts = lockedOutAltPrivateParts(v, false)
	}
	return fitAltParts(parts, altBudget)
}

// lockedOutAltPrivateParts are a hand's facts, its cards long (with their kinds)
// or short.
func lockedOutAltPrivateParts(v *lockedout.PrivateView, long bool) []altPart {
	head := fmt.Sprintf("%s's hand: %s, total %s.", v.Name, lockedOutCards(len(v.Hand)), lockedOutAltZnooties(v.Total))
	list := func(cs []lockedout.CardView) string {
		out := make([]string, len(cs))
		for i, c := range cs {
			if long {
				out[i] = fmt.Sprintf("%s (%s, %s, %s)", c.Name, c.ID, lockedOutKindWords(c), lockedOutAltZnooties(c.Value))
			} else {
				out[i] = fmt.Sprintf("%s %s %s", c.ID, c.Name, lockedOutAltZnooties(c.Value))
			}
		}
		return strings.Join(out, "; ")
	}
	parts := []altPart{{text: head, prio: 1}}
	if len(v.Hand) > 0 {
		parts = append(parts, altPart{text: list(v.Hand) + ".", prio: 3})
	}
	if len(v.Seen) > 0 {
		parts = append(parts, altPart{text: "You see " + v.Looking + ": " + list(v.Seen) + ".", prio: 2})
	}
	return parts
}
