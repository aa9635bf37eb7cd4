package commands

import (
	"strings"
	"testing"

	"standoff/internal/games"
	"standoff/internal/games/hijack"
	"standoff/internal/images"
	"standoff/storage"
)

// "The Hijack picture does not show that a seat is played by the bot": a
// seat the table handed to the bot keeps its player's name in the game's
// state, so the table marks it on the view before the picture and its
// description are made.
func TestASeatTheBotTookOverIsMarked(t *testing.T) {
	st, err := hijack.Kind.New(games.Setup{Players: []string{"alice", "bob"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	row := storage.Game{ID: 1, Kind: "hijack", Channel: "c", Status: storage.Active, Seats: []storage.Seat{
		{Seat: 0, UserID: "1", Name: "alice"}, {Seat: 1, UserID: "2", Name: "bob", Away: true}}}
	tb := &table{row: &row, game: Game{Kind: hijack.Kind, Draw: images.Hijack, Alt: images.HijackAlt}, state: st}
	var m Message
	tb.attachView(&m, st.Public(), "board.png")
	if len(m.Pictures) != 1 {
		t.Fatal("no picture asked for")
	}
	alt := m.Pictures[0].Alt
	if !strings.Contains(alt, "bob (bot)") || strings.Contains(alt, "alice (bot)") {
		t.Fatalf("the description does not mark bob's seat as the bot's: %q", alt)
	}
	row.Seats[1].Away = false
	var plain Message
	tb.attachView(&plain, st.Public(), "board.png")
	if strings.Contains(plain.Pictures[0].Alt, "(bot)") {
		t.Fatalf("a seat its player plays is marked: %q", plain.Pictures[0].Alt)
	}
}
