package images

import (
	"strings"

	"golang.org/x/image/font"
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
// and an ellipsis, never inside a word.
func wrapWords(s string, size float64, bold bool, width float64, max int) []string {
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
