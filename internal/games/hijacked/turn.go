package hijacked

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// Action spaces that may be used once per turn.
const (
	spaceTrust    = "trust"
	spacePersuade = "persuade"
	spaceRetreat  = "retreat"
	spaceDemand   = "demand"
	spaceBonus    = "bonus"
)

func (s *State) execTrust(seat int, a Action, ev *[]games.Event) {
	s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spaceTrust)
	s.drawCubes(seat, a.Target, false, ev)
}

// drawCubes is building trust: "he may take a cube from the bag at a time
// ... this can continue for up to three cubes in one turn ... One point is
// gained for each green cube. Is a red cube drawn? Then the building trust
// action ends immediately. If a green cube has not been drawn before, but a
// red one immediately, then a total of one point is obtained. The red cube
// goes back into the bag." Choosing the most cubes to draw up front is the
// same decision as stopping along the way: a draw that goes on only ever
// follows green cubes. With penalty (the free-trust bonus tile) a red cube
// costs 2 points instead.
func (s *State) drawCubes(seat, most int, penalty bool, ev *[]games.Event) {
	p := &s.Players[seat]
	var drawn []string
	greens := 0
	for range most {
		if s.Trust >= data.TrustSpaces || s.Green+s.Red == 0 {
			break
		}
		if s.RNG.Intn(s.Green+s.Red) < s.Red {
			drawn = append(drawn, "red")
			break
		}
		s.Green--
		s.Trust++
		greens++
		drawn = append(drawn, "green")
	}
	gain := greens
	redFirst := len(drawn) > 0 && drawn[len(drawn)-1] == "red"
	note := ""
	switch {
	case redFirst && penalty:
		gain -= 2
		note = " (the red cube costs 2 points)"
	case redFirst && greens == 0:
		gain = 1
	}
	pts := "points"
	if gain == 1 || gain == -1 {
		pts = "point"
	}
	s.say(ev, fmt.Sprintf("%s builds trust: %s. %+d %s%s; trust %d%%.", p.Name, strings.Join(drawn, ", "), gain, pts, note, s.Trust*10))
	// One action moves the scoring token once: "If he passes a bonus
	// without stopping, he receives no demand."
	s.addPoints(seat, gain, ev)
	if s.Trust >= data.TrustSpaces && greens > 0 {
		// "The first player to reach 100% trust receives the star token ...
		// When the trust level drops below 100% and another player brings it
		// back to 100%, he can take the star token from the other player."
		p.Full = true
		if s.Star != seat {
			if s.Star >= 0 {
				s.say(ev, fmt.Sprintf("%s brings trust back to 100%% and takes the star from %s.", p.Name, s.Players[s.Star].Name))
			} else {
				s.say(ev, fmt.Sprintf("%s reaches 100%% trust first and takes the star token (5 points at the end).", p.Name))
			}
			s.Star = seat
		}
	}
}

// execPersuade: "He flips the hijacker turning token to 1. When this action
// has been played 4 times, the hijacker has been persuaded to surrender.
// Each time the player scores 1 point when the hijacker turning token spins."
func (s *State) execPersuade(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	dice := s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spacePersuade)
	i := a.Target - 1
	for j := range s.Slots {
		if j != i && s.Slots[j].Disc == seat {
			// "Players are allowed to place their dice on a different hijacker
			// ... and move their communication disc accordingly (and start all
			// over again)."
			s.Slots[j].Disc, s.Slots[j].Turns = -1, 0
			s.say(ev, fmt.Sprintf("%s moves their communication disc away from %s.", p.Name, data.Hijackers[s.Slots[j].Tile].Name))
		}
	}
	sl := &s.Slots[i]
	sl.Disc = seat
	sl.Turns++
	h := data.Hijackers[sl.Tile]
	s.say(ev, fmt.Sprintf("%s talks to %s with %s and %s: turning token %d/4, +1 point.", p.Name, h.Name, dieLabel(dice[0]), dieLabel(dice[1]), sl.Turns))
	if sl.Turns < 4 {
		s.addPoints(seat, 1, ev)
		return
	}
	// "Once a hijacker is persuaded to leave the plane, the hijacker tile and
	// its communication disc are removed from the board ... A new hijacker
	// tile (if any) is taken to fill the empty spot."
	p.Hijackers = append(p.Hijackers, sl.Tile)
	*sl = Slot{Tile: -1, Disc: -1}
	if k := len(s.HijackerRest); k > 0 {
		sl.Tile = s.HijackerRest[k-1]
		s.HijackerRest = s.HijackerRest[:k-1]
	}
	if s.FirstPersuader < 0 {
		s.FirstPersuader = seat
	}
	// "Each time a hijacker surrenders the level of trust for the remaining
	// hijackers will drop by 20%."
	drop := min(2, s.Trust)
	s.Trust -= drop
	s.Green += drop
	msg := fmt.Sprintf("%s surrenders to %s! Trust drops to %d%%.", h.Name, p.Name, s.Trust*10)
	if h.Points > 0 && !s.isCybot(seat) { // the Cybot never gets hijacker rewards
		msg += fmt.Sprintf(" The tile scores %s now.", plural(h.Points, "point"))
	}
	if sl.Tile >= 0 {
		msg += fmt.Sprintf(" %s takes the place.", data.Hijackers[sl.Tile].Name)
	}
	s.say(ev, msg)
	// The turning token's point and the tile's points are one action's
	// points: the scoring token moves once, so a bonus space it passes pays
	// nothing.
	points := 1
	if !s.isCybot(seat) {
		points += h.Points
	}
	s.addPoints(seat, points, ev)
}

// execRetreat: "the police team is set back two places immediately ... all
// other players immediately receive two points (clockwise, starting with the
// player next to one who took the action). The player who performs this
// action does not receive any points, but draws the two topmost bonus tiles
// (if any), chooses one ... Also, the player places his thumb on the first
// spot on the recognition track."
func (s *State) execRetreat(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spaceRetreat)
	s.Police += 2
	s.say(ev, fmt.Sprintf("%s has the police retreat: %d minutes left. Every other player +2 points.", p.Name, s.Police))
	for t := s.next(seat); t != seat; t = s.next(t) {
		s.addPoints(t, 2, ev)
		s.checkMedals(ev) // clockwise: the first to reach an objective wins it
	}
	if p.Thumb < len(data.Recognition)-1 {
		p.Thumb++
	}
	k := min(2, len(s.Tiles))
	drawn := append([]int{}, s.Tiles[len(s.Tiles)-k:]...)
	s.Tiles = s.Tiles[:len(s.Tiles)-k]
	switch k {
	case 2:
		s.Keep = drawn
		s.Phase = phaseKeep
		s.say(ev, fmt.Sprintf("%s draws the bonus tiles %s and %s and keeps one.", p.Name, data.BonusTiles[drawn[0]].Name, data.BonusTiles[drawn[1]].Name))
	case 1:
		p.Tiles = append(p.Tiles, drawn[0])
		s.say(ev, fmt.Sprintf("%s takes the last bonus tile: %s.", p.Name, data.BonusTiles[drawn[0]].Name))
	}
}

func (s *State) execKeep(seat int, a Action, ev *[]games.Event) {
	p := &s.Players[seat]
	for _, t := range s.Keep {
		if data.BonusTiles[t].ID == a.What {
			p.Tiles = append(p.Tiles, t)
			s.say(ev, s.keepText(seat, t))
		} else {
			// "The other bonus tile will be shuffled into the pile."
			s.Tiles = append(s.Tiles, t)
			games.Shuffle(&s.RNG, s.Tiles)
		}
	}
	s.Keep = nil
	s.Phase = phaseTurn
}

func (s *State) execDemand(seat int, a Action, ev *[]games.Event) {
	dice := s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spaceDemand)
	d := demandIndex(data.NumberPlaces[s.numberPlace(dice[0].Value)])
	s.Supply[d]--
	s.Players[seat].Demands[d]++
	s.say(ev, fmt.Sprintf("%s takes %s with a %s.", s.Players[seat].Name, aDemand(demandNames[d]), dieLabel(dice[0])))
}

// execBonus: "This die may not be used in the current round, but must be
// played in the next round."
func (s *State) execBonus(seat int, a Action, ev *[]games.Event) {
	dice := s.useDice(a)
	s.CanReserve = false
	s.Done = append(s.Done, spaceBonus)
	s.BonusDice--
	s.Players[seat].Bonus++
	s.say(ev, fmt.Sprintf("%s takes a bonus die with a %s, to roll next round.", s.Players[seat].Name, dieLabel(dice[0])))
}

// execAdjust: "A demand can be used to increase or decrease the number of
// pips on a die by 1 ... 1 demand can be used to change a 1 into a 2 or a 6."
func (s *State) execAdjust(seat int, a Action, ev *[]games.Event) {
	idx, _ := s.resolveDice(a.Dice)
	d := &s.Dice[idx[0]]
	old := d.Value
	d.Value = (d.Value-1+a.Delta+6)%6 + 1
	k := demandIndex(a.Demand)
	s.Players[seat].Demands[k]--
	s.Supply[k]++
	s.say(ev, fmt.Sprintf("%s hands in %s to turn a %d into a %d.", s.Players[seat].Name, aDemand(a.Demand), old, d.Value))
}
