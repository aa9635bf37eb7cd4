package discord

import (
	"context"
	"net/http"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// RenameThread renames a thread (PATCH /channels/{thread} {"name"}), paced
// like every bot-token request. Discord lets a channel be renamed twice
// per 10 minutes: not documented, but what bots widely observe (a 429 with
// a retry_after of minutes), so the router renames a game's thread once and
// on spare budget. It is sent once: a rename repeated after a server error
// that had taken effect would spend the second of those two. An archived
// thread is not reopened for it; the game's next message reopens it.
func (ts *threads) RenameThread(ctx context.Context, thread, name string) error {
	body := struct {
		Name string `json:"name"`
	}{name}
	return channelError(thread, ts.api.call(ctx, http.MethodPatch, discordgo.EndpointChannel(thread), body, nil, nil))
}

var _ commands.ThreadRenamer = (*threads)(nil)
