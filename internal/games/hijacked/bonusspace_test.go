package hijacked

import (
	"strings"
	"testing"
)

// trackWithBonusAt gives seat 0 the score track with a bonus space at `at`
// and puts its token at `score`.
func trackWithBonusAt(t *testing.T, s *State, at, score int) {
	t.Helper()
	for i, tr := range data.ScoreTracks {
		for _, b := range tr.Bonuses {
			if b.At == at {
				s.Players[0].Track = i
				s.Players[0].Score = score
				return
			}
		}
	}
	t.Fatalf("no track has a bonus space at %d", at)
}

// "When a player stops on a bonus on the score track, he may immediately
// take the matching demand on the game board ... If he passes a bonus
// without stopping, he receives no demand." Three green cubes are one build
// trust action: the token moves 3 spaces at once, from 2 to 5, and passes
// the bonus at 4 (a token moved cube by cube stopped on it).
func TestTrustDrawPassesBonusSpace(t *testing.T) {
	s := newTest(t, 2, 4)
	trackWithBonusAt(t, s, 4, 2)
	setDice(s, 2, 3)
	c, ev := drawWith(t, s, "green, green, green", "trust 3 2", 0)
	if c.Players[0].Score != 5 {
		t.Fatalf("score %d, want 5", c.Players[0].Score)
	}
	if c.Players[0].Demands != s.Players[0].Demands || strings.Contains(publicText(ev), "bonus space") {
		t.Fatalf("passing the bonus at 4 paid a demand: %v\n%s", c.Players[0].Demands, publicText(ev))
	}
	// Stopping on it with the last cube of the draw pays.
	trackWithBonusAt(t, s, 4, 1)
	c, ev = drawWith(t, s, "green, green, green", "trust 3 2", 0)
	if c.Players[0].Score != 4 || !strings.Contains(publicText(ev), "stops on the bonus space at 4") {
		t.Fatalf("score %d:\n%s", c.Players[0].Score, publicText(ev))
	}
}

// The free-trust tile's draw is one action too: two greens then a red cube
// ("If you draw a red cube you lose 2 points instead of receiving 1 point")
// leave the token where it was, so the bonus space 2 ahead pays nothing.
func TestTrustTileDrawOneMove(t *testing.T) {
	s := newTest(t, 2, 4)
	trackWithBonusAt(t, s, 4, 2)
	giveTile(t, s, 0, tileTrust)
	c, ev := drawWith(t, s, "green, green, red", "tile trust 3", 0)
	if c.Players[0].Score != 2 || strings.Contains(publicText(ev), "bonus space") {
		t.Fatalf("score %d:\n%s", c.Players[0].Score, publicText(ev))
	}
}

// "Each time the player scores 1 point when the hijacker turning token
// spins" and the surrendering tile's points are the points of one persuade
// action: the token moves once, past a bonus space between the two.
func TestSurrenderPointsOneMove(t *testing.T) {
	s := newTest(t, 2, 6)
	boss := data.hijacker["H1"] // 1-3 and 4-6, 4 points
	for i := range s.Slots {
		if s.Slots[i].Tile == boss {
			s.Slots[i].Tile = s.Slots[0].Tile
		}
	}
	s.HijackerRest = remove(s.HijackerRest, boss)
	if s.Slots[0].Tile != boss {
		s.HijackerRest = append(s.HijackerRest, s.Slots[0].Tile)
	}
	s.Slots[0] = Slot{Tile: boss, Disc: 0, Turns: 3}
	// From 3 the turning token's point alone would stop on 4; with the
	// tile's 4 points the action ends on 8.
	trackWithBonusAt(t, s, 4, 3)
	before := s.Players[0].Demands
	setDice(s, 1, 5)
	ev := must(t, s, 0, "persuade 1 1 5")
	if s.Players[0].Score != 8 {
		t.Fatalf("score %d, want 8", s.Players[0].Score)
	}
	if s.Players[0].Demands != before || strings.Contains(publicText(ev), "bonus space at 4") {
		t.Fatalf("passing the bonus at 4 paid a demand:\n%s", publicText(ev))
	}
}

// giveTile hands a bonus tile to a player, taking it off the pile.
func giveTile(t *testing.T, s *State, seat int, id string) {
	t.Helper()
	k := data.tile[id]
	s.Tiles = remove(s.Tiles, k)
	s.Players[seat].Tiles = append(s.Players[seat].Tiles, k)
}
