// Package commands turns slash commands, button clicks and select menus into
// game moves, and game states into channel messages and DMs. It is generic
// over games (it only knows the games contract) and over transport (Discord,
// the console and tests all drive the same Router).
package commands

import (
	"context"
	"errors"
	"image"

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

// Replier sends through an interaction, once its first answer was given (a
// click acknowledged with a deferred update, a slash command answered).
type Replier interface {
	// EditOriginal edits the message the clicked component is on.
	EditOriginal(ctx context.Context, m Message) error
	// ClearOriginal takes every component off the clicked message.
	ClearOriginal(ctx context.Context) error
	// FollowUp posts a new message in the interaction's channel and returns
	// its id; its mentions notify as a bot's message would.
	FollowUp(ctx context.Context, m Message) (string, error)
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

// Message is what the bot posts.
type Message struct {
	Content   string
	Ephemeral bool
	Files     []File
	Rows      []Row
	// Mentions lists user ids the message may ping; nobody else is pinged.
	Mentions []string
	// views are pictures still to draw (pictures.go): the presenter names
	// them, delivery draws them into Files just before sending.
	views []viewPicture
}

// File is an attachment.
type File struct {
	Name string
	Data []byte
	// Description is the attachment's alt text (Discord: up to 1024
	// characters), read by screen readers.
	Description string
}

// Row is an action row: up to 5 buttons, or one select menu.
type Row struct {
	Buttons []Button
	Select  *Select
}

// Button is a clickable control.
type Button struct {
	Label    string
	CustomID string
	Style    ButtonStyle
	// URL makes it a link button: it opens the URL (a channel, a message)
	// and sends the bot nothing; CustomID and Style are then unused.
	URL string
}

// ButtonStyle is a button's colour on Discord.
type ButtonStyle int

const (
	Primary ButtonStyle = iota
	Secondary
	Success
	Danger
)

// Select is a select menu: of Options, or (Users) of the server's users,
// which Discord lists itself; a pick's Values are then user ids, and the
// interaction's Users and Bots say who they are.
type Select struct {
	CustomID    string
	Placeholder string
	Options     []SelectOption
	Users       bool
	// MinValues and MaxValues bound how many entries may be picked (0:
	// exactly one).
	MinValues, MaxValues int
}

// SelectOption is one entry of a select menu.
type SelectOption struct {
	Label string
	Value string
}

// Transport delivers what the router produces outside interaction answers.
type Transport interface {
	// Send posts a message to a channel and returns its id.
	Send(ctx context.Context, channel string, m Message) (string, error)
	// Edit replaces a message's content, controls and attachments.
	Edit(ctx context.Context, channel, messageID string, m Message) error
	// ClearControls removes every component of a message, leaving the rest.
	ClearControls(ctx context.Context, channel, messageID string) error
	// DM sends a direct message; ErrDMClosed when the user does not accept it.
	DM(ctx context.Context, userID string, m Message) error
}

// DMOpener is a Transport whose DMs go through a channel it must first
// open with the user (Discord, whose opening has a tight rate limit of its
// own): delivery opens it before drawing a private message's pictures, so
// a DM the limits hold back has cost no drawing. Opening an open channel
// costs nothing.
type DMOpener interface {
	OpenDM(ctx context.Context, userID string) error
}

// ErrDMClosed is returned by Transport.DM when the user's DMs are closed.
var ErrDMClosed = errors.New("cannot send messages to this user")

// Errors a Transport wraps (errors.Is) so the router can react to what
// happened to a channel or message instead of retrying blindly.
var (
	// ErrMessageGone: the message no longer exists (deleted by a moderator;
	// Discord 10008). Post a new one instead of editing.
	ErrMessageGone = errors.New("the message was deleted")
	// ErrChannelGone: the channel is gone or the bot lost access to it
	// (Discord 10003, 50001, 50013 or a 403). Retrying will not help until
	// someone acts there again.
	ErrChannelGone = errors.New("the channel is gone or the bot cannot post there")
	// ErrThreadArchived: the channel is an archived thread (Discord 50083)
	// that could not be reopened.
	ErrThreadArchived = errors.New("the thread is archived")
)

// Renderer draws a game's view (public board or private hand). The picture
// it returns is the caller's own: once encoded it may be handed back with
// images.Release.
type Renderer func(games.View) (image.Image, error)

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
