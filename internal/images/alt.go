package images

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// What every renderer's alt text shares: Discord's limit, the budget each
// is built to, and fitting the most important facts into it.

// maxAlt is Discord's limit on an attachment's description, in characters.
const maxAlt = 1024

// altBudget is what an alt text is built to: well under maxAlt, counted in
// bytes (never fewer than Discord's characters or UTF-16 units), so that
// neither Discord nor the commands layer's byte-counting clip ever cuts a
// description in the middle of a fact.
const altBudget = 900

// altPart is a fact of a picture's description, a sentence or a few; when
// they do not all fit, whole facts of the lowest priorities (the highest
// numbers) are left out first.
type altPart struct {
	text string
	prio int
	// short, when set, stands in for text when text does not fit: a fact
	// about every player said briefly rather than for some players only.
	short string
}

// fitAltParts joins, in their own order, the facts that fit in limit
// bytes, the most important first: a fact that does not fit is left out
// whole and a less important, shorter one may still take the room. Only a
// most important fact that alone is longer than limit is cut, at its last
// sentence (or word) that fits; the renderers' facts are far shorter.
func fitAltParts(parts []altPart, limit int) string {
	order := make([]int, 0, len(parts))
	for i, p := range parts {
		if p.text != "" {
			order = append(order, i)
		}
	}
	sort.SliceStable(order, func(a, b int) bool { return parts[order[a]].prio < parts[order[b]].prio })
	kept := make([]string, len(parts))
	used := -1 // no space before the first fact
	for _, i := range order {
		for _, text := range []string{parts[i].text, parts[i].short} {
			if n := len(text) + 1; text != "" && used+n <= limit {
				kept[i] = text
				used += n
				break
			}
		}
	}
	var out []string
	for _, text := range kept {
		if text != "" {
			out = append(out, text)
		}
	}
	if len(out) == 0 && len(order) > 0 {
		return cutAtSentence(parts[order[0]].text, limit)
	}
	return strings.Join(out, " ")
}

// cutAtSentence shortens s to at most limit bytes: after its last whole
// sentence that fits, else at a word with an ellipsis.
func cutAtSentence(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	cut := s[:limit]
	if i := strings.LastIndex(cut, ". "); i > 0 {
		return cut[:i+1]
	}
	n := limit - len("…")
	for n > 0 && !utf8.RuneStart(s[n]) {
		n-- // not inside a character
	}
	cut = s[:n]
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return cut + "…"
}
