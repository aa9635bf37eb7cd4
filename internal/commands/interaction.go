// Package commands turns slash commands, button clicks and select menus into
// game moves, and game states into channel messages and DMs. It is generic
// over games (it only knows the games contract) and over transport (Discord,
// the console and tests all drive the same Router).
package commands

import (
	"standoff/internal/delivery"
	"standoff/internal/games"
)

// InteractionType says what a user did.
type InteractionType int

const (
	SlashCommand InteractionType = iota + 1
	ComponentClick
	Autocomplete
	// FormSubmit: a form (Discord's modal) the bot opened was filled in;
	// CustomID names the form, Fields holds what was typed.
	FormSubmit
)

// Interaction is one user action, already decoded by the transport.
type Interaction struct {
	Type      InteractionType
	Guild     string
	Channel   string // the channel (or DM channel) it happened in
	DM        bool   // true when it happened in a direct message
	User      User
	CanManage bool // the user has Manage Channels in this channel
	// CanManageServer: the user has Manage Server (server-wide settings).
	CanManageServer bool
	// CannotPost, when set by the transport, says the bot may not post in
	// Channel and how to fix that (e.g. the permissions it lacks). Actions
	// that would post there are refused with this text before anything
	// changes, so no game moves on where nobody can see it.
	CannotPost string
	// InThread: Channel is a thread (a new game stays in it).
	InThread bool
	// CannotThread, when set by the transport, says why the bot may not
	// start a thread for a new game here (the permissions it lacks); ""
	// when it may (threads.go).
	CannotThread string
	// CannotPrivateThread, when set by the transport, says why the bot may
	// not create a private thread here for a daily run (the permissions it
	// lacks); "" when it may (daily_place.go).
	CannotPrivateThread string

	// Slash commands and autocomplete.
	Command string            // e.g. "hijack"
	Sub     string            // e.g. "move"
	Options map[string]string // option name -> raw value (user options hold user ids)
	Users   map[string]Name   // user id -> display name, for user options
	Bots    map[string]bool   // user ids of user options that are bot accounts
	Focused string            // the option being autocompleted

	// Component clicks, and forms submitted (Fields: field id -> text).
	Fields    map[string]string
	CustomID  string
	Values    []string // select menu values
	MessageID string   // the message the component is on

	// Reply, when the transport sets it, carries messages back through the
	// interaction itself (Discord's interaction endpoints are not bound by
	// the bot's global rate limit); nil: everything goes through Transport.
	Reply Replier
}

// User is whoever acted.
type User struct {
	ID   string
	Name Name
	Bot  bool // a bot account: it may not play
}

// ResponseKind is how an interaction is answered.
type ResponseKind int

const (
	// Reply answers with a message (ephemeral when Message.Ephemeral).
	Reply ResponseKind = iota
	// Ack acknowledges a component click without a visible answer; the
	// router edits messages through the Transport.
	Ack
	// Choices answers an autocomplete.
	Choices
	// OpenForm answers a click by opening Response.Form for the user.
	OpenForm
	// Update answers a click by replacing the message its control is on
	// (a menu that shows what was picked, or what came of it).
	Update
)

// Response is the router's answer to an interaction.
type Response struct {
	Kind        ResponseKind
	Message     Message
	Suggestions []Suggestion
	Form        *Form
}

// Form is a small window with one text field (Discord's modal), for
// typing where a slash command's options are awkward (a phone).
type Form struct {
	CustomID    string
	Title       string // at most 45 characters
	Field       string // the field's id
	Label       string // at most 45 characters
	Placeholder string // at most 100 characters
	MaxLength   int
}

// Suggestion is one autocomplete choice.
type Suggestion struct {
	Name  string
	Value string
}

// Game pairs a kind with its renderer; Draw may be nil (text only).
type Game struct {
	Kind *games.Kind
	// Draw is the turn picture, made to be read on a phone.
	Draw Renderer
	// Full, when set, is the whole board with the detail the turn picture
	// leaves out, shown one tap away; nil: the turn picture is the whole
	// board.
	Full Renderer
	// Alt, when set, says in words what a view's picture shows, for screen
	// readers; it sees only the view it is given.
	Alt func(games.View) string
}

// The messages and transports are delivery's (internal/delivery); these
// names keep the commands API the transports were written against.
type (
	Message      = delivery.Message
	File         = delivery.File
	Row          = delivery.Row
	Button       = delivery.Button
	ButtonStyle  = delivery.ButtonStyle
	Select       = delivery.Select
	SelectOption = delivery.SelectOption
	Transport    = delivery.Transport
	DMOpener     = delivery.DMOpener
	Replier      = delivery.Replier
	Renderer     = delivery.Renderer
)

const (
	Primary   = delivery.Primary
	Secondary = delivery.Secondary
	Success   = delivery.Success
	Danger    = delivery.Danger
)

var (
	ErrDMClosed       = delivery.ErrDMClosed
	ErrMessageGone    = delivery.ErrMessageGone
	ErrChannelGone    = delivery.ErrChannelGone
	ErrThreadArchived = delivery.ErrThreadArchived
)
