package discordtest

import (
	"encoding/json"
	"math"
	"net/http"
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on application commands.
const (
	MaxCommandName       = 32
	MaxCommandDesc       = 100
	MaxCommandOptions    = 25
	MaxCommandChoices    = 25
	MaxChatCommands      = 100
	MaxContextCommands   = 15
	MaxCommandTotalChars = 4000
)

// chatName is Discord's pattern for chat-input command and option names;
// letters with a lowercase form must be lowercase.
var chatName = regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)

func (s *Server) overwriteCommands(c *call) *reply {
	guildID := c.param("guild")
	s.mu.Lock()
	_, knownGuild := s.guilds[guildID]
	s.mu.Unlock()
	if c.param("app") != s.cfg.appID || (guildID != "" && !knownGuild) {
		return apiErr(http.StatusForbidden, CodeMissingAccess, "Missing Access")
	}
	b, rep := readBody(c, maxJSONBody)
	if rep != nil {
		return rep
	}
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(b, &cmds); err != nil {
		return invalidJSON()
	}
	fe := &formErrors{}
	validateCommands(fe, cmds)
	if rep := fe.reply(); rep != nil {
		return rep
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	old := s.commands[guildID]
	stored := make([]*discordgo.ApplicationCommand, 0, len(cmds))
	for _, cmd := range cmds {
		if cmd.Type == 0 {
			cmd.Type = discordgo.ChatApplicationCommand
		}
		cmd.ID = s.newID()
		for _, o := range old {
			// Overwriting keeps the id of a command with the same name and type.
			if o.Name == cmd.Name && o.Type == cmd.Type {
				cmd.ID = o.ID
			}
		}
		cmd.ApplicationID = s.cfg.appID
		cmd.GuildID = guildID
		cmd.Version = s.newID()
		stored = append(stored, cmd)
	}
	s.commands[guildID] = stored
	s.notifyLocked()
	return ok(stored)
}

func (s *Server) listCommands(c *call) *reply {
	if c.param("app") != s.cfg.appID {
		return apiErr(http.StatusForbidden, CodeMissingAccess, "Missing Access")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.commands[c.param("guild")]
	if out == nil {
		out = []*discordgo.ApplicationCommand{}
	}
	return ok(out)
}

// Commands returns the commands registered for the guild ("" = global), as
// stored by the last bulk overwrite (copies).
func (s *Server) Commands(guildID string) []*discordgo.ApplicationCommand {
	s.mu.Lock()
	b, _ := json.Marshal(s.commands[guildID])
	s.mu.Unlock()
	var out []*discordgo.ApplicationCommand
	_ = json.Unmarshal(b, &out)
	return out
}

func validateCommands(fe *formErrors, cmds []*discordgo.ApplicationCommand) {
	count := map[discordgo.ApplicationCommandType]int{}
	seen := map[string]bool{}
	for i, cmd := range cmds {
		p := idx(i)
		t := cmd.Type
		if t == 0 {
			t = discordgo.ChatApplicationCommand
		}
		count[t]++
		key := string(rune('0'+t)) + cmd.Name
		if seen[key] {
			fe.add(join(p, "name"), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
		}
		seen[key] = true
		switch t {
		case discordgo.ChatApplicationCommand:
			validateName(fe, join(p, "name"), cmd.Name)
			fe.between(join(p, "description"), cmd.Description, 1, MaxCommandDesc)
			validateOptions(fe, join(p, "options"), cmd.Options, 0)
		case discordgo.UserApplicationCommand, discordgo.MessageApplicationCommand:
			fe.between(join(p, "name"), cmd.Name, 1, MaxCommandName)
			if cmd.Description != "" {
				fe.add(join(p, "description"), "APPLICATION_COMMAND_CONTEXT_MENU_DESCRIPTION", "Context menu commands cannot have description")
			}
			if len(cmd.Options) > 0 {
				fe.add(join(p, "options"), "APPLICATION_COMMAND_CONTEXT_MENU_OPTIONS", "Context menu commands cannot have options")
			}
		default:
			fe.add(join(p, "type"), "BASE_TYPE_CHOICES", "Value must be one of {1, 2, 3}.")
		}
		if n := commandSize(cmd); n > MaxCommandTotalChars {
			fe.add(p, "APPLICATION_COMMAND_TOO_LARGE", "Command exceeds maximum size (%d)", MaxCommandTotalChars)
		}
	}
	if count[discordgo.ChatApplicationCommand] > MaxChatCommands {
		fe.add("", "APPLICATION_COMMANDS_TOO_MANY", "Maximum number of application commands reached (%d)", MaxChatCommands)
	}
	if count[discordgo.UserApplicationCommand] > MaxContextCommands || count[discordgo.MessageApplicationCommand] > MaxContextCommands {
		fe.add("", "APPLICATION_COMMANDS_TOO_MANY", "Maximum number of context menu commands reached (%d)", MaxContextCommands)
	}
}

func validateName(fe *formErrors, p, name string) {
	switch {
	case runeLen(name) < 1 || runeLen(name) > MaxCommandName:
		fe.add(p, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and %d in length.", MaxCommandName)
	case !chatName.MatchString(name) || strings.ToLower(name) != name:
		fe.add(p, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
	}
}

// validateOptions checks one level of options: level 0 is the command's,
// 1 a group's, 2 a subcommand's.
func validateOptions(fe *formErrors, p string, opts []*discordgo.ApplicationCommandOption, level int) {
	if len(opts) > MaxCommandOptions {
		fe.add(p, "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", MaxCommandOptions)
	}
	names := map[string]bool{}
	subs, plain := 0, 0
	optionalSeen := false
	for i, o := range opts {
		op := join(p, idx(i))
		validateName(fe, join(op, "name"), o.Name)
		fe.between(join(op, "description"), o.Description, 1, MaxCommandDesc)
		if names[o.Name] {
			fe.add(join(op, "name"), "APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS", "Option names must be unique")
		}
		names[o.Name] = true
		switch o.Type {
		case discordgo.ApplicationCommandOptionSubCommandGroup:
			subs++
			if level != 0 {
				fe.add(join(op, "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommand groups can only be top-level options")
			}
			for j, sub := range o.Options {
				if sub.Type != discordgo.ApplicationCommandOptionSubCommand {
					fe.add(join(join(join(op, "options"), idx(j)), "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "A subcommand group may only contain subcommands")
				}
			}
			validateOptions(fe, join(op, "options"), o.Options, 1)
		case discordgo.ApplicationCommandOptionSubCommand:
			subs++
			if level == 2 {
				fe.add(join(op, "type"), "APPLICATION_COMMAND_OPTION_TYPE_INVALID", "Subcommands cannot be nested in subcommands")
			}
			validateOptions(fe, join(op, "options"), o.Options, 2)
		default:
			plain++
			if o.Type < 3 || o.Type > 11 {
				fe.add(join(op, "type"), "BASE_TYPE_CHOICES", "Value must be one of {1..11}.")
			}
			if o.Required && optionalSeen {
				fe.add(join(op, "required"), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID", "Required options must be placed before non-required options")
			}
			if !o.Required {
				optionalSeen = true
			}
			validateChoicesOf(fe, op, o)
		}
	}
	if subs > 0 && plain > 0 {
		fe.add(p, "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID", "Subcommands and groups cannot be mixed with other options")
	}
}

func validateChoicesOf(fe *formErrors, op string, o *discordgo.ApplicationCommandOption) {
	valued := o.Type == discordgo.ApplicationCommandOptionString || o.Type == discordgo.ApplicationCommandOptionInteger ||
		o.Type == discordgo.ApplicationCommandOptionNumber
	if len(o.Choices) > 0 && !valued {
		fe.add(join(op, "choices"), "APPLICATION_COMMAND_OPTION_CHOICES_INVALID", "Choices are only for string, integer and number options")
	}
	if o.Autocomplete && !valued {
		fe.add(join(op, "autocomplete"), "APPLICATION_COMMAND_AUTOCOMPLETE_INVALID", "Autocomplete is only for string, integer and number options")
	}
	if o.Autocomplete && len(o.Choices) > 0 {
		fe.add(join(op, "autocomplete"), "APPLICATION_COMMAND_AUTOCOMPLETE_INCOMPATIBLE_WITH_CHOICES", "Autocomplete cannot be used with choices")
	}
	if len(o.Choices) > MaxCommandChoices {
		fe.add(join(op, "choices"), "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", MaxCommandChoices)
	}
	for k, ch := range o.Choices {
		cp := join(join(op, "choices"), idx(k))
		fe.between(join(cp, "name"), ch.Name, 1, 100)
		switch o.Type {
		case discordgo.ApplicationCommandOptionString:
			v, isStr := ch.Value.(string)
			if !isStr {
				fe.add(join(cp, "value"), "BASE_TYPE_STRING", "Could not interpret value as string.")
			} else {
				fe.between(join(cp, "value"), v, 1, 100)
			}
		case discordgo.ApplicationCommandOptionInteger:
			if v, isNum := ch.Value.(float64); !isNum || v != math.Trunc(v) {
				fe.add(join(cp, "value"), "NUMBER_TYPE_COERCE", "Value is not int.")
			}
		case discordgo.ApplicationCommandOptionNumber:
			if _, isNum := ch.Value.(float64); !isNum {
				fe.add(join(cp, "value"), "NUMBER_TYPE_COERCE", "Value is not a number.")
			}
		}
	}
	if o.Type == discordgo.ApplicationCommandOptionString {
		if o.MinLength != nil && (*o.MinLength < 0 || *o.MinLength > 6000) {
			fe.add(join(op, "min_length"), "NUMBER_TYPE_MAX", "Int value should be between 0 and 6000.")
		}
		if o.MaxLength != 0 && (o.MaxLength < 1 || o.MaxLength > 6000) {
			fe.add(join(op, "max_length"), "NUMBER_TYPE_MAX", "Int value should be between 1 and 6000.")
		}
	}
}

// commandSize counts the characters Discord counts against the 4000 limit.
func commandSize(cmd *discordgo.ApplicationCommand) int {
	n := runeLen(cmd.Name) + runeLen(cmd.Description)
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			n += runeLen(o.Name) + runeLen(o.Description)
			for _, c := range o.Choices {
				n += runeLen(c.Name)
				if v, isStr := c.Value.(string); isStr {
					n += runeLen(v)
				}
			}
			walk(o.Options)
		}
	}
	walk(cmd.Options)
	return n
}
