package commands

import (
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/storage"
)

// "The Hijack picture does not show that a seat is played by the bot": a
// seat the table handed to the bot keeps its player's name in the game's
// state, so the table marks it on the view before the picture and its
// description are made. Every game of the catalog marks it the same way.
func TestASeatTheBotTookOverIsMarked(t *testing.T) {
	if catalogGames == nil {
		t.Fatal("no catalog: catalog_test.go sets catalogGames")
	}
	// Seat 0 is the bot's from the start, named as the bot's; seat 1 a
	// person whose name has the word "bot" in it.
	names := []string{"Standoff bot 1", "bot hunter", "carol", "dave", "erin", "frank"}
	for _, g := range catalogGames() {
		t.Run(g.Kind.Name, func(t *testing.T) {
			n := min(g.Kind.MaxPlayers, max(2, g.Kind.MinPlayers)) // Hunted's co-op, Locked Out's three
			opts, err := g.Kind.Resolve(nil)
			if err != nil {
				t.Fatal(err)
			}
			row := storage.Game{ID: 1, Kind: g.Kind.Name, Channel: "c", Status: storage.Active}
			for i, name := range names[:n] {
				row.Seats = append(row.Seats, storage.Seat{Seat: i, UserID: string(rune('1' + i)), Name: name})
			}
			row.Seats[0].BotLevel = 1
			st, err := g.Kind.New(games.Setup{Players: names[:n], Options: opts, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			tb := &table{row: &row, game: g, state: st}
			alt := func(full bool) string {
				var m Message
				if full {
					tb.attachFull(&m, st.Public(), "board.png")
				} else {
					tb.attachView(&m, st.Public(), "board.png")
				}
				if len(m.Pictures) != 1 {
					t.Fatal("no picture asked for")
				}
				return m.Pictures[0].Alt
			}
			for _, full := range []bool{false, true} {
				if a := alt(full); strings.Contains(a, "(bot)") {
					t.Fatalf("a seat its player plays is marked: %q", a)
				}
			}
			row.Seats[1].Away = true
			for _, full := range []bool{false, true} {
				a := alt(full)
				if !strings.Contains(a, "bot hunter (bot)") {
					t.Fatalf("the description does not mark bot hunter's seat as the bot's: %q", a)
				}
				for _, other := range append([]string{names[0]}, names[2:n]...) {
					if strings.Contains(a, other+" (bot)") {
						t.Fatalf("%s's seat is marked as the bot's: %q", other, a)
					}
				}
			}
		})
	}
}
