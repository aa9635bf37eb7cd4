package hijacked

import (
	"fmt"
	"sort"
	"strings"

	"standoff/internal/games"
)

// addPoints moves a scoring token. "When a player stops on a bonus on the
// score track, he may immediately take the matching demand on the game
// board, as long as the game did not end. If he passes a bonus without
// stopping, he receives no demand." Each bonus space pays once per player.
// The token never goes below the start.
func (s *State) addPoints(seat, n int, ev *[]games.Event) {
	p := &s.Players[seat]
	p.Score = max(0, p.Score+n)
	if n <= 0 || s.Phase == phaseOver {
		return
	}
	for _, b := range data.ScoreTracks[p.Track].Bonuses {
		if b.At != p.Score || containsInt(p.Taken, b.At) {
			continue
		}
		p.Taken = append(p.Taken, b.At)
		d := demandIndex(b.Demand)
		if s.Supply[d] == 0 {
			s.say(ev, fmt.Sprintf("%s stops on a bonus space at %d, but the tower has no %s left.", p.Name, b.At, b.Demand))
			continue
		}
		s.Supply[d]--
		if s.isCybot(seat) {
			// "Tokens it gets as score-track rewards cannot be used during
			// the game: they are set aside and score at the end."
			s.Cybot.SetAside[d]++
			s.say(ev, fmt.Sprintf("The Cybot stops on the bonus space at %d: %s is set aside, %d points at the end.", b.At, article(b.Demand), cybotRules.EndPoints.SetAside))
			continue
		}
		p.Demands[d]++
		s.say(ev, fmt.Sprintf("%s stops on the bonus space at %d and takes %s.", p.Name, b.At, aDemand(b.Demand)))
	}
}

// meets says whether a player meets a medal objective now.
func (s *State) meets(seat int, objective string) bool {
	p := &s.Players[seat]
	switch objective {
	case "persuade":
		return len(p.Hijackers) > 0
	case "fourdice":
		return seat == s.Turn && s.DiceUsed >= 4
	case "demands10":
		return p.demandCount() >= 10
	case "demands8":
		return p.demandCount() >= 8
	case "points18":
		return p.Score >= 18
	case "withdraw2":
		return p.Thumb >= 2
	case "trust100":
		return p.Full
	case "passengers3":
		return p.Freed >= 3
	case "passengers3pilot":
		return p.Freed >= 3 && p.Pilots >= 1
	}
	return false
}

// checkMedals: "If a player meets one of the objectives for a medal first,
// he takes the corresponding medal token and places it face-down in his
// personal supply." "If more players earn the same medal at the same time,
// the medal will be discarded."
func (s *State) checkMedals(ev *[]games.Event) {
	for i := range s.Medals {
		m := &s.Medals[i]
		if m.State != medalBoard {
			continue
		}
		var who []int
		for seat, p := range s.Players {
			// The Cybot wins no medal during the game: it gets those not won at the end.
			if !p.Resigned && !s.isCybot(seat) && s.meets(seat, m.Objective) {
				who = append(who, seat)
			}
		}
		obj := data.Objectives[m.Objective]
		switch {
		case len(who) == 1:
			cybot{s}.soloMedal(i) // solo: "You always win the most valuable medal."
			m.State, m.Holder = medalHeld, who[0]
			s.say(ev, fmt.Sprintf("%s is the first to %q and takes medal %d face down.", s.Players[who[0]].Name, strings.ToLower(obj), i+1))
			games.Tell(ev, who[0], fmt.Sprintf("Medal %d (%s) is worth %s: exchange it any time with `medal %d`, or keep it for the end.", i+1, obj, plural(m.Value, "point"), i+1))
		case len(who) > 1:
			m.State = medalDiscarded
			var names []string
			for _, w := range who {
				names = append(names, s.Players[w].Name)
			}
			s.say(ev, fmt.Sprintf("%s reach %q at the same time: medal %d is discarded.", strings.Join(names, " and "), strings.ToLower(obj), i+1))
		}
	}
}

// ScoreLine is one player's final score, item by item as the rulebook's
// SCORING section lists them.
type ScoreLine struct {
	Seat        int `json:"seat"`
	Track       int `json:"track"`       // "from the score track"
	Medals      int `json:"medals"`      // "from the obtained bonuses and medals"
	Demands     int `json:"demands"`     // "each remaining demand scores one point"
	Star        int `json:"star"`        // "obtaining the star token, which is worth 5 points"
	Hijackers   int `json:"hijackers"`   // "from the obtained hijackers tiles"
	Cards       int `json:"cards"`       // "each Passenger Card not used ... minus 3 points"
	Recognition int `json:"recognition"` // "points from the recognition track"
	// The Cybot only (solo): bonus tiles in its display and score-track
	// rewards it set aside, at fixed points each.
	Tiles    int `json:"tiles,omitempty"`
	SetAside int `json:"setAside,omitempty"`
	Total    int `json:"total"`
}

// scoreLine totals one player.
func (s *State) scoreLine(seat int) ScoreLine {
	p := &s.Players[seat]
	l := ScoreLine{Seat: seat, Track: p.Score, Demands: p.demandCount(), Cards: -3 * len(p.Cards),
		Recognition: data.Recognition[p.Thumb]}
	for _, m := range s.Medals {
		if m.State == medalHeld && m.Holder == seat {
			l.Medals += m.Value
		}
	}
	if s.Star == seat {
		l.Star = 5
	}
	for _, h := range p.Hijackers {
		l.Hijackers += s.extraPoints(seat, data.Hijackers[h].Bonus)
	}
	l.Total = l.Track + l.Medals + l.Demands + l.Star + l.Hijackers + l.Cards + l.Recognition
	if s.isCybot(seat) {
		cybot{s}.score(&l)
	}
	return l
}

// extraPoints is what a hijacker tile adds at the end of the game. Its base
// points were scored on the track when it surrendered (see the Assumptions).
func (s *State) extraPoints(seat int, bonus string) int {
	p := &s.Players[seat]
	switch bonus {
	case "recognition":
		// "+4 extra points if you have the highest score on the recognition
		// track (In case of a tie, you get only 1 extra point)."
		if p.Thumb == 0 {
			return 0
		}
		for t, q := range s.Players {
			if t != seat && !q.Resigned && q.Thumb > p.Thumb {
				return 0
			}
		}
		for t, q := range s.Players {
			if t != seat && !q.Resigned && q.Thumb == p.Thumb {
				return 1
			}
		}
		return 4
	case "supplies":
		// "+6 extra points if you have at least 2 Medicine, Food, and Crypto
		// at the end of the game (Intel can be used as substitute)."
		short := 0
		for _, d := range []int{crypto, medicine, food} {
			short += max(0, 2-p.Demands[d])
		}
		if short <= p.Demands[intel] {
			return 6
		}
	case "pilot":
		if p.Pilots > 0 {
			return 3
		}
	case "nocards":
		if len(p.Cards) == 0 {
			return 5
		}
	case "firstpersuader":
		if s.FirstPersuader == seat {
			return 5
		}
	case "passengers":
		return 2 * p.Freed
	case "demandpairs":
		return p.demandCount() / 2
	case "demandsteps":
		switch n := p.demandCount(); {
		case n >= 9:
			return 6
		case n >= 6:
			return 3
		case n >= 3:
			return 1
		}
	}
	return 0
}

// finish ends the game.
func (s *State) finish(ending string, ev *[]games.Event) {
	s.Phase = phaseOver
	s.Ending = ending
	s.Keep, s.Pending = nil, nil
	n := s.n()
	out := &games.Outcome{Rank: make([]int, n)}
	if ending == endPolice {
		// "If the police breach the plane, the game ends immediately. All
		// players lose the game!"
		out.End = games.EndAllLost
		for i := range out.Rank {
			out.Rank[i] = n
		}
		out.Text = "The police stormed the plane before anyone freed 3 passengers and a pilot: everyone loses."
		s.Result = out
		s.say(ev, out.Text)
		return
	}
	cybot{s}.finish(ev)
	s.Final = nil
	for seat := range s.Players {
		if !s.Players[seat].Resigned {
			s.Final = append(s.Final, s.scoreLine(seat))
		}
	}
	// "The player with the most points at the end of the game wins! In case
	// of a tie, the player with the most recognition wins: when players both
	// have the same level of recognition they can just enjoy a shared victory."
	order := append([]ScoreLine{}, s.Final...)
	better := func(a, b ScoreLine) bool {
		if a.Total != b.Total {
			return a.Total > b.Total
		}
		return s.Players[a.Seat].Thumb > s.Players[b.Seat].Thumb
	}
	sort.SliceStable(order, func(i, j int) bool { return better(order[i], order[j]) })
	out.Score = make([]int, n)
	for i, l := range order {
		rank := i + 1
		if i > 0 && !better(order[i-1], l) {
			rank = out.Rank[order[i-1].Seat]
		}
		out.Rank[l.Seat] = rank
		out.Score[l.Seat] = l.Total
	}
	for seat, p := range s.Players {
		if p.Resigned {
			out.Rank[seat] = n
		}
	}
	var winners []string
	for _, l := range order {
		if out.Rank[l.Seat] == 1 {
			winners = append(winners, s.Players[l.Seat].Name)
		}
	}
	how := map[string]string{endFreed: "Passengers and a pilot are free: the game ends.", endResign: "The other players left."}[ending]
	out.Text = fmt.Sprintf("%s %s wins with %s.", how, strings.Join(winners, " and "), plural(order[0].Total, "point"))
	if len(winners) > 1 {
		out.End = games.EndShared
		out.Text = fmt.Sprintf("%s %s share the victory with %s.", how, strings.Join(winners, " and "), plural(order[0].Total, "point"))
	}
	if tie := s.tieText(order); tie != "" {
		out.Text += " " + tie
	}
	s.Result = out
	s.say(ev, FinalScoringHeading+" (track + medals + demands + star + hijackers - cards + recognition):")
	for _, l := range order {
		s.say(ev, fmt.Sprintf("%d. %s", out.Rank[l.Seat], s.scoreText(l)))
	}
	s.say(ev, out.Text)
}

// FinalScoringHeading opens the narration of the final scoring, whose lines
// follow it: a picture that shows the scores as a table leaves them out.
const FinalScoringHeading = "Final scoring"

// scoreText is one line of the final scoring table.
func (s *State) scoreText(l ScoreLine) string {
	if l.Tiles != 0 || l.SetAside != 0 {
		return fmt.Sprintf("%s: %d + %d + %d + %d + %d - %d %s, + %d for bonus tiles + %d for rewards set aside = %d", s.Players[l.Seat].Name,
			l.Track, l.Medals, l.Demands, l.Star, l.Hijackers, -l.Cards, signed(l.Recognition), l.Tiles, l.SetAside, l.Total)
	}
	return fmt.Sprintf("%s: %d + %d + %d + %d + %d - %d %s = %d", s.Players[l.Seat].Name,
		l.Track, l.Medals, l.Demands, l.Star, l.Hijackers, -l.Cards, signed(l.Recognition), l.Total)
}

// signed writes a term of a sum with its sign apart: "+ 4", "- 2".
func signed(n int) string {
	if n < 0 {
		return fmt.Sprintf("- %d", -n)
	}
	return fmt.Sprintf("+ %d", n)
}

// tieText states the tie-break when the most points are shared: "In case of
// a tie, the player with the most recognition wins: when players both have
// the same level of recognition they can just enjoy a shared victory."
func (s *State) tieText(order []ScoreLine) string {
	var tied []string
	for _, l := range order {
		if l.Total == order[0].Total {
			p := &s.Players[l.Seat]
			where := "off the recognition track"
			if p.Thumb > 0 {
				where = fmt.Sprintf("space %d", p.Thumb)
			}
			tied = append(tied, fmt.Sprintf("%s %s", p.Name, where))
		}
	}
	switch {
	case len(tied) < 2:
		return ""
	case s.Players[order[0].Seat].Thumb == s.Players[order[1].Seat].Thumb:
		return fmt.Sprintf("Tied on %d points and on recognition (%s): a shared victory.", order[0].Total, strings.Join(tied, ", "))
	}
	return fmt.Sprintf("Tied on %d points: the most recognition wins (%s).", order[0].Total, strings.Join(tied, ", "))
}
