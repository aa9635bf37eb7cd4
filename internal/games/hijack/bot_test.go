package hijack

import (
	"testing"

	"standoff/internal/games"
)

// playBotGame plays the bot (at level) in botSeat against a uniformly random
// mover and returns the outcome and the number of plies.
func playBotGame(t testing.TB, seed uint64, players, botSeat, level int, opts games.Options) (*games.Outcome, int) {
	t.Helper()
	full, err := Kind.Resolve(opts)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := Kind.New(games.Setup{Players: names3[:players], Options: full, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	s := gs.(*state)
	rng := games.NewRNG(seed * 31)
	botRNG := games.NewRNG(seed * 17)
	for ply := 0; ply < 5000; ply++ {
		if o := s.Outcome(); o != nil {
			return o, ply
		}
		seat := s.Turn
		var mv string
		if seat == botSeat {
			mv, err = Kind.Bot(s, seat, level, botRNG)
			if err != nil {
				t.Fatal(err)
			}
		} else {
			// The random mover never offers draws: it plays board moves.
			legal := s.Legal(seat)
			var board []string
			for _, m := range legal {
				if m != "draw" && m != "refuse" {
					board = append(board, m)
				}
			}
			mv = board[rng.Intn(len(board))]
		}
		if _, err := s.Apply(seat, mv); err != nil {
			t.Fatalf("seed %d ply %d: %q by seat %d: %v", seed, ply, mv, seat, err)
		}
	}
	t.Fatalf("seed %d: game did not end", seed)
	return nil, 0
}

// The bot must beat a uniformly random mover in at least 95 of 100 seeded
// 2-player games (it plays first in half of them).
func TestBotBeatsRandom(t *testing.T) {
	wins, plies := 0, 0
	for i := 0; i < 100; i++ {
		botSeat := i % 2
		o, n := playBotGame(t, uint64(i+1), 2, botSeat, botLevels, nil)
		plies += n
		if len(o.Winners()) == 1 && o.Winners()[0] == botSeat {
			wins++
		} else {
			t.Logf("game %d: bot seat %d, %s", i, botSeat, o.Text)
		}
	}
	t.Logf("bot won %d of 100, %d plies on average", wins, plies/100)
	if wins < 95 {
		t.Fatalf("bot won only %d of 100 games against a random mover", wins)
	}
}

// The bot answers draw offers: it accepts only when behind.
func TestBotDrawAnswers(t *testing.T) {
	s := newTest(t, 2, nil)
	setPosition(t, s, 0, []int{5, 5}, "a0", "s3 s4")
	mustApply(t, s, 0, "draw")
	mv, err := Kind.Bot(s, 1, 2, games.NewRNG(1))
	if err != nil || mv != "refuse" {
		t.Fatalf("ahead bot answered %q, %v", mv, err)
	}
	s = newTest(t, 2, nil)
	setPosition(t, s, 0, []int{5, 5}, "a0 b0", "s3")
	mustApply(t, s, 0, "draw")
	if mv, _ := Kind.Bot(s, 1, 2, games.NewRNG(1)); mv != "draw" {
		t.Fatalf("behind bot answered %q", mv)
	}
	if _, err := Kind.Bot(newTest(t, 2, nil), 1, 1, games.NewRNG(1)); err == nil {
		t.Fatal("bot moved off turn")
	}
}

// Same rng seed, same position: same move.
func TestBotDeterministic(t *testing.T) {
	s := newTest(t, 2, nil)
	setPosition(t, s, 0, []int{1, 0}, "f4 j4 h1", "a3 k1 j0 j2 j3 h5")
	for level := 1; level <= botLevels; level++ {
		a, _ := Kind.Bot(s, 0, level, games.NewRNG(5))
		b, _ := Kind.Bot(s, 0, level, games.NewRNG(5))
		if a != b {
			t.Fatalf("level %d: %s then %s", level, a, b)
		}
		// The worked example's best move wins three markers for one.
		if level >= 1 && a != "h-j" {
			t.Errorf("level %d plays %s, not the rulebook's h-j", level, a)
		}
	}
}

// The bot also plays 3-player games and every option to the end.
func TestBotThreePlayers(t *testing.T) {
	for i, opts := range allOptionSets() {
		o, _ := playBotGame(t, uint64(i+1), 3, i%3, botLevels, opts)
		if o == nil {
			t.Fatal("no outcome")
		}
	}
}

// BenchmarkBot is the bot's think time on the default board in a busy
// middle game (the rulebook's example position plus markers in hand).
func BenchmarkBot(b *testing.B) {
	for _, level := range []int{1, botLevels} {
		s := newTest(b, 2, nil)
		setPosition(b, s, 0, []int{6, 4}, "f4 j4 h1 b2 c3 g0", "a3 k1 j0 j2 j3 h5 q0 r1")
		b.Run(string(rune('0'+level)), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Kind.Bot(s, 0, level, games.NewRNG(uint64(i))); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
