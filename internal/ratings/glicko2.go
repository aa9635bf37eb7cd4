// Package ratings is Glicko-2 (Mark Glickman, "Example of the Glicko-2
// system", http://www.glicko.net/glicko/glicko2.pdf) and how one finished
// game of several players becomes each player's rating period. It is pure:
// the caller reads and writes ratings, and says when.
//
// docs/ratings.md says why a game is one rating period and how a table of
// three or more players is counted as its pairs.
package ratings

import "math"

// The system's constants. Tau constrains how fast the volatility may
// change; Glickman suggests 0.3 to 1.2, and a game's outcome here is noisy
// (cards, dice), so a middle value that trusts single upsets little.
const (
	Tau = 0.5
	// The rating, deviation and volatility of a player without games.
	Start           = 1500
	StartDeviation  = 350
	StartVolatility = 0.06
	// scale converts between the Glicko scale and Glicko-2's (step 2).
	scale = 173.7178
	// epsilon is the convergence tolerance of step 5.
	epsilon = 0.000001
)

// Rating is a player's rating on the Glicko scale (1500 for a newcomer):
// the rating, its deviation (the uncertainty: 350 for a newcomer, smaller
// the more is known) and its volatility (how erratic the player's results
// are).
type Rating struct {
	Rating, Deviation, Volatility float64
}

// New is the rating of a player who has not played.
func New() Rating {
	return Rating{Rating: Start, Deviation: StartDeviation, Volatility: StartVolatility}
}

// Match is one result of a rating period: the opponent's rating before the
// period and the player's score against them (1 a win, 0.5 a draw, 0 a loss).
type Match struct {
	Opponent Rating
	Score    float64
}

// Update is the player's rating after a rating period with these matches
// (steps 2 to 8 of the paper), with the system constant tau. A period
// without matches only lets the deviation grow (step 6).
func Update(p Rating, matches []Match, tau float64) Rating {
	mu := (p.Rating - Start) / scale
	phi := p.Deviation / scale
	sigma := p.Volatility
	if len(matches) == 0 {
		return Rating{Rating: p.Rating, Deviation: capped(math.Sqrt(phi*phi+sigma*sigma) * scale), Volatility: sigma}
	}
	// Step 3 and 4: the estimated variance v and improvement delta.
	var vInv, sum float64
	for _, m := range matches {
		muJ := (m.Opponent.Rating - Start) / scale
		gJ := g(m.Opponent.Deviation / scale)
		e := expected(mu, muJ, gJ)
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (m.Score - e)
	}
	v := 1 / vInv
	delta := v * sum
	// Step 5: the new volatility, by the Illinois algorithm.
	sigma = volatility(phi, sigma, v, delta, tau)
	// Step 6 and 7: the new deviation and rating.
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	// Step 8: back to the Glicko scale.
	return Rating{Rating: muNew*scale + Start, Deviation: capped(phiNew * scale), Volatility: sigma}
}

// capped keeps a deviation within a newcomer's: nothing is less known
// about a player than about one who never played.
func capped(rd float64) float64 {
	return math.Min(rd, StartDeviation)
}

func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

func expected(mu, muJ, gJ float64) float64 {
	return 1 / (1 + math.Exp(-gJ*(mu-muJ)))
}

func volatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}
