package commands

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"standoff/internal/games"
)

// A game's rules text (games.Kind.Rules, then its move syntax) is cut into
// parts for the rules menu. The text has no headings of its own, so a line
// that opens with a short label and a colon ("Options: ...", "Your turn:")
// starts a part named by that label; the lines after it (list items,
// numbered steps, sentences without a label) belong to it. The text before
// the first label is "How to play". A part too long for one message is cut
// into numbered parts, so every part is shown whole.

// rulesPartSize leaves room in a message for the game's name and the part's.
const rulesPartSize = maxContent - 250

// rulesOverview is the menu value of the overview.
const rulesOverview = "o"

// maxOverview is the longest first line shown as the overview; a longer
// one is a part of its own, and the game's summary stands in.
const maxOverview = 400

type rulesPart struct {
	title string
	text  string
}

// rulesIntro is the overview: the first line of the rules, when short.
func rulesIntro(k *games.Kind) (intro, rest string) {
	text := strings.TrimSpace(k.Rules)
	first, rest, _ := strings.Cut(text, "\n")
	if first == "" || len(first) > maxOverview {
		return k.Summary, text
	}
	return strings.TrimSpace(first), strings.TrimSpace(rest)
}

// rulesParts is the kind's rules as the menu lists them.
func rulesParts(k *games.Kind) []rulesPart {
	_, rest := rulesIntro(k)
	var parts []rulesPart
	for _, line := range strings.Split(rest, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if label, ok := partLabel(line); ok || len(parts) == 0 {
			if !ok {
				label = "How to play"
			}
			parts = append(parts, rulesPart{title: label, text: line})
			continue
		}
		parts[len(parts)-1].text += "\n" + line
	}
	if k.MoveHelp != "" {
		parts = append(parts, rulesPart{title: "Typed moves", text: strings.TrimSpace(k.MoveHelp)})
	}
	if k.Daily != nil {
		parts = append(parts, rulesPart{title: "Daily run", text: dailyRules(k)})
	}
	var out []rulesPart
	for _, p := range parts {
		pieces := splitText(p.text, rulesPartSize)
		for i, text := range pieces {
			title := p.title
			if len(pieces) > 1 {
				title = fmt.Sprintf("%s (%d/%d)", p.title, i+1, len(pieces))
			}
			out = append(out, rulesPart{title: title, text: text})
		}
	}
	return out
}

// partLabel is the label a line opens with: a few words, capitalised,
// before a colon.
func partLabel(line string) (string, bool) {
	label, _, found := strings.Cut(line, ":")
	first, _ := utf8.DecodeRuneInString(label)
	if !found || len(label) > 40 || !unicode.IsUpper(first) {
		return "", false
	}
	if n := len(strings.Fields(label)); n == 0 || n > 6 {
		return "", false
	}
	return label, true
}

// rulesMessage shows a game's rules: the overview (part "" or "o") or the
// numbered part, above the menu of every part.
func rulesMessage(k *games.Kind, part string) Message {
	players := fmt.Sprintf("%d-%d players", k.MinPlayers, k.MaxPlayers)
	if k.MinPlayers == k.MaxPlayers {
		players = fmt.Sprintf("%d players", k.MinPlayers)
	}
	if k.BotName != "" && k.MinPlayers <= 2 {
		// Its solo mode is one person against the named bot (/<game> solo).
		players += ", or solo against the " + k.BotName
	}
	parts := rulesParts(k)
	intro, _ := rulesIntro(k)
	text := fmt.Sprintf("**%s** (%s)\n%s\n%s\nPick a part of the rules from the menu.", k.Title, players, intro, ratingsRule)
	if n, err := strconv.Atoi(part); err == nil && n >= 0 && n < len(parts) {
		text = fmt.Sprintf("**%s** (%s) · **%s**\n%s", k.Title, players, parts[n].title, parts[n].text)
	}
	menu := &Select{CustomID: rulesMenuID(k.Name), Placeholder: "Pick a part of the rules",
		Options: []SelectOption{{Label: "Overview", Value: rulesOverview}}}
	for i, p := range parts {
		if len(menu.Options) == maxSelect {
			break
		}
		menu.Options = append(menu.Options, SelectOption{Label: clip(p.title, maxOptionLabel), Value: strconv.Itoa(i)})
	}
	return Message{Content: clip(text, maxContent), Ephemeral: true, Rows: []Row{{Select: menu}}}
}
