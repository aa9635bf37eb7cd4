package console

import (
	"fmt"
	"slices"
	"strings"

	"standoff/internal/commands"
)

// What a console user clicks or picks is found among the messages they can
// see, as Discord shows a user only their channels, DMs and ephemerals.

// visible lists, newest first, the messages a user can see from here.
func (c *Console) visible(user string) []*consoleMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*consoleMessage
	for i := len(c.msgs) - 1; i >= 0; i-- {
		m := c.msgs[i]
		if members, ok := c.private[m.chann]; ok && m.user == "" {
			// A private thread is seen by its members, from anywhere.
			if slices.Contains(members, user) {
				out = append(out, m)
			}
			continue
		}
		if m.where == "#"+c.channel || m.user == user {
			out = append(out, m)
		}
	}
	return out
}

func (c *Console) locate(in *commands.Interaction, m *consoleMessage) {
	in.MessageID, in.Channel = m.id, m.chann
	// An ephemeral answer to a click in a DM is in that DM, as on Discord.
	in.DM = strings.HasPrefix(m.where, "DM ") || strings.HasPrefix(m.chann, "dm-")
	if in.DM {
		in.Guild = ""
	}
}

// findButton finds, newest message first, a button whose custom id or label
// is what was typed; failing that, one whose label starts with it, so
// "click Add a marker" finds "Add a marker (12 in hand)".
func (c *Console) findButton(in *commands.Interaction, what string) error {
	visible := c.visible(in.User.ID)
	for _, prefix := range []bool{false, true} {
		for _, m := range visible {
			for _, row := range m.msg.Rows {
				for _, b := range row.Buttons {
					if b.URL != "" {
						continue // a link opens a page; it sends the bot nothing
					}
					match := strings.EqualFold(b.Label, what) || b.CustomID == what
					if prefix {
						match = strings.HasPrefix(strings.ToLower(b.Label), strings.ToLower(what))
					}
					if match {
						in.CustomID = b.CustomID
						c.locate(in, m)
						return nil
					}
				}
			}
		}
	}
	if commands.IsControlID(what) {
		in.CustomID = what // an old or hand-made id: let the bot judge it
		return nil
	}
	return fmt.Errorf("%s sees no button %q", in.User.ID, what)
}

// selectArgs splits "select MENU VALUES" into the menu (one word, or
// "quoted") and the values as typed, quotes kept: they may separate
// entries by commas or quote an entry with a comma in it.
func selectArgs(rest string) (menu, values string) {
	rest = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(rest), "select"))
	if strings.HasPrefix(rest, `"`) {
		if end := strings.Index(rest[1:], `"`); end >= 0 {
			return rest[1 : end+1], strings.TrimSpace(rest[end+2:])
		}
	}
	menu, values, _ = strings.Cut(rest, " ")
	return menu, strings.TrimSpace(values)
}

// splitValues splits typed values on the commas outside "quotes", and
// takes the quotes off.
func splitValues(s string) []string {
	var out []string
	var cur strings.Builder
	quoted := false
	for _, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
		case r == ',' && !quoted:
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteRune(r)
		}
	}
	return append(out, strings.TrimSpace(cur.String()))
}

// entries picks the menu's entries named by what was typed: the whole text
// as one label or value (so a label with commas needs no quotes), or else
// the comma-separated list of them.
func entries(s *commands.Select, typed string) ([]string, error) {
	find := func(v string) (string, bool) {
		for _, o := range s.Options {
			if strings.EqualFold(o.Label, v) || o.Value == v {
				return o.Value, true
			}
		}
		return "", false
	}
	if v, ok := find(strings.TrimSpace(strings.Trim(typed, `"`))); ok && strings.Count(typed, `"`) <= 2 {
		return []string{v}, nil
	}
	var out []string
	for _, v := range splitValues(typed) {
		value, ok := find(v)
		if !ok {
			return nil, fmt.Errorf("menu %q has no entry %q (pick an entry by its label or its value, as [select: ...] lists them; \"quote\" one with a comma)", s.Placeholder, v)
		}
		out = append(out, value)
	}
	return out, nil
}

// findSelect finds, newest message first, a menu named menu that has the
// entries typed: when the newest lacks them, an older menu of the same name
// or custom id (a parent menu under its sub-menu) may have them.
func (c *Console) findSelect(in *commands.Interaction, menu, values string) error {
	var first error
	for _, m := range c.visible(in.User.ID) {
		for _, row := range m.msg.Rows {
			s := row.Select
			if s == nil || !(strings.EqualFold(s.Placeholder, menu) || s.CustomID == menu || strings.HasPrefix(strings.ToLower(s.Placeholder), strings.ToLower(menu))) {
				continue
			}
			if s.Users {
				picked, err := pickUsers(in, s, values)
				if err != nil {
					return err
				}
				in.CustomID, in.Values = s.CustomID, picked
				c.locate(in, m)
				return nil
			}
			picked, err := entries(s, values)
			if err != nil {
				if first == nil {
					first = err
				}
				continue
			}
			in.CustomID, in.Values = s.CustomID, picked
			c.locate(in, m)
			return nil
		}
	}
	if first != nil {
		return first
	}
	return fmt.Errorf("%s sees no menu %q", in.User.ID, menu)
}

// openForm shows the form a click opened (Discord's modal) and keeps it
// for the user's next "submit".
func (c *Console) openForm(user string, f *commands.Form) {
	if c.forms == nil {
		c.forms = map[string]*commands.Form{}
	}
	c.forms[user] = f
	fmt.Fprintf(c.out, "[form %s] %s | %s: %s | %s\n", user, f.Title, f.Field, f.Label, f.Placeholder)
}

// fillForm submits the user's open form with what they typed.
func (c *Console) fillForm(in *commands.Interaction, text string) error {
	f := c.forms[in.User.ID]
	if f == nil {
		return fmt.Errorf("%s has no form open: click a button that opens one (Type a move)", in.User.ID)
	}
	if v, err := splitWords(text); err == nil && len(v) == 1 {
		text = v[0] // a quoted value
	}
	delete(c.forms, in.User.ID)
	in.Type, in.CustomID, in.Fields = commands.FormSubmit, f.CustomID, map[string]string{f.Field: text}
	return nil
}

// pickUsers reads "@bob,@carol" for a menu of users as Discord's client
// sends it: the users' ids, and each one resolved (the bot itself is a bot
// account). The menu's bounds are checked as the client would.
func pickUsers(in *commands.Interaction, s *commands.Select, typed string) ([]string, error) {
	var ids []string
	in.Users, in.Bots = map[string]commands.Name{}, map[string]bool{}
	for _, v := range splitValues(typed) {
		name, ok := strings.CutPrefix(v, "@")
		if !ok || name == "" || strings.ContainsAny(name, " @") {
			return nil, fmt.Errorf("menu %q lists users: pick them as @name, several separated by commas (@bob,@carol)", s.Placeholder)
		}
		id := strings.ToLower(name)
		ids = append(ids, id)
		in.Users[id] = commands.NameOf(id)
		if id == consoleBot {
			in.Bots[id] = true
		}
	}
	lo, hi := max(s.MinValues, 1), max(s.MaxValues, 1)
	if len(ids) < lo || len(ids) > hi {
		return nil, fmt.Errorf("menu %q takes %s", s.Placeholder, userMenuRange(s))
	}
	return ids, nil
}

// userMenuRange says how many users a menu of users takes.
func userMenuRange(s *commands.Select) string {
	lo, hi := max(s.MinValues, 1), max(s.MaxValues, 1)
	switch {
	case lo == hi && lo == 1:
		return "1 user, as @name"
	case lo == hi:
		return fmt.Sprintf("%d users, as @name,@name", lo)
	}
	return fmt.Sprintf("%d to %d users, as @name,@name", lo, hi)
}
