package discord

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// noRetry turns off discordgo's own retry of 502 answers, which resends at
// once and for creates too; retry below decides what is safe to resend and
// backs off. Rate limits (429) are still obeyed by discordgo: it waits for
// retry_after and tries again.
var noRetry = discordgo.WithRestRetries(0)

func code(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}

// serverError reports a 5xx answer. discordgo reports a 502 it did not
// retry as a plain error, not a RESTError.
func serverError(err error) bool {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil {
		return re.Response.StatusCode >= http.StatusInternalServerError
	}
	return err != nil && strings.HasPrefix(err.Error(), "Exceeded Max retries HTTP 5")
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

// create posts a message, retrying server errors under one nonce.
func (b *Bot) create(ctx context.Context, channel string, m commands.Message, allowed []string) (*discordgo.Message, error) {
	endpoint := discordgo.EndpointChannelMessages(channel)
	n := nonce()
	var msg discordgo.Message
	err := b.retry(ctx, func() error {
		body := messageCreate{MessageSend: sendOf(m, allowed), Nonce: n, EnforceNonce: true}
		var raw []byte
		var err error
		if fs := files(m.Files); len(fs) > 0 {
			ct, data, merr := discordgo.MultipartBodyWithJSON(body, fs)
			if merr != nil {
				return merr
			}
			raw, err = b.s.RequestRaw(http.MethodPost, endpoint, ct, data, endpoint, 0, discordgo.WithContext(ctx), noRetry)
		} else {
			raw, err = b.s.RequestWithBucketID(http.MethodPost, endpoint, body, endpoint, discordgo.WithContext(ctx), noRetry)
		}
		if err != nil {
			return err
		}
		return json.Unmarshal(raw, &msg)
	})
	if err != nil {
		return nil, err
	}
	return &msg, nil
}

// Send posts a message to a channel.
func (b *Bot) Send(ctx context.Context, channel string, m commands.Message) (string, error) {
	msg, err := b.create(ctx, channel, m, m.Mentions)
	if err != nil {
		if c := code(err); c == codeMissingPermissions || c == codeMissingAccess {
			return "", fmt.Errorf("no permission to post in channel %s: %w", channel, err)
		}
		return "", err
	}
	return msg.ID, nil
}

// Edit replaces a message wholesale: the explicit empty attachment list
// drops the old image and the new files take its place.
func (b *Bot) Edit(ctx context.Context, channel, id string, m commands.Message) error {
	return b.retry(ctx, func() error {
		content, comps := m.Content, components(m.Rows)
		_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: channel, Content: &content, Components: &comps,
			Files: files(m.Files), Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: mentions(m.Mentions)},
			discordgo.WithContext(ctx), noRetry)
		return err
	})
}

// ClearControls removes a message's components and nothing else.
func (b *Bot) ClearControls(ctx context.Context, channel, id string) error {
	return b.retry(ctx, func() error {
		none := []discordgo.MessageComponent{}
		_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: id, Channel: channel, Components: &none},
			discordgo.WithContext(ctx), noRetry)
		return err
	})
}

// DM sends a direct message through the user's DM channel; closed DMs
// become commands.ErrDMClosed. A DM never pings anyone.
func (b *Bot) DM(ctx context.Context, user string, m commands.Message) error {
	ch, err := b.dmChannel(ctx, user)
	if err != nil {
		return err
	}
	_, err = b.create(ctx, ch, m, nil)
	if code(err) == codeCannotDM {
		return commands.ErrDMClosed
	}
	return err
}

// dmChannel opens (or finds) the DM channel with a user; opening it again
// returns the same channel, so it may be retried.
func (b *Bot) dmChannel(ctx context.Context, user string) (string, error) {
	b.dmMu.Lock()
	ch, ok := b.dms[user]
	b.dmMu.Unlock()
	if ok {
		return ch, nil
	}
	var c *discordgo.Channel
	err := b.retry(ctx, func() error {
		var err error
		c, err = b.s.UserChannelCreate(user, discordgo.WithContext(ctx), noRetry)
		return err
	})
	if err != nil {
		if code(err) == codeCannotDM {
			return "", commands.ErrDMClosed
		}
		return "", err
	}
	b.dmMu.Lock()
	b.dms[user] = c.ID
	b.dmMu.Unlock()
	return c.ID, nil
}

var _ commands.Transport = (*Bot)(nil)
