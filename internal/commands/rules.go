package commands

import (
	"strconv"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// /game rules answers, to the reader alone, with a short overview of the
// game and a menu of the parts of its rules (rules_menu.go); picking one
// shows it in the same message, the menu staying for the next. The ids
// name the game and nothing else: the rules can be read anywhere (the
// bot's DM too), at any time, after any restart.
//
//	rules:<kind>:s      the menu of a game's parts; its values are part numbers, or "o" for the overview
//	rules:<kind>:<page> a page button of older rules messages: it shows the menu now

// rulesMenu is the "page" of the menu's id.
const rulesMenu = -1

// rulesMenuID is the custom id of a game's rules menu.
func rulesMenuID(kind string) string { return "rules:" + kind + ":s" }

// rulesID is the custom id of an older rules message's page button.
func rulesID(kind string, page int) string { return "rules:" + kind + ":" + strconv.Itoa(page) }

// rulesControl is a rules id parsed: the game's kind, and the page of an
// older message's button or rulesMenu.
type rulesControl struct {
	kind string
	page int
}

// parseRulesID reads what follows "rules:".
func parseRulesID(rest string) (rulesControl, bool) {
	kind, p, found := strings.Cut(rest, ":")
	if !found || kind == "" {
		return rulesControl{}, false
	}
	if p == "s" {
		return rulesControl{kind, rulesMenu}, true
	}
	n, err := strconv.Atoi(p)
	if err != nil || n < 0 {
		return rulesControl{}, false
	}
	return rulesControl{kind, n}, true
}

// rulesPage is what /game rules shows first: the overview and the menu.
func rulesPage(k *games.Kind, _ int) Response {
	return Response{Kind: Reply, Message: rulesMessage(k, "")}
}

// soloAgainstBot says whether a table is one person and one bot.
func soloAgainstBot(row *storage.Game) bool {
	bots := 0
	for _, s := range row.Seats {
		if s.BotLevel > 0 {
			bots++
		}
	}
	return len(row.Seats) == 2 && bots == 1
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
