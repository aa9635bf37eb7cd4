package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/games"
	"standoff/storage"
)

// "the automated seat finishing a game of each kind": every player lets
// the turn limit run out, the bot (the game's own, or the policy every game
// gets) takes each seat over, and the game ends by its rules; its log
// replays to the stored state.
func TestAutomatedSeatsFinishAGameOfEveryKind(t *testing.T) {
	for _, g := range catalog.Games() {
		k := g.Kind
		t.Run(k.Name, func(t *testing.T) {
			n := k.MinPlayers
			if n < 2 {
				n = 2
			}
			if n > k.MaxPlayers {
				n = k.MaxPlayers
			}
			users := []string{"alice", "bob", "carol", "dave", "erin", "frank"}[:n]
			var script strings.Builder
			fmt.Fprintf(&script, "alice: /%s start turn_limit:24h\n", k.Name)
			for _, u := range users[1:] {
				fmt.Fprintf(&script, "%s: click Join\n", u)
			}
			script.WriteString("alice: click Start\n")
			for i := 0; i < 40; i++ {
				script.WriteString("wait 25h\n")
			}
			db := filepath.Join(t.TempDir(), "auto.db")
			err := commands.RunConsole(context.Background(), strings.NewReader(script.String()), io.Discard, commands.ConsoleOptions{
				DB: db, Seed: 7, Games: quickDraw(catalog.Games()), Config: commands.DefaultConfig(),
			})
			if err != nil {
				t.Fatal(err)
			}
			st, err := storage.Open(db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			row, err := st.LatestGame(context.Background(), "general")
			if err != nil {
				t.Fatal(err)
			}
			if row.Status != storage.Finished {
				t.Fatalf("game is %s after every seat was automated", row.Status)
			}
			for _, s := range row.Seats {
				if s.BotLevel == 0 && !s.Away {
					t.Fatalf("seat %s was never handed over", s.Name)
				}
			}
			moves, _ := st.Moves(context.Background(), row.ID)
			state, err := games.Replay(k, row.Setup(), moves)
			if err != nil {
				t.Fatal(err)
			}
			enc, _ := state.Encode()
			if !bytes.Equal(enc, row.State) {
				t.Fatal("replay of the log differs from the stored state")
			}
		})
	}
}
