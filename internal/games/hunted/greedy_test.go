package hunted

import (
	"testing"

	"standoff/internal/games"
)

// playGreedy plays one game with the greedy policy.
func playGreedy(t testing.TB, seed uint64, opts games.Options, names ...string) *State {
	t.Helper()
	s := newTest(t, seed, opts, names...)
	for n := 0; s.Outcome() == nil; n++ {
		if n > 5000 {
			t.Fatalf("seed %d: greedy game did not end", seed)
		}
		m := greedy(s)
		if _, err := s.Apply(s.Turn, m); err != nil {
			t.Fatalf("seed %d: greedy %q refused: %v\n%s", seed, m, err, s.Public().Text())
		}
	}
	return s
}

// TestGreedyWinRate logs how often the greedy player wins each variant; the
// rulebook's aim is a game a good player wins about a third of the time.
func TestGreedyWinRate(t *testing.T) {
	t.Parallel()
	count := gameCount(300, 30)
	for _, v := range setups {
		won, score := 0, 0
		for i := range count {
			s := playGreedy(t, uint64(7_000_000+i), v.opts, v.names...)
			if err := conserve(s); err != nil {
				t.Fatal(err)
			}
			if s.Won {
				won++
				total, _, _, _, _ := s.Score()
				score += total
			}
		}
		avg := 0
		if won > 0 {
			avg = score / won
		}
		t.Logf("greedy %s: won %d of %d (%.1f%%), average winning score %d", v.name, won, count, 100*float64(won)/float64(count), avg)
	}
}
