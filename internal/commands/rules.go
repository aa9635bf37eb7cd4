package commands

import (
	"context"
	"fmt"
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

// rulesFor is /game rules for a kind asked in a channel: where the
// channel's game of that kind is one person against the kind's named bot
// (Hijacked's solo mode against the Cybot), it opens on the first part
// about that mode (titled "Solo ..."), which the menu lists after the rules
// of the game between players; elsewhere on the overview.
func (r *Router) rulesFor(ctx context.Context, in Interaction, k *games.Kind) Response {
	if in.DM || k.BotName == "" {
		return rulesPage(k, 0)
	}
	row, err := r.store.LatestGame(ctx, in.Channel)
	if err != nil || row.Kind != k.Name || !soloAgainstBot(row) {
		return rulesPage(k, 0)
	}
	for i, p := range rulesParts(k) {
		if strings.HasPrefix(p.title, "Solo") {
			return Response{Kind: Reply, Message: rulesMessage(k, strconv.Itoa(i))}
		}
	}
	return rulesPage(k, 0)
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

// rulesClick shows the part of the rules picked from a rules menu (or,
// for an older message's page button, the menu), in the message the menu
// is on.
func (r *Router) rulesClick(_ context.Context, c *Call, _ *table) (acted, error) {
	rc, in := c.ctl.rules, c.in
	g, found := r.game(rc.kind)
	if !found {
		return answered(ephemeral("I no longer host that game; /game rules lists the ones I do."), nil)
	}
	if rc.page != rulesMenu {
		return answered(Response{Kind: Update, Message: rulesMessage(g.Kind, "")}, nil)
	}
	if len(in.Values) != 1 {
		return answered(ephemeral("Pick one part of the rules from the menu."), nil)
	}
	part := in.Values[0]
	if part != rulesOverview {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 || n >= len(rulesParts(g.Kind)) {
			return answered(ephemeral(fmt.Sprintf("That part is no longer in the rules of %s; pick another from the menu.", g.Kind.Title)), nil)
		}
	}
	return answered(Response{Kind: Update, Message: rulesMessage(g.Kind, part)}, nil)
}
