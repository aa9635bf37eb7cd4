package commands

import (
	"strings"
	"testing"
	"time"
)

// pickFrom is user picking values (user ids) from the menu of resp, in
// channel; the user select's resolved data names them, bots marked.
func pickFrom(t *testing.T, h *harness, user, channel string, resp Response, bots []string, values ...string) Response {
	t.Helper()
	if len(resp.Message.Rows) == 0 || resp.Message.Rows[0].Select == nil {
		t.Fatalf("no menu to pick from: %+v", resp.Message)
	}
	in := Interaction{Type: ComponentClick, Guild: "g", Channel: channel, User: User{ID: user, Name: NameOf(user)}, CustomID: resp.Message.Rows[0].Select.CustomID,
		Values: values, Users: map[string]Name{}, Bots: map[string]bool{}}
	for _, v := range values {
		in.Users[v] = NameOf(strings.ToUpper(v[:1]) + v[1:])
	}
	for _, b := range bots {
		in.Bots[b] = true
	}
	return h.r.Handle(t.Context(), in)
}

// A challenge naming nobody offers a menu of users (as many as the game
// seats besides the challenger) and the bot; a pick makes the challenge
// that naming them with the same options would.
func TestChallengeMenuMakesTheNamedChallenge(t *testing.T) {
	h := newHarness(t)
	ask := h.cmd("alice", "tally", "challenge", "target=7", "turn_limit=72h")
	mustEphemeral(t, ask, "Who do you challenge to Tally?")
	sel := ask.Message.Rows[0].Select
	if !sel.Users || sel.MinValues != 1 || sel.MaxValues != 2 || len(sel.CustomID) > maxCustomID {
		t.Fatalf("the menu should be a user select of 1 to 2 users: %+v", sel)
	}
	if len(ask.Message.Rows) != 2 || ask.Message.Rows[1].Buttons[0].Label != "Play the bot" {
		t.Fatalf("Tally has a bot: %+v", ask.Message.Rows)
	}
	for _, c := range []struct {
		user, channel string
		bots, values  []string
		says          string
	}{
		{"alice", chanID, nil, []string{"alice"}, "cannot challenge yourself"},
		{"alice", chanID, []string{"robot"}, []string{"robot"}, "Robot is a bot account"},
		{"alice", chanID, nil, []string{"bob", "bob"}, "Bob is picked twice"},
		{"alice", chanID, nil, []string{"bob", "carol", "dave"}, "Pick 1 to 2 players"},
		{"bob", chanID, nil, []string{"carol"}, "someone else's challenge"},
		{"alice", "c2", nil, []string{"bob"}, "another channel's"},
	} {
		mustEphemeral(t, pickFrom(t, h, c.user, c.channel, ask, c.bots, c.values...), c.says)
	}
	if _, err := h.store.LatestGame(t.Context(), chanID); err == nil {
		t.Fatal("a refused pick made a game")
	}
	sent := pickFrom(t, h, "alice", chanID, ask, nil, "bob")
	if sent.Kind != Update || !strings.HasPrefix(sent.Message.Content, "Challenge sent for Tally game #1") || len(sent.Message.Rows) != 0 {
		t.Fatalf("the pick should turn the menu into what came of it: %+v", sent)
	}
	g := h.game()
	if len(g.Seats) != 2 || g.Seats[1].UserID != "bob" || g.Seats[1].Name != "Bob" || g.Options["target"] != 7 || g.TurnLimit != 72*time.Hour {
		t.Fatalf("the challenge should be alice against bob, target 7, turn limit 72h: %+v", g)
	}
	// The same menu again (a replay, or a second copy) makes nothing more.
	h.confirmed(Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: "alice"}, Command: "game", Sub: "abandon"})
	mustEphemeral(t, pickFrom(t, h, "alice", chanID, ask, nil, "carol"), "used already")
	if h.game().ID != g.ID {
		t.Fatal("a used menu made another game")
	}
}

// The bot button plays the bot with the menu's options; an old menu is
// refused once it has expired.
func TestChallengeMenuBotAndExpiry(t *testing.T) {
	h := newHarness(t)
	ask := h.cmd("alice", "tally", "challenge", "target=6")
	bot := Interaction{Type: ComponentClick, Guild: "g", Channel: chanID, User: User{ID: "alice", Name: NameOf("Alice")}, CustomID: ask.Message.Rows[1].Buttons[0].CustomID}
	h.now = h.now.Add(menuLife + time.Minute)
	mustEphemeral(t, h.r.Handle(t.Context(), bot), "more than 10 minutes old")
	h.now = h.now.Add(-menuLife)
	started := h.r.Handle(t.Context(), bot)
	if started.Kind != Update || !strings.Contains(started.Message.Content, "Tally game #1 started") {
		t.Fatalf("Play the bot: %+v", started)
	}
	if g := h.game(); len(g.Seats) != 2 || g.Seats[1].BotLevel == 0 || g.Options["target"] != 6 {
		t.Fatalf("the bot should sit in seat 2 of a target-6 game: %+v", g)
	}
	mustEphemeral(t, h.r.Handle(t.Context(), bot), "used already")
	mustEphemeral(t, pickFrom(t, h, "alice", chanID, ask, nil, "bob"), "used already")
	// A forged id changes nothing either.
	bot.CustomID = strings.Replace(bot.CustomID, ":tally:", ":nosuch:", 1)
	mustEphemeral(t, h.r.Handle(t.Context(), bot), "not one I know")
}
