package commands

import (
	"strconv"
	"strings"

	"standoff/internal/games"
)

// publicControls turns the public prompts of human seats into rows. A
// control two seats share (the same move, such as accepting a draw) appears
// once: Discord refuses a message carrying a custom id twice.
func publicControls(t *table) []Row {
	var rows []Row
	seen := map[string]bool{}
	for _, p := range t.prompts() {
		if p.Private || t.row.Seats[p.Seat].BotLevel > 0 || len(p.Choices) == 0 {
			continue
		}
		choices, text := p.Choices, p.Text
		if p.Standing {
			choices, text = ownedChoices(t, p)
		}
		if row, ok := choiceRow(t, choices, menuPlaceholder(t, p, text), t.promptFingerprint(p)); ok && len(rows) < maxRows {
			if row, ok = distinctRow(row, len(rows), seen); ok {
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// menuPlaceholder is what a prompt's select menu says before anything is
// picked. The prompt's text is in the message right above the menu, so
// the menu says only whose it is (a channel may show several players'
// menus); a standing prompt's text names its action, which is kept.
func menuPlaceholder(t *table, p games.Prompt, text string) string {
	if p.Standing {
		return text
	}
	return t.row.Seats[p.Seat].Name + ": choose a move…"
}

// ownedChoices names the player a standing prompt belongs to, and no one
// else, on each of its buttons and in its menu's placeholder: the channel
// shows every player's any-time actions side by side, each control acts for
// the seat it names, and the same action (cash an intel) can be several
// players' at once, so two players' controls must never read alike. A game
// may already name on a label every player who has that choice (Hijacked
// does, for a control it expects the table to share); that list is taken
// off and the owner's name put in its place.
func ownedChoices(t *table, p games.Prompt) ([]games.Choice, string) {
	name := t.row.Seats[p.Seat].Name
	holders := standingHolders(t)
	owned := func(s string) string {
		if strings.HasPrefix(s, name+": ") {
			return s
		}
		return name + ": " + s
	}
	out := make([]games.Choice, len(p.Choices))
	for i, c := range p.Choices {
		if who := holders[choiceKey(c)]; len(who) > 0 {
			c.Label = strings.TrimPrefix(c.Label, strings.Join(who, ", ")+": ")
		}
		c.Label = owned(c.Label)
		out[i] = c
	}
	text := p.Text
	if !strings.HasPrefix(text, name+", ") {
		text = owned(text)
	}
	return out, text
}

// choiceKey tells choices apart by what they do, whatever they read.
func choiceKey(c games.Choice) string { return c.Move + "\x00" + c.Refine }

// standingHolders lists, for each standing choice, the names of the seats
// offered it, in seat order.
func standingHolders(t *table) map[string][]string {
	who := map[string][]string{}
	for _, p := range t.prompts() {
		if !p.Standing {
			continue
		}
		for _, c := range p.Choices {
			k := choiceKey(c)
			who[k] = append(who[k], t.row.Seats[p.Seat].Name)
		}
	}
	return who
}

// privateControls are the rows for one seat's private prompts.
func privateControls(t *table, seat int) []Row {
	var rows []Row
	seen := map[string]bool{}
	for _, p := range t.promptsFor(seat) {
		if !p.Private || len(p.Choices) == 0 {
			continue
		}
		if row, ok := choiceRow(t, p.Choices, menuPlaceholder(t, p, p.Text), t.promptFingerprint(p)); ok && len(rows) < maxRows {
			if row, ok = distinctRow(row, len(rows), seen); ok {
				rows = append(rows, row)
			}
		}
	}
	return rows
}

// choiceRow makes buttons for a few choices and a select menu for more,
// their ids naming the prompt they come from (promptFingerprint).
// Choices whose id would not fit Discord's limits are left to typing.
func choiceRow(t *table, choices []games.Choice, placeholder, prompt string) (Row, bool) {
	id := func(action, arg string) customID {
		return customID{Action: action, Game: t.row.ID, Version: t.row.Version, Prompt: prompt, Arg: arg}
	}
	// A choice offered twice (the same move or guided step) is one control:
	// Discord refuses a custom id twice in a message and a value twice in a
	// select menu.
	if len(choices) <= maxButtons {
		var row Row
		seen := map[string]bool{}
		for _, c := range choices {
			cid := id("m", c.Move)
			style := Primary
			if c.Refine != "" {
				cid, style = id("r", c.Refine), Secondary
			}
			if !cid.fits() || seen[cid.String()] {
				continue
			}
			seen[cid.String()] = true
			row.Buttons = append(row.Buttons, Button{Label: clip(c.Label, maxLabel), CustomID: cid.String(), Style: style})
		}
		return row, len(row.Buttons) > 0
	}
	sel := &Select{CustomID: id("s", "").String(), Placeholder: clip(placeholder, 150)}
	values := map[string]bool{}
	for _, c := range choices {
		v := moveValue(c.Move)
		if c.Refine != "" {
			v = refineValue(c.Refine)
		}
		if len(v) > maxOptionLabel || len(sel.Options) == maxSelect || values[v] {
			continue
		}
		values[v] = true
		sel.Options = append(sel.Options, SelectOption{Label: clip(c.Label, maxOptionLabel), Value: v})
	}
	return Row{Select: sel}, len(sel.Options) > 0
}

// distinctRow drops from a row the controls whose custom id an earlier row
// of the same message already carries (Discord refuses a message with a
// custom id twice, 50035). Identical moves offered to several seats, such as
// the answers to a draw offer, become one control: a click plays the move
// for whichever seat clicked, so every seat with that choice may use it. A
// second select menu gets the row's index as its argument, which makes its
// id unique (a click on a select reads the chosen value, not the argument;
// the first menu keeps the plain id). ok is false when nothing is left of
// the row.
func distinctRow(row Row, index int, seen map[string]bool) (Row, bool) {
	if row.Select != nil {
		sel := *row.Select
		if id, err := parseCustomID(sel.CustomID); err == nil && seen[sel.CustomID] {
			id.Arg = strconv.Itoa(index)
			if id.fits() {
				sel.CustomID = id.String()
			}
		}
		if seen[sel.CustomID] {
			return Row{}, false
		}
		seen[sel.CustomID] = true
		return Row{Select: &sel}, true
	}
	var out Row
	for _, b := range row.Buttons {
		if seen[b.CustomID] {
			continue
		}
		seen[b.CustomID] = true
		out.Buttons = append(out.Buttons, b)
	}
	return out, len(out.Buttons) > 0
}
