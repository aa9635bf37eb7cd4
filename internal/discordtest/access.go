package discordtest

import (
	"encoding/json"
	"net/http"
	"time"
)

// What can happen to a channel, a message or a user behind the bot's back,
// and how Discord answers the bot afterwards:
//   - a deleted channel: 404 Unknown Channel (10003) on every route;
//   - the bot removed from the guild, or its View Channel taken away: 403
//     Missing Access (50001);
//   - a message deleted by a moderator: 404 Unknown Message (10008);
//   - an archived thread: messages cannot be created or edited there, 400
//     Thread is archived (50083), until the thread is reopened with PATCH
//     /channels/{thread} {"archived": false}; a thread locked by a
//     moderator cannot be reopened by the bot (403 Missing Permissions,
//     50013);
//   - a user who shares no server with the bot: no DM channel can be opened
//     (403 Cannot send messages to this user, 50007).

// CodeThreadArchived is Discord's "Thread is archived" (50083).
const CodeThreadArchived = 50083

// DeleteChannel deletes a channel (or thread) and its messages, as an admin
// would.
func (s *Server) DeleteChannel(channelID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channel(channelID)
	for _, id := range ch.order {
		if m := s.messages[id]; m != nil {
			m.Deleted = true
		}
	}
	delete(s.channels, channelID)
	if g := s.guilds[ch.guildID]; g != nil {
		for i, id := range g.channels {
			if id == channelID {
				g.channels = append(g.channels[:i:i], g.channels[i+1:]...)
				break
			}
		}
	}
	s.notifyLocked()
}

// RemoveBot removes the bot from a guild (kicked, or the server owner took it
// out): every channel of the guild answers 403 Missing Access. AddBack
// undoes it.
func (s *Server) RemoveBot(guildID string, removed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.guilds[guildID]
	if g == nil {
		s.fatalf("discordtest: unknown guild %q", guildID)
		return
	}
	g.botRemoved = removed
	s.notifyLocked()
}

// SetAccessLost takes View Channel from the bot in one channel (or gives it
// back): the channel answers 403 Missing Access.
func (s *Server) SetAccessLost(channelID string, lost bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.channel(channelID).noAccess = lost
	s.notifyLocked()
}

// ModeratorDelete deletes a message as a moderator would.
func (s *Server) ModeratorDelete(messageID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[messageID]
	if m == nil {
		s.fatalf("discordtest: unknown message %q", messageID)
		return
	}
	m.Deleted = true
	s.messageChangedLocked(m)
	s.notifyLocked()
}

// ArchiveThread archives a thread. A reopenable thread is reopened by the
// bot's PATCH {"archived": false}; one that is not (locked by a moderator)
// refuses it with 403 Missing Permissions.
func (s *Server) ArchiveThread(threadID string, reopenable bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channel(threadID)
	if !isThread(ch.kind) {
		s.fatalf("discordtest: channel %s is not a thread", threadID)
		return
	}
	ch.archived, ch.locked = true, !reopenable
	s.notifyLocked()
}

// ThreadArchived reports whether the thread is archived now.
func (s *Server) ThreadArchived(threadID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.channel(threadID).archived
}

// SetNoMutualGuild makes the user one who shares no server with the bot:
// opening a DM channel with them answers 403 with code 50007.
func (s *Server) SetNoMutualGuild(userID string, none bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.user(userID).noMutualGuild = none
}

// channelLocked finds the channel of a channel route and checks the bot may
// see it; nil with Discord's answer otherwise.
func (s *Server) channelLocked(id string) (*channelState, *reply) {
	ch := s.channels[id]
	if ch == nil {
		return nil, apiErr(http.StatusNotFound, CodeUnknownChannel, "Unknown Channel")
	}
	if g := s.guilds[ch.guildID]; ch.noAccess || (ch.kind != ChannelDM && g != nil && g.botRemoved) {
		return nil, apiErr(http.StatusForbidden, CodeMissingAccess, "Missing Access")
	}
	return ch, nil
}

// writableLocked adds the checks of creating or editing a message there.
func (s *Server) writableLocked(ch *channelState) *reply {
	if ch.archived {
		return apiErr(http.StatusBadRequest, CodeThreadArchived, "Thread is archived")
	}
	return nil
}

// modifyChannel is PATCH /channels/{channel}; the fake models reopening an
// archived thread ({"archived": false}) and archiving one.
func (s *Server) modifyChannel(c *call) *reply {
	b, rep := readBody(c, maxJSONBody)
	if rep != nil {
		return rep
	}
	var req struct {
		Archived *bool `json:"archived"`
		Locked   *bool `json:"locked"`
	}
	if json.Unmarshal(b, &req) != nil {
		return invalidJSON()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, rep := s.channelLocked(c.param("channel"))
	if rep != nil {
		return rep
	}
	if req.Archived != nil || req.Locked != nil {
		if !isThread(ch.kind) {
			fe := &formErrors{}
			fe.add("archived", "CHANNEL_NOT_A_THREAD", "This field is only valid for threads")
			return fe.reply()
		}
		if ch.locked {
			// Only members with Manage Threads may touch a locked thread;
			// the fake's locked threads stand for the bot lacking it.
			return apiErr(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
		}
		if req.Archived != nil {
			ch.archived = *req.Archived
			ch.archivedAt = time.Now().UTC()
		}
	}
	s.notifyLocked()
	return ok(s.wireChannel(ch))
}
