package discordtest

import (
	"encoding/json"
	"net/http"
	"time"
)

// Interaction types (Discord's numbering).
const (
	interactionCommand      = 2
	interactionComponent    = 3
	interactionAutocomplete = 4
	interactionModalSubmit  = 5
)

// Interaction callback types.
const (
	CallbackPong                   = 1
	CallbackChannelMessage         = 4
	CallbackDeferredChannelMessage = 5
	CallbackDeferredUpdate         = 6
	CallbackUpdateMessage          = 7
	CallbackAutocompleteResult     = 8
	CallbackModal                  = 9
)

type interactionState struct {
	id, token string
	kind      int
	name      string // command name
	user      *userState
	channel   *channelState
	sourceMsg string // the message of a component (or of the component that opened a modal)
	created   time.Time
	payload   []byte

	responded   bool
	respType    int
	respondedAt time.Time
	respMsg     *Message // snapshot at the callback (types 4, 5, 7)
	original    string   // message id of @original
	touched     bool     // @original edited, or a follow-up sent, after the callback
	// editedOriginal: @original edited through the webhook after the
	// callback.
	editedOriginal bool
	followups      []string
	choices        []Choice
	modal          *Modal
	attempts       []Attempt
	delivered      chan struct{} // closed when an HTTP delivery's response was read
	sig            signal        // fired on every change of the above or its messages
}

// Attempt is one request the bot made for an interaction (callback,
// follow-up, edit...), accepted or refused.
type Attempt struct {
	Route  string
	At     time.Time
	Status int
	Code   int // Discord's error code when refused
}

func (s *Server) recordAttempt(in *interactionState, c *call, rep *reply) {
	if in == nil {
		return
	}
	a := Attempt{Route: c.route, At: time.Now(), Status: rep.status}
	if m, isMap := rep.body.(map[string]any); isMap && rep.status >= 400 {
		a.Code, _ = m["code"].(int)
	}
	s.mu.Lock()
	in.attempts = append(in.attempts, a)
	in.sig.fire()
	s.notifyLocked()
	s.mu.Unlock()
}

func (s *Server) interactionCallback(c *call) *reply {
	in, rep := s.callback(c)
	s.recordAttempt(in, c, rep)
	return rep
}

func (s *Server) callback(c *call) (*interactionState, *reply) {
	arrival := time.Now()
	in, rep := s.openInteraction(c, arrival)
	if rep != nil {
		return in, rep
	}
	raw, ups, rep := s.readPayload(c)
	if rep != nil {
		return in, rep
	}
	var body struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if json.Unmarshal(raw, &body) != nil {
		return in, invalidJSON()
	}
	fe := &formErrors{}
	p, parsed := parseMessage(body.Data, "data", fe)
	if !parsed {
		return in, invalidJSON()
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	if in.responded { // a concurrent callback won
		return in, alreadyAcked()
	}
	if !callbackAllowed(in, body.Type) {
		fe.add("type", "INTERACTION_RESPONSE_TYPE_INVALID", "Interaction response type %d is not valid for interaction type %d", body.Type, in.kind)
		return in, fe.reply()
	}
	if rep := s.applyCallbackLocked(in, body.Type, p, ups, fe); rep != nil {
		return in, rep
	}
	s.markRespondedLocked(in, body.Type, arrival)
	return in, noContent()
}

// openInteraction finds the interaction a callback names, and refuses it
// as Discord does when the token is wrong, it was already answered, or its
// deadline has passed.
func (s *Server) openInteraction(c *call, arrival time.Time) (*interactionState, *reply) {
	unknown := apiErr(http.StatusNotFound, CodeUnknownInteraction, "Unknown interaction")
	s.mu.Lock()
	defer s.mu.Unlock()
	in := s.interactions[c.param("interaction")]
	switch {
	case in == nil || in.token != c.param("token"):
		return nil, unknown
	case in.responded:
		return in, alreadyAcked()
	case arrival.Sub(in.created) > s.cfg.deadline:
		return in, unknown
	}
	return in, nil
}

// applyCallbackLocked does what a callback of type t asks: post, defer,
// edit the source message, or hold choices or a form for the user.
func (s *Server) applyCallbackLocked(in *interactionState, t int, p *msgPayload, ups []upload, fe *formErrors) *reply {
	ephemeral := p.flags&FlagEphemeral != 0
	switch t {
	case CallbackChannelMessage:
		m, rep := s.buildMessage(in.channel, p, ups, "data", fe)
		if rep != nil {
			return rep
		}
		s.markInteractionMessage(in, m, ephemeral)
		s.storeLocked(m)
		in.original = m.ID
	case CallbackDeferredChannelMessage:
		m := &Message{
			ID: s.newID(), ChannelID: in.channel.id, GuildID: in.channel.guildID, AuthorID: s.cfg.botID,
			Loading: true, Flags: FlagLoading, CreatedAt: time.Now().UTC(),
		}
		s.markInteractionMessage(in, m, ephemeral)
		s.storeLocked(m)
		in.original = m.ID
	case CallbackDeferredUpdate:
		in.original = in.sourceMsg
	case CallbackUpdateMessage:
		src := s.messages[in.sourceMsg]
		if src == nil || src.Deleted {
			return apiErr(http.StatusNotFound, CodeUnknownMessage, "Unknown Message")
		}
		edited, rep := s.buildEdit(src, p, ups, "data", fe)
		if rep != nil {
			return rep
		}
		s.commitEditLocked(src, edited)
		in.original = src.ID
	case CallbackAutocompleteResult:
		in.choices = validateChoices(fe, p.choices)
		return fe.reply()
	case CallbackModal:
		validateModal(fe, p)
		if rep := fe.reply(); rep != nil {
			return rep
		}
		in.modal = &Modal{CustomID: p.customID, Title: p.title, Components: p.components}
	}
	return nil
}

// markRespondedLocked records the accepted callback, with a snapshot of
// the message it left as @original, and wakes whoever waits on it.
func (s *Server) markRespondedLocked(in *interactionState, t int, arrival time.Time) {
	in.responded = true
	in.respType = t
	in.respondedAt = arrival
	if m := s.messages[in.original]; m != nil && in.original != "" {
		snap := m.clone()
		in.respMsg = &snap
	}
	in.sig.fire()
	s.notifyLocked()
}

func alreadyAcked() *reply {
	return apiErr(http.StatusBadRequest, CodeAlreadyAcknowledged, "Interaction has already been acknowledged.")
}

// callbackAllowed says which callback types Discord accepts for which
// interaction types.
func callbackAllowed(in *interactionState, t int) bool {
	switch in.kind {
	case interactionCommand:
		return t == CallbackChannelMessage || t == CallbackDeferredChannelMessage || t == CallbackModal
	case interactionComponent:
		return t == CallbackChannelMessage || t == CallbackDeferredChannelMessage || t == CallbackDeferredUpdate ||
			t == CallbackUpdateMessage || t == CallbackModal
	case interactionAutocomplete:
		return t == CallbackAutocompleteResult
	case interactionModalSubmit:
		if t == CallbackDeferredUpdate || t == CallbackUpdateMessage {
			return in.sourceMsg != ""
		}
		return t == CallbackChannelMessage || t == CallbackDeferredChannelMessage
	}
	return false
}

func (s *Server) markInteractionMessage(in *interactionState, m *Message, ephemeral bool) {
	m.InteractionID = in.id
	m.Webhook = true
	if ephemeral {
		m.Ephemeral = true
		m.Recipient = in.user.id
		m.Flags |= FlagEphemeral
	}
}

// webhookInteraction finds the interaction of /webhooks/{app}/{token}.
func (s *Server) webhookInteractionLocked(c *call) (*interactionState, *reply) {
	if c.param("app") != s.cfg.appID {
		return nil, apiErr(http.StatusNotFound, CodeUnknownWebhook, "Unknown Webhook")
	}
	in := s.byToken[c.param("token")]
	if in == nil || time.Since(in.created) > s.cfg.tokenLifetime {
		return in, apiErr(http.StatusUnauthorized, CodeInvalidWebhookToken, "Invalid Webhook Token")
	}
	return in, nil
}

// webhookMessageLocked resolves {message} (or @original) for an interaction.
func (s *Server) webhookMessageLocked(in *interactionState, c *call) (*Message, *reply) {
	id := c.param("message")
	if id == "" || id == "@original" {
		id = in.original
	} else if id != in.original {
		found := false
		for _, f := range in.followups {
			found = found || f == id
		}
		if !found {
			id = ""
		}
	}
	m := s.messages[id]
	if id == "" || m == nil || m.Deleted {
		return nil, apiErr(http.StatusNotFound, CodeUnknownMessage, "Unknown Message")
	}
	return m, nil
}

func (s *Server) followup(c *call) *reply {
	s.awaitDelivery(c)
	s.mu.Lock()
	in, rep := s.webhookInteractionLocked(c)
	if rep == nil && (!in.responded || in.respType == CallbackAutocompleteResult || in.respType == CallbackModal) {
		rep = apiErr(http.StatusNotFound, CodeUnknownWebhook, "Unknown Webhook")
	}
	s.mu.Unlock()
	if rep == nil {
		rep = s.doFollowup(c, in)
	}
	s.recordAttempt(in, c, rep)
	return rep
}

func (s *Server) doFollowup(c *call, in *interactionState) *reply {
	p, ups, fe, rep := s.readMessagePayload(c, "")
	if rep != nil {
		return rep
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if orig := s.messages[in.original]; in.respType == CallbackDeferredChannelMessage && orig != nil && orig.Loading && !orig.Deleted {
		// Discord: a follow-up right after a deferred response edits the
		// loading message instead, keeping its ephemerality.
		edited, rep := s.buildEdit(orig, p, ups, "", fe)
		if rep != nil {
			return rep
		}
		s.commitEditLocked(orig, edited)
		in.touched = true
		in.sig.fire()
		return ok(s.wireMessage(orig))
	}
	if ch := s.channels[in.channel.id]; ch != nil && ch.archived && p.flags&FlagEphemeral == 0 {
		// Discord's Execute Webhook, which a follow-up is: "The thread
		// will automatically be unarchived" (not one a moderator locked).
		if ch.locked {
			return apiErr(http.StatusBadRequest, CodeThreadArchived, "Thread is archived")
		}
		ch.archived = false
	}
	m, rep := s.buildMessage(in.channel, p, ups, "", fe)
	if rep != nil {
		return rep
	}
	s.markInteractionMessage(in, m, p.flags&FlagEphemeral != 0)
	s.storeLocked(m)
	in.followups = append(in.followups, m.ID)
	in.touched = true
	in.sig.fire()
	return ok(s.wireMessage(m))
}

func (s *Server) getWebhookMessage(c *call) *reply {
	s.awaitDelivery(c)
	s.mu.Lock()
	in, rep := s.webhookInteractionLocked(c)
	if rep == nil {
		var m *Message
		if m, rep = s.webhookMessageLocked(in, c); rep == nil {
			rep = ok(s.wireMessage(m))
		}
	}
	s.mu.Unlock()
	s.recordAttempt(in, c, rep)
	return rep
}

func (s *Server) editWebhookMessage(c *call) *reply {
	s.awaitDelivery(c)
	s.mu.Lock()
	in, rep := s.webhookInteractionLocked(c)
	if rep == nil {
		_, rep = s.webhookMessageLocked(in, c)
	}
	s.mu.Unlock()
	if rep == nil {
		rep = s.doWebhookEdit(c, in)
	}
	s.recordAttempt(in, c, rep)
	return rep
}

func (s *Server) doWebhookEdit(c *call, in *interactionState) *reply {
	p, ups, fe, rep := s.readCheckedPayload(c, "", webhookEditFields)
	if rep != nil {
		return rep
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, rep := s.webhookMessageLocked(in, c)
	if rep != nil {
		return rep
	}
	edited, rep := s.buildEdit(m, p, ups, "", fe)
	if rep != nil {
		return rep
	}
	s.commitEditLocked(m, edited)
	if m.ID == in.original {
		in.touched, in.editedOriginal = true, true
		in.sig.fire()
	}
	return ok(s.wireMessage(m))
}

func (s *Server) deleteWebhookMessage(c *call) *reply {
	s.awaitDelivery(c)
	s.mu.Lock()
	in, rep := s.webhookInteractionLocked(c)
	if rep == nil {
		var m *Message
		if m, rep = s.webhookMessageLocked(in, c); rep == nil {
			m.Deleted = true
			s.messageChangedLocked(m)
			s.notifyLocked()
			rep = noContent()
		}
	}
	s.mu.Unlock()
	s.recordAttempt(in, c, rep)
	return rep
}
