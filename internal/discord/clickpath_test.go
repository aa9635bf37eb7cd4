package discord_test

import (
	"os"
	"testing"

	"standoff/internal/discordtest"
)

// TestOneMoveClickPath plays one move by its button against the fake
// Discord, from the interaction's arrival to the changed messages. Its
// coverage profile less that of the same test with
// STANDOFF_CLICKPATH=setup (which stops before the click) is what one
// click enters: the files and functions counted in docs/architecture.md.
func TestOneMoveClickPath(t *testing.T) {
	e := newEnv(t, overGateway)
	e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("num_pieces", 2))
	lobby, _ := e.fake.LastMessage(general)
	accept, _ := findID(lobby, "accept:")
	lobbyRow, _ := e.game(general)
	e.click(bob, lobby.ID, accept)
	row := e.settle(general, lobbyRow)
	menu, id, value := e.guided(alice, e.turnMessage(general))
	moves := e.moves(row.ID)

	if os.Getenv("STANDOFF_CLICKPATH") == "setup" {
		// The baseline: everything but the click, to subtract.
		return
	}
	var in *discordtest.Interaction
	if value != "" {
		in = e.must(e.fake.Select(alice, menu.ID, id, value))
	} else {
		in = e.must(e.fake.Click(alice, menu.ID, id))
	}
	e.told(in)
	e.settle(general, row)
	e.router.Wait()
	if got := e.moves(row.ID); got != moves+1 {
		t.Fatalf("the click played %d moves, want 1", got-moves)
	}
}
