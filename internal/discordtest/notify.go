package discordtest

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"time"
)

// Who is notified of what. Discord notifies a user of a message that
// mentions them when the message is created, never when it is edited:
// "edits never notify the mentioned roles/users" (discord-api-docs#5497,
// where filling a deferred "is thinking..." response with a mention pinged
// nobody; discord-interactions-py#175 found the same, and that an ephemeral
// message pings nobody). The fake records a notification for
//   - each user a newly created message mentions, in a guild channel or
//     thread, when the message's allowed_mentions permits it: a message
//     sent with the bot token, an interaction's response message (callback
//     type 4) or a follow-up that is a new message;
//   - the recipient of every new message in a DM channel;
//
// and none for an edit of any kind (a message edited, an interaction's
// update (type 7), @original edited, a deferred response filled in, a
// follow-up that fills the loading message), an ephemeral message, or a
// message flagged SUPPRESS_NOTIFICATIONS ("This message will not trigger
// push and desktop notifications"). Role mentions notify nobody (the fake's
// users have no roles) and neither does @everyone (the fake's bot lacks
// Mention Everyone: allowed_mentions "check[s] against user/bot
// permissions").

// Causes of a notification.
const (
	CauseMention = "mention" // a new message in a guild channel or thread mentioned the user
	CauseDM      = "dm"      // a new message in the user's DM channel
)

// Notification is one user notified of one new message.
type Notification struct {
	User    string
	Message string // the message's id
	Channel string
	Guild   string // "" for a DM
	At      time.Time
	Cause   string // CauseMention or CauseDM
	// Interaction is the interaction whose response or follow-up the
	// message is ("" for a message sent with the bot token).
	Interaction string
	Content     string // the message's content when it was created
}

// allowedMentions is a message's allowed_mentions ("The allowed mention
// field allows for more granular control over mentions without various
// hacks to the message content").
type allowedMentions struct {
	parse       []string
	users       []string
	roles       []string
	repliedUser bool
}

var (
	userMention = regexp.MustCompile(`<@!?([0-9]+)>`)
	mentionType = map[string]bool{"users": true, "roles": true, "everyone": true}
)

// parseAllowedMentions reads allowed_mentions and refuses what Discord
// refuses: an unknown type, more than 100 ids, and "parse": ["users"]
// with "users": [...] ("Because parse: ["users"] and users: [123, 124]
// are both present, we would throw a validation error"); likewise for
// roles. "Passing a Falsy value ([], null) into the "users" field does not
// trigger a validation error."
func parseAllowedMentions(raw json.RawMessage, path string, fe *formErrors) *allowedMentions {
	if string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	var v struct {
		Parse       []string `json:"parse"`
		Users       []string `json:"users"`
		Roles       []string `json:"roles"`
		RepliedUser bool     `json:"replied_user"`
	}
	if json.Unmarshal(raw, &v) != nil {
		fe.add(path, "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType")
		return nil
	}
	for i, t := range v.Parse {
		if !mentionType[t] {
			fe.add(join(path, "parse."+idx(i)), "ENUM_TYPE_COERCE", "Value \"%s\" is not a valid enum value.", t)
		}
	}
	for field, ids := range map[string][]string{"users": v.Users, "roles": v.Roles} {
		if len(ids) > 100 {
			fe.add(join(path, field), "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.")
		}
		if len(ids) > 0 && slices.Contains(v.Parse, field) {
			fe.add(path, "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
				"parse:[\"%s\"] and %s: [ids...] are mutually exclusive.", field, field)
		}
	}
	return &allowedMentions{parse: v.Parse, users: v.Users, roles: v.Roles, repliedUser: v.RepliedUser}
}

// mentionedUsers lists the users content mentions that the allowed
// mentions let it ping, each once, in order. "If allowed_mentions is not
// passed in (i.e. the key does not exist), the mentions will be parsed via
// the content"; otherwise a user is pinged when "users" is parsed or the
// user is listed: "Any entities with an ID included in the list of IDs can
// be mentioned. Note that the IDs of entities not present in the message's
// content will simply be ignored."
func mentionedUsers(content string, am *allowedMentions, set bool) []string {
	var out []string
	for _, m := range userMention.FindAllStringSubmatch(content, -1) {
		id := m[1]
		if slices.Contains(out, id) {
			continue
		}
		if !set || am != nil && (slices.Contains(am.parse, "users") || slices.Contains(am.users, id)) {
			out = append(out, id)
		}
	}
	return out
}

// notifyNewLocked records who a message just created notifies.
func (s *Server) notifyNewLocked(m *Message) {
	if m.Ephemeral || m.Loading || m.Flags&FlagSilent != 0 {
		return
	}
	ch := s.channels[m.ChannelID]
	if ch == nil {
		return
	}
	n := Notification{Message: m.ID, Channel: m.ChannelID, Guild: m.GuildID, At: m.CreatedAt,
		Interaction: m.InteractionID, Content: m.Content}
	if ch.kind == ChannelDM {
		n.User, n.Cause = ch.dmUser, CauseDM
		s.notified = append(s.notified, n)
		return
	}
	for _, id := range m.Mentions {
		// A user who shares no server with the bot is not in the
		// channel's guild, and hears nothing of it.
		if u := s.users[id]; u != nil && !u.noMutualGuild {
			n.User, n.Cause = id, CauseMention
			s.notified = append(s.notified, n)
		}
	}
}

// Notifications lists every notification so far, oldest first.
func (s *Server) Notifications() []Notification {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Notification(nil), s.notified...)
}

// NotificationsOf lists the user's notifications, oldest first.
func (s *Server) NotificationsOf(userID string) []Notification {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Notification
	for _, n := range s.notified {
		if n.User == userID {
			out = append(out, n)
		}
	}
	return out
}

// WaitNotifications waits until the user has had at least n notifications.
func (s *Server) WaitNotifications(userID string, n int, timeout time.Duration) ([]Notification, error) {
	var out []Notification
	err := s.WaitUntil(timeout, func() bool {
		out = s.NotificationsOf(userID)
		return len(out) >= n
	})
	return out, err
}
