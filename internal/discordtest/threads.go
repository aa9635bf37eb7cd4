package discordtest

import (
	"encoding/json"
	"net/http"
	"slices"
	"time"
)

// Threads, after Discord's channel resource ("Start Thread from Message",
// "Start Thread without Message") and threads topic:
//   - POST /channels/{channel}/messages/{message}/threads "creates a new
//     thread from an existing message"; "when called on a GUILD_TEXT
//     channel, creates a PUBLIC_THREAD", and "the id of the created thread
//     will be the same as the id of the source message, and as such a
//     message can only have a single thread created from it" (a second
//     answers 400, 160004 "A thread has already been created for this
//     message"). The message gets the HAS_THREAD flag;
//   - POST /channels/{channel}/threads "creates a new thread that is not
//     connected to an existing message"; its type "defaults to
//     PRIVATE_THREAD" in API v9 and v10;
//   - both take a name of 1-100 characters, an auto_archive_duration of 60,
//     1440, 4320 or 10080 minutes (the thread "will stop showing in the
//     channel list after auto_archive_duration minutes of inactivity";
//     1440 when left out) and a rate_limit_per_user of 0-21600 seconds;
//   - a public thread needs Create Public Threads in the parent channel, a
//     private one Create Private Threads (403, 50013); a thread cannot be
//     started in a thread or a DM (400, 50024 "Cannot execute action on
//     this channel type");
//   - posting in a thread needs Send Messages in Threads, not Send
//     Messages (403, 50013); a thread's permissions are its parent's;
//   - the thread's creator is its first member, and a message in a thread
//     that mentions a user (and may ping them) adds them as a member.
// A started thread is announced by THREAD_CREATE to the sessions that asked
// for the GUILDS intent (thread_events.go); the bot asks for no intents.

// Discord's error codes of thread routes.
const (
	CodeInvalidChannelType   = 50024
	CodeThreadAlreadyCreated = 160004
)

// Channel types and message flags of threads.
const (
	ChannelPrivateThread = 12
	FlagHasThread        = 1 << 5
	// PermCreatePrivateThreads is Create Private Threads.
	PermCreatePrivateThreads int64 = 1 << 36
)

// Thread routes, as used by Calls, FailNext, RateLimitNext and SetDelay.
const (
	RouteStartThreadFromMessage = "POST /channels/{channel}/messages/{message}/threads"
	RouteStartThread            = "POST /channels/{channel}/threads"
)

// Thread is a thread the bot started, as the fake recorded it.
type Thread struct {
	ID, GuildID, ParentID string
	Type                  int    // ChannelPublicThread or ChannelPrivateThread
	Name                  string // as the bot named it
	// Starter is the message it was started from ("" without one).
	Starter     string
	AutoArchive int // minutes
	// Invitable: members who are no moderators may add others (private
	// threads; public ones are always open).
	Invitable bool
	CreatedAt time.Time
}

// threadArchiveDurations are auto_archive_duration's documented values.
var threadArchiveDurations = []int{60, 1440, 4320, 10080}

func isThread(kind int) bool { return kind == ChannelPublicThread || kind == ChannelPrivateThread }

// threadStart is a thread route's JSON body.
type threadStart struct {
	name        string
	autoArchive int
	kind        int
	invitable   bool
}

// readThreadStart reads and validates a thread route's body; withType
// reads the type of a thread without a message.
func readThreadStart(c *call, withType bool) (threadStart, *reply) {
	b, rep := readBody(c, maxJSONBody)
	if rep != nil {
		return threadStart{}, rep
	}
	var req struct {
		Name        *string `json:"name"`
		AutoArchive *int    `json:"auto_archive_duration"`
		RateLimit   *int    `json:"rate_limit_per_user"`
		Type        *int    `json:"type"`
		Invitable   *bool   `json:"invitable"`
	}
	if json.Unmarshal(b, &req) != nil {
		return threadStart{}, invalidJSON()
	}
	fe := &formErrors{}
	ts := threadStart{autoArchive: 1440, kind: ChannelPublicThread, invitable: true}
	if req.Name == nil {
		fe.required("name")
	} else {
		ts.name = *req.Name
		fe.between("name", ts.name, 1, 100)
	}
	if req.AutoArchive != nil {
		ts.autoArchive = *req.AutoArchive
		if !slices.Contains(threadArchiveDurations, ts.autoArchive) {
			fe.add("auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}.")
		}
	}
	if req.RateLimit != nil && (*req.RateLimit < 0 || *req.RateLimit > 21600) {
		fe.add("rate_limit_per_user", "NUMBER_TYPE_MAX", "Int value should be between 0 and 21600.")
	}
	if withType {
		ts.kind = ChannelPrivateThread
		if req.Type != nil {
			ts.kind = *req.Type
			if !isThread(ts.kind) {
				fe.add("type", "BASE_TYPE_CHOICES", "Value must be one of {10, 11, 12}.")
			}
		}
		if req.Invitable != nil && ts.kind == ChannelPrivateThread {
			ts.invitable = *req.Invitable
		}
	}
	return ts, fe.reply()
}

// threadParentLocked checks that a thread of kind may be started in ch.
func (s *Server) threadParentLocked(ch *channelState, kind int) *reply {
	if ch.kind != ChannelGuildText {
		return apiErr(http.StatusBadRequest, CodeInvalidChannelType, "Cannot execute action on this channel type")
	}
	need := PermCreatePublicThreads
	if kind == ChannelPrivateThread {
		need = PermCreatePrivateThreads
	}
	if s.botPermsLocked(ch)&need == 0 {
		return apiErr(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
	}
	return nil
}

// startThreadFromMessage is POST /channels/{channel}/messages/{message}/threads.
func (s *Server) startThreadFromMessage(c *call) *reply {
	ts, rep := readThreadStart(c, false)
	if rep != nil {
		return rep
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, rep := s.channelLocked(c.param("channel"))
	if rep != nil {
		return rep
	}
	if rep := s.threadParentLocked(ch, ts.kind); rep != nil {
		return rep
	}
	m, rep := s.channelMessageLocked(c)
	if rep != nil {
		return rep
	}
	if _, taken := s.channels[m.ID]; taken || m.Flags&FlagHasThread != 0 {
		return apiErr(http.StatusBadRequest, CodeThreadAlreadyCreated, "A thread has already been created for this message")
	}
	m.Flags |= FlagHasThread
	s.messageChangedLocked(m)
	return ok(s.wireChannel(s.newThreadLocked(ch, m.ID, m.ID, ts)))
}

// startThread is POST /channels/{channel}/threads.
func (s *Server) startThread(c *call) *reply {
	ts, rep := readThreadStart(c, true)
	if rep != nil {
		return rep
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, rep := s.channelLocked(c.param("channel"))
	if rep != nil {
		return rep
	}
	if rep := s.threadParentLocked(ch, ts.kind); rep != nil {
		return rep
	}
	return ok(s.wireChannel(s.newThreadLocked(ch, s.newID(), "", ts)))
}

// newThreadLocked adds a thread the bot started under parent, with the bot
// as its first member.
func (s *Server) newThreadLocked(parent *channelState, id, starter string, ts threadStart) *channelState {
	th := &channelState{id: id, guildID: parent.guildID, parentID: parent.id, kind: ts.kind,
		name: ts.name, autoArchive: ts.autoArchive, members: []string{s.cfg.botID}}
	s.channels[id] = th
	if g := s.guilds[parent.guildID]; g != nil {
		g.channels = append(g.channels, id)
	}
	s.threads = append(s.threads, Thread{ID: id, GuildID: parent.guildID, ParentID: parent.id, Type: ts.kind,
		Name: ts.name, Starter: starter, AutoArchive: ts.autoArchive, Invitable: ts.kind == ChannelPublicThread || ts.invitable, CreatedAt: time.Now().UTC()})
	s.notifyLocked()
	return th
}

// joinThreadLocked adds the users a new message in a thread mentions (and
// may ping) to its members.
func (s *Server) joinThreadLocked(m *Message) {
	ch := s.channels[m.ChannelID]
	if ch == nil || !isThread(ch.kind) || m.Ephemeral {
		return
	}
	for _, id := range m.Mentions {
		if u := s.users[id]; u != nil && !u.noMutualGuild && !slices.Contains(ch.members, id) {
			ch.members = append(ch.members, id)
		}
	}
}

// Threads lists the threads the bot started, oldest first.
func (s *Server) Threads() []Thread {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.threads)
}

// ThreadMembers lists a thread's members (the bot among them), in the
// order they joined.
func (s *Server) ThreadMembers(threadID string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.channel(threadID).members)
}

// DenyBot takes permissions from the bot in a channel (and the threads
// under it), or gives them back (allow): e.g. Create Public Threads, or
// Send Messages in Threads. The interactions' app_permissions say so.
func (s *Server) DenyBot(channelID string, perms int64, deny bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channel(channelID)
	if deny {
		ch.denied |= perms
	} else {
		ch.denied &^= perms
	}
	s.notifyLocked()
}

// sendPermission is the permission posting in a guild channel needs.
func sendPermission(ch *channelState) int64 {
	if isThread(ch.kind) {
		return PermSendMessagesInThread
	}
	return PermSendMessages
}
