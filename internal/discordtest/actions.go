package discordtest

import (
	"encoding/json"
	"fmt"
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
	if !s.canSeeLocked(u, ch) {
		return nil, nil, privateThreadErr(userID, channelID)
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
