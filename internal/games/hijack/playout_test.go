package hijack

import (
	"bytes"
	"fmt"
	"maps"
	"testing"

	"standoff/internal/games"
)

// conserve checks "markers conserved": hand + board + captured is
// players * num_pieces for every seat, and Out/turn bookkeeping is sane.
func conserve(gs games.State) error {
	s := gs.(*state)
	for p := range s.Players {
		if got := s.Hand[p] + s.onBoard(p) + s.Captured[p]; got != s.Opts.NumPieces {
			return fmt.Errorf("seat %d: hand %d + board %d + captured %d != %d", p, s.Hand[p], s.onBoard(p), s.Captured[p], s.Opts.NumPieces)
		}
		if s.Hand[p] < 0 {
			return fmt.Errorf("seat %d has a negative hand", p)
		}
		if s.active(p) && s.Result == nil && s.Hand[p]+s.onBoard(p) <= 1 {
			return fmt.Errorf("seat %d has %d markers but is still in", p, s.Hand[p]+s.onBoard(p))
		}
	}
	if s.Result == nil && !s.active(s.Turn) {
		return fmt.Errorf("removed seat %d is on turn", s.Turn)
	}
	if s.Result == nil && !s.hasBoardMove(s.Turn) {
		return fmt.Errorf("seat %d on turn has no board move", s.Turn)
	}
	return nil
}

// playoutConfigs: 2 and 3 players, every option combination, several sizes
// and piece counts.
func playoutConfigs() []games.Setup {
	var out []games.Setup
	for _, n := range []int{2, 3} {
		for _, opts := range allOptionSets() {
			for _, size := range []int{2, 3, 4, 6} {
				o := games.Options{"size": size}
				for k, v := range opts {
					o[k] = v
				}
				full, err := Kind.Resolve(o)
				if err != nil {
					panic(err)
				}
				out = append(out, games.Setup{Players: names3[:n], Options: full})
			}
		}
	}
	return out
}

func TestRandomPlayouts(t *testing.T) {
	// 48 configurations; piece counts cycle so most games are short and
	// some use the default 12.
	perConfig := 42 // 2016 games
	if testing.Short() || raceEnabled {
		perConfig = 6 // 288 games: the race detector makes each one ~8x slower
	}
	pieces := []int{2, 3, 4, 2, 5, 3, 6, 12}
	ends := map[string]int{}
	for ci, setup := range playoutConfigs() {
		for i := 0; i < perConfig; i++ {
			setup.Seed = uint64(ci*1000 + i)
			setup.Options = maps.Clone(setup.Options)
			setup.Options["num_pieces"] = pieces[i%len(pieces)]
			if setup.Options["size"] == 2 && i%16 == 15 {
				setup.Options["num_pieces"] = 40 // more markers than slots
			}
			rng := games.NewRNG(setup.Seed ^ 0xfeed)
			final, log, err := games.Playout(Kind, setup, rng, 20000, conserve)
			if err != nil {
				t.Fatalf("config %v seed %d: %v", setup.Options, setup.Seed, err)
			}
			o := final.Outcome()
			switch {
			case len(o.Winners()) == 1:
				ends["win"]++
			default:
				ends["draw"]++
			}
			if i == 0 {
				replayed, err := games.Replay(Kind, setup, log)
				if err != nil {
					t.Fatal(err)
				}
				a, _ := final.Encode()
				b, _ := replayed.Encode()
				if !bytes.Equal(a, b) {
					t.Fatalf("replay differs for %v", setup.Options)
				}
			}
		}
	}
	if ends["win"] == 0 || ends["draw"] == 0 {
		t.Errorf("playouts never reached every kind of end: %v", ends)
	}
	t.Logf("ends: %v", ends)
}

// "Same seed + same moves = byte-identical state", through Encode/Decode.
func TestDeterminism(t *testing.T) {
	setup := playoutConfigs()[5]
	setup.Seed = 99
	a, logA, err := games.Playout(Kind, setup, games.NewRNG(1), 20000, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, logB, err := games.Playout(Kind, setup, games.NewRNG(1), 20000, nil)
	if err != nil {
		t.Fatal(err)
	}
	ea, _ := a.Encode()
	eb, _ := b.Encode()
	if !bytes.Equal(ea, eb) || len(logA) != len(logB) {
		t.Fatal("same seed and moves gave different games")
	}
	// Replay with a resignation in the log.
	log := append([]games.SeatMove(nil), logA[:4]...)
	log = append(log, games.SeatMove{Seat: 1, Move: games.ResignMove})
	r, err := games.Replay(Kind, setup, log)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Kind.Decode(mustEncode(t, r))
	if err != nil || !bytes.Equal(mustEncode(t, back), mustEncode(t, r)) {
		t.Fatalf("decode: %v", err)
	}
	if _, err := Kind.Decode([]byte(`{"schema":99}`)); err != games.ErrSchema {
		t.Fatalf("unknown schema: %v", err)
	}
	if _, err := Kind.Decode([]byte(`{"schema":1,"options":{"size":3,"num_pieces":12},"board":[1],"hand":[1,1],"players":["a","b"]}`)); err == nil {
		t.Fatal("bad board accepted")
	}
}

func mustEncode(t *testing.T, s games.State) []byte {
	t.Helper()
	b, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func BenchmarkApplyLegal(b *testing.B) {
	s := newTest(b, 2, nil)
	setPosition(b, s, 0, []int{1, 0}, "f4 j4 h1", "a3 k1 j0 j2 j3 h5")
	for i := 0; i < b.N; i++ {
		_ = s.Legal(0)
	}
}
