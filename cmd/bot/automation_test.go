package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/console"
	"standoff/internal/games"
	"standoff/storage"
)

// "the automated seat finishing a game of each kind": every player lets
// the turn limit run out and the bot takes each seat over; with every
// person's seat automated the table pauses (issue 21: "a table where every
// human seat is automated must pause (not play itself to a result that
// counts in stats) until someone rejoins"). Alice takes her seat back and
// plays random legal moves; the bot (the game's own, or the policy every
// game gets) plays the other seats, and the game ends by its rules; its log
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
			// The game stays in #general, where latest reads it.
			settings := []string{"admin alice", "alice: /standoff settings threads:off"}
			script := []string{fmt.Sprintf("alice: /%s start turn_limit:24h", k.Name)}
			for _, u := range users[1:] {
				script = append(script, fmt.Sprintf("%s: click Join", u))
			}
			script = append(script, "alice: click Start")
			if k.MinPlayers < 2 {
				// Started alone, a game is solo: a partner is challenged.
				script = []string{fmt.Sprintf("alice: /%s challenge opponent:@bob turn_limit:24h", k.Name), "bob: click Accept"}
			}
			script = append(settings, script...)
			for i := 0; i < 10; i++ {
				script = append(script, "wait 25h")
			}
			db := filepath.Join(t.TempDir(), "auto.db")
			st, err := storage.Open(db)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			latest := func() *storage.Game {
				row, err := st.LatestGame(context.Background(), "general")
				if err != nil {
					t.Fatal(err)
				}
				return row
			}
			rng := games.NewRNG(11)
			var out bytes.Buffer
			paused, moves := false, 0
			// The console asks for its next line only once it has carried
			// out the one before, so each line is chosen from the game as
			// it stands.
			in := &lineReader{next: func() (string, bool) {
				if len(script) > 0 {
					line := script[0]
					script = script[1:]
					return line, true
				}
				row := latest()
				if !paused {
					paused = true
					if row.Status != storage.Active {
						t.Errorf("game is %s after every seat was automated, want paused", row.Status)
						return "", false
					}
					for _, s := range row.Seats {
						if s.BotLevel == 0 && !s.Away {
							t.Errorf("seat %s was never handed over", s.Name)
							return "", false
						}
					}
					if !strings.Contains(out.String(), "The game is paused") {
						t.Errorf("the channel was not told the game is paused")
					}
					return "alice: /game rejoin", true
				}
				if row.Status != storage.Active {
					return "", false
				}
				if row.Seats[0].Away {
					t.Errorf("alice's rejoin did not give her seat back")
					return "", false
				}
				state, err := k.Decode(row.State)
				if err != nil {
					t.Fatal(err)
				}
				legal := state.Legal(0)
				if len(legal) == 0 || moves >= 3000 {
					t.Errorf("after %d moves the game waits and alice has %d legal moves: %+v", moves, len(legal), state.Prompts())
					return "", false
				}
				moves++
				return fmt.Sprintf("alice: /%s move move:%q", k.Name, legal[rng.Intn(len(legal))]), true
			}}
			err = console.Run(context.Background(), in, &out, console.Options{
				DB: db, Seed: 7, Games: quickDraw(catalog.Games()), Config: commands.DefaultConfig(),
			})
			if err != nil {
				t.Fatal(err)
			}
			if t.Failed() {
				return
			}
			row := latest()
			if row.Status != storage.Finished {
				t.Fatalf("game is %s after alice's %d moves", row.Status, moves)
			}
			for _, s := range row.Seats[1:] {
				if s.BotLevel == 0 && !s.Away {
					t.Fatalf("seat %s is no longer automated", s.Name)
				}
			}
			log, _ := st.Moves(context.Background(), row.ID)
			state, err := games.Replay(k, row.Setup(), log)
			if err != nil {
				t.Fatal(err)
			}
			enc, _ := state.Encode()
			if !bytes.Equal(enc, row.State) {
				t.Fatal("replay of the log differs from the stored state")
			}
			t.Logf("%s: %d moves by alice, %d in all", k.Name, moves, len(log))
		})
	}
}

// lineReader hands the console one line per read, each chosen by next when
// the console asks for it.
type lineReader struct {
	next    func() (string, bool)
	pending []byte
}

func (r *lineReader) Read(p []byte) (int, error) {
	if len(r.pending) == 0 {
		line, ok := r.next()
		if !ok {
			return 0, io.EOF
		}
		r.pending = []byte(line + "\n")
	}
	n := copy(p, r.pending)
	r.pending = r.pending[n:]
	return n, nil
}

// Issue 21: "With a server limit of 24h, `wait 2d` let the bot play a solo
// Hunted run to a loss, recorded as the player's best score. A turn limit
// must never play the only human's seat in a solo game."
func TestTurnLimitLeavesASoloRunAlone(t *testing.T) {
	db := filepath.Join(t.TempDir(), "solo.db")
	script := "admin alice\nalice: /standoff settings turn_limit:24h\nalice: /hunted start\nwait 2d\nwait 2d\n"
	var out bytes.Buffer
	if err := console.Run(context.Background(), strings.NewReader(script), &out, console.Options{
		DB: db, Seed: 7, Games: quickDraw(catalog.Games()), Config: commands.DefaultConfig(),
	}); err != nil {
		t.Fatal(err)
	}
	st, err := storage.Open(db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	row, err := st.LatestGame(context.Background(), "hunted-1") // the run's thread
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := st.Moves(context.Background(), row.ID)
	if row.TurnLimit != 24*time.Hour || row.Status != storage.Active || row.Seats[0].Away || len(moves) != 0 {
		t.Fatalf("solo run after 4 idle days with a 24h limit: limit %v, %s, away %v, %d moves\n%s", row.TurnLimit, row.Status, row.Seats[0].Away, len(moves), out.String())
	}
	// Nor does the start announce a limit that does not apply.
	if strings.Contains(out.String(), "turn limit 24 hours") {
		t.Fatalf("a solo run announces a turn limit:\n%s", out.String())
	}
}
