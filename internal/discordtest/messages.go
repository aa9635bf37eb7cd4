package discordtest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Flags a bot may set on a message it sends or edits.
const settableFlags = FlagSuppressEmbeds | FlagSilent | FlagComponentsV2

// buildMessage makes a new message in ch from a validated-to-be payload; the
// returned reply is non-nil when Discord would refuse it.
func (s *Server) buildMessage(ch *channelState, p *msgPayload, ups []upload, prefix string, fe *formErrors) (*Message, *reply) {
	validateMessage(fe, prefix, p)
	atts := s.attachmentsAfter(ch.id, nil, p, ups)
	if len(atts) > MaxFiles {
		fe.add(join(prefix, "attachments"), "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", MaxFiles)
	}
	if rep := fe.reply(); rep != nil {
		return nil, rep
	}
	m := &Message{
		ID:          s.newID(),
		ChannelID:   ch.id,
		GuildID:     ch.guildID,
		AuthorID:    s.cfg.botID,
		Content:     p.content,
		Components:  p.components,
		Embeds:      p.embeds,
		Attachments: atts,
		Flags:       p.flags & settableFlags,
		CreatedAt:   time.Now().UTC(),
		Mentions:    mentionedUsers(p.content, p.mentions, p.mentionsSet),
	}
	if isEmpty(m) {
		return nil, apiErr(http.StatusBadRequest, CodeCannotSendEmpty, "Cannot send an empty message")
	}
	return m, nil
}

// buildEdit returns the message as it would be after the edit, without
// changing the stored one.
func (s *Server) buildEdit(old *Message, p *msgPayload, ups []upload, prefix string, fe *formErrors) (Message, *reply) {
	validateMessage(fe, prefix, p)
	m := old.clone()
	if p.contentSet {
		m.Content = p.content
	}
	if p.componentsSet {
		m.Components = p.components
	}
	if p.embedsSet {
		m.Embeds = p.embeds
	}
	if p.flagsSet {
		m.Flags = (m.Flags &^ FlagSuppressEmbeds) | (p.flags & FlagSuppressEmbeds)
	}
	if p.contentSet || p.mentionsSet {
		// The mentions shown change with the edit; nobody is notified.
		m.Mentions = mentionedUsers(m.Content, p.mentions, p.mentionsSet)
	}
	m.Attachments = s.attachmentsAfter(m.ChannelID, old.Attachments, p, ups)
	if len(m.Attachments) > MaxFiles {
		fe.add(join(prefix, "attachments"), "BASE_TYPE_MAX_LENGTH", "Must be %d or fewer in length.", MaxFiles)
	}
	if rep := fe.reply(); rep != nil {
		return Message{}, rep
	}
	if isEmpty(&m) {
		return Message{}, apiErr(http.StatusBadRequest, CodeCannotSendEmpty, "Cannot send an empty message")
	}
	m.Loading = false
	m.Flags &^= FlagLoading
	m.Edits++
	m.EditedAt = time.Now().UTC()
	return m, nil
}

func isEmpty(m *Message) bool {
	return m.Content == "" && len(m.Embeds) == 0 && len(m.Attachments) == 0 && len(m.Components) == 0
}

// storeLocked records a new message and its attachments.
func (s *Server) storeLocked(m *Message) {
	s.messages[m.ID] = m
	if ch := s.channels[m.ChannelID]; ch != nil {
		ch.order = append(ch.order, m.ID)
		if !m.Ephemeral {
			ch.newest = m
		}
	}
	for i := range m.Attachments {
		s.attachments[m.Attachments[i].ID] = &m.Attachments[i]
	}
	s.notifyNewLocked(m)
	s.joinThreadLocked(m)
	s.messageChangedLocked(m)
	s.notifyLocked()
}

// commitEditLocked replaces a stored message by its edited version.
func (s *Server) commitEditLocked(m *Message, edited Message) {
	*m = edited
	for i := range m.Attachments {
		s.attachments[m.Attachments[i].ID] = &m.Attachments[i]
	}
	s.messageChangedLocked(m)
	s.notifyLocked()
}

// readMessagePayload reads a request's message payload.
func (s *Server) readMessagePayload(c *call, prefix string) (*msgPayload, []upload, *formErrors, *reply) {
	return s.readCheckedPayload(c, prefix, nil)
}

// Edit Message's and Edit Webhook Message's documented JSON fields.
var (
	messageEditFields = fieldSet("content", "embeds", "flags", "allowed_mentions", "components", "attachments")
	webhookEditFields = fieldSet("content", "embeds", "allowed_mentions", "components", "attachments", "poll")
)

func fieldSet(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// readCheckedPayload is readMessagePayload that, given the route's fields,
// refuses any other (400 Invalid Form Body, UNKNOWN_FIELD). Discord
// ignores unknown fields; the fake is stricter so that a client library's
// untagged struct fields (discordgo's MessageEdit sends "ID" and
// "Channel") cannot creep back into the bot's edits unseen.
func (s *Server) readCheckedPayload(c *call, prefix string, known map[string]bool) (*msgPayload, []upload, *formErrors, *reply) {
	raw, ups, rep := s.readPayload(c)
	if rep != nil {
		return nil, nil, nil, rep
	}
	fe := &formErrors{}
	if known != nil {
		var fields map[string]json.RawMessage
		if json.Unmarshal(raw, &fields) != nil {
			return nil, nil, nil, invalidJSON()
		}
		for k := range fields {
			if !known[k] {
				fe.add(join(prefix, k), "UNKNOWN_FIELD", "Unknown field %q.", k)
			}
		}
		if !fe.empty() {
			return nil, nil, nil, fe.reply()
		}
	}
	p, ok := parseMessage(raw, prefix, fe)
	if !ok {
		return nil, nil, nil, invalidJSON()
	}
	return p, ups, fe, nil
}

// nonceWindow is how long Discord remembers an enforced nonce ("the past
// few minutes").
const nonceWindow = 5 * time.Minute

func (s *Server) sendMessage(c *call) *reply {
	s.mu.Lock()
	ch, rep := s.channelLocked(c.param("channel"))
	switch {
	case rep != nil:
	case ch.kind == ChannelDM && s.users[ch.dmUser].dmsClosed:
		rep = apiErr(http.StatusForbidden, CodeCannotMessageUser, "Cannot send messages to this user")
	case ch.kind != ChannelDM && ch.sendDenied:
		rep = apiErr(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
	case ch.kind != ChannelDM && s.botPermsLocked(ch)&sendPermission(ch) == 0:
		// In a thread it is Send Messages in Threads that counts.
		rep = apiErr(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
	default:
		rep = s.writableLocked(ch)
	}
	s.mu.Unlock()
	if rep != nil {
		return rep
	}
	p, ups, fe, rep := s.readMessagePayload(c, "")
	if rep != nil {
		return rep
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	// enforce_nonce: "if another message was created by the same author
	// with the same nonce, that message will be returned and no new message
	// will be created" (within the past few minutes).
	key := ch.id + "/" + p.nonce
	if p.enforceNonce && p.nonce != "" && fe.empty() {
		if prev := s.nonces[key]; prev != nil && time.Since(prev.CreatedAt) < nonceWindow {
			s.nonceHits++
			return ok(s.wireMessage(prev))
		}
	}
	m, rep := s.buildMessage(ch, p, ups, "", fe)
	if rep != nil {
		return rep
	}
	s.storeLocked(m)
	if p.nonce != "" {
		m.Nonce = p.nonce
		if p.enforceNonce {
			s.nonces[key] = m
		}
	}
	return ok(s.wireMessage(m))
}

// channelMessageLocked finds a message the channel endpoints may see:
// ephemeral messages exist only for their interaction's webhook.
func (s *Server) channelMessageLocked(c *call) (*Message, *reply) {
	ch, rep := s.channelLocked(c.param("channel"))
	if rep != nil {
		return nil, rep
	}
	m := s.messages[c.param("message")]
	if m == nil || m.ChannelID != ch.id || m.Deleted || m.Ephemeral {
		return nil, apiErr(http.StatusNotFound, CodeUnknownMessage, "Unknown Message")
	}
	return m, nil
}

func (s *Server) getMessage(c *call) *reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, rep := s.channelMessageLocked(c)
	if rep != nil {
		return rep
	}
	return ok(s.wireMessage(m))
}

func (s *Server) listMessages(c *call) *reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, rep := s.channelLocked(c.param("channel"))
	if rep != nil {
		return rep
	}
	limit := 50
	if v, err := strconv.Atoi(c.r.URL.Query().Get("limit")); err == nil && v > 0 && v <= 100 {
		limit = v
	}
	out := []any{}
	for i := len(ch.order) - 1; i >= 0 && len(out) < limit; i-- {
		m := s.messages[ch.order[i]]
		if !m.Deleted && !m.Ephemeral {
			out = append(out, s.wireMessage(m))
		}
	}
	return ok(out)
}

func (s *Server) editMessage(c *call) *reply {
	s.mu.Lock()
	_, rep := s.channelMessageLocked(c)
	s.mu.Unlock()
	if rep != nil {
		return rep
	}
	p, ups, fe, rep := s.readCheckedPayload(c, "", messageEditFields)
	if rep != nil {
		return rep
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, rep := s.channelMessageLocked(c) // it may have gone meanwhile
	if rep != nil {
		return rep
	}
	if rep := s.writableLocked(s.channels[m.ChannelID]); rep != nil {
		return rep
	}
	edited, rep := s.buildEdit(m, p, ups, "", fe)
	if rep != nil {
		return rep
	}
	s.commitEditLocked(m, edited)
	return ok(s.wireMessage(m))
}

func (s *Server) deleteMessage(c *call) *reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, rep := s.channelMessageLocked(c)
	if rep != nil {
		return rep
	}
	m.Deleted = true
	s.messageChangedLocked(m)
	s.notifyLocked()
	return noContent()
}

func (s *Server) getChannel(c *call) *reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, rep := s.channelLocked(c.param("channel"))
	if rep != nil {
		return rep
	}
	return ok(s.wireChannel(ch))
}

func (s *Server) createDM(c *call) *reply {
	b, rep := readBody(c, maxJSONBody)
	if rep != nil {
		return rep
	}
	var req struct {
		RecipientID string `json:"recipient_id"`
	}
	if json.Unmarshal(b, &req) != nil {
		return invalidJSON()
	}
	c.params = map[string]string{"recipient": req.RecipientID} // for the request log
	s.mu.Lock()
	defer s.mu.Unlock()
	u := s.users[req.RecipientID]
	if u == nil {
		return apiErr(http.StatusBadRequest, CodeInvalidRecipients, "Invalid Recipient(s)")
	}
	if u.noMutualGuild {
		return apiErr(http.StatusForbidden, CodeCannotMessageUser, "Cannot send messages to this user")
	}
	id := s.dmChannelLocked(u)
	s.notifyLocked()
	return ok(s.wireChannel(s.channels[id]))
}

func (s *Server) getUser(c *call) *reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := c.param("user")
	if id == s.cfg.botID {
		return ok(s.wireBot())
	}
	u := s.users[id]
	if u == nil {
		return apiErr(http.StatusNotFound, CodeUnknownUser, "Unknown User")
	}
	return ok(s.wireUser(u))
}

func (s *Server) getCurrentUser(c *call) *reply { return ok(s.wireBot()) }

func (s *Server) getGateway(c *call) *reply {
	return ok(map[string]any{"url": s.gatewayURL()})
}

func (s *Server) getGatewayBot(c *call) *reply {
	return ok(map[string]any{
		"url":                 s.gatewayURL(),
		"shards":              s.cfg.shards,
		"session_start_limit": s.sessionStartLimit(),
	})
}

// getAttachment serves /attachments/{channel}/{attachment}/{filename} as the CDN.
func (s *Server) getAttachment(c *call) *reply {
	parts := strings.Split(strings.Trim(c.param("path"), "/"), "/")
	if len(parts) != 4 {
		return httpErr(http.StatusNotFound)
	}
	s.mu.Lock()
	a := s.attachments[parts[2]]
	s.mu.Unlock()
	if a == nil || a.Filename != parts[3] || a.Data == nil {
		return httpErr(http.StatusNotFound)
	}
	ct := a.ContentType
	if ct == "" {
		ct = "application/octet-stream"
	}
	return &reply{status: http.StatusOK, raw: a.Data, ctype: ct}
}

// wireMessage is the message as Discord's JSON shows it to the bot.
func (s *Server) wireMessage(m *Message) map[string]any {
	atts := []any{}
	for _, a := range m.Attachments {
		w := map[string]any{
			"id": a.ID, "filename": a.Filename, "size": a.Size, "url": a.URL, "proxy_url": a.URL,
			"content_type": a.ContentType,
		}
		if a.Description != "" {
			w["description"] = a.Description
		}
		if a.Width > 0 {
			w["width"], w["height"] = a.Width, a.Height
		}
		if m.Ephemeral {
			w["ephemeral"] = true
		}
		atts = append(atts, w)
	}
	comps := m.Components
	if comps == nil {
		comps = []Component{}
	}
	embeds := cloneEmbeds(m.Embeds)
	if embeds == nil {
		embeds = []Embed{}
	}
	for i := range embeds {
		if embeds[i].Type == "" {
			embeds[i].Type = "rich"
		}
	}
	w := map[string]any{
		"id":               m.ID,
		"channel_id":       m.ChannelID,
		"author":           s.wireBot(),
		"content":          m.Content,
		"timestamp":        m.CreatedAt.Format(time.RFC3339Nano),
		"edited_timestamp": nil,
		"tts":              false,
		"mention_everyone": false,
		"mentions":         s.wireMentions(m),
		"mention_roles":    []any{},
		"attachments":      atts,
		"embeds":           embeds,
		"components":       comps,
		"pinned":           false,
		"type":             0,
		"flags":            m.Flags,
	}
	if m.Nonce != "" {
		w["nonce"] = m.Nonce
	}
	if m.GuildID != "" {
		w["guild_id"] = m.GuildID
	}
	if !m.EditedAt.IsZero() {
		w["edited_timestamp"] = m.EditedAt.Format(time.RFC3339Nano)
	}
	if m.Webhook {
		w["webhook_id"] = s.cfg.appID
		w["application_id"] = s.cfg.appID
	}
	if in := s.interactions[m.InteractionID]; in != nil && m.InteractionID != "" {
		w["interaction_metadata"] = map[string]any{
			"id": in.id, "type": in.kind, "user": s.wireUser(in.user),
		}
		if in.kind == interactionCommand {
			w["type"] = 20 // CHAT_INPUT_COMMAND
			w["interaction"] = map[string]any{"id": in.id, "type": in.kind, "name": in.name, "user": s.wireUser(in.user)}
		}
	}
	return w
}

// wireMentions are the message's "mentions": "users specifically mentioned
// in the message".
func (s *Server) wireMentions(m *Message) []any {
	out := []any{}
	for _, id := range m.Mentions {
		if u := s.users[id]; u != nil {
			out = append(out, s.wireUser(u))
		}
	}
	return out
}
