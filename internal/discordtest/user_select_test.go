package discordtest_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// A user select's pick arrives as Discord documents it: the ids as values,
// each user (a bot account marked bot:true) and, in a guild, each member
// under data.resolved; the menu's bounds and its users are checked as the
// client would.
func TestUserSelectResolvesThePickedUsers(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	const robot = "150"
	fake.AddBotUser(robot, "robot")
	got := make(chan *discordgo.InteractionCreate, 1)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		got <- i
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate})
	})
	lo := 1
	menu, err := dg.ChannelMessageSendComplex(chanA, &discordgo.MessageSend{Content: "Who?", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.SelectMenu{MenuType: discordgo.UserSelectMenu, CustomID: "who", MinValues: &lo, MaxValues: 2}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fake.Select(alice, menu.ID, "who", bob, robot, alice); err == nil {
		t.Error("picked three users in a menu of at most two")
	}
	if _, err := fake.Select(alice, menu.ID, "who", "999"); err == nil {
		t.Error("picked a user who does not exist")
	}
	if _, err := fake.Select(alice, menu.ID, "who", bob, robot); err != nil {
		t.Fatal(err)
	}
	i := <-got
	data := i.MessageComponentData()
	if data.ComponentType != discordgo.UserSelectMenuComponent || len(data.Values) != 2 || data.Values[0] != bob {
		t.Fatalf("data = %+v", data)
	}
	r := data.Resolved
	if r.Users[bob] == nil || r.Users[bob].Bot || r.Users[robot] == nil || !r.Users[robot].Bot || r.Users[robot].Username != "robot" {
		t.Fatalf("resolved users = %+v", r.Users)
	}
	if r.Members[bob] == nil || r.Members[robot] == nil || r.Members[bob].User != nil {
		t.Fatalf("resolved members (without their user) = %+v", r.Members)
	}
}
