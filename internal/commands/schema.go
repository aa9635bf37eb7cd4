package commands

import (
	"fmt"
	"slices"

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
}

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

func gameCommand(k *games.Kind) Command {
	var challenge []CommandOption
	for i := 1; i < k.MaxPlayers; i++ {
		desc := "a player to challenge"
		if k.Bot != nil {
			desc += " (pick the bot itself to play against it)"
		}
		challenge = append(challenge, CommandOption{Name: opponentOption(i), Description: desc, Type: UserOption,
			Required: i == 1 && k.Bot == nil})
	}
	challenge = append(challenge, kindOptions(k)...)
	challenge = append(challenge, turnLimitOption)
	if k.Bot != nil {
		challenge = append(challenge, CommandOption{Name: "ai", Description: "play against the bot at this level",
			Type: IntegerOption, Min: 1, Max: k.BotLevels})
	}
	start := Subcommand{Name: "start", Description: "open a lobby for " + k.Title + " that players join by button", Options: append(kindOptions(k), turnLimitOption)}
	if k.MinPlayers == 1 {
		// Played alone, it starts at once; a partner accepts by button.
		start.Description = "start a game of " + k.Title + " now, alone or with a partner"
		if k.MaxPlayers > 1 {
			start.Options = append(start.Options, CommandOption{Name: "partner", Description: "a player to play with (they accept by button)", Type: UserOption})
		}
	}
	subs := []Subcommand{
		{Name: "challenge", Description: "challenge players to " + k.Title + "; they accept by button", Options: challenge},
		start,
		{Name: "move", Description: "play a move typed in " + k.Title + " notation", Options: []CommandOption{
			{Name: "move", Description: "the move, e.g. as listed while you type", Type: StringOption, Required: true, Autocomplete: true},
		}},
		{Name: "board", Description: "show the current " + k.Title + " board to you", Options: []CommandOption{
			{Name: "text", Description: "plain text instead of an image", Type: BooleanOption},
		}},
	}
	switch {
	case k.Bot != nil:
		solo := kindOptions(k)
		if k.BotLevels > 1 {
			solo = append(solo, CommandOption{Name: "ai", Description: "the bot's level",
				Type: IntegerOption, Min: 1, Max: k.BotLevels})
		}
		solo = append(solo, turnLimitOption)
		desc := "play " + k.Title + " alone against the bot"
		if k.BotName != "" {
			desc = "play " + k.Title + " alone against the " + k.BotName
		}
		if k.MinPlayers > 2 {
			// A table of three or more: the bot takes every other seat.
			desc = "play " + k.Title + " at once with the bot in every other seat"
			solo = append(solo, CommandOption{Name: "players", Description: "seats in all, you and the bots",
				Type: IntegerOption, Min: k.MinPlayers, Max: k.MaxPlayers})
		}
		subs = append(subs, Subcommand{Name: "solo", Description: desc, Options: solo})
	case k.MinPlayers == 1:
		subs = append(subs, Subcommand{Name: "solo", Description: "play " + k.Title + " alone, starting now",
			Options: append(kindOptions(k), turnLimitOption)})
	}
	return Command{Name: k.Name, Description: k.Summary, Subs: subs}
}

// turnLimitOption sets how long a player may keep the table waiting before
// the bot takes their seat.
var turnLimitOption = CommandOption{Name: "turn_limit", Description: "time a player has for a turn before the bot plays their seat",
	Type: StringOption, Choices: []Suggestion{{Name: "24 hours", Value: "24h"}, {Name: "72 hours", Value: "72h"}, {Name: "7 days", Value: "7d"}, {Name: "none", Value: "none"}}}

func (r *Router) gameKindChoices() []Suggestion {
	var out []Suggestion
	for _, g := range r.games {
		out = append(out, Suggestion{Name: g.Kind.Title, Value: g.Kind.Name})
	}
	return out
}

// Commands lists every slash command the bot registers.
func (r *Router) Commands() []Command {
	var out []Command
	for _, g := range r.games {
		out = append(out, gameCommand(g.Kind))
	}
	out = append(out, Command{
		Name:        "game",
		Description: "what every Standoff game shares: status, hand, rules, history, votes, stats",
		Subs: []Subcommand{
			{Name: "status", Description: "the game in this channel: board, players, who must act"},
			{Name: "hand", Description: "your private view and decisions, shown only to you"},
			{Name: "resign", Description: "resign from the game in this channel"},
			{Name: "abandon", Description: "stop the game in this channel (its creator or a moderator)"},
			{Name: "rules", Description: "the rules of a game", Options: []CommandOption{
				{Name: "game", Description: "which game (default: the one in this channel)", Type: StringOption, Choices: r.gameKindChoices()},
			}},
			{Name: "history", Description: "the moves played so far in this channel's game"},
			{Name: "help", Description: "how to play with Standoff"},
			{Name: voteUndo, Description: "take back your last move (the others agree by buttons when needed)"},
			{Name: voteSkip, Description: "ask the table to skip the turn of a player who is away", Options: []CommandOption{
				{Name: "player", Description: "the player whose turn to skip", Type: UserOption, Required: true},
			}},
			{Name: voteReplace, Description: "ask the table to let the bot play a vanished player's seat", Options: []CommandOption{
				{Name: "player", Description: "the player to replace", Type: UserOption, Required: true},
			}},
			{Name: voteRejoin, Description: "ask the table for your seat back after the bot took it over"},
			{Name: "replay", Description: "an animated replay of a finished game", Options: []CommandOption{
				{Name: "id", Description: "the game number (default: this channel's last finished game)", Type: IntegerOption, Min: 1, Max: 1 << 30},
			}},
			{Name: "stats", Description: "wins, losses and best scores on this server", Options: []CommandOption{
				{Name: "user", Description: "whose stats (default: yours)", Type: UserOption},
				{Name: "game", Description: "one game only", Type: StringOption, Choices: r.gameKindChoices()},
			}},
			{Name: "leaderboard", Description: "this server's best players", Options: []CommandOption{
				{Name: "game", Description: "one game only", Type: StringOption, Choices: r.gameKindChoices()},
			}},
			{Name: "settings", Description: "this server's settings for new games (Manage Server to change them)", Options: []CommandOption{
				{Name: "turn_limit", Description: "the turn limit of new games that name none", Type: StringOption,
					Choices: append(slices.Clone(turnLimitOption.Choices), Suggestion{Name: "the bot's default", Value: "default"})},
			}},
		},
	})
	return out
}
