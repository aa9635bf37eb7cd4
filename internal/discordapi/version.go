// Package discordapi moves discordgo to Discord's current API version.
// discordgo v0.29 builds every endpoint on API v9, which Discord lists as
// available but not current: v10 is. Its endpoints are package variables
// computed once from APIVersion, so changing the version means computing
// the ones built on the API's base again. Everything that talks to Discord
// (the bot) or pretends to be it (the fake) imports this package, so no
// request, REST or gateway, is left on v9.
package discordapi

import "github.com/bwmarrin/discordgo"

// Version is the Discord API version the bot speaks.
const Version = "10"

func init() { use(Version) }

// use sets discordgo's version and the endpoints built on it. The
// endpoints that are functions read these variables when called.
func use(v string) {
	discordgo.APIVersion = v
	api := discordgo.EndpointDiscord + "api/v" + v + "/"
	discordgo.EndpointAPI = api
	discordgo.EndpointGuilds = api + "guilds/"
	discordgo.EndpointChannels = api + "channels/"
	discordgo.EndpointUsers = api + "users/"
	discordgo.EndpointGateway = api + "gateway"
	discordgo.EndpointGatewayBot = discordgo.EndpointGateway + "/bot"
	discordgo.EndpointWebhooks = api + "webhooks/"
	discordgo.EndpointStickers = api + "stickers/"
	discordgo.EndpointStageInstances = api + "stage-instances"
	discordgo.EndpointSKUs = api + "skus"
	discordgo.EndpointVoice = api + "/voice/"
	discordgo.EndpointVoiceRegions = discordgo.EndpointVoice + "regions"
	discordgo.EndpointNitroStickersPacks = api + "/sticker-packs"
	discordgo.EndpointGuildCreate = api + "guilds"
	discordgo.EndpointApplications = api + "applications"
	discordgo.EndpointOAuth2 = api + "oauth2/"
	discordgo.EndpointOAuth2Applications = discordgo.EndpointOAuth2 + "applications"
	discordgo.EndpointOauth2 = discordgo.EndpointOAuth2
	discordgo.EndpointOauth2Applications = discordgo.EndpointOAuth2Applications
}
