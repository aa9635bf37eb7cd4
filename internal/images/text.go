package images

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// Text cut and wrapped to a width, for every game. Canvas.Fit and
// Canvas.Wrap (canvas.go) do it at a canvas's font; these measure at a
// size and weight, so a layout can wrap its text before the picture's
// height is known.

// fitLines wraps s to width in a font, at most n lines, the last cut with
// an ellipsis when more would follow. dc only measures.
func fitLines(dc *Canvas, s string, size float64, bold bool, width float64, n int) []string {
	dc.Font(size, bold)
	lines := dc.Wrap(s, width)
	if len(lines) <= n {
		return lines
	}
	out := append([]string{}, lines[:n]...)
	out[n-1] = dc.Fit(out[n-1]+" "+lines[n], width)
	if !strings.HasSuffix(out[n-1], "…") {
		out[n-1] = dc.Fit(out[n-1]+"…", width)
	}
	return out
}

// measurer measures strings at a size, without a canvas: the layout
// wraps text before the picture's height is known.
func measurer(size float64, bold bool) func(string) float64 {
	f := cachedFaceFor(size, bold)
	if cf, ok := f.(*cachedFace); ok {
		return func(s string) float64 { return float64(cf.measure(s) >> 6) }
	}
	return func(s string) float64 { return float64(font.MeasureString(f, s) >> 6) }
}

// fitText is s, or its longest start with an ellipsis that fits width.
func fitText(s string, size float64, bold bool, width float64) string {
	m := measurer(size, bold)
	if m(s) <= width {
		return s
	}
	r := []rune(s)
	lo, hi := 1, len(r)-1 // r[:lo]+"…" is kept even when it does not fit
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m(string(r[:mid])+"…") <= width {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(r[:lo]) + "…"
}

// wrapWords breaks s into lines of width at most, and at most max lines;
// when the text goes on, the last line ends with the whole words that fit
// and an ellipsis, never inside a word. A line's width is carried from
// word to word (each word measured alone, its kerning with the space
// added), not measured again whole with each word: a turn picture wraps
// every event it shows at each move, and every longer line measured and
// kept crowded the face's widths out of its cache.
func wrapWords(s string, size float64, bold bool, width float64, max int) []string {
	w := joinMeasurer(size, bold)
	var lines []string
	var line []string
	var lineW fixed.Int26_6
	words := splitWords(s)
	for i, word := range words {
		tryW := w.word(word)
		if len(line) > 0 {
			tryW = w.join(lineW, line[len(line)-1], word)
		}
		if float64(tryW>>6) <= width || len(line) == 0 {
			line, lineW = append(line, word), tryW
			continue
		}
		lines = append(lines, strings.Join(line, " "))
		if len(lines) == max-1 {
			return append(lines, fitWords(words[i:], size, bold, width))
		}
		line, lineW = append(line[:0], word), w.word(word)
	}
	if len(line) > 0 {
		lines = append(lines, fitWords(line, size, bold, width))
	}
	return lines
}

// wordsWidth measures words joined by spaces from the widths of the words
// alone: a string's advance is its runes' advances and the kerning of each
// pair, so the sum is exactly what measuring the joined string gives.
type wordsWidth struct {
	f     *cachedFace
	space fixed.Int26_6
}

func joinMeasurer(size float64, bold bool) wordsWidth {
	f := cachedFaceFor(size, bold).(*cachedFace)
	return wordsWidth{f: f, space: f.measure(" ")}
}

func (w wordsWidth) word(s string) fixed.Int26_6 { return w.f.measure(s) }

// join is the advance of a line of width lineW ending with the word last,
// a space and word.
func (w wordsWidth) join(lineW fixed.Int26_6, last, word string) fixed.Int26_6 {
	l, _ := utf8.DecodeLastRuneInString(last)
	r, _ := utf8.DecodeRuneInString(word)
	return lineW + w.f.Kern(l, ' ') + w.space + w.f.Kern(' ', r) + w.f.measure(word)
}

// fitWords is the words on one line, or as many whole words as fit with
// an ellipsis after them; only a first word too wide alone is cut.
func fitWords(words []string, size float64, bold bool, width float64) string {
	m := measurer(size, bold)
	all := strings.Join(words, " ")
	if m(all) <= width {
		return all
	}
	for n := len(words) - 1; n > 0; n-- {
		if s := strings.Join(words[:n], " ") + " …"; m(s) <= width {
			return s
		}
	}
	return fitText(words[0], size, bold, width)
}

// splitWords splits at spaces, dropping empty words.
func splitWords(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		switch {
		case r == ' ' && start >= 0:
			out = append(out, s[start:i])
			start = -1
		case r != ' ' && start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}
