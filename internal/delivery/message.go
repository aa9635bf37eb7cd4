package delivery

import (
	"context"
	"errors"
	"image"

	"standoff/internal/games"
)

// The messages a publication is made of, and the transports that carry
// them: what the presenter builds and delivery sends, whatever carries it
// (Discord, the console, tests).

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

// Message is what the bot posts.
type Message struct {
	Content   string
	Ephemeral bool
	Files     []File
	Rows      []Row
	// Mentions lists user ids the message may ping; nobody else is pinged.
	Mentions []string
	// Silent posts the message without a push or desktop notification
	// (Discord's SUPPRESS_NOTIFICATIONS): a DM that comes while its
	// reader may not be told (quiet hours, time away) arrives unheard.
	Silent bool
	// Pictures are still to draw: the presenter names them, delivery draws
	// them into Files just before sending (Draw), so a message held back
	// by Discord's limits has cost no drawing.
	Pictures []Picture
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

// Picture is a picture a message will carry: the view to draw, with what
// draws it, and the words that describe it (alt text).
type Picture struct {
	Name string
	View games.View
	Draw Renderer
	Alt  string
}
