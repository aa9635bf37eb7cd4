package discord_test

import (
	"context"
	"strings"
	"testing"

	"standoff/internal/discordtest"
	"standoff/storage"
)

// The turn message through real discordgo and the fake Discord: against
// the bot, a typed move and the bot's answer come as one new message
// through the move's interaction (a typed move cannot edit the living
// message without the bot's token), telling the whole turn, pinging
// nobody, and the old message loses its controls; a moderator deleting it
// gets a new one posted with the whole turn told; against a person, a new
// message is posted for them and the old one keeps its text without
// controls.
func TestLivingTurnMessageOnDiscord(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	if s := e.reply(alice, general, "hijack", "solo"); !strings.Contains(s.Content, "started") {
		t.Fatalf("solo answered %q", s.Content)
	}
	before, _ := e.game(general)
	first := e.turnMessage(general)
	play := func() {
		e.t.Helper()
		row, st := e.game(general)
		mv := st.Legal(row.SeatOf(alice))[0]
		if s := e.reply(alice, general, "hijack", "move", discordtest.Opt("move", mv)); !strings.Contains(s.Content, "Played") {
			t.Fatalf("move %q answered %q", mv, s.Content)
		}
	}
	play()
	row := e.settle(general, before)
	now := e.turnMessage(general)
	if now.ID == first.ID || now.InteractionID == "" || len(now.Mentions) != 0 {
		t.Fatalf("the typed move's turn should come as a new message through its interaction, pinging nobody: %s (was %s), interaction %q, mentions %v", now.ID, first.ID, now.InteractionID, now.Mentions)
	}
	e.eventually("the old turn message to lose its controls", func() bool {
		old, _ := e.fake.Message(first.ID)
		return len(old.CustomIDs()) == 0
	})
	if len(now.Attachments) != 1 || !strings.Contains(now.Content, "(bot level") || len(now.CustomIDs()) == 0 {
		t.Fatalf("edited turn message: %d attachments, %q, controls %v", len(now.Attachments), now.Content, now.CustomIDs())
	}
	if strings.Count(now.Content, "added a marker")+strings.Count(now.Content, "moved") < 2 {
		t.Fatalf("the living message does not tell both moves: %q", now.Content)
	}

	e.fake.ModeratorDelete(now.ID)
	play()
	row = e.settle(general, row)
	again := e.turnMessage(general)
	if again.ID == now.ID {
		t.Fatal("no new message after a moderator deleted the turn message")
	}
	if !strings.Contains(again.Content, "The game begins") {
		t.Fatalf("the new message does not tell the whole turn: %q", again.Content)
	}
	e.confirmed(alice, general, "game", "abandon")

	if s := e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("num_pieces", 3)); !strings.Contains(s.Content, "Challenge sent") {
		t.Fatalf("challenge answered %q", s.Content)
	}
	lobby, _ := e.fake.LastMessage(general)
	accept, _ := findID(lobby, "accept:")
	lobbyRow, _ := e.game(general)
	e.click(bob, lobby.ID, accept)
	row = e.settle(general, lobbyRow)
	mine := e.turnMessage(general)
	_, st := e.game(general)
	mover := st.Prompts()[0].Seat
	user := row.Seats[mover].UserID
	if s := e.reply(user, general, "hijack", "move", discordtest.Opt("move", st.Legal(mover)[0])); !strings.Contains(s.Content, "Played") {
		t.Fatalf("move answered %q", s.Content)
	}
	e.settle(general, row)
	theirs := e.turnMessage(general)
	old, _ := e.fake.Message(mine.ID)
	if theirs.ID == mine.ID || len(old.CustomIDs()) != 0 || old.Content == "" {
		t.Fatalf("a change of player did not post anew: new %s old %s controls %v", theirs.ID, mine.ID, old.CustomIDs())
	}
	e.noErrorsBut(10008)
}

// The table's votes work through Discord's buttons: a vote to skip a player
// who is away, accepted by the other player.
func TestSkipVoteOnDiscord(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withConfig(remindAtOnce))
	row, away := e.threeHijack()
	e.router.Tick(context.Background()) // the first reminder: a vote on the seat may open
	var voters []string
	for i, s := range row.Seats {
		if i != away {
			voters = append(voters, s.UserID)
		}
	}
	got := e.reply(voters[0], general, "game", "skip", discordtest.Opt("player", row.Seats[away].UserID))
	if !strings.Contains(got.Content, "Vote opened") {
		t.Fatalf("skip answered %q", got.Content)
	}
	vote, _ := e.fake.LastMessage(general)
	yes, ok := findID(vote, "vote:")
	if !ok {
		t.Fatalf("vote message has no buttons: %q %v", vote.Content, vote.CustomIDs())
	}
	if s := e.click(row.Seats[away].UserID, vote.ID, yes); !strings.Contains(s, "other players") {
		t.Fatalf("the skipped player's vote answered %q", s)
	}
	e.click(voters[1], vote.ID, yes)
	e.settle(general, row)
	if n := e.moves(row.ID); n != 1 {
		t.Fatalf("%d moves after the skip, want 1", n)
	}
	vote, _ = e.fake.Message(vote.ID)
	if !strings.Contains(vote.Content, "accepted") || len(vote.CustomIDs()) != 0 {
		t.Fatalf("vote after the decision: %q %v", vote.Content, vote.CustomIDs())
	}
	e.noErrorLogs()
}

// threeHijack starts a 3-player Hijack game of alice, bob and carol in
// #general by its lobby's buttons; away is the seat the game waits on.
func (e *env) threeHijack() (row *storage.Game, away int) {
	e.t.Helper()
	e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("opponent2", carol), discordtest.Opt("num_pieces", 3))
	lobby, _ := e.fake.LastMessage(general)
	accept, _ := findID(lobby, "accept:")
	e.click(bob, lobby.ID, accept)
	lobby, _ = e.fake.Message(lobby.ID)
	accept, _ = findID(lobby, "accept:")
	lobbyRow, _ := e.game(general)
	e.click(carol, lobby.ID, accept)
	row = e.settle(general, lobbyRow)
	_, st := e.game(general)
	return row, st.Prompts()[0].Seat
}
