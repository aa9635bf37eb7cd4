package hijack

import (
	"testing"

	"standoff/internal/games"
)

// bruteWin and bruteLoss bracket every material value.
const (
	bruteWin  = 1 << 20
	bruteLoss = -bruteWin
)

// quickClone copies a state without the JSON round trip, so the brute-force
// search below can afford to play every move through the real engine.
func quickClone(s *state) *state {
	c := *s
	c.Players = append([]string(nil), s.Players...)
	c.Board = append(boardSlots(nil), s.Board...)
	c.Hand = append([]int(nil), s.Hand...)
	c.Captured = append([]int(nil), s.Captured...)
	c.Out = append([]int(nil), s.Out...)
	c.DrawAgreed = append([]bool(nil), s.DrawAgreed...)
	c.Seen = append(positionLog(nil), s.Seen...)
	return &c
}

// bruteValue is the bot's documented measure of a position for seat, taken
// from the engine's own counts: losing is worst, knocking every opponent
// out best; otherwise the seat's markers times its opponents (those still
// in at the root) minus theirs, plus 3 for each opponent knocked out.
func bruteValue(root, x *state, seat int) int {
	tot := make([]int, len(x.Players))
	for p := range x.Players {
		tot[p] = x.onBoard(p) + x.Hand[p]
	}
	if tot[seat] <= 1 {
		return bruteLoss
	}
	k, v, alive := 0, 0, 0
	for p := range tot {
		if p == seat || !root.active(p) {
			continue
		}
		k++
		v -= tot[p]
		if tot[p] <= 1 {
			v += 3
		} else {
			alive++
		}
	}
	if alive == 0 {
		return bruteWin
	}
	return v + tot[seat]*k
}

// bruteWorst is a slow, plain one-move look-ahead through the engine: play
// mv with Apply, then every legal reply of the next player with the
// engine's own board update, and return the worst value for seat (the
// position with no reply counts too, as the bot's does). The draw rules are
// switched off for mv, because the bot scores material, not repetitions.
func bruteWorst(t testing.TB, s *state, seat int, mv string) int {
	after := quickClone(s)
	after.Seen, after.Quiet = nil, 0
	if _, err := after.Apply(seat, mv); err != nil {
		t.Fatalf("%s: %v", mv, err)
	}
	worst := bruteValue(s, after, seat)
	if after.Outcome() != nil || worst == bruteLoss {
		return worst
	}
	x := quickClone(after)
	for _, c := range after.boardMoves(after.Turn) {
		// Only a cell move lands on markers ("Any markers on the destination
		// cell ... are captured"); additions, marker moves and rotations in
		// place cannot change anyone's count.
		if c.m.Kind != moveCell {
			continue
		}
		copy(x.Board, after.Board)
		x.applyBoard(after.Turn, c.m)
		if v := bruteValue(s, x, seat); v < worst {
			worst = v
		}
	}
	return worst
}

// brutePositions plays mixed random and bot moves in every configuration
// (2 and 3 players, sizes 2 to 4, every option set) and collects n positions
// with the game still running.
func brutePositions(t testing.TB, n int) []*state {
	var out []*state
	opts := allOptionSets()
	for i := 0; len(out) < n; i++ {
		o := games.Options{"size": 2 + i%3}
		for k, v := range opts[i%len(opts)] {
			o[k] = v
		}
		o["num_pieces"] = []int{4, 6, 12}[i%3]
		full, err := Kind.Resolve(o)
		if err != nil {
			t.Fatal(err)
		}
		gs, _ := Kind.New(games.Setup{Players: names3[:2+i%2], Options: full, Seed: uint64(i)})
		s := gs.(*state)
		rng := games.NewRNG(uint64(5000 + i))
		for ply := 6 + rng.Intn(40); ply > 0 && s.Outcome() == nil; ply-- {
			mv := ""
			if rng.Intn(2) == 0 {
				legal := s.boardMoves(s.Turn)
				mv = formatMove(legal[rng.Intn(len(legal))].m)
			} else if mv, err = Kind.Bot(s, s.Turn, 1, rng); err != nil {
				t.Fatal(err)
			}
			mustApply(t, s, s.Turn, mv)
		}
		if s.Outcome() == nil {
			out = append(out, s)
		}
	}
	return out
}

// "never gives up material such a one-move lookahead can see"
// (docs/rules/hijack.md, Bot): over hundreds of positions, at every level,
// the bot's move is worth as much as the best move the brute-force
// look-ahead finds.
func TestBotNoBlunderBruteForce(t *testing.T) {
	n := 300
	if testing.Short() || raceEnabled {
		n = 40
	}
	positions := brutePositions(t, n)
	for i, s := range positions {
		seat := s.Turn
		best := bruteLoss - 1
		for _, c := range s.boardMoves(seat) {
			if v := bruteWorst(t, s, seat, formatMove(c.m)); v > best {
				best = v
			}
		}
		for level := 1; level <= botLevels; level++ {
			mv, err := Kind.Bot(quickClone(s), seat, level, games.NewRNG(uint64(i)))
			if err != nil {
				t.Fatal(err)
			}
			if got := bruteWorst(t, s, seat, mv); got != best {
				t.Errorf("position %d (%d players, %v), level %d: bot played %s worth %d, but %d was available\n%s",
					i, len(s.Players), s.Opts, level, mv, got, best, s.Public().Text())
			}
		}
	}
}

// The bug of issue 8: on seed 1 after j0, levels 2 and 3 played c3, which
// j-c captures at once (the reply scan lost track of the board it was
// scanning).
func TestBotSeesReplyAfterJ0(t *testing.T) {
	for level := 1; level <= botLevels; level++ {
		for seed := uint64(1); seed <= 20; seed++ {
			s := newTest(t, 2, nil)
			mustApply(t, s, 0, "j0")
			mv, err := Kind.Bot(s, 1, level, games.NewRNG(seed))
			if err != nil {
				t.Fatal(err)
			}
			if v := bruteWorst(t, s, 1, mv); v < 0 {
				t.Errorf("level %d rng %d: %s loses a marker (worth %d)", level, seed, mv, v)
			}
		}
	}
}

// playMatch plays bot level a (seat 0 on even games) against level b over
// the seeds and returns a's wins, b's wins and the draws.
func playMatch(t testing.TB, a, b int, seeds int, opts games.Options) (wa, wb, draws int) {
	full, err := Kind.Resolve(opts)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < seeds; i++ {
		gs, _ := Kind.New(games.Setup{Players: names3[:2], Options: full, Seed: uint64(i + 1)})
		s := gs.(*state)
		levels := [2]int{a, b}
		if i%2 == 1 {
			levels = [2]int{b, a}
		}
		rng := games.NewRNG(uint64(i + 1))
		for ply := 0; s.Outcome() == nil; ply++ {
			if ply > 5000 {
				t.Fatalf("game %d did not end", i)
			}
			mv, err := Kind.Bot(s, s.Turn, levels[s.Turn], rng)
			if err != nil {
				t.Fatal(err)
			}
			mustApply(t, s, s.Turn, mv)
		}
		switch w := s.Outcome().Winners(); {
		case len(w) != 1:
			draws++
		case levels[w[0]] == a:
			wa++
		default:
			wb++
		}
	}
	return wa, wb, draws
}

// Each level beats the one below over a fixed set of seeds (seats
// alternate) on the default board: a level that blunders or plays aimlessly
// loses this. Games with 8 markers each are shorter, so they are the ones
// kept under -race.
func TestBotLevelsBeatTheLevelBelow(t *testing.T) {
	matches := []struct {
		pieces, seeds int
	}{{8, 40}, {12, 40}}
	if testing.Short() || raceEnabled {
		matches = matches[:1]
		matches[0].seeds = 16
	}
	for _, m := range matches {
		for level := 2; level <= botLevels; level++ {
			wa, wb, d := playMatch(t, level, level-1, m.seeds, games.Options{"num_pieces": m.pieces})
			t.Logf("%d markers: level %d against level %d: %d wins, %d losses, %d draws", m.pieces, level, level-1, wa, wb, d)
			if wa <= wb {
				t.Errorf("%d markers: level %d won %d and lost %d of %d games against level %d", m.pieces, level, wa, wb, m.seeds, level-1)
			}
		}
	}
}
