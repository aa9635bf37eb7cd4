package images

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hunted"
)

// wrapWordsWhole is wrapWords as it was: each line measured again whole
// with every word added. wrapWords must break where it did.
func wrapWordsWhole(s string, size float64, bold bool, width float64, max int) []string {
	m := measurer(size, bold)
	var lines []string
	line := ""
	words := splitWords(s)
	for i, w := range words {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if m(try) <= width || line == "" {
			line = try
			continue
		}
		lines = append(lines, line)
		if len(lines) == max-1 {
			return append(lines, fitWords(words[i:], size, bold, width))
		}
		line = w
	}
	if line != "" {
		lines = append(lines, fitWords(splitWords(line), size, bold, width))
	}
	return lines
}

// wrapCorpus is Hunted's events of a few played games, and texts whose
// words kern with the space around them.
func wrapCorpus(t testing.TB) []string {
	texts := []string{
		"AVA Tower: LT. Vorn WAVES at Yvonne, \"Today\" we Av. Ty. P.A. V. W. Y. T.",
		"A. A. A. A. A. A. A. A. A. A. A. A. A. A. A. A. A. A. A. A. A. A. A. A.",
		"Ünïcødé wörds ‘quoted’ — dashed… and a verylongwordthatcannotfitonalineatallbecauseitgoesonandon end",
		"", "   ", "one",
	}
	for seed := uint64(1); seed <= 4; seed++ {
		names := []string{"Ann", "Bob"}[:1+seed%2]
		s, err := hunted.Kind.New(games.Setup{Players: names, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		rng := games.NewRNG(seed)
		for range 200 {
			if s.Outcome() != nil {
				break
			}
			randomMove(t, s, rng)
			texts = append(texts, huntedTurnRecentEvents(s.Public().(*hunted.PublicView), 2)...)
		}
	}
	slices.Sort(texts)
	return slices.Compact(texts)
}

func TestWrapWordsBreaksWhereMeasuringWholeLinesDid(t *testing.T) {
	texts := wrapCorpus(t)
	for _, size := range []float64{huntedTurnBody, huntedTurnHead, 41} {
		for _, bold := range []bool{false, true} {
			for _, width := range []float64{60, 233, 500, huntedTurnWidth} {
				for _, max := range []int{1, 2, 4} {
					for _, s := range texts {
						got, want := wrapWords(s, size, bold, width, max), wrapWordsWhole(s, size, bold, width, max)
						if !slices.Equal(got, want) {
							t.Fatalf("wrapWords(%q, %v, %v, %v, %d) = %q, measuring whole lines gives %q", s, size, bold, width, max, got, want)
						}
					}
				}
			}
		}
	}
}

// BenchmarkWrapWords wraps Hunted's events as its turn picture does:
// carried is wrapWords, whole measures each line again with every word.
func BenchmarkWrapWords(b *testing.B) {
	texts := wrapCorpus(b)
	long := texts[:0:0]
	for _, s := range texts {
		if len(strings.Fields(s)) >= 8 {
			long = append(long, s)
		}
	}
	for _, impl := range []struct {
		name string
		wrap func(string, float64, bool, float64, int) []string
	}{{"carried", wrapWords}, {"whole", wrapWordsWhole}} {
		b.Run(fmt.Sprintf("impl=%s", impl.name), func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				impl.wrap(long[i%len(long)], huntedTurnBody, false, huntedTurnWidth, huntedTurnRecentLines)
				i++
			}
		})
	}
}
