package discordtest

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// CommandOption is a value a user gives to a slash command option.
type CommandOption struct {
	Name  string
	Value any // string, int, float64, bool; a user/channel/role id as a string
}

// Opt makes a CommandOption.
func Opt(name string, value any) CommandOption { return CommandOption{name, value} }

// Must fails the test if err is set; it reads well around the acting
// methods: in := fake.Must(fake.Click(user, msgID, "play")).
func (s *Server) Must(in *Interaction, err error) *Interaction {
	s.tb.Helper()
	if err != nil {
		s.tb.Fatalf("%v", err)
	}
	return in
}

// RunCommand acts as the user typing /name [subcommand] options... in the
// channel. subcommand is "", "sub" or "group sub". The command must be
// registered (globally or for the channel's guild), usable there by the
// user, and the options must fit its schema, as Discord's client ensures.
func (s *Server) RunCommand(userID, channelID, name, subcommand string, opts ...CommandOption) (*Interaction, error) {
	return s.command(userID, channelID, name, subcommand, "", "", opts)
}

// Autocomplete acts as the user typing partial into the option focused of
// /name [subcommand] while the others hold opts.
func (s *Server) Autocomplete(userID, channelID, name, subcommand, focused, partial string, opts ...CommandOption) (*Interaction, error) {
	if focused == "" {
		return nil, fmt.Errorf("discordtest: Autocomplete needs the focused option")
	}
	return s.command(userID, channelID, name, subcommand, focused, partial, opts)
}

func (s *Server) command(userID, channelID, name, sub, focused, partial string, opts []CommandOption) (*Interaction, error) {
	s.mu.Lock()
	u, ch, err := s.actorLocked(userID, channelID)
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	cmd, err := s.findCommandLocked(u, ch, name)
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	b := &optionBuilder{s: s, ch: ch, focused: focused, partial: partial}
	options, err := b.build(cmd, sub, opts)
	if err != nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: /%s: %w", name, err)
	}
	data := map[string]any{"id": cmd.ID, "name": cmd.Name, "type": 1, "options": options}
	if cmd.GuildID != "" {
		data["guild_id"] = cmd.GuildID
	}
	if len(b.resolved) > 0 {
		data["resolved"] = b.resolved
	}
	kind := interactionCommand
	if focused != "" {
		kind = interactionAutocomplete
	}
	in := s.newInteractionLocked(kind, u, ch, data, nil)
	in.name = cmd.Name
	s.mu.Unlock()
	return s.dispatchInteraction(in)
}

func (s *Server) actorLocked(userID, channelID string) (*userState, *channelState, error) {
	u := s.users[userID]
	if u == nil {
		return nil, nil, fmt.Errorf("discordtest: unknown user %q", userID)
	}
	ch := s.channels[channelID]
	if ch == nil {
		return nil, nil, fmt.Errorf("discordtest: unknown channel %q", channelID)
	}
	if ch.kind == ChannelDM && ch.dmUser != userID {
		return nil, nil, fmt.Errorf("discordtest: user %s cannot act in the DM channel of %s", userID, ch.dmUser)
	}
	return u, ch, nil
}

// findCommandLocked finds a chat command the user may run in the channel.
func (s *Server) findCommandLocked(u *userState, ch *channelState, name string) (*discordgo.ApplicationCommand, error) {
	var scopes []string
	if ch.guildID != "" {
		scopes = append(scopes, ch.guildID)
	}
	scopes = append(scopes, "")
	for _, scope := range scopes {
		for _, cmd := range s.commands[scope] {
			if cmd.Name != name || cmd.Type != discordgo.ChatApplicationCommand {
				continue
			}
			if ch.kind == ChannelDM {
				if cmd.DMPermission != nil && !*cmd.DMPermission {
					return nil, fmt.Errorf("discordtest: /%s is not available in DMs (dm_permission false)", name)
				}
				if cmd.Contexts != nil && !slices.Contains(*cmd.Contexts, discordgo.InteractionContextBotDM) {
					return nil, fmt.Errorf("discordtest: /%s is not available in DMs (contexts)", name)
				}
				return cmd, nil
			}
			if cmd.Contexts != nil && !slices.Contains(*cmd.Contexts, discordgo.InteractionContextGuild) {
				return nil, fmt.Errorf("discordtest: /%s is not available in guilds (contexts)", name)
			}
			if need := cmd.DefaultMemberPermissions; need != nil && u.perms&PermAdministrator == 0 {
				if *need == 0 || u.perms&*need != *need {
					return nil, fmt.Errorf("discordtest: user %s lacks permissions %d required by /%s", u.id, *need, name)
				}
			}
			return cmd, nil
		}
	}
	return nil, fmt.Errorf("discordtest: no command /%s registered for channel %s (registered: %s)", name, ch.id, s.commandNamesLocked(ch))
}

func (s *Server) commandNamesLocked(ch *channelState) string {
	var names []string
	for _, scope := range []string{ch.guildID, ""} {
		for _, c := range s.commands[scope] {
			names = append(names, "/"+c.Name)
		}
		if scope == "" {
			break
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, " ")
}

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

// Click acts as the user pressing the button with customID on a message. It
// fails if the message (as it is now) has no such enabled button or the user
// cannot see it, so a test notices stripped or disabled buttons.
func (s *Server) Click(userID, messageID, customID string) (*Interaction, error) {
	return s.component(userID, messageID, customID, nil, false)
}

// Select acts as the user choosing values in the select menu with customID.
func (s *Server) Select(userID, messageID, customID string, values ...string) (*Interaction, error) {
	return s.component(userID, messageID, customID, values, true)
}

func (s *Server) component(userID, messageID, customID string, values []string, isSel bool) (*Interaction, error) {
	s.mu.Lock()
	m := s.messages[messageID]
	if m == nil || m.Deleted {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: no message %s (deleted or never sent)", messageID)
	}
	u, ch, err := s.actorLocked(userID, m.ChannelID)
	if err == nil && m.Ephemeral && m.Recipient != userID {
		err = fmt.Errorf("discordtest: message %s is ephemeral for %s; %s cannot see it", messageID, m.Recipient, userID)
	}
	if err != nil {
		s.mu.Unlock()
		return nil, err
	}
	c, found := m.Component(customID)
	if err = checkComponent(m, c, found, customID, values, isSel); err != nil {
		s.mu.Unlock()
		return nil, err
	}
	data := map[string]any{"custom_id": customID, "component_type": c.Type}
	if isSel {
		data["values"] = values
		if c.Type == ComponentUserSelect {
			resolved, err := s.resolvePickedLocked(ch, values)
			if err != nil {
				s.mu.Unlock()
				return nil, err
			}
			data["resolved"] = resolved
		}
	}
	in := s.newInteractionLocked(interactionComponent, u, ch, data, m)
	s.mu.Unlock()
	return s.dispatchInteraction(in)
}

func checkComponent(m *Message, c Component, found bool, customID string, values []string, isSel bool) error {
	if !found {
		return fmt.Errorf("discordtest: message %s has no component %q (custom ids: %v)", m.ID, customID, m.CustomIDs())
	}
	if c.Disabled {
		return fmt.Errorf("discordtest: component %q of message %s is disabled", customID, m.ID)
	}
	if !isSel {
		if c.Type != ComponentButton {
			return fmt.Errorf("discordtest: component %q is not a button (type %d)", customID, c.Type)
		}
		return nil
	}
	if !isSelect(c.Type) {
		return fmt.Errorf("discordtest: component %q is not a select menu (type %d)", customID, c.Type)
	}
	minV, maxV := 1, 1
	if c.MinValues != nil {
		minV = *c.MinValues
	}
	if c.MaxValues != nil {
		maxV = *c.MaxValues
	}
	if len(values) < minV || len(values) > maxV {
		return fmt.Errorf("discordtest: select %q takes %d to %d values, got %d", customID, minV, maxV, len(values))
	}
	if c.Type == ComponentStringSelect {
		for _, v := range values {
			if !slices.ContainsFunc(c.Options, func(o SelectOption) bool { return o.Value == v }) {
				return fmt.Errorf("discordtest: select %q has no option %q", customID, v)
			}
		}
	}
	return nil
}

// SubmitModal acts as the user filling in and submitting the modal the bot
// opened in answer to from. values maps text input custom ids to text.
func (s *Server) SubmitModal(userID string, from *Interaction, values map[string]string) (*Interaction, error) {
	s.mu.Lock()
	src := from.st
	if src.respType != CallbackModal || src.modal == nil {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: interaction %s was not answered with a modal", src.id)
	}
	if src.user.id != userID {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: the modal was opened for %s, not %s", src.user.id, userID)
	}
	modal := Modal{CustomID: src.modal.CustomID, Title: src.modal.Title, Components: cloneComponents(src.modal.Components)}
	rows := []any{}
	used := 0
	for _, ti := range modal.TextInputs() {
		v, given := values[ti.CustomID]
		if given {
			used++
		} else {
			v = ti.Value
		}
		required := ti.Required == nil || *ti.Required
		if required && v == "" {
			s.mu.Unlock()
			return nil, fmt.Errorf("discordtest: modal field %q is required", ti.CustomID)
		}
		if v != "" && (ti.MinLength != nil && runeLen(v) < *ti.MinLength || ti.MaxLength != nil && runeLen(v) > *ti.MaxLength) {
			s.mu.Unlock()
			return nil, fmt.Errorf("discordtest: modal field %q: length %d outside its limits", ti.CustomID, runeLen(v))
		}
		rows = append(rows, map[string]any{"type": 1, "components": []any{
			map[string]any{"type": ComponentTextInput, "custom_id": ti.CustomID, "value": v},
		}})
	}
	if used != len(values) {
		s.mu.Unlock()
		return nil, fmt.Errorf("discordtest: values name fields the modal does not have")
	}
	data := map[string]any{"custom_id": modal.CustomID, "components": rows}
	var srcMsg *Message
	if src.sourceMsg != "" {
		srcMsg = s.messages[src.sourceMsg]
	}
	in := s.newInteractionLocked(interactionModalSubmit, src.user, src.channel, data, srcMsg)
	s.mu.Unlock()
	return s.dispatchInteraction(in)
}

// newInteractionLocked builds the INTERACTION_CREATE payload as Discord does.
func (s *Server) newInteractionLocked(kind int, u *userState, ch *channelState, data map[string]any, msg *Message) *interactionState {
	id := s.newID()
	in := &interactionState{
		id: id, token: "aW50ZXJhY3Rpb246" + id + "." + s.newID(), kind: kind, user: u, channel: ch,
	}
	p := map[string]any{
		"id":              id,
		"application_id":  s.cfg.appID,
		"type":            kind,
		"data":            data,
		"channel_id":      ch.id,
		"channel":         s.wireChannel(ch),
		"token":           in.token,
		"version":         1,
		"locale":          "en-US",
		"entitlements":    []any{},
		"app_permissions": itoa64(s.botPermsLocked(ch)),
	}
	if ch.kind == ChannelDM {
		p["user"] = s.wireUser(u)
		p["context"] = 1
		p["authorizing_integration_owners"] = map[string]any{"0": "0"}
	} else {
		p["guild_id"] = ch.guildID
		p["guild_locale"] = "en-US"
		p["member"] = s.wireMember(u, true)
		p["context"] = 0
		p["authorizing_integration_owners"] = map[string]any{"0": ch.guildID}
	}
	if msg != nil {
		p["message"] = s.wireMessage(msg)
		in.sourceMsg = msg.ID
	}
	in.payload, _ = json.Marshal(p)
	s.interactions[id] = in
	s.byToken[in.token] = in
	return in
}

func (s *Server) wireMember(u *userState, withUser bool) map[string]any {
	m := map[string]any{
		"roles": []any{}, "joined_at": "2024-01-01T00:00:00.000000+00:00", "nick": nil, "avatar": nil,
		"deaf": false, "mute": false, "flags": 0, "pending": false, "premium_since": nil,
		"permissions": itoa64(u.perms),
	}
	if withUser {
		m["user"] = s.wireUser(u)
	}
	return m
}

// dispatchInteraction sends INTERACTION_CREATE, or POSTs the interaction
// to an endpoint (http.go); the 3-second clock starts now.
func (s *Server) dispatchInteraction(in *interactionState) (*Interaction, error) {
	s.mu.Lock()
	in.created = time.Now()
	if url := s.pickEndpointLocked(); url != "" {
		in.delivered = make(chan struct{})
		s.mu.Unlock()
		go s.deliverHTTP(in, url, in.delivered)
		return &Interaction{s: s, st: in}, nil
	}
	s.mu.Unlock()
	if err := s.gw.dispatchRaw("INTERACTION_CREATE", in.payload, in.channel.guildID); err != nil {
		s.mu.Lock()
		delete(s.interactions, in.id)
		delete(s.byToken, in.token)
		s.mu.Unlock()
		return nil, err
	}
	return &Interaction{s: s, st: in}, nil
}
