package commands

import (
	"fmt"
	"strconv"

	"standoff/internal/games"
	"standoff/storage"
)

// Preview builds every message the router could post for a game state, by
// the presenter that publishes every move, without drawing the pictures:
// the channel's turn message,
// each seat's private message (DM or /game hand) and the ephemeral reply of
// every guided choice (games.Refiner) offered to a seat. Every seat is a
// human player named "p<seat>". Tests feed the result to a validator that
// checks what Discord checks (unique custom ids, lengths, rows), over random
// playouts of every game.
func Preview(kind *games.Kind, st games.State, players int, gameID int64, version int) []Message {
	row := &storage.Game{ID: gameID, Version: version, Kind: kind.Name, Status: storage.Active}
	for i := 0; i < players; i++ {
		row.Seats = append(row.Seats, storage.Seat{Seat: i, UserID: strconv.Itoa(1000 + i), Name: fmt.Sprintf("p%d", i), Accepted: true})
	}
	t := &table{row: row, game: Game{Kind: kind}, state: st}
	pub := present(t, nil)
	out := []Message{pub.Turn.Message}
	for _, p := range pub.Private {
		out = append(out, p.Message)
	}
	ref, ok := st.(games.Refiner)
	if !ok {
		return out
	}
	for _, p := range st.Prompts() {
		for _, c := range p.Choices {
			if c.Refine == "" {
				continue
			}
			text, choices := ref.Refine(p.Seat, c.Refine)
			if r, ok := choiceRow(t, choices, text, t.refinePrompt(p.Seat, c.Refine)); ok {
				out = append(out, Message{Content: t.header() + "\n" + text, Ephemeral: true, Rows: []Row{r}})
			}
		}
	}
	return out
}
