package images

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hunted"
)

// huntedView plays a seeded game with random legal moves and returns its view.
func huntedView(t testing.TB, names []string, seed uint64, moves int, stop func(v *hunted.PublicView) bool) *hunted.PublicView {
	t.Helper()
	s, err := hunted.Kind.New(games.Setup{Players: names, Options: games.Options{"health": 6, "time": 20}, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := games.NewRNG(seed)
	for range moves {
		if s.Outcome() != nil {
			break
		}
		if stop != nil && stop(s.Public().(*hunted.PublicView)) {
			break
		}
		p := s.Prompts()[0]
		legal := s.Legal(p.Seat)
		if _, err := s.Apply(p.Seat, legal[rng.Intn(len(legal))]); err != nil {
			t.Fatal(err)
		}
	}
	return s.Public().(*hunted.PublicView)
}

// huntedRowView finds a seeded game whose row holds at least five cards.
func huntedRowView(t testing.TB) *hunted.PublicView {
	full := func(v *hunted.PublicView) bool { return len(v.Players[0].Row) >= 5 }
	for seed := uint64(1); seed < 200; seed++ {
		if v := huntedView(t, []string{"Alice"}, seed, 400, full); full(v) {
			return v
		}
	}
	t.Fatal("no game with five cards in the row")
	return nil
}

// TestHuntedRenders draws views from several moments of seeded games: the
// image is wide enough for a phone to zoom, small as a PNG, deterministic,
// and shows the fight and the dice faces the view holds.
func TestHuntedRenders(t *testing.T) {
	views := map[string]*hunted.PublicView{
		"start": huntedView(t, []string{"Alice"}, 3, 0, nil),
		"fight": huntedView(t, []string{"Alice"}, 3, 400, func(v *hunted.PublicView) bool { return v.Fight != nil && len(v.Rolls) > 0 }),
		"mid":   huntedView(t, []string{"Alice"}, 9, 25, nil),
		"row":   huntedRowView(t),
		"coop":  huntedView(t, []string{"Alice", "Bob"}, 4, 30, nil),
		"over":  huntedView(t, []string{"Alice"}, 5, 5000, nil),
	}
	for name, v := range views {
		img, err := Hunted(v)
		if err != nil {
			t.Fatal(err)
		}
		b := img.Bounds()
		if b.Dx() < 1000 || b.Dy() < 400 || b.Dy() > 3000 {
			t.Fatalf("%s: size %v", name, b)
		}
		data, err := EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 150_000 {
			t.Fatalf("%s: %d bytes, want well under 150 KB", name, len(data))
		}
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("HUNTED_PNG"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "hunted-"+name+".png"), data, 0o644)
		}
	}
	// The image says what the view says: the fight's name and the dice faces.
	v := views["fight"]
	if v.Fight == nil || len(v.Rolls) == 0 {
		t.Fatal("no fight in the fight view")
	}
	texts := huntedTexts(v)
	if !strings.Contains(texts, v.Fight.Name) {
		t.Fatalf("fight %q not drawn", v.Fight.Name)
	}
	last := v.Rolls[len(v.Rolls)-1]
	if !strings.Contains(texts, itoa(last.Dice[0].Value())) || !strings.Contains(texts, last.Outcome) {
		t.Fatal("die face or outcome not drawn")
	}
	// Same view, same image.
	a, _ := Hunted(views["mid"])
	b, _ := Hunted(views["mid"])
	da, _ := EncodePNG(a)
	db, _ := EncodePNG(b)
	if !bytes.Equal(da, db) {
		t.Fatal("same view, different image")
	}
	if _, err := Hunted(nil); err == nil {
		t.Fatal("drew a nil view")
	}
}

func BenchmarkHuntedRender(b *testing.B) {
	v := huntedView(b, []string{"Alice"}, 9, 25, nil)
	for b.Loop() {
		img, _ := Hunted(v)
		_, _ = EncodePNG(img)
	}
}
