package discord

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/pacing"
)

// commandsEndpoint is where a scope's commands live: global ("" guild) or
// one guild's.
func commandsEndpoint(appID, guildID string) string {
	if guildID == "" {
		return discordgo.EndpointApplicationGlobalCommands(appID)
	}
	return discordgo.EndpointApplicationGuildCommands(appID, guildID)
}

// commandsKey is the State key of what the bot registered: the
// application, the scope ("global" or "guild:<id>") and a hash of the
// commands, written once the scope not in use was cleared too.
const commandsKey = "commands"

// registration is what commandsKey holds.
type registration struct {
	app, scope, hash string
}

func (r registration) String() string { return r.app + " " + r.scope + " " + r.hash }

func parseRegistration(s string) (registration, bool) {
	f := strings.Fields(s)
	if len(f) != 3 {
		return registration{}, false
	}
	return registration{f[0], f[1], f[2]}, true
}

func scopeName(guild string) string {
	if guild == "" {
		return "global"
	}
	return "guild:" + guild
}

// register puts the commands in the scope in use with one bulk overwrite,
// unless the same commands are registered there already (as the database
// remembers), and returns what was there before.
func (b *Bot) register(ctx context.Context, cmds []*discordgo.ApplicationCommand) (prev, now registration, err error) {
	data, err := json.Marshal(cmds)
	if err != nil {
		return prev, now, err
	}
	sum := sha256.Sum256(data)
	now = registration{b.appID, scopeName(b.opts.DevGuildID), hex.EncodeToString(sum[:12])}
	stored, err := b.state.BotState(ctx, commandsKey)
	if err != nil {
		b.log.Warn("could not read which commands were registered; registering them", "err", err)
	}
	prev, _ = parseRegistration(stored)
	if prev == now {
		b.log.Info("slash commands unchanged since the last start; not registering them again", "count", len(cmds), "scope", now.scope)
		return prev, now, nil
	}
	if err := b.api.call(ctx, http.MethodPut, commandsEndpoint(b.appID, b.opts.DevGuildID), cmds, nil, nil); err != nil {
		return prev, now, fmt.Errorf("register slash commands: %w", err)
	}
	b.log.Info("slash commands registered", "count", len(cmds), "scope", now.scope)
	return prev, now, nil
}

// clearOtherScope removes the commands a previous run registered in the
// scope not used now, so switching dev_guild_id on or off never leaves
// every command listed twice (or stale ones behind), then records what is
// registered. It runs after start-up, interactions being answered
// meanwhile. The database says where the commands were: that scope alone
// is cleared, with one request. Without that record (a first start, or the
// database of a version that kept none) a dev guild's start clears the
// global commands with one request; a global start cannot know which guild
// had them, and looks at each server's, with spare budget only.
// Failures are logged: the bot works without it.
func (b *Bot) clearOtherScope(ctx context.Context, prev, now registration) {
	if prev == now {
		return
	}
	if prev.app != now.app {
		prev = registration{} // another application's record says nothing of ours
	}
	var guilds []string
	switch {
	case prev.scope == now.scope:
		// New commands in the same scope: nothing to clear.
	case prev.scope == "global":
		guilds = []string{""}
	case strings.HasPrefix(prev.scope, "guild:"):
		guilds = []string{strings.TrimPrefix(prev.scope, "guild:")}
	case b.opts.DevGuildID != "":
		guilds = []string{""}
	default:
		b.mu.Lock()
		guilds = append(guilds, b.guilds...)
		b.mu.Unlock()
		if !b.sweepGuilds(ctx, guilds) {
			return
		}
		guilds = nil
	}
	for _, guild := range guilds {
		if !b.clearScope(ctx, guild) {
			return // tried again at the next start
		}
	}
	if err := b.state.SetBotState(ctx, commandsKey, now.String()); err != nil {
		b.log.Warn("could not record which commands are registered", "err", err)
	}
}

// clearScope overwrites a scope's commands with none. A guild the bot has
// left has none to clear.
func (b *Bot) clearScope(ctx context.Context, guild string) bool {
	err := b.api.call(ctx, http.MethodPut, commandsEndpoint(b.appID, guild), []*discordgo.ApplicationCommand{}, nil, nil)
	switch {
	case err == nil:
		b.log.Info("cleared the commands of the scope not in use", "scope", scopeName(guild))
	case status(err) == http.StatusForbidden || status(err) == http.StatusNotFound:
		b.log.Info("the scope not in use is gone; nothing to clear", "scope", scopeName(guild))
	default:
		b.log.Warn("could not clear the commands of the scope not in use", "scope", scopeName(guild), "err", err)
		return false
	}
	return true
}

// sweepGuilds clears the guild commands of every server that has some,
// spending only spare budget: the bot's own traffic goes first. It
// reports whether every server was looked at.
func (b *Bot) sweepGuilds(ctx context.Context, guilds []string) bool {
	spare := pacing.WithPriority(ctx, pacing.Spare)
	for _, guild := range guilds {
		for {
			var old []*discordgo.ApplicationCommand
			err := b.api.call(spare, http.MethodGet, commandsEndpoint(b.appID, guild), nil, nil, &old)
			if err == nil && len(old) > 0 {
				err = b.api.call(spare, http.MethodPut, commandsEndpoint(b.appID, guild), []*discordgo.ApplicationCommand{}, nil, nil)
				if err == nil {
					b.log.Info("cleared guild commands left from a dev guild", "guild", guild, "count", len(old))
				}
			}
			var le *pacing.LimitedError
			if !errors.As(err, &le) {
				if err != nil {
					b.log.Debug("could not look at a server's commands", "guild", guild, "err", err)
				}
				break
			}
			if sleep(ctx, max(time.Until(le.Until), 10*time.Millisecond)) != nil {
				return false
			}
		}
	}
	return ctx.Err() == nil
}
