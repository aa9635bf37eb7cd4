package images

import (
	"bytes"
	"image"
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
// turn picture and the full board are at least 1000 px wide, small as
// PNGs, deterministic, and show the fight and the dice faces the view
// holds.
func TestHuntedRenders(t *testing.T) {
	views := map[string]*hunted.PublicView{
		"start": huntedView(t, []string{"Alice"}, 3, 0, nil),
		"fight": huntedView(t, []string{"Alice"}, 3, 400, func(v *hunted.PublicView) bool { return v.Fight != nil && len(v.Rolls) > 0 }),
		"mid":   huntedView(t, []string{"Alice"}, 9, 25, nil),
		"row":   huntedRowView(t),
		"coop":  huntedView(t, []string{"Alice", "Bob"}, 4, 30, nil),
		"over":  huntedView(t, []string{"Alice"}, 5, 5000, nil),
		"busy":  huntedBusyView(t),
	}
	for name, v := range views {
		huntedRenders(t, name, v, Hunted)
		huntedRenders(t, name+"-full", v, HuntedFull)
	}
	// The image says what the view says: the fight's name and the dice faces.
	v := views["fight"]
	if v.Fight == nil || len(v.Rolls) == 0 {
		t.Fatal("no fight in the fight view")
	}
	for _, texts := range []string{huntedTexts(v), strings.Join(huntedFullBoard(v).texts, "\n")} {
		if !strings.Contains(texts, v.Fight.Name) {
			t.Fatalf("fight %q not drawn", v.Fight.Name)
		}
		last := v.Rolls[len(v.Rolls)-1]
		if !strings.Contains(texts, itoa(last.Dice[0].Value())) || !strings.Contains(texts, last.Outcome) {
			t.Fatal("die face or outcome not drawn")
		}
	}
	// Same view, same image.
	for _, draw := range []func(games.View) (image.Image, error){Hunted, HuntedFull} {
		a, _ := draw(views["mid"])
		b, _ := draw(views["mid"])
		da, _ := EncodePNG(a)
		db, _ := EncodePNG(b)
		if !bytes.Equal(da, db) {
			t.Fatal("same view, different image")
		}
		if _, err := draw(nil); err == nil {
			t.Fatal("drew a nil view")
		}
	}
}

// huntedRenders draws one picture of a view and checks its size.
func huntedRenders(t *testing.T, name string, v *hunted.PublicView, draw func(games.View) (image.Image, error)) {
	t.Helper()
	img, err := draw(v)
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

// huntedBusyView is a crowded board no game reaches at random: every
// card a few seeded games showed, two rows of nine and seven cards,
// weapons with six magazines, a four-target fight with hostages, five
// boosted dice (the widest labels), long names and lines.
func huntedBusyView(t testing.TB) *hunted.PublicView {
	seen := map[string]bool{}
	var cards []hunted.CardView
	for seed := uint64(1); seed < 40; seed++ {
		v := huntedView(t, []string{"Alice", "Bob"}, seed, 60, nil)
		var all []hunted.CardView
		for _, p := range v.Players {
			all = append(append(all, p.Row...), p.Inv...)
		}
		for _, c := range append(all, v.Shared...) {
			if !seen[c.ID] {
				seen[c.ID] = true
				cards = append(cards, c)
			}
		}
	}
	if len(cards) < 20 {
		t.Fatalf("only %d different cards seen", len(cards))
	}
	for i := range cards {
		if cards[i].Type == "weapon" {
			cards[i].Mags = 6
		}
	}
	v := *huntedView(t, []string{"Alice", "Bob"}, 4, 30, nil)
	v.Players = append([]hunted.PlayerView(nil), v.Players...)
	v.Players[0].Name = "Maximiliana Longname"
	v.Players[0].Keys, v.Players[0].Regroup = 3, 12
	v.Players[0].Row, v.Players[0].Inv = cards[:9], cards[9:16]
	v.Players[1].Row = cards[len(cards)-7:]
	long := strings.Repeat("a long line that goes on ", 10)
	dice := []hunted.Die{{Sides: 6, Face: 5}, {Sides: 8, Face: 8, Boost: 1}, {Sides: 10, Face: 10, Boost: 2}, {Sides: 10, Face: 9, Boost: 3}, {Sides: 6, Face: 3}}
	v.Fight = &hunted.FightView{Name: "Heavy and Spotter " + long, Targets: []int{5, 3, 10, 12}, Hit: []bool{true, false, true, false}, HostageIcon: true, Round: 2, Fighter: v.Players[0].Name}
	v.Roll = &hunted.RollView{Who: v.Players[0].Name, What: long, Dice: dice}
	v.Rolls = []hunted.RollView{{Who: "Bob", What: "test", Dice: dice, Outcome: long}, {Who: "Bob", What: "test", Dice: dice[:2], Outcome: "passed"}}
	v.Events = append(v.Events, long)
	v.Prompt = long
	return &v
}

// TestHuntedStaysInside: nothing a crowded board shows runs past the
// right margin (text cut at the picture's edge, a card or die beyond it):
// outside the header and legend bands, which are full width, the last
// columns are bare paper.
func TestHuntedStaysInside(t *testing.T) {
	views := map[string]*hunted.PublicView{
		"busy":  huntedBusyView(t),
		"coop":  huntedView(t, []string{"Alice", "Bob"}, 4, 30, nil),
		"fight": huntedView(t, []string{"Alice"}, 3, 400, func(v *hunted.PublicView) bool { return v.Fight != nil && len(v.Rolls) > 0 }),
	}
	for name, v := range views {
		dc := huntedTurnBoard(v)
		huntedInsideMargin(t, name, dc)
		releaseRGBA(dc.RGBA())
		if dir := os.Getenv("HUNTED_PNG"); dir != "" {
			huntedRenders(t, "inside-"+name, v, Hunted)
		}
		img := huntedFullBoard(v).RGBA()
		b := img.Bounds()
		edge := b.Max.X - int(huntedFullMargin)/2
		for y := b.Min.Y; y < b.Max.Y; y++ {
			if img.RGBAAt(0, y) != huntedPaper {
				continue // a full-width band
			}
			for x := edge; x < b.Max.X; x++ {
				if c := img.RGBAAt(x, y); c != huntedPaper {
					t.Fatalf("%s (full): %v drawn at (%d, %d), in the right margin", name, c, x, y)
				}
			}
		}
		releaseRGBA(img)
	}
}

func BenchmarkHuntedRender(b *testing.B) {
	v := huntedView(b, []string{"Alice"}, 9, 25, nil)
	for b.Loop() {
		img, _ := Hunted(v)
		_, _ = EncodePNG(img)
	}
}

// TestHuntedNewFightPanel: the panel of a fight that has just begun shows
// its targets and no dice: none of the previous fight's ("→ hits 5 and 3"
// before any roll).
func TestHuntedNewFightPanel(t *testing.T) {
	for seed := uint64(1); seed < 300; seed++ {
		s, err := hunted.Kind.New(games.Setup{Players: []string{"Alice"}, Options: games.Options{"health": 6, "time": 20}, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := games.NewRNG(seed)
		fought := false
		for n := 0; n < 2000 && s.Outcome() == nil; n++ {
			v := s.Public().(*hunted.PublicView)
			if fought && v.Fight != nil && v.Fight.Round == 0 && v.Roll == nil {
				texts := huntedTexts(v)
				if !strings.Contains(texts, "FIGHT: "+v.Fight.Name) {
					t.Fatalf("seed %d: the new fight is not drawn", seed)
				}
				if strings.Contains(texts, " vs ") || strings.Contains(texts, "hits ") {
					t.Fatalf("seed %d: a new fight's panel shows earlier dice:\n%s", seed, texts)
				}
				if dir := os.Getenv("HUNTED_PNG"); dir != "" {
					img, _ := Hunted(v)
					data, _ := EncodePNG(img)
					_ = os.WriteFile(filepath.Join(dir, "hunted-new-fight.png"), data, 0o644)
				}
				return
			}
			for _, r := range v.Rolls {
				fought = fought || strings.Contains(r.What, " vs ")
			}
			legal := s.Legal(s.Prompts()[0].Seat)
			if _, err := s.Apply(s.Prompts()[0].Seat, legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no seeded game began a second fight")
}

// A weapon out of ammo says the magazines it can still be reloaded with, on
// the card and in the alt text (play-test: "bare hands: 1 d6" while Reload
// offered "1 magazine left"); with none left it is bare hands alone.
func TestHuntedBareHandsShowsMagazines(t *testing.T) {
	c := hunted.CardView{Type: "weapon", Flipped: true, Mags: 1}
	for _, inInv := range []bool{true, false} {
		if got := huntedDoes(c, inInv); got != "bare hands: 1 d6 · 1 mag" {
			t.Errorf("flipped with a magazine (in inventory %v): %q", inInv, got)
		}
	}
	c.Mags = 0
	if got := huntedDoes(c, true); got != "bare hands: 1 d6" {
		t.Errorf("flipped with none: %q", got)
	}
}
