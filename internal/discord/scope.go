package discord

import (
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// commandsEndpoint is where a scope's commands live: global ("" guild) or
// one guild's.
func commandsEndpoint(appID, guildID string) string {
	if guildID == "" {
		return discordgo.EndpointApplicationGlobalCommands(appID)
	}
	return discordgo.EndpointApplicationGuildCommands(appID, guildID)
}

// clearOtherScope removes the commands a previous run registered in the
// scope not used now, so switching dev_guild_id on or off never leaves
// every command listed twice (or stale ones behind). With a dev guild the
// global commands are cleared; without one, the guild commands of every
// server the bot is in. Failures are logged: the bot works without it.
func (b *Bot) clearOtherScope() {
	scopes := b.guilds
	if b.opts.DevGuildID != "" {
		scopes = []string{""}
	}
	for _, guild := range scopes {
		var old []*discordgo.ApplicationCommand
		url := commandsEndpoint(b.appID, guild)
		if err := b.api.call(b.ctx, http.MethodGet, url, nil, nil, &old); err != nil {
			b.log.Debug("could not list commands of the scope not in use", "guild", guild, "err", err)
			continue
		}
		if len(old) == 0 {
			continue
		}
		if err := b.api.call(b.ctx, http.MethodPut, url, []*discordgo.ApplicationCommand{}, nil, nil); err != nil {
			b.log.Warn("could not clear commands of the scope not in use", "guild", guild, "count", len(old), "err", err)
			continue
		}
		scope := "global"
		if guild != "" {
			scope = "guild " + guild
		}
		b.log.Info("cleared commands left from the other scope", "scope", scope, "count", len(old))
	}
}
