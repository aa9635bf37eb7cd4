package discord_test

import (
	"context"
	"strings"
	"testing"
)

// A vote about a player needs no @name typed: /game skip alone answers
// with a menu of the table's players the game waits on (not the voter),
// and picking one opens the vote as naming them would.
func TestSkipVoteByMenu(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withConfig(remindAtOnce))
	row, away := e.threeHijack()
	e.router.Tick(context.Background()) // the first reminder: a vote on the seat may open
	voter := row.Seats[(away+1)%len(row.Seats)].UserID

	ask := e.reply(voter, general, "game", "skip")
	sels := ask.Selects()
	if !ask.Ephemeral || len(sels) != 1 || !strings.Contains(ask.Content, "Whose turn should the table skip?") {
		t.Fatalf("/game skip without a player answered %+v", ask)
	}
	var offered []string
	for _, o := range sels[0].Options {
		offered = append(offered, o.Label)
	}
	if len(offered) != 1 || offered[0] != row.Seats[away].Name {
		t.Fatalf("the menu offers %v, want only the player the game waits on, %s", offered, row.Seats[away].Name)
	}
	if s := e.choose(voter, ask.ID, sels[0].CustomID, sels[0].Options[0].Value); !strings.Contains(s, "Vote opened") {
		t.Fatalf("picking %s answered %q", offered[0], s)
	}
	vote, _ := e.fake.LastMessage(general)
	if _, ok := findID(vote, "vote:"); !ok || !strings.Contains(vote.Content, row.Seats[away].Name) {
		t.Fatalf("the vote message: %q %v", vote.Content, vote.CustomIDs())
	}
	e.noErrorLogs()
}
