package images

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// botMark follows the name of a seat the bot plays.
const botMark = " (bot)"

// seatName is a seat's name, marked when the bot plays it. The table
// marks only a person's seat the bot took over (a vote, a player away),
// which keeps its player's name in the game; a seat the bot sat in from
// the start is named as the bot's already and never marked.
func seatName(name string, bot bool) string {
	if bot && !hasBotMark(name) {
		return name + botMark
	}
	return name
}

// hasBotMark says a name carries the mark already, so it is not marked
// twice: a display name that ends "(bot)", or the bot's own seats' names
// ("Standoff (bot level 2)") where a view flags them anyway.
func hasBotMark(name string) bool {
	return strings.Contains(strings.ToLower(name), "(bot")
}

// cutSeat is name, or its longest start with an ellipsis that fits. A
// name with the bot's mark keeps the mark whole ("Alexandra… (bot)"), so
// the table always sees which seat is the bot's however long the name.
func cutSeat(name string, fits func(string) bool) string {
	if fits(name) {
		return name
	}
	base, mark := []rune(name), ""
	if i := strings.Index(strings.ToLower(name), "(bot"); i > 0 && strings.TrimSpace(name[:i]) != "" {
		b := strings.TrimSpace(name[:i])
		if fits(b + botMark) {
			return b + botMark
		}
		base, mark = []rune(b), botMark
	}
	for len(base) > 1 {
		base = base[:len(base)-1]
		if fits(string(base) + "…" + mark) {
			break
		}
	}
	return string(base) + "…" + mark
}

// clipSeat is a seat's name in at most n letters, its bot mark kept whole.
func clipSeat(name string, n int) string {
	return cutSeat(name, func(s string) bool { return utf8.RuneCountInString(s) <= n })
}

// fitSeat is a seat's name cut to width in the given face, its bot mark
// kept whole.
func fitSeat(name string, size float64, bold bool, width float64) string {
	m := measurer(size, bold)
	return cutSeat(name, func(s string) bool { return m(s) <= width })
}

// FitSeat is a seat's name cut to width in the canvas's face, its bot
// mark kept whole.
func (dc *Canvas) FitSeat(name string, width float64) string {
	return cutSeat(name, dc.fitsCanvas(width))
}

// markSeats marks, in a sentence the game wrote with its players' names
// ("bob is placing dice"), the names of the seats the bot plays. A name is
// matched whole (not inside a word or a longer player's name) and a
// sentence without a bot seat comes back as it was.
func markSeats(text string, names []string, bot []bool) string {
	marked := false
	for i := range names {
		if i < len(bot) && bot[i] && !hasBotMark(names[i]) && names[i] != "" {
			marked = true
		}
	}
	if !marked {
		return text
	}
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return len(names[order[a]]) > len(names[order[b]]) })
	taken := make([]bool, len(text))
	var ends []int // where a bot seat's name ends
	for _, seat := range order {
		name := names[seat]
		if name == "" {
			continue
		}
		for from := 0; from+len(name) <= len(text); {
			i := strings.Index(text[from:], name)
			if i < 0 {
				break
			}
			i += from
			j := i + len(name)
			from = i + 1
			if !wordEdge(text, i, j) || taken[i] || taken[j-1] {
				continue
			}
			for k := i; k < j; k++ {
				taken[k] = true
			}
			if seat < len(bot) && bot[seat] && !hasBotMark(name) && !strings.HasPrefix(strings.ToLower(text[j:]), botMark) {
				ends = append(ends, j)
			}
			from = j
		}
	}
	if len(ends) == 0 {
		return text
	}
	sort.Ints(ends)
	var b strings.Builder
	last := 0
	for _, e := range ends {
		b.WriteString(text[last:e])
		b.WriteString(botMark)
		last = e
	}
	b.WriteString(text[last:])
	return b.String()
}

// wordEdge says text[i:j] is not part of a longer word.
func wordEdge(text string, i, j int) bool {
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	if r, _ := utf8.DecodeLastRuneInString(text[:i]); i > 0 && word(r) {
		return false
	}
	if r, _ := utf8.DecodeRuneInString(text[j:]); j < len(text) && word(r) {
		return false
	}
	return true
}

// fitSeatThen is name followed by rest ("bob (bot)'s turn"), cut in the
// name when it does not fit, so a marked name keeps its mark and the rest.
// An unmarked name is left to the caller's own cut, as it always was.
func fitSeatThen(name, rest string, fits func(string) bool) string {
	if !hasBotMark(name) || fits(name+rest) {
		return name + rest
	}
	return cutSeat(name, func(s string) bool { return fits(s + rest) }) + rest
}

// fitsCanvas says whether a text fits width in the canvas's current face.
func (dc *Canvas) fitsCanvas(width float64) func(string) bool {
	return func(s string) bool { w, _ := dc.MeasureString(s); return w <= width }
}

// markedNames are the seats' names as pictures show them, and whether any
// seat is marked as the bot's.
func markedNames(names []string, bot []bool) ([]string, bool) {
	out := make([]string, len(names))
	marked := false
	for i, n := range names {
		out[i] = seatName(n, i < len(bot) && bot[i])
		marked = marked || out[i] != n
	}
	return out, marked
}

// markedPlayers is a view's players as its pictures name them: a copy with
// each bot-played seat's name marked (seat gives a player's name to mark
// and whether the bot plays it), and the names and marks it read, to mark
// the view's sentences too. ok is false when no seat is marked: players
// are then the view's own.
func markedPlayers[P any](players []P, seat func(*P) (*string, bool)) (out []P, names []string, bots []bool, ok bool) {
	names, bots = make([]string, len(players)), make([]bool, len(players))
	for i := range players {
		name, bot := seat(&players[i])
		names[i], bots[i] = *name, bot
	}
	shown, marked := markedNames(names, bots)
	if !marked {
		return players, names, bots, false
	}
	out = append([]P(nil), players...)
	for i := range out {
		name, _ := seat(&out[i])
		*name = shown[i]
	}
	return out, names, bots, true
}
