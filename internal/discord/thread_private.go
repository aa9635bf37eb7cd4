package discord

import (
	"context"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// channelPrivateThread is Discord's GUILD_PRIVATE_THREAD channel type.
const channelPrivateThread = 12

// StartPrivateThread creates a private thread in channel ("Start Thread
// without Message", POST /channels/{channel}/threads, type 12), which only
// its members and those with Manage Threads see; invitable false keeps its
// members from inviting others. It needs Create Private Threads in the
// channel. It is sent once: one repeated after a server error that had
// taken effect would make a second thread, and this one has no message id
// to find it by.
func (ts *threads) StartPrivateThread(ctx context.Context, channel, name string, archive time.Duration) (string, error) {
	body := struct {
		Name        string `json:"name"`
		Type        int    `json:"type"`
		Invitable   bool   `json:"invitable"`
		AutoArchive int    `json:"auto_archive_duration"`
	}{name, channelPrivateThread, false, archiveMinutes(archive)}
	var th struct {
		ID string `json:"id"`
	}
	if err := ts.api.call(ctx, http.MethodPost, discordgo.EndpointChannelThreads(channel), body, nil, &th); err != nil {
		return "", channelError(channel, err)
	}
	return th.ID, nil
}

// AddThreadMember adds a user to a thread (PUT
// /channels/{thread}/thread-members/{user}, 204), which needs the bot to
// be able to send messages in the thread and the thread not archived.
// Adding a member twice is answered 204 too, so it may be repeated.
func (ts *threads) AddThreadMember(ctx context.Context, thread, user string) error {
	return channelError(thread, ts.api.retry(ctx, func() error {
		return ts.api.call(ctx, http.MethodPut, discordgo.EndpointThreadMember(thread, user), nil, nil, nil)
	}))
}

// cannotPrivateThread explains what the bot lacks to make a daily run's
// private thread in the interaction's channel (its app_permissions
// there), or "" when it may: Create Private Threads, and Send Messages in
// Threads to post there and add the player.
func cannotPrivateThread(perms int64) string {
	missing := lackedForThreads(perms, discordgo.PermissionCreatePrivateThreads, "Create Private Threads")
	if missing == "" {
		return ""
	}
	return "Your run is in your DMs with me, not in a private thread: I would need " + missing +
		" here (server or channel settings) to create one."
}

var _ commands.PrivateThreadStarter = (*threads)(nil)
