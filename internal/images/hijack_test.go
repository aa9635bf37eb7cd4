package images

import (
	"bytes"
	"image"
	"image/png"
	"os"
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
	return out
}

func TestHijackRender(t *testing.T) {
	views := hijackViews(t)
	for _, name := range []string{"example", "over", "three2", "three3", "three4", "three5", "three6"} {
		v := views[name]
		img, err := Hijack(v)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		b := img.Bounds()
		if b.Dx() != 1000 || b.Dy() < 800 || b.Dy() > 1400 {
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
