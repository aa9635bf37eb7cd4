package hunted

import (
	"testing"

	"standoff/internal/games"
)

// Co-op: "Just like the regular game, if you make it to the roof location
// and defeat Lars, you win. However, if either player goes to zero on their
// health tracker or if time runs out, both players lose." Alone: "To win,
// work your way through the building and rescue your wife; if you run out
// of time or if your health is reduced to zero, you lose." A co-op result
// and its score belong to both players, and a loss is nobody's place.
func TestOutcomeIsTheWholeTeams(t *testing.T) {
	start := func(players ...string) *State {
		opts, err := Kind.Resolve(nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Kind.New(games.Setup{Players: players, Options: opts, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		return g.(*State)
	}
	for _, c := range []struct {
		players []string
		won     bool
		end     games.Ending
		each    games.SeatResult
	}{
		{[]string{"Alice", "Bob"}, true, games.EndShared, games.Shared},
		{[]string{"Alice", "Bob"}, false, games.EndAllLost, games.Lost},
		{[]string{"Alice"}, true, games.EndRanked, games.Won},
		{[]string{"Alice"}, false, games.EndAllLost, games.Lost},
	} {
		s := start(c.players...)
		var ev []games.Event
		s.Won = c.won
		s.finish(&ev, "The end.")
		o := s.Outcome()
		if o == nil || o.End != c.end || len(o.Score) != len(c.players) {
			t.Fatalf("%d players, won %v: outcome %+v", len(c.players), c.won, o)
		}
		for seat := range c.players {
			if got := o.ResultOf(seat); got != c.each || o.Score[seat] != o.Score[0] {
				t.Fatalf("%d players, won %v: seat %d %s with score %d, want %s with %d", len(c.players), c.won, seat, got, o.Score[seat], c.each, o.Score[0])
			}
		}
	}
	// Giving up loses the run for both.
	s := start("Alice", "Bob")
	if _, err := s.Resign(1); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); o.End != games.EndAllLost || o.ResultOf(0) != games.Lost {
		t.Fatalf("after a resignation: %+v", o)
	}
}
