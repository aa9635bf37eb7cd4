package discord_test

import (
	"context"
	"strings"
	"testing"

	"standoff/internal/discordtest"
	"standoff/storage"
)

// robot is a bot account on the server, not the application's own.
const robot = "150"

// A challenge that names nobody answers with a user select (type 5, as
// many users as the game seats besides the challenger) and "Play the bot".
// Picking a bot account or oneself is refused and changes nothing; picking
// bob makes the challenge /hijack challenge opponent:@bob num_pieces:2
// would, the menu's message then saying so; bob accepts and the game is
// played to its first move.
func TestChallengeByUserSelect(t *testing.T) {
	inModes(t, testChallengeByUserSelect)
}

func testChallengeByUserSelect(t *testing.T, mode envOption) {
	e := newEnv(t, mode, withFake(func(f *discordtest.Server) { f.AddBotUser(robot, "robot") }))
	ask := e.reply(alice, general, "hijack", "challenge", discordtest.Opt("num_pieces", 2))
	if !ask.Ephemeral || !strings.Contains(ask.Content, "Who do you challenge to Hijack?") {
		t.Fatalf("a challenge naming nobody answered %+v", ask)
	}
	sels := ask.Selects()
	if len(sels) != 1 || sels[0].Type != discordtest.ComponentUserSelect || sels[0].MinValues == nil || *sels[0].MinValues != 1 ||
		sels[0].MaxValues == nil || *sels[0].MaxValues != 2 {
		t.Fatalf("the menu should be a user select of 1 to 2 users: %+v", sels)
	}
	menu := sels[0].CustomID
	if _, ok := findID(ask, "chal:b:"); !ok {
		t.Fatalf("Hijack has a bot: the answer should offer to play it: %v", ask.CustomIDs())
	}
	for _, refused := range []struct{ who, says string }{{robot, "robot is a bot account"}, {alice, "cannot challenge yourself"}} {
		told := e.told(e.must(e.fake.Select(alice, ask.ID, menu, refused.who)))
		if len(told) != 1 || !told[0].Ephemeral || !strings.Contains(told[0].Content, refused.says) {
			t.Fatalf("picking %s answered %+v", refused.who, told)
		}
	}
	if _, err := e.store.LatestGame(context.Background(), general); err == nil {
		t.Fatal("a refused pick made a game")
	}
	picked := e.must(e.fake.Select(alice, ask.ID, menu, bob))
	resp, msg := e.answered(picked)
	if resp.Type == discordtest.CallbackUpdateMessage && (msg.ID != ask.ID || !strings.HasPrefix(msg.Content, "Challenge sent for Hijack game #") || len(msg.Components) != 0) {
		t.Fatalf("the menu's message should say the challenge was sent, without the menu: %+v", msg)
	}
	e.told(picked)
	e.eventually("the menu's message to show the challenge", func() bool {
		m, ok := e.fake.Message(ask.ID)
		return ok && strings.HasPrefix(m.Content, "Challenge sent") && len(m.Components) == 0
	})
	lobbyRow, _ := e.game(general)
	if lobbyRow.Status != storage.Lobby || len(lobbyRow.Seats) != 2 || lobbyRow.Seats[1].UserID != bob || lobbyRow.Options["num_pieces"] != 2 {
		t.Fatalf("the challenge should seat alice and bob with num_pieces 2: %+v", lobbyRow)
	}
	lobby, _ := e.fake.LastMessage(general)
	accept, ok := findID(lobby, "accept:")
	if !ok || !slicesContain(lobby.Mentions, bob) {
		t.Fatalf("the lobby should ping bob and offer Accept: %+v", lobby)
	}
	if s := e.click(bob, lobby.ID, accept); s != "" {
		t.Fatalf("Accept answered %q", s)
	}
	row := e.settle(general, lobbyRow)
	if after, _ := e.typed(general); after.Version != row.Version+1 {
		t.Fatalf("the first move was not played: version %d after %d", after.Version, row.Version)
	}
}

func slicesContain(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// The rules menu in the bot's DM: each pick replaces the ephemeral message
// with its part (UPDATE_MESSAGE), the menu staying.
func TestRulesMenuInTheBotsDM(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	dm := e.fake.DMChannelID(alice)
	first := e.reply(alice, dm, "game", "rules", discordtest.Opt("game", "hunted"))
	sels := first.Selects()
	if len(sels) != 1 || sels[0].Type != discordtest.ComponentStringSelect || !first.Ephemeral {
		t.Fatalf("/game rules in the DM answered %+v", first)
	}
	var terrorists string
	for _, o := range sels[0].Options {
		if o.Label == "Terrorists" {
			terrorists = o.Value
		}
	}
	pick := e.must(e.fake.Select(alice, first.ID, sels[0].CustomID, terrorists))
	resp, msg := e.answered(pick)
	if resp.Type != discordtest.CallbackUpdateMessage || msg.ID != first.ID || !strings.Contains(msg.Content, "**Terrorists**") || len(msg.Selects()) != 1 {
		t.Fatalf("the pick should update the message with the part and keep the menu: %+v %+v", resp, msg)
	}
}
