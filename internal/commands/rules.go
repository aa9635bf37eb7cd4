package commands

import (
	"fmt"
	"strconv"
	"strings"

	"standoff/internal/games"
)

// A game's rules and its typed move syntax are longer than one message can
// hold, so /game rules shows them as pages: the first at once, the others
// one button away. The pages hold the whole text; nothing is cut.

// rulesPageSize leaves room in a message for the page's heading.
const rulesPageSize = maxContent - 200

type rulesSheet struct {
	title string
	text  string
}

// rulesPages splits a kind's rules, then its move syntax, into pages at
// paragraph (else line, else word) boundaries.
func rulesPages(k *games.Kind) []rulesSheet {
	var out []rulesSheet
	add := func(title, text string) {
		parts := splitText(strings.TrimSpace(text), rulesPageSize)
		for i, p := range parts {
			t := title
			if len(parts) > 1 {
				t = fmt.Sprintf("%s (%d/%d)", title, i+1, len(parts))
			}
			out = append(out, rulesSheet{title: t, text: p})
		}
	}
	add("How to play", k.Rules)
	if k.MoveHelp != "" {
		add("Typed moves", k.MoveHelp)
	}
	return out
}

// splitText cuts s into pieces of at most n bytes, preferring to cut
// between paragraphs, then lines, then words.
func splitText(s string, n int) []string {
	var out []string
	for len(s) > n {
		cut := -1
		for _, sep := range []string{"\n\n", "\n", " "} {
			if i := strings.LastIndex(s[:n], sep); i > 0 {
				cut = i
				break
			}
		}
		if cut < 0 {
			cut = n
			for cut > 0 && !isRuneStart(s[cut]) {
				cut--
			}
		}
		out = append(out, strings.TrimSpace(s[:cut]))
		s = strings.TrimSpace(s[cut:])
	}
	if s != "" || len(out) == 0 {
		out = append(out, s)
	}
	return out
}

// rulesID is the custom id of a rules page's button. It names no game in
// a channel: the rules can be read anywhere, at any time.
func rulesID(kind string, page int) string { return "rules:" + kind + ":" + strconv.Itoa(page) }

func parseRulesID(id string) (kind string, page int, ok bool) {
	rest, found := strings.CutPrefix(id, "rules:")
	if !found {
		return "", 0, false
	}
	kind, p, found := strings.Cut(rest, ":")
	n, err := strconv.Atoi(p)
	if !found || err != nil || n < 0 {
		return "", 0, false
	}
	return kind, n, true
}

// rulesPage is one page, shown only to the reader, with buttons for the others.
func rulesPage(k *games.Kind, page int) Response {
	pages := rulesPages(k)
	if page >= len(pages) {
		page = len(pages) - 1
	}
	p := pages[page]
	players := fmt.Sprintf("%d-%d players", k.MinPlayers, k.MaxPlayers)
	if k.MinPlayers == k.MaxPlayers {
		players = fmt.Sprintf("%d players", k.MinPlayers)
	}
	text := fmt.Sprintf("**%s** (%s) · **%s**\n%s", k.Title, players, p.title, p.text)
	msg := Message{Content: clip(text, maxContent), Ephemeral: true}
	var row Row
	for i, other := range pages {
		if i == page {
			continue
		}
		if len(row.Buttons) == maxButtons {
			msg.Rows = append(msg.Rows, row)
			row = Row{}
		}
		row.Buttons = append(row.Buttons, Button{Label: clip(other.title, maxLabel), CustomID: rulesID(k.Name, i), Style: Secondary})
	}
	if len(row.Buttons) > 0 {
		msg.Rows = append(msg.Rows, row)
	}
	return Response{Kind: Reply, Message: msg}
}

// rulesClick shows the page a rules button names.
func (r *Router) rulesClick(in Interaction) (Response, bool) {
	kind, page, ok := parseRulesID(in.CustomID)
	if !ok {
		return Response{}, false
	}
	g, found := r.game(kind)
	if !found {
		return ephemeral("I no longer host that game; /game rules lists the ones I do."), true
	}
	return rulesPage(g.Kind, page), true
}
