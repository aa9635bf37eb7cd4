// Package discord connects the command router to Discord: it registers the
// slash commands, turns interactions (from the gateway, one session per
// shard, or POSTed to the Interactions Endpoint in HTTP mode, http.go)
// into commands.Interaction,
// answers within Discord's three seconds, and is the router's Transport for
// channel messages and DMs, naming what went wrong (commands.ErrMessageGone,
// ErrChannelGone, ErrThreadArchived, ErrDMClosed). discordgo provides the
// types and the multipart encoding; the REST client (rest.go) and the
// gateway connection (gateway.go) are the bot's own, because discordgo's
// rate limiter lets a global 429 hold interaction callbacks and sleeps
// past any context, and its gateway reconnects for ever on close codes
// that cannot heal.
package discord

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// applicationCommands converts the router's specs to Discord's form.
// Registered globally, each says where it is offered ("only for
// globally-scoped commands"): in servers the bot was installed in, and in
// the bot's DM for a command that works there, so no command shows where
// it would only be refused.
func applicationCommands(cmds []commands.Command, global bool) []*discordgo.ApplicationCommand {
	var out []*discordgo.ApplicationCommand
	for _, c := range cmds {
		ac := &discordgo.ApplicationCommand{Name: c.Name, Description: c.Description, Type: discordgo.ChatApplicationCommand}
		if c.ManageServer {
			perms := int64(discordgo.PermissionManageGuild)
			ac.DefaultMemberPermissions = &perms
		}
		if global {
			contexts := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
			if c.InDMs {
				contexts = append(contexts, discordgo.InteractionContextBotDM)
			}
			ac.Contexts = &contexts
			ac.IntegrationTypes = &[]discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
		}
		for _, s := range c.Subs {
			sub := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: s.Name, Description: s.Description}
			for _, o := range s.Options {
				sub.Options = append(sub.Options, commandOption(o))
			}
			ac.Options = append(ac.Options, sub)
		}
		out = append(out, ac)
	}
	return out
}

func commandOption(o commands.CommandOption) *discordgo.ApplicationCommandOption {
	opt := &discordgo.ApplicationCommandOption{Name: o.Name, Description: o.Description, Required: o.Required, Autocomplete: o.Autocomplete}
	switch o.Type {
	case commands.IntegerOption:
		opt.Type = discordgo.ApplicationCommandOptionInteger
		if o.Min != 0 || o.Max != 0 {
			lo := float64(o.Min)
			opt.MinValue, opt.MaxValue = &lo, float64(o.Max)
		}
	case commands.BooleanOption:
		opt.Type = discordgo.ApplicationCommandOptionBoolean
	case commands.UserOption:
		opt.Type = discordgo.ApplicationCommandOptionUser
	default:
		opt.Type = discordgo.ApplicationCommandOptionString
	}
	for _, c := range o.Choices {
		opt.Choices = append(opt.Choices, &discordgo.ApplicationCommandOptionChoice{Name: c.Name, Value: c.Value})
	}
	return opt
}

func displayName(u *discordgo.User, m *discordgo.Member) string {
	switch {
	case m != nil && m.Nick != "":
		return m.Nick
	case u == nil:
		return "someone"
	case u.GlobalName != "":
		return u.GlobalName
	}
	return u.Username
}

// interaction decodes what the gateway delivered; ok is false for kinds the
// bot does not handle.
func interaction(i *discordgo.InteractionCreate) (commands.Interaction, bool) {
	in := commands.Interaction{Guild: i.GuildID, Channel: i.ChannelID, DM: i.GuildID == ""}
	switch {
	case i.Member != nil && i.Member.User != nil:
		in.User = commands.User{ID: i.Member.User.ID, Name: commands.NameOf(displayName(i.Member.User, i.Member)), Bot: i.Member.User.Bot}
		// Member permissions in an interaction are computed for its channel,
		// overwrites included; Administrator implies every permission.
		in.CanManage = i.Member.Permissions&(discordgo.PermissionManageChannels|discordgo.PermissionAdministrator) != 0
		in.CanManageServer = i.Member.Permissions&(discordgo.PermissionManageGuild|discordgo.PermissionAdministrator) != 0
	case i.User != nil:
		in.User = commands.User{ID: i.User.ID, Name: commands.NameOf(displayName(i.User, nil)), Bot: i.User.Bot}
	default:
		return in, false
	}
	if !in.DM {
		in.CannotPost = cannotPost(i.AppPermissions)
		in.CannotThread = cannotThread(i.AppPermissions)
		in.CannotPrivateThread = cannotPrivateThread(i.AppPermissions)
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		commandInteraction(&in, i)
	case discordgo.InteractionMessageComponent:
		componentInteraction(&in, i)
	case discordgo.InteractionModalSubmit:
		formInteraction(&in, i.ModalSubmitData())
	default:
		return in, false
	}
	return in, true
}

// commandInteraction reads a slash command or its autocomplete: its name,
// subcommand, options, the focused option, and the users it names.
func commandInteraction(in *commands.Interaction, i *discordgo.InteractionCreate) {
	data := i.ApplicationCommandData()
	in.Type = commands.SlashCommand
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		in.Type = commands.Autocomplete
	}
	in.Command = data.Name
	in.Options, in.Users = map[string]string{}, map[string]commands.Name{}
	opts := data.Options
	if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
		in.Sub, opts = opts[0].Name, opts[0].Options
	}
	for _, o := range opts {
		in.Options[o.Name] = optionString(o)
		if o.Focused {
			in.Focused = o.Name
		}
		if o.Type == discordgo.ApplicationCommandOptionUser && data.Resolved != nil {
			optionUser(in, in.Options[o.Name], data.Resolved)
		}
	}
}

// optionUser records the name of a user given as an option, and whether
// it is a bot.
func optionUser(in *commands.Interaction, id string, resolved *discordgo.ApplicationCommandInteractionDataResolved) {
	var member *discordgo.Member
	if resolved.Members != nil {
		member = resolved.Members[id]
	}
	in.Users[id] = commands.NameOf(displayName(resolved.Users[id], member))
	if u := resolved.Users[id]; u != nil && u.Bot {
		if in.Bots == nil {
			in.Bots = map[string]bool{}
		}
		in.Bots[id] = true
	}
}

// componentInteraction reads a click on a button or a select menu.
func componentInteraction(in *commands.Interaction, i *discordgo.InteractionCreate) {
	data := i.MessageComponentData()
	in.Type = commands.ComponentClick
	in.CustomID, in.Values = data.CustomID, data.Values
	if data.ComponentType == discordgo.UserSelectMenuComponent {
		pickedUsers(in, data.Resolved)
	}
	if i.Message != nil {
		in.MessageID = i.Message.ID
		if i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
			in.MessageID = "" // ephemeral messages cannot be edited through the channel
		}
	}
}

// formInteraction reads a submitted form: the value of each text input.
func formInteraction(in *commands.Interaction, data discordgo.ModalSubmitInteractionData) {
	in.Type, in.CustomID, in.Fields = commands.FormSubmit, data.CustomID, map[string]string{}
	for _, row := range data.Components {
		r, ok := row.(*discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, c := range r.Components {
			if ti, ok := c.(*discordgo.TextInput); ok {
				in.Fields[ti.CustomID] = ti.Value
			}
		}
	}
}

// modal is the response that opens a form (a modal with one text input).
func modal(f *commands.Form) *discordgo.InteractionResponse {
	return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseModal, Data: &discordgo.InteractionResponseData{
		CustomID: f.CustomID, Title: f.Title,
		Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.TextInput{CustomID: f.Field, Label: f.Label, Style: discordgo.TextInputShort, Placeholder: f.Placeholder,
				Required: true, MaxLength: f.MaxLength, MinLength: 1},
		}}},
	}}
}

// cannotPost explains what the bot lacks to post turn messages in the
// interaction's channel (its app_permissions there), or "" when it may.
// Send Messages in Threads stands in for Send Messages in a thread; the
// interaction does not say which kind of channel it came from.
func cannotPost(perms int64) string {
	if perms == 0 {
		return "" // not sent: assume the invite's permissions
	}
	var missing []string
	if perms&discordgo.PermissionAdministrator != 0 {
		return ""
	}
	if perms&discordgo.PermissionViewChannel == 0 {
		missing = append(missing, "View Channel")
	}
	if perms&(discordgo.PermissionSendMessages|discordgo.PermissionSendMessagesInThreads) == 0 {
		missing = append(missing, "Send Messages (and Send Messages in Threads for threads)")
	}
	if perms&discordgo.PermissionAttachFiles == 0 {
		missing = append(missing, "Attach Files")
	}
	if len(missing) == 0 {
		return ""
	}
	return "I cannot post in this channel, so nothing was changed: give me " + strings.Join(missing, ", ") +
		" here (server or channel settings), then try again."
}

func optionString(o *discordgo.ApplicationCommandInteractionDataOption) string {
	switch o.Type {
	case discordgo.ApplicationCommandOptionInteger:
		if f, ok := o.Value.(float64); ok {
			return strconv.FormatInt(int64(f), 10)
		}
	case discordgo.ApplicationCommandOptionBoolean:
		if b, ok := o.Value.(bool); ok {
			return strconv.FormatBool(b)
		}
	}
	if s, ok := o.Value.(string); ok {
		return s
	}
	return ""
}

func components(rows []commands.Row) []discordgo.MessageComponent {
	out := []discordgo.MessageComponent{}
	for _, r := range rows {
		var row discordgo.ActionsRow
		for _, b := range r.Buttons {
			if b.URL != "" {
				row.Components = append(row.Components, discordgo.Button{Label: b.Label, URL: b.URL, Style: discordgo.LinkButton})
				continue
			}
			row.Components = append(row.Components, discordgo.Button{Label: b.Label, CustomID: b.CustomID, Style: buttonStyle(b.Style)})
		}
		if s := r.Select; s != nil {
			row.Components = append(row.Components, selectMenu(s))
		}
		out = append(out, row)
	}
	return out
}

func buttonStyle(s commands.ButtonStyle) discordgo.ButtonStyle {
	switch s {
	case commands.Secondary:
		return discordgo.SecondaryButton
	case commands.Success:
		return discordgo.SuccessButton
	case commands.Danger:
		return discordgo.DangerButton
	}
	return discordgo.PrimaryButton
}

func files(fs []commands.File) []*discordgo.File {
	var out []*discordgo.File
	for _, f := range fs {
		out = append(out, &discordgo.File{Name: f.Name, ContentType: contentType(f.Name), Reader: newFileBytes(f.Data)})
	}
	return out
}

// contentType is an upload's type by its name: the bot sends pictures, and
// a board too large for a message as text.
func contentType(name string) string {
	if strings.HasSuffix(name, ".txt") {
		return "text/plain; charset=utf-8"
	}
	return "image/png"
}

// attachmentEntry is an upload's entry in a message's attachments list:
// its index among the files, and its description (alt text, read by screen
// readers). discordgo's attachment type has no description.
type attachmentEntry struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	Description string `json:"description,omitempty"`
}

// attachmentEntries lists the uploads with their descriptions; an edit
// sends it even empty, which drops the old attachments. A description
// over Discord's limit would have the whole message refused: it is cut.
func attachmentEntries(fs []commands.File) []attachmentEntry {
	out := []attachmentEntry{}
	for i, f := range fs {
		out = append(out, attachmentEntry{ID: strconv.Itoa(i), Filename: f.Name, Description: clipRunes(f.Description, maxDescription)})
	}
	return out
}

// maxDescription is Discord's limit on an attachment's description, in
// characters.
const maxDescription = 1024

// clipRunes cuts s to at most n characters, the last an ellipsis when cut.
func clipRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// described reports whether any file has a description.
func described(fs []commands.File) bool {
	for _, f := range fs {
		if f.Description != "" {
			return true
		}
	}
	return false
}

// The payloads that carry uploads, with their attachments list in place
// of discordgo's (the outer field is the one encoded).
type (
	webhookEdit struct {
		*discordgo.WebhookEdit
		Attachments []attachmentEntry `json:"attachments"`
	}
	webhookParams struct {
		*discordgo.WebhookParams
		Attachments []attachmentEntry `json:"attachments,omitempty"`
	}
	describedResponse struct {
		*discordgo.InteractionResponse
		Data *describedData `json:"data,omitempty"`
	}
	describedData struct {
		*discordgo.InteractionResponseData
		Attachments []attachmentEntry `json:"attachments,omitempty"`
	}
)

// mentions lets a message ping exactly the listed users, nobody else.
func mentions(ids []string) *discordgo.MessageAllowedMentions {
	return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: append([]string{}, ids...)}
}
