package hijacked

import (
	"errors"
	"fmt"

	"standoff/internal/games"
)

// bot is Kind.Bot. The Cybot's seat plays `cybot`: the engine resolves its
// card by its rules, with the game's own randomness. Any other automated
// seat answers the Cybot's question with the default, or plays a simple
// sensible turn under the normal rules.
func bot(st games.State, seat, level int, rng *games.RNG) (string, error) {
	s, ok := st.(*State)
	if !ok {
		return "", errors.New("not a Hijacked game")
	}
	if s.Phase == phaseOver {
		return "", errors.New("the game is over")
	}
	if s.isCybot(seat) {
		if legal := (cybot{s}).legal(seat); len(legal) > 0 {
			return cybot{s}.moveText(), nil
		}
		return "", errors.New("the Cybot is not on turn")
	}
	if c := s.Cybot; c != nil && c.Ask != nil && c.Ask.Seat == seat {
		if c.Ask.Kind == moveCooperate && s.Police <= 5 {
			return moveCooperate + " yes", nil // time runs short: the police must go back
		}
		return c.Ask.Default, nil
	}
	if a, ok := simpleMove(s, seat); ok {
		return a.String(), nil
	}
	return "", fmt.Errorf("seat %d has nothing to do now", seat+1)
}

// simpleMove is the plain automated player: free what it can, catch up on
// the score track and have the police retreat when time runs short, play
// cards it can pay for (colours it collects first), take the bonus die for a
// second card, then face-down cards, hijackers, trust and demands.
func simpleMove(s *State, seat int) (Action, bool) {
	acts := s.Actions(seat)
	p := &s.Players[seat]
	onTurn := seat == s.Turn
	top := 0
	for _, q := range s.Players {
		top = max(top, q.Score)
	}
	playable := func(a Action, collecting bool) bool {
		if !onTurn || a.Verb != verbCard || a.Target == 0 {
			return false
		}
		st := s.Seats[a.Target-1]
		return st.FaceUp && data.Cards[st.Card].Color != red && s.cannotPlay(seat, st.Card) == "" &&
			(!collecting || p.colorCount(data.Cards[st.Card].Color) > 0)
	}
	prefs := []func(Action) bool{
		func(a Action) bool { return a.Verb == verbFree && a.What == "pilot" && p.Pilots == 0 },
		// Passengers while it needs them or has its pilot; with 3 freed and no
		// pilot yet it keeps its pairs to make a set of 3.
		func(a Action) bool {
			return a.Verb == verbFree && a.What == "passenger" && (p.Freed < 3 || p.Pilots > 0)
		},
		func(a Action) bool { return a.Verb == verbCash && s.Police <= 5 && s.Round >= 2 && p.Score < top },
		func(a Action) bool { return onTurn && (a.Verb == verbPlay || a.Verb == verbKeep) },
		func(a Action) bool { return onTurn && a.Verb == verbRetreat && s.Police <= 5 },
		func(a Action) bool { return playable(a, true) },
		func(a Action) bool { return onTurn && a.Verb == verbBonus },
		func(a Action) bool { return playable(a, false) },
		func(a Action) bool {
			return onTurn && a.Verb == verbCard && a.Target > 0 && !s.Seats[a.Target-1].FaceUp
		},
		func(a Action) bool { return onTurn && a.Verb == verbPersuade },
		func(a Action) bool { return onTurn && a.Verb == verbTrust && a.Target == 2 && s.Trust < 6 },
		func(a Action) bool { return onTurn && a.Verb == verbDemand },
		func(a Action) bool { return onTurn && (a.Verb == verbDiscard || a.Verb == verbEnd) },
		func(a Action) bool { return onTurn && a.Verb != verbAdjust }, // a bonus die must be played
	}
	for _, ok := range prefs {
		for _, a := range acts {
			if ok(a) {
				return a, true
			}
		}
	}
	return Action{}, false
}
