package discord

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

func code(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// serverError reports a 5xx answer.
func serverError(err error) bool {
	return status(err) >= http.StatusInternalServerError
}

// retry runs a REST call again after a server error, backing off. Only
// calls that cannot be doubled use it: edits, DM channel creation,
// interaction callbacks (a second one is refused) and message creates that
// carry an enforced nonce.
func (b *Bot) retry(ctx context.Context, f func() error) error {
	delay := 250 * time.Millisecond
	var err error
	for attempt := 1; ; attempt++ {
		if err = f(); err == nil || !serverError(err) || attempt == 4 {
			return err
		}
		b.log.Warn("Discord answered with a server error; trying again", "attempt", attempt, "after", delay, "err", err)
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return err
		}
		delay *= 2
	}
}

// messageCreate is discordgo's MessageSend plus the nonce fields it lacks:
// with enforce_nonce Discord returns the message already created with the
// same nonce instead of creating another, so a create may be retried.
type messageCreate struct {
	*discordgo.MessageSend
	Nonce        string `json:"nonce,omitempty"`
	EnforceNonce bool   `json:"enforce_nonce,omitempty"`
	// Attachments describe the uploads (alt text), when any has words.
	Attachments []attachmentEntry `json:"attachments,omitempty"`
}

func nonce() string {
	var b [10]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:]) // 20 characters; Discord allows 25
}

// sendOf is the create body of a message (files go as multipart parts).
func sendOf(m commands.Message, allowed []string) *discordgo.MessageSend {
	return &discordgo.MessageSend{Content: m.Content, Components: components(m.Rows), AllowedMentions: mentions(allowed)}
}

// create posts a message, retrying server errors under one nonce: a create
// that took effect although Discord answered 5xx returns the same message
// when sent again, instead of posting it twice. It returns the message's
// id, all the bot keeps of it: decoding the whole message Discord sends
// back (components, attachments, author) was a fifth of the bot's JSON
// work under load.
func (b *Bot) create(ctx context.Context, channel string, m commands.Message, allowed []string) (string, error) {
	body := messageCreate{MessageSend: sendOf(m, allowed), Nonce: nonce(), EnforceNonce: true}
	if described(m.Files) {
		body.Attachments = attachmentEntries(m.Files)
	}
	data, err := encode(body, files(m.Files))
	if err != nil {
		return "", err
	}
	var msg struct {
		ID string `json:"id"`
	}
	err = b.retry(ctx, func() error {
		raw, err := b.api.do(ctx, http.MethodPost, discordgo.EndpointChannelMessages(channel), data)
		if err != nil {
			return err
		}
		return json.Unmarshal(raw, &msg)
	})
	if err != nil {
		return "", err
	}
	if msg.ID == "" {
		return "", errors.New("Discord answered a message create without the message's id")
	}
	return msg.ID, nil
}

// inChannel runs a message call in a channel. An archived thread is
// reopened and the call made again; what is left of a failure is wrapped in
// the commands.Err* value saying what happened to the channel or message.
func (b *Bot) inChannel(ctx context.Context, channel string, op func() error) error {
	err := op()
	if code(err) == codeThreadArchived {
		open := false
		if uerr := b.api.call(ctx, http.MethodPatch, discordgo.EndpointChannel(channel), &discordgo.ChannelEdit{Archived: &open}, nil, nil); uerr != nil {
			return fmt.Errorf("%w (channel %s; reopening it failed: %v): %w", commands.ErrThreadArchived, channel, uerr, err)
		}
		b.log.Info("reopened an archived thread", "channel", channel)
		err = op()
	}
	return channelError(channel, err)
}

// channelError wraps Discord's answer in what it means for the router.
func channelError(channel string, err error) error {
	if err == nil {
		return nil
	}
	switch c := code(err); {
	case c == codeUnknownMessage:
		return fmt.Errorf("%w (channel %s): %w", commands.ErrMessageGone, channel, err)
	case c == codeThreadArchived:
		return fmt.Errorf("%w (channel %s): %w", commands.ErrThreadArchived, channel, err)
	case c == codeUnknownChannel || c == codeMissingAccess || c == codeMissingPermissions || status(err) == http.StatusForbidden:
		return fmt.Errorf("%w (channel %s): %w", commands.ErrChannelGone, channel, err)
	}
	return err
}

// Send posts a message to a channel.
func (b *Bot) Send(ctx context.Context, channel string, m commands.Message) (string, error) {
	var id string
	err := b.inChannel(ctx, channel, func() error {
		return b.withoutOversizeFiles(&m, func() error {
			var err error
			id, err = b.create(ctx, channel, m, m.Mentions)
			return err
		})
	})
	if err != nil {
		return "", err
	}
	return id, nil
}

// oversizeNote replaces attachments Discord refused as too large.
const oversizeNote = "\n(The picture is larger than Discord accepts here, so it is left out; the text above tells the same.)"

// withoutOversizeFiles runs op, and once more without the attachments when
// Discord refuses them as too large (40005: 10 MiB per file in a server
// without boosts), so a big picture never keeps a turn message from being
// posted.
func (b *Bot) withoutOversizeFiles(m *commands.Message, op func() error) error {
	err := op()
	if code(err) != codeEntityTooLarge || len(m.Files) == 0 {
		return err
	}
	b.log.Warn("Discord refused an attachment as too large; sending the message without it", "files", len(m.Files), "err", err)
	m.Files = nil
	if len(m.Content)+len(oversizeNote) <= 2000 {
		m.Content += oversizeNote
	}
	return op()
}

// editBody is the body of Edit Message with only the fields Discord
// documents: discordgo's MessageEdit also encodes its untagged ID and
// Channel ("ID":"","Channel":"") into every edit. A nil Attachments
// keeps the message's attachments; a non-nil one (even empty) replaces
// them with the uploads it lists.
type editBody struct {
	Content         *string                           `json:"content,omitempty"`
	Components      *[]discordgo.MessageComponent     `json:"components,omitempty"`
	AllowedMentions *discordgo.MessageAllowedMentions `json:"allowed_mentions,omitempty"`
	Attachments     *[]attachmentEntry                `json:"attachments,omitempty"`
}

// edit sends a message edit with its uploads, retrying server errors (an
// edit done twice is done once).
func (b *Bot) edit(ctx context.Context, channel, id string, e *editBody, fs []*discordgo.File) error {
	data, err := encode(e, fs)
	if err != nil {
		return err
	}
	return b.inChannel(ctx, channel, func() error {
		return b.retry(ctx, func() error {
			_, err := b.api.do(ctx, http.MethodPatch, discordgo.EndpointChannelMessage(channel, id), data)
			return err
		})
	})
}

// Edit replaces a message wholesale: the explicit attachment list (empty
// when there are no files) drops the old image and the new files take its
// place.
func (b *Bot) Edit(ctx context.Context, channel, id string, m commands.Message) error {
	return b.withoutOversizeFiles(&m, func() error {
		content, comps, entries := m.Content, components(m.Rows), attachmentEntries(m.Files)
		e := &editBody{Content: &content, Components: &comps, AllowedMentions: mentions(m.Mentions), Attachments: &entries}
		return b.edit(ctx, channel, id, e, files(m.Files))
	})
}

// ClearControls removes a message's components and nothing else.
func (b *Bot) ClearControls(ctx context.Context, channel, id string) error {
	none := []discordgo.MessageComponent{}
	return b.edit(ctx, channel, id, &editBody{Components: &none}, nil)
}

// DM sends a direct message through the user's DM channel; closed DMs (and
// users who share no server with the bot) become commands.ErrDMClosed. A DM
// never pings anyone.
func (b *Bot) DM(ctx context.Context, user string, m commands.Message) error {
	ch, err := b.dmChannel(ctx, user)
	if err != nil {
		return err
	}
	err = b.withoutOversizeFiles(&m, func() error {
		_, err := b.create(ctx, ch, m, nil)
		return err
	})
	if code(err) == codeCannotDM {
		return fmt.Errorf("%w: %w", commands.ErrDMClosed, err)
	}
	return err
}

// OpenDM opens the DM channel with a user, unless it is open already, so
// that a DM's pictures are drawn only once it can go (commands.DMOpener).
func (b *Bot) OpenDM(ctx context.Context, user string) error {
	_, err := b.dmChannel(ctx, user)
	return err
}

var _ commands.DMOpener = (*Bot)(nil)

// DMChannel is the DM channel with a user, where a daily run is played
// (commands.DMChanneler).
func (b *Bot) DMChannel(ctx context.Context, user string) (string, error) {
	return b.dmChannel(ctx, user)
}

var _ commands.DMChanneler = (*Bot)(nil)

// dmChannel opens (or finds) the DM channel with a user; opening it again
// returns the same channel, so it may be retried.
func (b *Bot) dmChannel(ctx context.Context, user string) (string, error) {
	b.dmMu.Lock()
	ch, ok := b.dms[user]
	b.dmMu.Unlock()
	if ok {
		return ch, nil
	}
	var c discordgo.Channel
	err := b.retry(ctx, func() error {
		return b.api.call(ctx, http.MethodPost, discordgo.EndpointUserChannels("@me"), map[string]string{"recipient_id": user}, nil, &c)
	})
	if err != nil {
		if code(err) == codeCannotDM {
			return "", fmt.Errorf("%w: %w", commands.ErrDMClosed, err)
		}
		return "", err
	}
	b.dmMu.Lock()
	b.dms[user] = c.ID
	b.dmMu.Unlock()
	return c.ID, nil
}

var _ commands.Transport = (*Bot)(nil)
