package images

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
)

// hijackedViews plays a seeded game a while with random legal moves and
// returns its views.
func hijackedViews(t testing.TB, players, moves int, seed uint64) (games.View, games.View) {
	t.Helper()
	names := []string{"Alice", "Bob", "Carol", "Dave"}[:players]
	s, err := hijacked.Kind.New(games.Setup{Players: names, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	playRandomly(t, s, moves, seed)
	// The private picture: the first seat holding a medal, else a made-up one.
	for seat := range names {
		if v := s.Private(seat); v != nil {
			return s.Public(), v
		}
	}
	return s.Public(), &hijacked.PrivateView{Name: names[0], Medals: []hijacked.MedalValue{{Number: 2, Objective: "Build 100% trust", Value: 3}}}
}

// playRandomly plays up to moves random legal moves of random waited-on
// seats, seeded.
func playRandomly(t testing.TB, s games.State, moves int, seed uint64) {
	t.Helper()
	rng := games.NewRNG(seed)
	for range moves {
		if s.Outcome() != nil {
			return
		}
		ps := s.Prompts()
		p := ps[rng.Intn(len(ps))]
		legal := s.Legal(p.Seat)
		if _, err := s.Apply(p.Seat, legal[rng.Intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
}

// The table is drawn at least 1000 px wide, well under 150 KB, and the same
// view always gives the same picture. HIJACKED_PNG=dir writes the pictures.
func TestHijackedRenders(t *testing.T) {
	for _, tc := range []struct {
		name           string
		players, moves int
		seed           uint64
	}{{"start4", 4, 0, 1}, {"mid3", 3, 60, 2}, {"late2", 2, 160, 3}, {"over4", 4, 5000, 4}} {
		pub, priv := hijackedViews(t, tc.players, tc.moves, tc.seed)
		for kind, v := range map[string]games.View{"public": pub, "private": priv} {
			img, err := Hijacked(v)
			if err != nil {
				t.Fatal(err)
			}
			b := img.Bounds()
			// Every picture, the private medals too, is at least 1000 px wide.
			if b.Dx() < 1000 || (kind == "public" && b.Dy() > 2600) {
				t.Fatalf("%s %s: size %v", tc.name, kind, b)
			}
			data, err := EncodePNG(img)
			if err != nil {
				t.Fatal(err)
			}
			if len(data) > 150<<10 {
				t.Errorf("%s %s: %d bytes", tc.name, kind, len(data))
			}
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Fatal(err)
			}
			again, _ := Hijacked(v)
			data2, _ := EncodePNG(again)
			if !bytes.Equal(data, data2) {
				t.Errorf("%s %s: not deterministic", tc.name, kind)
			}
			if dir := os.Getenv("HIJACKED_PNG"); dir != "" {
				os.WriteFile(filepath.Join(dir, tc.name+"_"+kind+".png"), data, 0o644)
			}
			t.Logf("%s %s: %v, %d bytes", tc.name, kind, b, len(data))
		}
		if tc.name == "over4" && !strings.Contains(pub.Text(), "Game over") {
			t.Errorf("game not over after 5000 moves")
		}
	}
	// A finished game's scoring table (built on a real view).
	pub, _ := hijackedViews(t, 4, 120, 5)
	v := pub.(*hijacked.PublicView)
	v.Over, v.Result = true, "Passengers and a pilot are free: the game ends. Carol wins with 41 points."
	for i := range v.Players {
		v.Players[i].FinalScore = &hijacked.ScoreLine{Seat: i, Track: 30 + i, Medals: 2, Demands: 3, Star: 5 * (i % 2), Hijackers: 4, Cards: -3 * i, Recognition: i - 2, Total: 40 + i}
	}
	img, err := Hijacked(v)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := EncodePNG(img)
	if len(data) > 150<<10 {
		t.Errorf("final: %d bytes", len(data))
	}
	if dir := os.Getenv("HIJACKED_PNG"); dir != "" {
		os.WriteFile(filepath.Join(dir, "final_public.png"), data, 0o644)
	}
	if _, err := Hijacked(nil); err == nil {
		t.Error("a nil view drew")
	}
}

func BenchmarkHijacked(b *testing.B) {
	pub, _ := hijackedViews(b, 4, 80, 7)
	for b.Loop() {
		img, _ := Hijacked(pub)
		EncodePNG(img)
	}
}
