package discordtest

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

type optionBuilder struct {
	s        *Server
	ch       *channelState
	focused  string
	partial  string
	resolved map[string]map[string]any
}

// build turns the test's options into the interaction's data.options,
// checking them against the command's schema.
func (b *optionBuilder) build(cmd *discordgo.ApplicationCommand, sub string, opts []CommandOption) ([]any, error) {
	declared := cmd.Options
	path := strings.Fields(sub)
	hasSubs := slices.ContainsFunc(declared, func(o *discordgo.ApplicationCommandOption) bool {
		return o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup
	})
	if !hasSubs {
		if len(path) > 0 {
			return nil, fmt.Errorf("has no subcommands, got %q", sub)
		}
		return b.leaf(declared, opts)
	}
	if len(path) == 0 {
		return nil, fmt.Errorf("needs a subcommand: %s", optionNames(declared))
	}
	first := findOption(declared, path[0])
	if first == nil {
		return nil, fmt.Errorf("has no subcommand %q: %s", path[0], optionNames(declared))
	}
	switch {
	case first.Type == discordgo.ApplicationCommandOptionSubCommand && len(path) == 1:
		inner, err := b.leaf(first.Options, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path[0], err)
		}
		return []any{map[string]any{"name": first.Name, "type": 1, "options": inner}}, nil
	case first.Type == discordgo.ApplicationCommandOptionSubCommandGroup && len(path) == 2:
		second := findOption(first.Options, path[1])
		if second == nil || second.Type != discordgo.ApplicationCommandOptionSubCommand {
			return nil, fmt.Errorf("group %s has no subcommand %q: %s", path[0], path[1], optionNames(first.Options))
		}
		inner, err := b.leaf(second.Options, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sub, err)
		}
		return []any{map[string]any{"name": first.Name, "type": 2, "options": []any{
			map[string]any{"name": second.Name, "type": 1, "options": inner},
		}}}, nil
	}
	return nil, fmt.Errorf("subcommand %q does not fit the command's schema", sub)
}

func findOption(opts []*discordgo.ApplicationCommandOption, name string) *discordgo.ApplicationCommandOption {
	for _, o := range opts {
		if o.Name == name {
			return o
		}
	}
	return nil
}

func optionNames(opts []*discordgo.ApplicationCommandOption) string {
	var names []string
	for _, o := range opts {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

func (b *optionBuilder) leaf(declared []*discordgo.ApplicationCommandOption, opts []CommandOption) ([]any, error) {
	out := []any{}
	given := map[string]bool{}
	for _, o := range opts {
		d := findOption(declared, o.Name)
		if d == nil || d.Type <= discordgo.ApplicationCommandOptionSubCommandGroup {
			return nil, fmt.Errorf("no option %q (options: %s)", o.Name, optionNames(declared))
		}
		if given[o.Name] {
			return nil, fmt.Errorf("option %q given twice", o.Name)
		}
		given[o.Name] = true
		if o.Name == b.focused {
			continue
		}
		v, err := b.value(d, o.Value)
		if err != nil {
			return nil, fmt.Errorf("option %q: %w", o.Name, err)
		}
		out = append(out, map[string]any{"name": d.Name, "type": int(d.Type), "value": v})
	}
	if b.focused != "" {
		d := findOption(declared, b.focused)
		if d == nil {
			return nil, fmt.Errorf("no option %q to focus (options: %s)", b.focused, optionNames(declared))
		}
		if !d.Autocomplete {
			return nil, fmt.Errorf("option %q does not have autocomplete", b.focused)
		}
		out = append(out, map[string]any{"name": d.Name, "type": int(d.Type), "value": b.partial, "focused": true})
		return out, nil
	}
	for _, d := range declared {
		if d.Required && !given[d.Name] {
			return nil, fmt.Errorf("required option %q missing", d.Name)
		}
	}
	return out, nil
}

// value converts and checks one option value as Discord's client would.
func (b *optionBuilder) value(d *discordgo.ApplicationCommandOption, v any) (any, error) {
	switch d.Type {
	case discordgo.ApplicationCommandOptionString:
		str, isStr := v.(string)
		if !isStr {
			return nil, fmt.Errorf("want a string, got %T", v)
		}
		if d.MinLength != nil && runeLen(str) < *d.MinLength || d.MaxLength > 0 && runeLen(str) > d.MaxLength {
			return nil, fmt.Errorf("length %d outside the option's limits", runeLen(str))
		}
		return str, checkChoice(d, str)
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		var f float64
		switch n := v.(type) {
		case int:
			f = float64(n)
		case int64:
			f = float64(n)
		case int32:
			f = float64(n)
		case float64:
			f = n
		default:
			return nil, fmt.Errorf("want a number, got %T", v)
		}
		if d.Type == discordgo.ApplicationCommandOptionInteger && f != math.Trunc(f) {
			return nil, fmt.Errorf("want an integer, got %v", f)
		}
		if d.MinValue != nil && f < *d.MinValue || d.MaxValue != 0 && f > d.MaxValue {
			return nil, fmt.Errorf("%v outside the option's range", f)
		}
		if err := checkChoice(d, f); err != nil {
			return nil, err
		}
		if d.Type == discordgo.ApplicationCommandOptionInteger {
			return int64(f), nil
		}
		return f, nil
	case discordgo.ApplicationCommandOptionBoolean:
		bv, isBool := v.(bool)
		if !isBool {
			return nil, fmt.Errorf("want a bool, got %T", v)
		}
		return bv, nil
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		id, isStr := v.(string)
		if !isStr {
			return nil, fmt.Errorf("want a user id, got %T", v)
		}
		u := b.s.users[id]
		if u == nil {
			if d.Type == discordgo.ApplicationCommandOptionMentionable {
				b.resolve("roles", id, map[string]any{"id": id, "name": "role-" + id, "permissions": "0", "position": 1})
				return id, nil
			}
			return nil, fmt.Errorf("unknown user %q", id)
		}
		b.resolve("users", id, b.s.wireUser(u))
		if b.ch.guildID != "" {
			b.resolve("members", id, b.s.wireMember(u, false))
		}
		return id, nil
	case discordgo.ApplicationCommandOptionChannel:
		id, isStr := v.(string)
		ch := b.s.channels[id]
		if !isStr || ch == nil {
			return nil, fmt.Errorf("unknown channel %v", v)
		}
		b.resolve("channels", id, b.s.wireChannel(ch))
		return id, nil
	case discordgo.ApplicationCommandOptionRole:
		id, isStr := v.(string)
		if !isStr {
			return nil, fmt.Errorf("want a role id, got %T", v)
		}
		b.resolve("roles", id, map[string]any{"id": id, "name": "role-" + id, "permissions": "0", "position": 1})
		return id, nil
	}
	return nil, fmt.Errorf("option type %d is not supported by discordtest", d.Type)
}

func (b *optionBuilder) resolve(kind, id string, v map[string]any) {
	if b.resolved == nil {
		b.resolved = map[string]map[string]any{}
	}
	if b.resolved[kind] == nil {
		b.resolved[kind] = map[string]any{}
	}
	b.resolved[kind][id] = v
}

func checkChoice(d *discordgo.ApplicationCommandOption, v any) error {
	if len(d.Choices) == 0 {
		return nil
	}
	for _, c := range d.Choices {
		if c.Value == v {
			return nil
		}
	}
	var vals []string
	for _, c := range d.Choices {
		vals = append(vals, fmt.Sprint(c.Value))
	}
	return fmt.Errorf("%v is not one of the choices %s", v, strings.Join(vals, ", "))
}
