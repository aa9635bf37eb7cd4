package hijacked

import (
	"fmt"

	"standoff/internal/games"
)

// The solo mode at the end of the game: the medals the human wins and the
// Cybot keeps, and the Cybot's final score.

// soloMedal: "You always win the most valuable medal. The others may be
// moved to empty spaces if needed." When the human meets an objective, the
// most valuable medal still on the board is moved onto that objective.
func (bot cybot) soloMedal(i int) {
	s := bot.s
	if s.Cybot == nil {
		return
	}
	best := i
	for j, m := range s.Medals {
		if m.State == medalBoard && m.Value > s.Medals[best].Value {
			best = j
		}
	}
	s.Medals[i].Value, s.Medals[best].Value = s.Medals[best].Value, s.Medals[i].Value
}

// finish: "At the end of the game the Cybot gets every medal not won."
func (bot cybot) finish(ev *[]games.Event) {
	s := bot.s
	if s.Cybot == nil || s.Players[s.Cybot.Seat].Resigned {
		return
	}
	k := 0
	for i := range s.Medals {
		if s.Medals[i].State == medalBoard {
			s.Medals[i].State, s.Medals[i].Holder = medalHeld, s.Cybot.Seat
			k++
		}
	}
	if k > 0 {
		s.say(ev, fmt.Sprintf("The Cybot gets the %s nobody won.", plural(k, "medal")))
	}
}

// score totals the Cybot: as a player, except that the score-track
// rewards it set aside, the bonus tiles in its display and the hijackers it
// persuaded score fixed points (see the Assumptions, "5 3 3 8").
func (bot cybot) score(l *ScoreLine) {
	s := bot.s
	p := &s.Players[s.Cybot.Seat]
	pts := cybotRules.EndPoints
	set := 0
	for _, k := range s.Cybot.SetAside {
		set += k
	}
	l.SetAside = pts.SetAside * set
	l.Tiles = pts.Tile * len(p.Tiles)
	l.Hijackers = pts.Hijacker * len(p.Hijackers)
	if s.Star == s.Cybot.Seat {
		l.Star = pts.Star
	}
	l.Total = l.Track + l.Medals + l.Demands + l.Star + l.Hijackers + l.Cards + l.Recognition + l.Tiles + l.SetAside
}
