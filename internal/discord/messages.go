package discord

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// messages posts, edits and clears the controls of channel messages with
// the bot's token (commands.Transport's Send, Edit and ClearControls):
// creates under an enforced nonce, an archived thread reopened, a picture
// Discord refuses as too large left out.
type messages struct {
	api *rest
	log *slog.Logger
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
	s := &discordgo.MessageSend{Content: m.Content, Components: components(m.Rows), AllowedMentions: mentions(allowed)}
	if m.Silent {
		s.Flags = discordgo.MessageFlagsSuppressNotifications
	}
	return s
}

// create posts a message, retrying server errors under one nonce: a create
// that took effect although Discord answered 5xx returns the same message
// when sent again, instead of posting it twice. It returns the message's
// id, all the bot keeps of it: decoding the whole message Discord sends
// back (components, attachments, author) was a fifth of the bot's JSON
// work under load.
func (ms *messages) create(ctx context.Context, channel string, m commands.Message, allowed []string) (string, error) {
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
	err = ms.api.retry(ctx, func() error {
		raw, err := ms.api.do(ctx, http.MethodPost, discordgo.EndpointChannelMessages(channel), data)
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
func (ms *messages) inChannel(ctx context.Context, channel string, op func() error) error {
	err := op()
	if code(err) == codeThreadArchived {
		open := false
		if uerr := ms.api.call(ctx, http.MethodPatch, discordgo.EndpointChannel(channel), &discordgo.ChannelEdit{Archived: &open}, nil, nil); uerr != nil {
			return fmt.Errorf("%w (channel %s; reopening it failed: %v): %w", commands.ErrThreadArchived, channel, uerr, err)
		}
		ms.log.Info("reopened an archived thread", "channel", channel)
		err = op()
	}
	return channelError(channel, err)
}

// Send posts a message to a channel.
func (ms *messages) Send(ctx context.Context, channel string, m commands.Message) (string, error) {
	var id string
	err := ms.inChannel(ctx, channel, func() error {
		return ms.withoutOversizeFiles(&m, func() error {
			var err error
			id, err = ms.create(ctx, channel, m, m.Mentions)
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
func (ms *messages) withoutOversizeFiles(m *commands.Message, op func() error) error {
	err := op()
	if code(err) != codeEntityTooLarge || len(m.Files) == 0 {
		return err
	}
	ms.log.Warn("Discord refused an attachment as too large; sending the message without it", "files", len(m.Files), "err", err)
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
func (ms *messages) edit(ctx context.Context, channel, id string, e *editBody, fs []*discordgo.File) error {
	data, err := encode(e, fs)
	if err != nil {
		return err
	}
	return ms.inChannel(ctx, channel, func() error {
		return ms.api.retry(ctx, func() error {
			_, err := ms.api.do(ctx, http.MethodPatch, discordgo.EndpointChannelMessage(channel, id), data)
			return err
		})
	})
}

// Edit replaces a message wholesale: the explicit attachment list (empty
// when there are no files) drops the old image and the new files take its
// place.
func (ms *messages) Edit(ctx context.Context, channel, id string, m commands.Message) error {
	return ms.withoutOversizeFiles(&m, func() error {
		content, comps, entries := m.Content, components(m.Rows), attachmentEntries(m.Files)
		e := &editBody{Content: &content, Components: &comps, AllowedMentions: mentions(m.Mentions), Attachments: &entries}
		return ms.edit(ctx, channel, id, e, files(m.Files))
	})
}

// ClearControls removes a message's components and nothing else.
func (ms *messages) ClearControls(ctx context.Context, channel, id string) error {
	none := []discordgo.MessageComponent{}
	return ms.edit(ctx, channel, id, &editBody{Components: &none}, nil)
}
