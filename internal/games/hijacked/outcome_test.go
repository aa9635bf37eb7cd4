package hijacked

import (
	"testing"

	"standoff/internal/games"
)

// "If the police breach the plane, the game ends immediately. All players
// lose the game!" and "when players both have the same level of
// recognition they can just enjoy a shared victory": the outcome says so,
// so that stats count a loss for all and a shared win, not places.
func TestOutcomeSaysAllLostAndSharedVictory(t *testing.T) {
	s := newTest(t, 3, 3)
	s.Police = 1
	must(t, s, 0, "end")
	must(t, s, 1, "end")
	must(t, s, 2, "end")
	o := s.Outcome()
	if o == nil || o.End != games.EndAllLost {
		t.Fatalf("police breach: %+v", o)
	}
	for seat := range 3 {
		if o.ResultOf(seat) != games.Lost {
			t.Fatalf("police breach: seat %d %s", seat, o.ResultOf(seat))
		}
	}

	s = newTest(t, 3, 3)
	s.Players[0].Score, s.Players[1].Score, s.Players[2].Score = 11, 10, 10
	s.Players[1].Thumb, s.Players[2].Thumb = 1, 1
	var ev []games.Event
	s.finish(endFreed, &ev)
	o = s.Outcome()
	if o.End != games.EndShared || o.ResultOf(1) != games.Shared || o.ResultOf(2) != games.Shared || o.ResultOf(0) != games.Lost {
		t.Fatalf("shared victory: %+v", o)
	}

	s = newTest(t, 3, 3)
	s.Players[0].Score = 12
	ev = nil
	s.finish(endFreed, &ev)
	if o := s.Outcome(); o.End != games.EndRanked || len(o.Winners()) != 1 || o.ResultOf(o.Winners()[0]) != games.Won {
		t.Fatalf("one winner: %+v", o)
	}
}
