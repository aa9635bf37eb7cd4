package discordapi

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestEndpointsAreV10: the endpoints the bot and its tools use, string
// and function alike, are on v10 once this package is imported.
func TestEndpointsAreV10(t *testing.T) {
	for _, u := range []string{
		discordgo.EndpointAPI, discordgo.EndpointGatewayBot, discordgo.EndpointUser("@me"),
		discordgo.EndpointUserChannels("@me"), discordgo.EndpointUserGuilds("@me"),
		discordgo.EndpointApplication("@me"), discordgo.EndpointApplicationGlobalCommands("1"),
		discordgo.EndpointApplicationGuildCommands("1", "2"), discordgo.EndpointChannel("3"),
		discordgo.EndpointChannelMessages("3"), discordgo.EndpointChannelMessage("3", "4"),
		discordgo.EndpointChannelMessageThread("3", "4"), discordgo.EndpointGuild("2"),
		discordgo.EndpointGuildChannels("2"), discordgo.EndpointGuildMember("2", "5"),
		discordgo.EndpointGuildRoles("2"), discordgo.EndpointInteractionResponse("6", "t"),
		discordgo.EndpointWebhookToken("1", "t"), discordgo.EndpointWebhookMessage("1", "t", "@original"),
		discordgo.EndpointOAuth2Application("@me"),
	} {
		if !strings.HasPrefix(u, "https://discord.com/api/v10/") || strings.Contains(u, "/v9/") {
			t.Errorf("%s is not a v10 endpoint", u)
		}
	}
	if discordgo.APIVersion != Version {
		t.Errorf("discordgo.APIVersion = %s, want %s (its gateway asks for it)", discordgo.APIVersion, Version)
	}
}
