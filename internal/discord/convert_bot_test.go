package discord

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// Bot accounts are marked, as the one who acts and in user options, so
// the router can refuse them.
func TestInteractionMarksBots(t *testing.T) {
	i := &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{
		Type: discordgo.InteractionApplicationCommand, GuildID: "g", ChannelID: "c",
		Member: &discordgo.Member{User: &discordgo.User{ID: "u1", Username: "ann"}},
		Data: discordgo.ApplicationCommandInteractionData{Name: "hijack", Options: []*discordgo.ApplicationCommandInteractionDataOption{{
			Name: "challenge", Type: discordgo.ApplicationCommandOptionSubCommand,
			Options: []*discordgo.ApplicationCommandInteractionDataOption{
				{Name: "opponent", Type: discordgo.ApplicationCommandOptionUser, Value: "b1"},
				{Name: "opponent2", Type: discordgo.ApplicationCommandOptionUser, Value: "u2"},
			}}},
			Resolved: &discordgo.ApplicationCommandInteractionDataResolved{Users: map[string]*discordgo.User{
				"b1": {ID: "b1", Username: "otherbot", Bot: true}, "u2": {ID: "u2", Username: "bob"}}}},
	}}
	in, ok := interaction(i)
	if !ok {
		t.Fatal("not decoded")
	}
	if in.User.Bot || !in.Bots["b1"] || in.Bots["u2"] {
		t.Fatalf("bots marked wrong: user %+v, options %v", in.User, in.Bots)
	}
	i.Member.User.Bot = true
	if in, _ := interaction(i); !in.User.Bot {
		t.Fatal("a bot acting is not marked")
	}
}

// A member's permissions in the interaction (Discord computes them for
// the channel) decide what they may manage: Manage Channels a game in the
// channel, Manage Server the server's settings; Administrator both.
func TestInteractionPermissions(t *testing.T) {
	for _, tc := range []struct {
		perms           int64
		channel, server bool
	}{
		{0, false, false},
		{discordgo.PermissionManageChannels, true, false},
		{discordgo.PermissionManageGuild, false, true},
		{discordgo.PermissionAdministrator, true, true},
	} {
		i := &discordgo.InteractionCreate{Interaction: &discordgo.Interaction{
			Type: discordgo.InteractionApplicationCommand, GuildID: "g", ChannelID: "c",
			Member: &discordgo.Member{User: &discordgo.User{ID: "u1", Username: "ann"}, Permissions: tc.perms},
			Data:   discordgo.ApplicationCommandInteractionData{Name: "game", Options: []*discordgo.ApplicationCommandInteractionDataOption{{Name: "settings", Type: discordgo.ApplicationCommandOptionSubCommand}}},
		}}
		in, ok := interaction(i)
		if !ok || in.CanManage != tc.channel || in.CanManageServer != tc.server {
			t.Errorf("permissions %#x: manage channels %v, manage server %v; want %v, %v", tc.perms, in.CanManage, in.CanManageServer, tc.channel, tc.server)
		}
	}
}
