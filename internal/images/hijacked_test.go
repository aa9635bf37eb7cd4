package images

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"math"
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

// The turn picture and the full board are drawn at least 1000 px wide (the
// turn picture at most 2600 px high), well under 150 KB, and the same view
// always gives the same picture. HIJACKED_PNG=dir writes the pictures and
// their alt texts.
func TestHijackedRenders(t *testing.T) {
	for _, tc := range []struct {
		name           string
		players, moves int
		seed           uint64
	}{{"start4", 4, 0, 1}, {"mid3", 3, 60, 2}, {"late2", 2, 160, 3}, {"over4", 4, 5000, 4}, {"solo", 1, 30, 3}} {
		pub, priv := hijackedGoldenView(t, tc.players, tc.moves, tc.seed)
		if priv == nil || priv.(*hijacked.PrivateView) == nil {
			_, priv = hijackedViews(t, 2, 0, tc.seed) // a made-up hand
		}
		for kind, v := range map[string]games.View{"public": pub, "private": priv} {
			hijackedCheckRender(t, tc.name+"_"+kind, v, Hijacked)
			hijackedCheckRender(t, tc.name+"_"+kind+"_full", v, HijackedFull)
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
	hijackedCheckRender(t, "final_public", v, Hijacked)
	hijackedCheckRender(t, "final_public_full", v, HijackedFull)
	for _, draw := range []func(games.View) (image.Image, error){Hijacked, HijackedFull} {
		if _, err := draw(nil); err == nil {
			t.Error("a nil view drew")
		}
	}
}

// hijackedCheckRender draws a view twice and checks the picture's size, bytes
// and sameness; HIJACKED_PNG=dir writes it and its alt text.
func hijackedCheckRender(t *testing.T, name string, v games.View, draw func(games.View) (image.Image, error)) {
	t.Helper()
	img, err := draw(v)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() < 1000 || (!strings.HasSuffix(name, "_full") && b.Dy() > 2600) {
		t.Fatalf("%s: size %v", name, b)
	}
	data, err := EncodePNG(img)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 150<<10 {
		t.Errorf("%s: %d bytes", name, len(data))
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Fatal(err)
	}
	again, _ := draw(v)
	if data2, _ := EncodePNG(again); !bytes.Equal(data, data2) {
		t.Errorf("%s: not deterministic", name)
	}
	if dir := os.Getenv("HIJACKED_PNG"); dir != "" {
		os.WriteFile(filepath.Join(dir, name+".png"), data, 0o644)
		os.WriteFile(filepath.Join(dir, name+".alt.txt"), []byte(HijackedAlt(v)+"\n"), 0o644)
	}
	t.Logf("%s: %v, %d bytes", name, b, len(data))
}

func BenchmarkHijacked(b *testing.B) {
	pub, _ := hijackedViews(b, 4, 80, 7)
	for b.Loop() {
		img, _ := Hijacked(pub)
		EncodePNG(img)
	}
}

// Every hijacker's rules text wraps to at most the three lines its card
// shows (hijackedFullHijackers drops any more), read from the game's own data.
func TestHijackedTextsFit(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "games", "hijacked", "hijacked.json"))
	if err != nil {
		t.Fatal(err)
	}
	var data struct {
		Hijackers []struct{ Name, Text string }
	}
	if err := json.Unmarshal(raw, &data); err != nil {
		t.Fatal(err)
	}
	if len(data.Hijackers) == 0 {
		t.Fatal("no hijackers in the game's data")
	}
	// Wrapped with the shared face (as drawn) and with a fresh one (gg's
	// own wrapping, nothing kept).
	for _, shared := range []bool{true, false} {
		dc := hijackedNewCanvas(hijackedWidth, 100)
		if shared {
			dc.Font(hijackedFullHijackerTextSize, false)
		} else {
			dc.SetFontFace(Face(hijackedFullHijackerTextSize, false))
		}
		for _, h := range data.Hijackers {
			if h.Text == "" {
				t.Errorf("%s: no text", h.Name)
			}
			if lines := dc.Wrap(h.Text, hijackedFullHijackerW-16); len(lines) > 3 {
				t.Errorf("%s (shared face %v): %d lines: %q", h.Name, shared, len(lines), lines)
			}
		}
	}
}

// The boxes of the 1000 px layout (radii 4 to 8, the dice's fractional
// ones, the police track's spaces at every length of track) put together
// from a small box give gg's pixels, as TestHijackedBoxAsDrawn checks for
// the boxes it lists.
func TestHijackedLayoutBoxesAsDrawn(t *testing.T) {
	boxes := []hijackedTestBox{
		{hijackedRowMargin, 20, hijackedWidth - 2*hijackedRowMargin, hijackedFullPlayerH - 7, 8, hijackedPanel, hijackedLine},
		{hijackedRowMargin, 20, hijackedWidth - 2*hijackedRowMargin, hijackedFullPlayerH - 7, 8, hijackedOnTurnBg, hijackedLine},
		{20, 28, 122, 148, 8, hijackedBack, hijackedBack},
		{150, 28, 122, 148, 8, hijackedPaper, hijackedLine},
		{280, 28, 122, 148, 8, hijackedPanel, hijackedCardBg["yellow"]},
		{20, 28, hijackedFullHijackerW, 127, 8, hijackedPanel, hijackedInk},
		{807, 28, 98, 70, 7, hijackedBack, hijackedBack},
		{807, 106, 98, 70, 7, hijackedPanel, hijackedLine},
		{20, 28, 30, 30, 5, hijackedPanel, hijackedInk},
		{97, 45, 37, 20, 4, hijackedPaper, hijackedLine},
		{139, 45, 37, 20, 4, hijackedPlayer[2], hijackedLine},
		{20, 75, 50, 22, 4, hijackedCardBg["gray"], hijackedCardBg["gray"]},
		{517, 33, 40, hijackedFullTrackSpaceH, 4, hijackedPanel, hijackedLine},
		{935, 28, 45, 45, 45 * 0.18, hijackedPanel, hijackedInk},
		{883, 28, 45, 45, 45 * 0.18, hijackedBonusBg, hijackedInk},
		{27, 150, 32, 32, 32 * 0.18, hijackedMiniBg, hijackedInk},
	}
	for far := 6; far <= 20; far++ {
		step := math.Floor(450 / float64(far+1))
		boxes = append(boxes, hijackedTestBox{hijackedFullMargin + 450 - step, 33, step - 2, hijackedFullTrackSpaceH, 4, hijackedPlaneBg, hijackedLine},
			hijackedTestBox{hijackedFullMargin + 450 - float64(far+1)*step, 33, step - 2, hijackedFullTrackSpaceH, 4, hijackedPanel, hijackedLine})
	}
	checkBoxesAsDrawn(t, boxes, 200)
}

// hijackedTestBox is a rounded box as the renderers draw them.
type hijackedTestBox struct {
	x, y, w, h, r float64
	fill, line    color.RGBA
}

// checkBoxesAsDrawn draws each box with roundedBox and with gg on a canvas
// of the picture's width and the given height: every box lies on whole
// pixels and the two agree within 3 of 255 per channel.
func checkBoxesAsDrawn(t *testing.T, boxes []hijackedTestBox, height int) {
	t.Helper()
	for _, c := range boxes {
		if c.x != math.Trunc(c.x) || c.w != math.Trunc(c.w) || c.h != math.Trunc(c.h) {
			t.Fatalf("box %v: not on whole pixels", c)
		}
		fast, ref := hijackedNewCanvas(hijackedWidth, height), hijackedNewCanvas(hijackedWidth, height)
		roundedBox(fast, c.x, c.y, c.w, c.h, c.r, c.fill, c.line)
		roundedBoxGG(ref, c.x, c.y, c.w, c.h, c.r, c.fill, c.line)
		a, b := fast.RGBA().Pix, ref.RGBA().Pix
		for i := range a {
			if d := int(a[i]) - int(b[i]); d > 3 || d < -3 {
				t.Fatalf("box %v: pixel %d,%d is %d, gg draws %d", c, i/4%hijackedWidth, i/4/hijackedWidth, a[i], b[i])
			}
		}
		releaseRGBA(fast.RGBA())
		releaseRGBA(ref.RGBA())
	}
}

// The player on turn reads "ON TURN" in full beside their name, however
// long the name and whatever other tags the row has (the starting
// player's is cut short first).
func TestHijackedOnTurnShown(t *testing.T) {
	for _, names := range [][]string{{"Alice", "Bob", "Carol", "Dave"}, {"Bartholomew", "Maximiliana", "Christopher", "Anastasia"}} {
		s, err := hijacked.Kind.New(games.Setup{Players: names, Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		v := s.Public().(*hijacked.PublicView)
		if v.Over || !v.Players[v.Turn].Starting {
			t.Fatalf("want a fresh game with its starting player on turn, got turn %d", v.Turn)
		}
		dc := hijackedFullTable(v)
		want := v.Players[v.Turn].Name
		found := false
		for _, s := range dc.texts {
			if strings.Contains(s, "ON TURN") {
				found = true
			}
		}
		if !found {
			t.Errorf("%s on turn: no text says ON TURN in full; the texts: %q", want, dc.texts)
		}
		releaseRGBA(dc.RGBA())
	}
}

func TestPointsAbbreviatedInCorrectEnglish(t *testing.T) {
	for n, want := range map[int]string{0: "0 pts", 1: "1 pt", -1: "-1 pt", 2: "2 pts", 27: "27 pts"} {
		if got := ptsText(n); got != want {
			t.Errorf("ptsText(%d) = %q, want %q", n, got, want)
		}
	}
}
