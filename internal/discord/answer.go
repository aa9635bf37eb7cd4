package discord

import (
	"context"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// The first response to an interaction, and what comes after it: the
// router's answer given at once, or deferred and delivered later.

// autocomplete answers with the router's suggestions; it cannot be
// deferred: a late list is an empty one.
func (b *Bot) autocomplete(in commands.Interaction, answers <-chan commands.Response, late <-chan time.Time, first responder) {
	var resp commands.Response
	select {
	case resp = <-answers:
	case <-late:
		b.log.Warn("autocomplete took too long; answering with no suggestions", "command", in.Command)
		first(&discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: suggestions(nil)}})
		<-answers
		return
	}
	first(&discordgo.InteractionResponse{Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: suggestions(resp.Suggestions)}})
}

// answerOrDefer gives the router's answer as the first response when it
// comes in time, else a deferral and the answer after it; it reports
// whether the first response was taken.
func (b *Bot) answerOrDefer(i *discordgo.InteractionCreate, in commands.Interaction, call *commands.Call,
	answers <-chan commands.Response, late <-chan time.Time, first responder, inlineOnly bool) bool {
	// A deferred slash command shows "thinking..." in the channel or to
	// the user alone, decided by its route before its answer exists:
	// however long the answer takes, and in either mode, it is as public
	// as it would have been at once.
	private := !call.Public
	select {
	case resp := <-answers:
		if inlineOnly && hasFiles(resp) {
			// Files cannot ride in an HTTP response body: acknowledge,
			// then deliver it.
			answered := first(deferral(in, private))
			if answered {
				b.followUp(i, in, resp, private)
			}
			return answered
		}
		return b.answer(i, in, resp, first)
	case <-late:
	}
	if call.Form != nil {
		// A modal can only be the first response: a deferred click could
		// never open it. The form made from the click alone opens now;
		// the router's own answer is not needed.
		answered := first(modal(call.Form))
		<-answers
		return answered
	}
	// Rendering or a bot's thinking takes a while: acknowledge now and
	// deliver the answer as a follow-up. A slash command shows a
	// "thinking..." that the answer fills; a click shows nothing until the
	// router's messages arrive.
	answered := first(deferral(in, private))
	resp := <-answers
	if answered {
		b.followUp(i, in, resp, private)
	}
	return answered
}

// ephemeralSource reports a click on an ephemeral message (a guided
// choice), whose controls only the interaction itself can remove.
func ephemeralSource(i *discordgo.InteractionCreate) bool {
	return i.Type == discordgo.InteractionMessageComponent && i.Message != nil && i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
}

// deferral is the response that promises an answer later. A slash
// command shows a "thinking..." that the answer fills (ephemeral unless the
// answer is known to be public); a click shows nothing until the router's
// messages or a follow-up arrive.
func deferral(in commands.Interaction, ephemeral bool) *discordgo.InteractionResponse {
	if in.Type == commands.ComponentClick {
		return &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}
	}
	r := &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{}}
	if ephemeral {
		r.Data.Flags = discordgo.MessageFlagsEphemeral
	}
	return r
}

// hasFiles reports an answer with attachments.
func hasFiles(resp commands.Response) bool {
	return resp.Kind == commands.Reply && len(resp.Message.Files) > 0
}

// answer is the first and only response to an interaction.
func (b *Bot) answer(i *discordgo.InteractionCreate, in commands.Interaction, resp commands.Response, first responder) bool {
	if resp.Kind == commands.OpenForm && resp.Form != nil {
		return first(modal(resp.Form))
	}
	if resp.Kind == commands.Ack {
		switch {
		case in.Type != commands.ComponentClick:
			return first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
				Data: &discordgo.InteractionResponseData{Content: "Done.", Flags: discordgo.MessageFlagsEphemeral}})
		case ephemeralSource(i):
			// The guided choice was used: take its buttons away.
			return first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: i.Message.Content, Components: []discordgo.MessageComponent{}}})
		default:
			return first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
		}
	}
	m := resp.Message
	if resp.Kind == commands.Update && in.Type == commands.ComponentClick {
		// The clicked message becomes the answer (a menu showing the pick).
		return first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage,
			Data: &discordgo.InteractionResponseData{Content: m.Content, Components: components(m.Rows), AllowedMentions: mentions(m.Mentions)}})
	}
	data := &discordgo.InteractionResponseData{Content: m.Content, Components: components(m.Rows), Files: files(m.Files),
		AllowedMentions: mentions(m.Mentions)}
	if m.Ephemeral {
		data.Flags = discordgo.MessageFlagsEphemeral
	}
	var alt []attachmentEntry
	if described(m.Files) {
		alt = attachmentEntries(m.Files)
	}
	return first(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: data}, alt...)
}

// followUp delivers an answer after a deferred response (private: the
// deferral of a slash command was ephemeral). It has the interaction
// token's lifetime, and runs to the end during a shutdown.
func (b *Bot) followUp(i *discordgo.InteractionCreate, in commands.Interaction, resp commands.Response, private bool) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(b.ctx), followUpTime)
	defer cancel()
	original := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	var err error
	switch {
	case in.Type == commands.SlashCommand:
		m := resp.Message
		if resp.Kind != commands.Reply {
			m = commands.Message{Content: "Done.", Ephemeral: true}
		}
		if m.Ephemeral != private {
			// The answer is not as visible as its "thinking" (a replay
			// refused is for its user alone): the thinking goes, and
			// the answer comes as a follow-up of its own visibility.
			if err = b.sendRetried(ctx, http.MethodDelete, original, nil, nil); err != nil && code(err) != codeUnknownMessage {
				break
			}
			err = b.followUpMessage(ctx, i, m)
			break
		}
		// The answer replaces its "thinking" (an edit, so it may be
		// retried).
		content, comps := m.Content, components(m.Rows)
		edit := &discordgo.WebhookEdit{Content: &content, Components: &comps, Files: files(m.Files), AllowedMentions: mentions(m.Mentions)}
		err = b.sendRetried(ctx, http.MethodPatch, original, webhookEdit{edit, attachmentEntries(m.Files)}, edit.Files)
	case resp.Kind == commands.Ack && ephemeralSource(i):
		// After a deferred update @original is the clicked message.
		none := []discordgo.MessageComponent{}
		err = b.sendRetried(ctx, http.MethodPatch, original, &discordgo.WebhookEdit{Components: &none}, nil)
	case resp.Kind == commands.Update:
		// After a deferred update @original is the clicked message.
		content, comps := resp.Message.Content, components(resp.Message.Rows)
		err = b.sendRetried(ctx, http.MethodPatch, original, &discordgo.WebhookEdit{Content: &content, Components: &comps,
			AllowedMentions: mentions(resp.Message.Mentions)}, nil)
	case resp.Kind == commands.Reply:
		// A follow-up creates a message: not retried, so never doubled.
		err = b.followUpMessage(ctx, i, resp.Message)
	}
	if err != nil {
		b.log.Error("could not deliver a deferred answer", "id", i.ID, "err", err)
	}
}

// followUpMessage posts m as a follow-up message of the interaction, its
// pictures described.
func (b *Bot) followUpMessage(ctx context.Context, i *discordgo.InteractionCreate, m commands.Message) error {
	params := &discordgo.WebhookParams{Content: m.Content, Components: components(m.Rows), Files: files(m.Files),
		AllowedMentions: mentions(m.Mentions)}
	if m.Ephemeral {
		params.Flags = discordgo.MessageFlagsEphemeral
	}
	body := webhookParams{WebhookParams: params}
	if described(m.Files) {
		body.Attachments = attachmentEntries(m.Files)
	}
	return b.api.call(ctx, http.MethodPost, discordgo.EndpointWebhookToken(i.AppID, i.Token)+"?wait=true", body, params.Files, nil)
}

// followUpTime bounds the delivery of a deferred answer (the interaction
// token lives 15 minutes).
const followUpTime = time.Minute
