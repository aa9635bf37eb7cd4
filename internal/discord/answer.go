package discord

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
	"standoff/internal/telemetry"
)

// answers gives an interaction its first response and what comes after
// it: the router's answer given at once, or deferred and delivered later,
// and trouble after the answer told its user alone. Every request goes
// through the interaction's own token, which Discord does not count
// against the bot's global rate limit.
type answers struct {
	api *rest
	log *slog.Logger
	// ctx is the bot's: a follow-up runs to the end during a shutdown,
	// and no longer than the bot lives.
	ctx     context.Context
	metrics *telemetry.Metrics // nil: none
}

// autocomplete answers with the router's suggestions; it cannot be
// deferred: a late list is an empty one.
func (a *answers) autocomplete(in commands.Interaction, answers <-chan commands.Response, late <-chan time.Time, first responder) {
	var resp commands.Response
	select {
	case resp = <-answers:
	case <-late:
		a.log.Warn("autocomplete took too long; answering with no suggestions", "command", in.Command)
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
func (a *answers) answerOrDefer(i *discordgo.InteractionCreate, in commands.Interaction, call *commands.Call,
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
				a.followUp(i, in, resp, private)
			}
			return answered
		}
		return a.answer(i, in, resp, first)
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
		a.followUp(i, in, resp, private)
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
func (a *answers) answer(i *discordgo.InteractionCreate, in commands.Interaction, resp commands.Response, first responder) bool {
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
func (a *answers) followUp(i *discordgo.InteractionCreate, in commands.Interaction, resp commands.Response, private bool) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(a.ctx), followUpTime)
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
			if err = a.api.sendRetried(ctx, http.MethodDelete, original, nil, nil); err != nil && code(err) != codeUnknownMessage {
				break
			}
			err = a.followUpMessage(ctx, i, m)
			break
		}
		// The answer replaces its "thinking" (an edit, so it may be
		// retried).
		content, comps := m.Content, components(m.Rows)
		edit := &discordgo.WebhookEdit{Content: &content, Components: &comps, Files: files(m.Files), AllowedMentions: mentions(m.Mentions)}
		err = a.api.sendRetried(ctx, http.MethodPatch, original, webhookEdit{edit, attachmentEntries(m.Files)}, edit.Files)
	case resp.Kind == commands.Ack && ephemeralSource(i):
		// After a deferred update @original is the clicked message.
		none := []discordgo.MessageComponent{}
		err = a.api.sendRetried(ctx, http.MethodPatch, original, &discordgo.WebhookEdit{Components: &none}, nil)
	case resp.Kind == commands.Update:
		// After a deferred update @original is the clicked message.
		content, comps := resp.Message.Content, components(resp.Message.Rows)
		err = a.api.sendRetried(ctx, http.MethodPatch, original, &discordgo.WebhookEdit{Content: &content, Components: &comps,
			AllowedMentions: mentions(resp.Message.Mentions)}, nil)
	case resp.Kind == commands.Reply:
		// A follow-up creates a message: not retried, so never doubled.
		err = a.followUpMessage(ctx, i, resp.Message)
	}
	if err != nil {
		a.log.Error("could not deliver a deferred answer", "id", i.ID, "err", err)
	}
}

// followUpMessage posts m as a follow-up message of the interaction, its
// pictures described.
func (a *answers) followUpMessage(ctx context.Context, i *discordgo.InteractionCreate, m commands.Message) error {
	params := &discordgo.WebhookParams{Content: m.Content, Components: components(m.Rows), Files: files(m.Files),
		AllowedMentions: mentions(m.Mentions)}
	if m.Ephemeral {
		params.Flags = discordgo.MessageFlagsEphemeral
	}
	body := webhookParams{WebhookParams: params}
	if described(m.Files) {
		body.Attachments = attachmentEntries(m.Files)
	}
	return a.api.call(ctx, http.MethodPost, discordgo.EndpointWebhookToken(i.AppID, i.Token)+"?wait=true", body, params.Files, nil)
}

// followUpTime bounds the delivery of a deferred answer (the interaction
// token lives 15 minutes).
const followUpTime = time.Minute

// sayTrouble tells the user, for them alone, what went wrong after their
// interaction was answered (the channel could not be updated).
func (a *answers) sayTrouble(ctx context.Context, i *discordgo.InteractionCreate, trouble *commands.Trouble) {
	fctx, cancel := context.WithTimeout(ctx, followUpTime)
	defer cancel()
	params := &discordgo.WebhookParams{Content: trouble.Notice, Flags: discordgo.MessageFlagsEphemeral,
		AllowedMentions: &discordgo.MessageAllowedMentions{}}
	if err := a.api.call(fctx, http.MethodPost, discordgo.EndpointWebhookToken(i.AppID, i.Token)+"?wait=true", params, nil, nil); err != nil {
		a.log.Error("could not deliver a notice after the answer", "id", i.ID, "err", err)
	}
}

// respond sends an interaction response. A server error is retried: a
// second callback can never answer twice (Discord refuses it with 40060).
// "Unknown interaction" (too late) and "already acknowledged" are logged
// and survived. Discord exempts callbacks from the global rate limit, so
// they never wait for it; every wait ends when the three seconds do.
func (a *answers) respond(i *discordgo.InteractionCreate, r *discordgo.InteractionResponse, described []attachmentEntry) bool {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(a.ctx), answerTime)
	defer cancel()
	var fs []*discordgo.File
	var payload any = r
	if r.Data != nil {
		fs = r.Data.Files
		if len(described) > 0 {
			payload = describedResponse{r, &describedData{r.Data, described}}
		}
	}
	data, err := encode(payload, fs)
	if err != nil {
		a.log.Error("could not encode an interaction response", "id", i.ID, "err", err)
		return false
	}
	attempt := 0
	err = a.api.retry(ctx, func() error {
		attempt++
		_, err := a.api.do(ctx, http.MethodPost, discordgo.EndpointInteractionResponse(i.ID, i.Token), data)
		return err
	})
	if err == nil {
		return true
	}
	switch {
	case code(err) == codeUnknownInteraction || errors.Is(err, context.DeadlineExceeded):
		a.log.Warn("interaction expired before it was answered", "id", i.ID, "err", err)
	case code(err) == codeAlreadyAcked:
		if attempt > 1 {
			return true // an earlier attempt got through after all
		}
		a.log.Warn("interaction was already answered", "id", i.ID)
	default:
		a.log.Error("could not answer an interaction", "id", i.ID, "err", err)
	}
	return false
}
