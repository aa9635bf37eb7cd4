package discordtest

import (
	"fmt"
	"net/http"
	"slices"
)

// Private threads and their members, after Discord's channel resource
// ("Start Thread without Message", "Add Thread Member") and threads topic:
//   - POST /channels/{channel}/threads with type 12 creates a
//     GUILD_PRIVATE_THREAD; it needs Create Private Threads in the parent
//     (threads.go). "invitable" ("whether non-moderators can add other
//     non-moderators to a thread; only available when creating a private
//     thread") defaults to true;
//   - a private thread is seen by its members and by those with Manage
//     Threads only: nobody else can act in it;
//   - PUT /channels/{thread}/thread-members/{user} "adds another member to
//     a thread. Requires the ability to send messages in the thread. Also
//     requires the thread is not archived. Returns a 204 empty response if
//     the member is successfully added or was already a member of the
//     thread." A channel that is no thread answers 400 50024, an archived
//     thread 400 50083, a missing Send Messages in Threads 403 50013, an
//     unknown user 404 10013.

// RouteAddThreadMember is PUT /channels/{thread}/thread-members/{user}.
const RouteAddThreadMember = "PUT /channels/{channel}/thread-members/{user}"

// addThreadMember is PUT /channels/{channel}/thread-members/{user}.
func (s *Server) addThreadMember(c *call) *reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, rep := s.channelLocked(c.param("channel"))
	if rep != nil {
		return rep
	}
	if !isThread(ch.kind) {
		return apiErr(http.StatusBadRequest, CodeInvalidChannelType, "Cannot execute action on this channel type")
	}
	if rep := s.writableLocked(ch); rep != nil {
		return rep
	}
	if s.botPermsLocked(ch)&PermSendMessagesInThread == 0 {
		return apiErr(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
	}
	id := c.param("user")
	u := s.users[id]
	if u == nil {
		return apiErr(http.StatusNotFound, CodeUnknownUser, "Unknown User")
	}
	if !slices.Contains(ch.members, id) {
		ch.members = append(ch.members, id)
	}
	s.notifyLocked()
	return noContent()
}

// canSeeLocked reports whether a user sees a guild channel: a private
// thread only its members and those with Manage Threads.
func (s *Server) canSeeLocked(u *userState, ch *channelState) bool {
	if ch.kind != ChannelPrivateThread {
		return true
	}
	return slices.Contains(ch.members, u.id) || u.perms&PermManageThreads != 0
}

// CanSee reports whether the user sees the channel (a private thread: its
// members and moderators only).
func (s *Server) CanSee(userID, channelID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ch := s.users[userID], s.channels[channelID]
	if u == nil || ch == nil {
		return false
	}
	return s.canSeeLocked(u, ch)
}

// privateThreadErr is the test's error for a user acting in a private
// thread they do not see.
func privateThreadErr(userID, channelID string) error {
	return fmt.Errorf("discordtest: user %s cannot see the private thread %s: not a member", userID, channelID)
}
