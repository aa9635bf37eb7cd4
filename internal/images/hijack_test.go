package images

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hijack"
)

// hijackViews are views worth drawing: the rulebook's example after O's
// h-j capture, a 3-player game on every size, and a finished game.
func hijackViews(t testing.TB) map[string]games.View {
	t.Helper()
	out := map[string]games.View{}
	play := func(name string, players []string, opts games.Options, moves ...string) {
		full, err := hijack.Kind.Resolve(opts)
		if err != nil {
			t.Fatal(err)
		}
		s, err := hijack.Kind.New(games.Setup{Players: players, Options: full, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			turn := -1
			for _, p := range s.Prompts() {
				if p.Turn {
					turn = p.Seat
				}
			}
			if _, err := s.Apply(turn, m); err != nil {
				t.Fatalf("%s: %s: %v", name, m, err)
			}
		}
		out[name] = s.Public()
	}
	two := []string{"Alice", "Bob"}
	three := []string{"Alice", "Bob", "Carol with a very long display name"}
	// Markers are added, then O's cell h moves onto j capturing X and O.
	play("example", two, nil, "h1", "a3", "f4", "k1", "j4", "j0", "d0", "j2", "d0-3", "j3", "d3-5", "h5", "h-j")
	for size := 2; size <= 6; size++ {
		play("three"+string(rune('0'+size)), three, games.Options{"size": size, "can_rotate": 1, "in_place": 1, "block_marker": 1},
			"a1", "b0", "c2", "a-b+", "c-")
	}
	play("over", two, games.Options{"num_pieces": 2}, "f0", "e1", "a3", "e-f")
	// A busy size-6 board: 60 additions spread over the cells, then a capture.
	var busy []string
	for i := 0; i < 60; i++ {
		busy = append(busy, fmt.Sprintf("%s%d", hijackCellName((i*37)%91), (i*5)%6))
	}
	play("busy6", three, games.Options{"size": 6, "num_pieces": 30}, busy...)
	return out
}

// hijackCellName letters cell i like the engine: a..z, aa, ab, ...
func hijackCellName(i int) string {
	if i < 26 {
		return string(rune('a' + i))
	}
	return string(rune('a'+i/26-1)) + string(rune('a'+i%26))
}

func TestHijackRender(t *testing.T) {
	views := hijackViews(t)
	for _, name := range []string{"example", "over", "three2", "three3", "three4", "three5", "three6", "busy6"} {
		v := views[name]
		img, err := Hijack(v)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b := img.Bounds()
		if b.Dx() != 1000 || b.Dy() < 800 || b.Dy() > 1500 {
			t.Errorf("%s: %dx%d", name, b.Dx(), b.Dy())
		}
		again, _ := Hijack(v)
		if !bytes.Equal(img.(*image.Paletted).Pix, again.(*image.Paletted).Pix) {
			t.Errorf("%s: same view gave different pixels", name)
		}
		// PNG encoding is slow (best compression), so only some views go
		// through it; under -race every encode costs seconds.
		if name != "example" && name != "three6" && os.Getenv("HIJACK_PNG_DIR") == "" {
			continue
		}
		data, err := EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 1<<20 {
			t.Errorf("%s: %d bytes", name, len(data))
		}
		back, err := png.Decode(bytes.NewReader(data))
		if err != nil || back.Bounds() != b {
			t.Fatalf("%s: decode %v", name, err)
		}
		if name == "example" {
			data2, _ := EncodePNG(again)
			if !bytes.Equal(data, data2) {
				t.Errorf("%s: same view gave different bytes", name)
			}
		}
		if dir := os.Getenv("HIJACK_PNG_DIR"); dir != "" {
			if err := os.WriteFile(dir+"/hijack_"+name+".png", data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if _, err := Hijack(nil); err == nil {
		t.Fatal("nil view drawn")
	}
}

func BenchmarkHijackRender(b *testing.B) {
	v := hijackViews(b)["example"]
	for i := 0; i < b.N; i++ {
		img, err := Hijack(v)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := EncodePNG(img); err != nil {
			b.Fatal(err)
		}
	}
}

// Phone width: Discord shows the image about 360 pixels wide on a phone.
// On a size-6 board the marker letters and cell names must still be
// legible there: measured on the pixels, the letter inside a marker at
// least 4.5 pixels tall at 360 wide (cap height of a 6.5-pixel font), and a
// cell name dark (luminance under 120 of 255 on the light cell) and at
// least 3.6 pixels tall (the x-height of "a").
func TestHijackLegibleAtPhoneWidth(t *testing.T) {
	const phone = 360.0
	for _, players := range []int{2, 3} {
		names := []string{"Alice", "Bob", "Carol"}[:players]
		full, _ := hijack.Kind.Resolve(games.Options{"size": 6})
		s, err := hijack.Kind.New(games.Setup{Players: names, Options: full, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		// O's marker at a0 sits above cell a's name; the last move is
		// elsewhere, so nothing is drawn over it.
		for seat, mv := range []string{"a0", "cm3", "cl3"}[:players] {
			if _, err := s.Apply(seat, mv); err != nil {
				t.Fatal(err)
			}
		}
		img, err := Hijack(s.Public())
		if err != nil {
			t.Fatal(err)
		}
		scale := phone / float64(img.Bounds().Dx())
		blue := hijackPlayers[0]
		// The board lies between the header and the score panel (whose
		// markers are at the left margin).
		board := image.Rect(int(hijackMargin)+50, int(hijackHeader), img.Bounds().Dx(), img.Bounds().Dy()-players*int(hijackRowH)-150)
		marker := bbox(img, board, func(c color.RGBA) bool { return c == blue })
		if marker.Empty() || marker.Dy() > 80 {
			t.Fatalf("%d players: O marker not found alone: %v", players, marker)
		}
		inner := marker.Inset(3)
		letter := bbox(img, inner, func(c color.RGBA) bool { return c.R == 255 && c.G == 255 && c.B == 255 })
		if h := float64(letter.Dy()) * scale; h < 4.5 {
			t.Errorf("%d players: marker letter %d pixels tall in a %d-wide image: %.1f at phone width, want 4.5 or more",
				players, letter.Dy(), img.Bounds().Dx(), h)
		}
		cx := (marker.Min.X + marker.Max.X) / 2
		below := image.Rect(cx-12, marker.Max.Y+2, cx+12, marker.Max.Y+45)
		name := bbox(img, below, func(c color.RGBA) bool { return 299*int(c.R)+587*int(c.G)+114*int(c.B) < 120*1000 })
		t.Logf("%d players: marker letter %d and cell name %d pixels tall in a %dx%d image",
			players, letter.Dy(), name.Dy(), img.Bounds().Dx(), img.Bounds().Dy())
		if h := float64(name.Dy()) * scale; h < 3.6 {
			t.Errorf("%d players: cell name \"a\" %d dark pixels tall: %.1f at phone width, want 3.6 or more",
				players, name.Dy(), h)
		}
	}
}

// bbox is the bounding box of the pixels in r that match.
func bbox(img image.Image, r image.Rectangle, match func(color.RGBA) bool) image.Rectangle {
	out := image.Rectangle{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if match(color.RGBAModel.Convert(img.At(x, y)).(color.RGBA)) {
				out = out.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return out
}

// A seat the bot plays says so on the picture, however long the bot's
// name: its row, the title while it is to move and the last move keep
// "(bot)" whole when the name is cut short, and so does the alt text.
func TestHijackBotSeatMarked(t *testing.T) {
	for _, bot := range []string{"Standoff (bot level 2)", "Standoffish Table Helper (bot level 1)"} {
		s, err := hijack.Kind.New(games.Setup{Players: []string{"alice", bot}, Options: games.Options{"size": 3, "num_pieces": 12}, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		playRandomly(t, s, 1, 1) // the bot is to move, its name in the title too
		v := s.Public().(*hijack.View)
		dc := drawHijackCanvas(v)
		said := strings.Join(dc.texts, "\n")
		releaseRGBA(dc.RGBA())
		if n := strings.Count(said, "(bot"); n < 2 || !strings.Contains(said, "(bot)") && !strings.Contains(said, bot+"\n") {
			t.Errorf("%q: the picture marks the bot's seat %d times: %q", bot, n, said)
		}
		if alt := HijackAlt(v); strings.Count(alt, "(bot") < 2 {
			t.Errorf("%q: the alt text does not name the bot's seat: %q", bot, alt)
		}
	}
	if got := hijackName("Alexandra Constantinopolous", 18); got != "Alexandra Constan…" {
		t.Errorf("a person's long name is cut to %q", got)
	}
}

// "1 markers": a count of one is said in the singular.
func TestHijackAltCountsMarkersInWords(t *testing.T) {
	v := &hijack.View{Players: []hijack.PlayerView{{Name: "alice", On: 1}, {Name: "bob", On: 2, In: 1}}}
	alt := hijackAltPlayers(v)
	if !strings.Contains(alt, "1 marker,") || strings.Contains(alt, "1 markers") || !strings.Contains(alt, "3 markers") {
		t.Fatalf("markers counted as %q", alt)
	}
}

// A seat the bot took over keeps its player's name; the view's Bot mark
// (set by the table) names it as the bot's on the picture and in the alt.
func TestHijackTakenOverSeatMarked(t *testing.T) {
	s, err := hijack.Kind.New(games.Setup{Players: []string{"alice", "bob"}, Options: games.Options{"size": 3, "num_pieces": 12}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	playRandomly(t, s, 1, 1) // bob to move: his name in the title too
	v := s.Public().(*hijack.View)
	v.MarkAutomated(1)
	dc := drawHijackCanvas(v)
	said := strings.Join(dc.texts, "\n")
	releaseRGBA(dc.RGBA())
	if !strings.Contains(said, "bob (bot)") || strings.Contains(said, "alice (bot)") {
		t.Errorf("the picture does not mark bob's seat: %q", said)
	}
	if alt := HijackAlt(v); !strings.Contains(alt, "bob (bot)") {
		t.Errorf("the alt text does not mark bob's seat: %q", alt)
	}
}
