package images

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// What every renderer's alt text shares: Discord's limit, and fitting the
// most important sentences into it.

// maxAlt is Discord's limit on an attachment's description, in characters.
const maxAlt = 1024

// altPart is a sentence of a picture's description; when they do not all
// fit, the lowest priorities (the highest numbers) are left out first.
type altPart struct {
	text string
	prio int
}

// fitAltParts joins the parts that fit in limit characters, in their own
// order, keeping the most important; the first priority alone is cut at a
// word when even it is too long.
func fitAltParts(parts []altPart, limit int) string {
	order := make([]int, len(parts))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return parts[order[a]].prio < parts[order[b]].prio })
	keep := make([]bool, len(parts))
	used := -1 // no space before the first part
	for _, i := range order {
		n := utf8.RuneCountInString(parts[i].text) + 1
		if used+n <= limit {
			keep[i] = true
			used += n
		}
	}
	var out []string
	for i, p := range parts {
		if keep[i] {
			out = append(out, p.text)
		}
	}
	if len(out) == 0 && len(parts) > 0 {
		return cutAtWord(parts[order[0]].text, limit)
	}
	return strings.Join(out, " ")
}

// cutAtWord shortens s to at most limit characters, at a space, with an
// ellipsis.
func cutAtWord(s string, limit int) string {
	r := []rune(s)
	if len(r) <= limit {
		return s
	}
	cut := string(r[:limit-1])
	if i := strings.LastIndex(cut, " "); i > 0 {
		cut = cut[:i]
	}
	return cut + "…"
}
