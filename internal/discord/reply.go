package discord

import (
	"context"
	"errors"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// replier sends through an interaction's own token (the webhook endpoints
// of the interaction): Discord does not count these requests against the
// bot's global rate limit, so what a player's click or command causes
// reaches the channel without spending the budget that the clock and DMs
// need. It is used once the interaction's first response was given.
type replier struct {
	api  *rest
	msgs *messages // for a picture Discord refuses as too large
	i    *discordgo.InteractionCreate
}

var _ commands.Replier = replier{}

// EditOriginal edits the clicked message (after a deferred update, the
// interaction's original message is the message its component is on),
// replacing its attachments as Edit does.
func (r replier) EditOriginal(ctx context.Context, m commands.Message) error {
	return r.msgs.withoutOversizeFiles(&m, func() error {
		content, comps := m.Content, components(m.Rows)
		e := &discordgo.WebhookEdit{Content: &content, Components: &comps, Files: files(m.Files), AllowedMentions: mentions(m.Mentions)}
		url := discordgo.EndpointWebhookMessage(r.i.AppID, r.i.Token, "@original")
		return channelError(r.i.ChannelID, r.api.sendRetried(ctx, http.MethodPatch, url, webhookEdit{e, attachmentEntries(m.Files)}, e.Files))
	})
}

// ClearOriginal takes every component off the clicked message.
func (r replier) ClearOriginal(ctx context.Context) error {
	none := []discordgo.MessageComponent{}
	return r.original(ctx, &discordgo.WebhookEdit{Components: &none})
}

func (r replier) original(ctx context.Context, e *discordgo.WebhookEdit) error {
	url := discordgo.EndpointWebhookMessage(r.i.AppID, r.i.Token, "@original")
	return channelError(r.i.ChannelID, r.api.sendRetried(ctx, http.MethodPatch, url, e, e.Files))
}

// FollowUp posts a new message in the interaction's channel. A follow-up is
// not retried (a create sent twice would post twice).
func (r replier) FollowUp(ctx context.Context, m commands.Message) (string, error) {
	var id string
	err := r.msgs.withoutOversizeFiles(&m, func() error {
		params := &discordgo.WebhookParams{Content: m.Content, Components: components(m.Rows), Files: files(m.Files),
			AllowedMentions: mentions(m.Mentions)}
		var msg struct {
			ID string `json:"id"`
		}
		body := webhookParams{WebhookParams: params}
		if described(m.Files) {
			body.Attachments = attachmentEntries(m.Files)
		}
		if err := r.api.call(ctx, http.MethodPost, discordgo.EndpointWebhookToken(r.i.AppID, r.i.Token)+"?wait=true", body, params.Files, &msg); err != nil {
			return err
		}
		if msg.ID == "" {
			return errors.New("Discord answered a follow-up without the message's id")
		}
		id = msg.ID
		return nil
	})
	return id, channelError(r.i.ChannelID, err)
}
