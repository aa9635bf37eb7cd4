package ratings

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPaperExample reproduces the worked example of Glickman's "Example of
// the Glicko-2 system": "a player with a rating of 1500, a ratings
// deviation of 200 and a volatility of 0.06 plays three games against
// opponents rated 1400 (RD 30), 1550 (RD 100) and 1700 (RD 300), winning
// the first and losing the others", with tau 0.5; the paper's result is a
// rating of 1464.06, a deviation of 151.52 and a volatility of 0.05999.
// The paper rounds its intermediate values (mu' = -0.2069 gives 1464.06;
// unrounded it is 1464.0507, sigma' 0.059996), so its figures are met to
// their last printed digit, within one unit of it.
func TestPaperExample(t *testing.T) {
	p := Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	got := Update(p, []Match{
		{Opponent: Rating{Rating: 1400, Deviation: 30}, Score: 1},
		{Opponent: Rating{Rating: 1550, Deviation: 100}, Score: 0},
		{Opponent: Rating{Rating: 1700, Deviation: 300}, Score: 0},
	}, 0.5)
	if math.Abs(got.Rating-1464.06) >= 0.01 {
		t.Errorf("rating %.4f, the paper says 1464.06", got.Rating)
	}
	if math.Abs(got.Deviation-151.52) >= 0.01 {
		t.Errorf("deviation %.4f, the paper says 151.52", got.Deviation)
	}
	if math.Abs(got.Volatility-0.05999) >= 0.00001 {
		t.Errorf("volatility %.6f, the paper says 0.05999", got.Volatility)
	}
}

// TestNoGamesOnlyWidens: a period without games leaves the rating and
// widens the deviation (the paper's step 6), never past a newcomer's.
func TestNoGamesOnlyWidens(t *testing.T) {
	p := Rating{Rating: 1600, Deviation: 80, Volatility: 0.06}
	got := Update(p, nil, Tau)
	if got.Rating != 1600 || got.Deviation <= 80 || got.Volatility != 0.06 {
		t.Fatalf("after an empty period: %+v", got)
	}
	if got := Update(New(), nil, Tau); got.Deviation != StartDeviation {
		t.Fatalf("a newcomer's deviation grew past %d: %+v", StartDeviation, got)
	}
}

func randomRating(rng *rand.Rand) Rating {
	return Rating{
		Rating:     800 + rng.Float64()*1400,
		Deviation:  30 + rng.Float64()*320,
		Volatility: 0.04 + rng.Float64()*0.04,
	}
}

// TestWinnerUpLoserDown: whatever the two players' ratings, the winner of a
// game gains and the loser loses.
func TestWinnerUpLoserDown(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		w, l := randomRating(rng), randomRating(rng)
		got := Game([]Seat{{Rating: w, Place: 1}, {Rating: l, Place: 2}})
		if got[0].Rating <= w.Rating || got[1].Rating >= l.Rating {
			t.Fatalf("winner %+v → %+v, loser %+v → %+v", w, got[0], l, got[1])
		}
	}
}

// TestDrawPullsTogether: a draw moves the lower rated player up and the
// higher rated down.
func TestDrawPullsTogether(t *testing.T) {
	low := Rating{Rating: 1400, Deviation: 100, Volatility: 0.06}
	high := Rating{Rating: 1700, Deviation: 100, Volatility: 0.06}
	got := Game([]Seat{{Rating: low, Place: 1}, {Rating: high, Place: 1}})
	if got[0].Rating <= low.Rating || got[1].Rating >= high.Rating {
		t.Fatalf("draw: %+v %+v", got[0], got[1])
	}
}

// TestFourPlayersAreTheirPairs: docs/ratings.md counts a game of four as
// one rating period for each player made of their pairs' results: each
// player's new rating is the same as a period of the three two-player
// results against the others as they stood before the game, a pair's
// result being the one a two-player game with those places would have.
// A player first alone gains, one last alone loses.
func TestFourPlayersAreTheirPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 500; i++ {
		seats := make([]Seat, 4)
		for s := range seats {
			// Places 1..4 with ties, as Locked Out's ranks and shared wins give.
			seats[s] = Seat{Rating: randomRating(rng), Place: 1 + rng.IntN(4)}
		}
		got := Game(seats)
		for a := range seats {
			var matches []Match
			for b := range seats {
				if a == b {
					continue
				}
				score := PairScore(seats[a].Place, seats[b].Place)
				pair := Game([]Seat{seats[a], seats[b]})
				if alone := Update(seats[a].Rating, []Match{{Opponent: seats[b].Rating, Score: score}}, Tau); pair[0] != alone {
					t.Fatalf("a two-player game %+v, %+v is not its one match: %+v, %+v", seats[a], seats[b], pair[0], alone)
				}
				matches = append(matches, Match{Opponent: seats[b].Rating, Score: PairScore(seats[a].Place, seats[b].Place)})
				if s, o := PairScore(seats[a].Place, seats[b].Place), PairScore(seats[b].Place, seats[a].Place); s+o != 1 {
					t.Fatalf("places %d and %d score %v and %v", seats[a].Place, seats[b].Place, s, o)
				}
			}
			want := Update(seats[a].Rating, matches, Tau)
			if got[a] != want {
				t.Fatalf("seat %d of %+v: %+v, its pairs give %+v", a, seats, got[a], want)
			}
		}
		for a, s := range seats {
			ahead, behind := 0, 0
			for _, o := range seats {
				if o.Place < s.Place {
					ahead++
				} else if o.Place > s.Place {
					behind++
				}
			}
			if behind == len(seats)-1 && got[a].Rating <= s.Rating.Rating {
				t.Fatalf("first alone lost rating: %+v → %+v", s, got[a])
			}
			if ahead == len(seats)-1 && got[a].Rating >= s.Rating.Rating {
				t.Fatalf("last alone gained rating: %+v → %+v", s, got[a])
			}
		}
	}
}
