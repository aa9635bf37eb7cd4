package discord

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// threads starts the bot's threads (a game's public thread, a daily run's
// private one), adds their members and renames them: commands'
// ThreadStarter, PrivateThreadStarter and ThreadRenamer.
type threads struct{ api *rest }

// codeThreadAlreadyCreated is Discord's "A thread has already been created
// for this message" (160004).
const codeThreadAlreadyCreated = 160004

// StartThread starts a public thread from a message ("Start Thread from
// Message"), paced like every bot-token request. Its id is the message's,
// as Discord documents, so a start retried after a server error that had
// taken effect (answered 160004) has its thread all the same.
func (ts *threads) StartThread(ctx context.Context, channel, messageID, name string, archive time.Duration) (string, error) {
	body := struct {
		Name        string `json:"name"`
		AutoArchive int    `json:"auto_archive_duration"`
	}{name, archiveMinutes(archive)}
	var th struct {
		ID string `json:"id"`
	}
	err := ts.api.retry(ctx, func() error {
		return ts.api.call(ctx, http.MethodPost, discordgo.EndpointChannelMessageThread(channel, messageID), body, nil, &th)
	})
	switch {
	case code(err) == codeThreadAlreadyCreated:
		return messageID, nil
	case err != nil:
		return "", channelError(channel, err)
	case th.ID == "":
		return messageID, nil
	}
	return th.ID, nil
}

// archiveMinutes is the longest of Discord's auto_archive_duration values
// (60, 1440, 4320, 10080 minutes) not past d.
func archiveMinutes(d time.Duration) int {
	best := 60
	for _, m := range []int{60, 1440, 4320, 10080} {
		if time.Duration(m)*time.Minute <= d {
			best = m
		}
	}
	return best
}

// inThread reads whether a slash command came from a thread: the partial
// channel Discord sends with an interaction, which discordgo does not
// decode. Only slash commands create games, so only they are read again.
func inThread(i *discordgo.InteractionCreate, raw []byte) bool {
	if i.Interaction == nil || i.Type != discordgo.InteractionApplicationCommand {
		return false
	}
	var v struct {
		Channel *struct {
			Type discordgo.ChannelType `json:"type"`
		} `json:"channel"`
	}
	if json.Unmarshal(raw, &v) != nil || v.Channel == nil {
		return false
	}
	switch v.Channel.Type {
	case discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread, discordgo.ChannelTypeGuildNewsThread:
		return true
	}
	return false
}

// cannotThread explains what the bot lacks to give a new game a thread in
// the interaction's channel (its app_permissions there), or "" when it
// may: Create Public Threads, and Send Messages in Threads to post there.
func cannotThread(perms int64) string {
	missing := lackedForThreads(perms, discordgo.PermissionCreatePublicThreads, "Create Public Threads")
	if missing == "" {
		return ""
	}
	return "This game is played in this channel, not in a thread of its own: I would need " + missing +
		" here (server or channel settings) to start one."
}

// lackedForThreads names what of create (the permission to make the kind
// of thread wanted, called name) and Send Messages in Threads the
// interaction's app_permissions lack, "" when nothing: a thread the bot
// makes it must also post in.
func lackedForThreads(perms, create int64, name string) string {
	if perms == 0 || perms&discordgo.PermissionAdministrator != 0 {
		return "" // not sent: assume the invite's permissions
	}
	var missing []string
	if perms&create == 0 {
		missing = append(missing, name)
	}
	if perms&discordgo.PermissionSendMessagesInThreads == 0 {
		missing = append(missing, "Send Messages in Threads")
	}
	return strings.Join(missing, " and ")
}

var _ commands.ThreadStarter = (*threads)(nil)
