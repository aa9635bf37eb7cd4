package commands

import (
	"fmt"

	"standoff/internal/games"
)

// The slash commands are built from the registry: one top-level command per
// game kind and /game for what all games share. Transports turn these specs
// into their own form (Discord application commands, the console parser).

// OptionType is an option's type on Discord.
type OptionType int

const (
	StringOption OptionType = iota
	IntegerOption
	BooleanOption
	UserOption
)

// CommandOption is one option of a subcommand.
type CommandOption struct {
	Name         string
	Description  string
	Type         OptionType
	Required     bool
	Autocomplete bool
	Min, Max     int // integers only; both 0 when unbounded
	Choices      []Suggestion
}

// Subcommand is one subcommand of a top-level command.
type Subcommand struct {
	Name        string
	Description string
	Options     []CommandOption
}

// Command is a top-level slash command.
type Command struct {
	Name        string
	Description string
	Subs        []Subcommand
	// InDMs: some subcommand works in a DM with the bot (Discord offers
	// the command there); otherwise it is offered in servers only.
	InDMs bool
	// ManageServer: Discord offers the command only to members with the
	// Manage Server permission, unless a server's admins grant it to
	// others in its Integrations settings.
	ManageServer bool
}

// adminCommand is the top-level command of server settings.
const adminCommand = "standoff"

// Sub finds a subcommand by name.
func (c Command) Sub(name string) (Subcommand, bool) {
	for _, s := range c.Subs {
		if s.Name == name {
			return s, true
		}
	}
	return Subcommand{}, false
}

// Option finds an option by name.
func (s Subcommand) Option(name string) (CommandOption, bool) {
	for _, o := range s.Options {
		if o.Name == name {
			return o, true
		}
	}
	return CommandOption{}, false
}

// opponentOption names the n-th opponent option: opponent, opponent2, ...
func opponentOption(n int) string {
	if n == 1 {
		return "opponent"
	}
	return fmt.Sprintf("opponent%d", n)
}

func kindOptions(k *games.Kind) []CommandOption {
	var out []CommandOption
	for _, o := range k.Options {
		co := CommandOption{Name: o.Name, Description: o.Description}
		switch o.Kind {
		case games.OptionBool:
			co.Type = BooleanOption
		default:
			co.Type, co.Min, co.Max = IntegerOption, o.Min, o.Max
		}
		out = append(out, co)
	}
	return out
}

// turnLimitOption sets how long a player may keep the table waiting before
// the bot takes their seat.
var turnLimitOption = CommandOption{Name: "turn_limit", Description: "time a player has for a turn before the bot plays their seat",
	Type: StringOption, Choices: []Suggestion{{Name: "24 hours", Value: "24h"}, {Name: "72 hours", Value: "72h"}, {Name: "7 days", Value: "7d"}, {Name: "none", Value: "none"}, bankChoice}}

// choices are the kinds as the choices of /game's game option.
func (gs gameSet) choices() []Suggestion {
	var out []Suggestion
	for _, g := range gs {
		out = append(out, Suggestion{Name: g.Kind.Title, Value: g.Kind.Name})
	}
	return out
}
