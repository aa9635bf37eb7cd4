package discordtest

import (
	"sort"
	"time"
)

// Permission bits used by the fake (Discord's numbering).
const (
	PermAddReactions         int64 = 1 << 6
	PermAdministrator        int64 = 1 << 3
	PermManageChannels       int64 = 1 << 4
	PermManageGuild          int64 = 1 << 5
	PermViewChannel          int64 = 1 << 10
	PermSendMessages         int64 = 1 << 11
	PermManageMessages       int64 = 1 << 13
	PermEmbedLinks           int64 = 1 << 14
	PermAttachFiles          int64 = 1 << 15
	PermReadMessageHistory   int64 = 1 << 16
	PermUseAppCommands       int64 = 1 << 31
	PermManageThreads        int64 = 1 << 34
	PermCreatePublicThreads  int64 = 1 << 35
	PermSendMessagesInThread int64 = 1 << 38
)

// DefaultMemberPermissions are what an ordinary member has in a guild channel.
const DefaultMemberPermissions = PermViewChannel | PermSendMessages | PermEmbedLinks | PermAttachFiles |
	PermReadMessageHistory | PermAddReactions | PermUseAppCommands | PermCreatePublicThreads | PermSendMessagesInThread

const botPermissions = DefaultMemberPermissions | PermManageMessages | PermManageThreads | PermCreatePrivateThreads

// Channel types.
const (
	ChannelGuildText    = 0
	ChannelDM           = 1
	ChannelPublicThread = 11
)

type userState struct {
	id, name      string
	perms         int64
	dmsClosed     bool
	noMutualGuild bool
	dmChannel     string
	bot           bool // a bot account (AddBotUser)
}

type guildState struct {
	id         string
	channels   []string
	botRemoved bool
	denied     int64 // permissions the bot's roles lack in the guild (DenyBotInGuild)
}

type channelState struct {
	id, guildID, parentID string
	kind                  int
	dmUser                string
	sendDenied            bool
	noAccess              bool
	archived, locked      bool
	archivedAt            time.Time
	// A thread's name and auto_archive_duration as started by the bot
	// (empty and 0 for one a test added), and its members (threads.go).
	name        string
	autoArchive int
	members     []string
	renames     []string // names given by PATCH, oldest first (thread_rename.go)
	// denied are permissions taken from the bot here (DenyBot); a thread
	// has its parent's too.
	denied  int64
	order   []string // message ids, oldest first
	newest  *Message // the newest public message, not deleted
	updates []channelUpdate
	sig     signal // fired on every change of its messages
}

// AddUser adds a Discord user (not a bot) with open DMs and the ordinary
// member permissions in every guild.
func (s *Server) AddUser(id, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.users[id]; ok {
		s.fatalf("discordtest: user %s added twice", id)
		return
	}
	s.users[id] = &userState{id: id, name: name, perms: DefaultMemberPermissions}
	s.notifyLocked()
}

// SetPermissions sets the user's permissions in guild channels (the
// "permissions" string of the interaction's member).
func (s *Server) SetPermissions(userID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.user(userID).perms = perms
}

// GrantManageChannels gives the user Manage Channels in every guild.
func (s *Server) GrantManageChannels(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.user(userID).perms |= PermManageChannels
}

// SetDMsClosed closes (or reopens) the user's DMs: the bot can still open a
// DM channel, but sending to it answers 403 with code 50007.
func (s *Server) SetDMsClosed(userID string, closed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.user(userID).dmsClosed = closed
}

// AddChannel adds a text channel to a guild (the guild is created on first use).
func (s *Server) AddChannel(guildID, channelID string) {
	s.addChannel(&channelState{id: channelID, guildID: guildID, kind: ChannelGuildText})
}

// AddThread adds a public thread under a guild channel; a thread is a channel
// of its own for messages and interactions.
func (s *Server) AddThread(guildID, parentID, threadID string) {
	s.addChannel(&channelState{id: threadID, guildID: guildID, parentID: parentID, kind: ChannelPublicThread})
}

func (s *Server) addChannel(c *channelState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.channels[c.id]; ok {
		s.fatalf("discordtest: channel %s added twice", c.id)
		return
	}
	g := s.guilds[c.guildID]
	if g == nil {
		g = &guildState{id: c.guildID}
		s.guilds[c.guildID] = g
	}
	g.channels = append(g.channels, c.id)
	s.channels[c.id] = c
	s.notifyLocked()
}

// SetSendDenied takes Send Messages from the bot in a channel (or gives it
// back): posting there answers 403 with code 50013. Interaction responses
// still work there, as on Discord.
func (s *Server) SetSendDenied(channelID string, denied bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.channel(channelID).sendDenied = denied
}

// DMChannelID returns the id of the DM channel between the bot and the user,
// creating it if needed.
func (s *Server) DMChannelID(userID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dmChannelLocked(s.user(userID))
}

func (s *Server) dmChannelLocked(u *userState) string {
	if u.dmChannel == "" {
		id := s.newID()
		s.channels[id] = &channelState{id: id, kind: ChannelDM, dmUser: u.id}
		u.dmChannel = id
	}
	return u.dmChannel
}

// user and channel look up test-side arguments; a miss is a bug in the test.
func (s *Server) user(id string) *userState {
	u := s.users[id]
	if u == nil {
		s.fatalf("discordtest: unknown user %q (AddUser first)", id)
		return &userState{id: id}
	}
	return u
}

func (s *Server) channel(id string) *channelState {
	c := s.channels[id]
	if c == nil {
		s.fatalf("discordtest: unknown channel %q (AddChannel first)", id)
		return &channelState{id: id}
	}
	return c
}

func (s *Server) fatalf(format string, args ...any) {
	s.tb.Helper()
	s.tb.Fatalf(format, args...)
}

// Messages lists the channel's current public messages, oldest first
// (ephemeral and deleted messages are left out).
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[channelID]
	if c == nil {
		return nil
	}
	var out []Message
	for _, id := range c.order {
		m := s.messages[id]
		if m.Deleted || m.Ephemeral {
			continue
		}
		out = append(out, m.clone())
	}
	return out
}

// LastMessage is the newest public message of the channel.
func (s *Server) LastMessage(channelID string) (Message, bool) {
	ms := s.Messages(channelID)
	if len(ms) == 0 {
		return Message{}, false
	}
	return ms[len(ms)-1], true
}

// Message returns any message by id, including ephemeral and deleted ones.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[id]
	if m == nil {
		return Message{}, false
	}
	return m.clone(), true
}

// DMs lists the messages in the DM channel with the user, oldest first.
func (s *Server) DMs(userID string) []Message {
	s.mu.Lock()
	u := s.users[userID]
	var ch string
	if u != nil {
		ch = u.dmChannel
	}
	s.mu.Unlock()
	if ch == "" {
		return nil
	}
	return s.Messages(ch)
}

// Ephemerals lists the ephemeral messages only the user sees, in every
// channel, oldest first (deleted ones left out).
func (s *Server) Ephemerals(userID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		if m.Ephemeral && m.Recipient == userID && !m.Deleted {
			out = append(out, m.clone())
		}
	}
	sort.Slice(out, func(i, j int) bool { return idLess(out[i].ID, out[j].ID) })
	return out
}

// WaitMessages waits until the channel has at least n public messages.
func (s *Server) WaitMessages(channelID string, n int, timeout time.Duration) ([]Message, error) {
	var out []Message
	err := s.WaitUntil(timeout, func() bool {
		out = s.Messages(channelID)
		return len(out) >= n
	})
	return out, err
}

// WaitDMs waits until the DM channel with the user has at least n messages.
func (s *Server) WaitDMs(userID string, n int, timeout time.Duration) ([]Message, error) {
	var out []Message
	err := s.WaitUntil(timeout, func() bool {
		out = s.DMs(userID)
		return len(out) >= n
	})
	return out, err
}

// idLess orders snowflakes (decimal strings without leading zeros).
func idLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

func (s *Server) wireUser(u *userState) map[string]any {
	return map[string]any{
		"id": u.id, "username": u.name, "global_name": u.name, "discriminator": "0",
		"avatar": nil, "bot": u.bot, "public_flags": 0,
	}
}

func (s *Server) wireBot() map[string]any {
	return map[string]any{
		"id": s.cfg.botID, "username": s.cfg.botName, "global_name": nil, "discriminator": "0000",
		"avatar": nil, "bot": true, "verified": true, "flags": 0, "mfa_enabled": true,
	}
}

func (s *Server) wireChannel(c *channelState) map[string]any {
	w := map[string]any{"id": c.id, "type": c.kind, "flags": 0}
	if c.kind == ChannelDM {
		w["recipients"] = []any{s.wireUser(s.users[c.dmUser])}
		w["last_message_id"] = nil
		return w
	}
	w["guild_id"] = c.guildID
	w["name"] = "channel-" + c.id
	if c.name != "" {
		w["name"] = c.name
	}
	w["permissions"] = itoa64(s.botPermsLocked(c))
	if c.parentID != "" {
		w["parent_id"] = c.parentID
		at := c.archivedAt
		if at.IsZero() {
			at = time.Now().UTC()
		}
		auto := c.autoArchive
		if auto == 0 {
			auto = 1440
		}
		w["thread_metadata"] = map[string]any{"archived": c.archived, "auto_archive_duration": auto, "locked": c.locked,
			"archive_timestamp": at.Format(time.RFC3339)}
		w["member_count"] = len(c.members)
	}
	return w
}

func (s *Server) botPermsLocked(c *channelState) int64 {
	p := botPermissions &^ c.denied
	if g := s.guilds[c.guildID]; g != nil {
		p &^= g.denied
	}
	if parent := s.channels[c.parentID]; parent != nil {
		p &^= parent.denied
	}
	if c.sendDenied {
		p &^= PermSendMessages | PermSendMessagesInThread
	}
	if c.noAccess {
		p &^= PermViewChannel | PermSendMessages | PermSendMessagesInThread
	}
	return p
}
