package rhythm

import (
	"sort"
	"time"
)

// Event is what a player may be told about a game.
type Event int

const (
	// HeadsUp: the player before them started their turn; they are next.
	HeadsUp Event = iota + 1
	// Reminder: the game has waited on them a while.
	Reminder
	// MustAct: someone new must act and they are one of them.
	MustAct
)

// Plan is what to do about one event for one player now.
type Plan struct {
	Mention bool // mention them in the game's channel or thread now
	DM      bool // send them a direct message now
	// Hold, when not zero, is when to tell them instead: nothing goes out
	// now; what was held is sent then as one message (Coalesce).
	Hold time.Time
}

// Quiet reports whether the plan sends nothing now.
func (p Plan) Quiet() bool { return !p.Mention && !p.DM }

// Decide says how a player is told about an event at now, by their
// settings. The notification contract rests on it: each change of who must
// act reaches each waited-on player once, the way they chose, now or when
// they may be told.
//
//   - none: never (they look with /game turns);
//   - a daily digest: no ping now, the digest lists the game;
//   - a heads-up they did not ask for: nothing;
//   - away: a reminder or a heads-up is dropped (both would be stale on
//     their return), a new turn is held until they are back (and out of
//     their quiet hours);
//   - in quiet hours: held until they end;
//   - otherwise: a mention, a DM or both, as they chose.
func Decide(s Settings, now time.Time, e Event) Plan {
	switch {
	case s.how() == Silent, s.Digest, e == HeadsUp && !s.HeadsUp:
		return Plan{}
	case s.AwayAt(now):
		if e != MustAct {
			return Plan{}
		}
		return Plan{Hold: s.Release(now)}
	case s.QuietAt(now):
		return Plan{Hold: s.QuietEnd(now)}
	}
	h := s.how()
	return Plan{Mention: h == Mention || h == Both, DM: h == DM || h == Both}
}

// Held is one notification kept back for a player.
type Held struct {
	Game    int64
	Channel string
	Event   Event
}

// Release is how what was held for a player goes out when it may: one
// DM listing every game, or, for a player who asked for mentions, one
// mention in each game's channel (a mention reaches them only where the
// game is). Each game appears once, for the strongest event held for it.
type Release struct {
	DM       []Held
	Mentions [][]Held // one message per channel, in channel order
}

// Coalesce gathers what was held for a player into the messages to send.
func Coalesce(s Settings, held []Held) Release {
	strongest := map[int64]Held{}
	for _, h := range held {
		if prev, ok := strongest[h.Game]; !ok || h.Event > prev.Event {
			strongest[h.Game] = h
		}
	}
	var all []Held
	for _, h := range strongest {
		all = append(all, h)
	}
	sort.Slice(all, func(i, j int) bool {
		if all[i].Event != all[j].Event {
			return all[i].Event > all[j].Event
		}
		return all[i].Game < all[j].Game
	})
	switch s.how() {
	case Silent:
		return Release{}
	case Mention:
		byChannel := map[string][]Held{}
		var channels []string
		for _, h := range all {
			if _, ok := byChannel[h.Channel]; !ok {
				channels = append(channels, h.Channel)
			}
			byChannel[h.Channel] = append(byChannel[h.Channel], h)
		}
		sort.Strings(channels)
		var r Release
		for _, c := range channels {
			r.Mentions = append(r.Mentions, byChannel[c])
		}
		return r
	}
	return Release{DM: all}
}
