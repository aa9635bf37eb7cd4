package discordtest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"time"
)

// Renaming a channel or thread, after Discord's "Modify Channel" (PATCH
// /channels/{channel} with a name):
//   - the name is 1-100 characters (400, 50035 BASE_TYPE_BAD_LENGTH);
//   - an unknown channel answers 404, 10003, one the bot cannot see 403,
//     50001, as on every channel route;
//   - a thread is renamed by its creator or with Manage Threads; the
//     fake's threads are all the bot's, so only a locked one (which stands
//     for the bot lacking Manage Threads, as in access.go) answers 403,
//     50013; a guild channel needs Manage Channels (403, 50013);
//   - an archived thread cannot be changed unless the same request reopens
//     it (400, 50083);
//   - renames are limited to 2 per 10 minutes per channel. Discord does
//     not document it; it is what bots widely observe (a 429 with a
//     retry_after of up to 10 minutes on the channel's PATCH). The fake
//     counts only requests that change a name against it, so reopening an
//     archived thread is not held by it, and answers it as any bucket: its
//     X-RateLimit headers on the rename, a 429 with Retry-After and
//     X-RateLimit-Scope "user" past the limit.

// RouteRenameChannel names the rename limit in Limits.Routes. A rename is
// a RouteModifyChannel request as far as Calls, FailNext, RateLimitNext,
// SetDelay and Requests are concerned.
const RouteRenameChannel = "PATCH /channels/{channel} (name)"

// renameLimit is the observed rename limit (see above).
var renameLimit = RouteLimit{Bucket: "channel rename", Limit: 2, Per: 10 * time.Minute}

// patchChannel is PATCH /channels/{channel}: a rename here, every other
// change in modifyChannel.
func (s *Server) patchChannel(c *call) *reply {
	b, rep := readBody(c, maxJSONBody)
	if rep != nil {
		return rep
	}
	var req struct {
		Name     *string `json:"name"`
		Archived *bool   `json:"archived"`
	}
	if json.Unmarshal(b, &req) != nil {
		return invalidJSON()
	}
	c.r.Body = io.NopCloser(bytes.NewReader(b))
	if req.Name == nil {
		return s.modifyChannel(c)
	}
	reopens := req.Archived != nil && !*req.Archived
	if rep := s.rename(c, *req.Name, reopens); rep != nil {
		return rep
	}
	return s.modifyChannel(c)
}

// rename checks and applies a PATCH's name; nil when the rest of the
// request may go on.
func (s *Server) rename(c *call, name string, reopens bool) *reply {
	fe := &formErrors{}
	fe.between("name", name, 1, 100)
	if rep := fe.reply(); rep != nil {
		return rep
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, rep := s.channelLocked(c.param("channel"))
	if rep != nil {
		return rep
	}
	switch {
	case ch.kind == ChannelDM:
		return apiErr(http.StatusBadRequest, CodeInvalidChannelType, "Cannot execute action on this channel type")
	case isThread(ch.kind) && ch.locked:
		return apiErr(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
	case !isThread(ch.kind) && s.botPermsLocked(ch)&PermManageChannels == 0:
		return apiErr(http.StatusForbidden, CodeMissingPermissions, "Missing Permissions")
	case ch.archived && !reopens:
		return apiErr(http.StatusBadRequest, CodeThreadArchived, "Thread is archived")
	}
	h, rep := s.rl.admit(RouteRenameChannel, resourceOf(c), false, time.Now())
	if rep != nil {
		return rep
	}
	if h != nil {
		c.limitHeaders = h
	}
	ch.name = name
	ch.renames = append(ch.renames, name)
	s.notifyLocked()
	return nil
}

// Renames lists the names a channel or thread was renamed to, oldest
// first (Threads keeps the name a thread was started with).
func (s *Server) Renames(channelID string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.channel(channelID).renames)
}
