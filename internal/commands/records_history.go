package commands

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// history is /game history: the moves of a game, newest kept when they
// are more than a message holds.
func (rec *records) history(ctx context.Context, in Interaction) (Response, error) {
	row, others, err := rec.historyGame(ctx, in)
	if err != nil {
		return Response{}, err
	}
	moves, err := rec.store.Moves(ctx, row.ID)
	if err != nil {
		return Response{}, err
	}
	title := row.Kind
	var redact func(string) string
	if g, ok := rec.games.find(row.Kind); ok {
		title, redact = g.Kind.Title, g.Kind.PublicMove
	}
	head := fmt.Sprintf("**%s** · game #%d · %s · %d moves", title, row.ID, row.Status, len(moves))
	if row.Channel != in.Channel {
		head += fmt.Sprintf(" · played in <#%s>", row.Channel)
	}
	lines := []string{head + others}
	for i, m := range moves {
		who := "?"
		if m.Seat >= 0 && m.Seat < len(row.Seats) {
			who = row.Seats[m.Seat].Name
		}
		text := m.Move
		switch {
		case text == games.ResignMove:
			text = "resigned"
		case text == games.UndoMove:
			text = "took back a move"
		case redact != nil:
			text = redact(text)
		}
		lines = append(lines, fmt.Sprintf("%d. %s: %s", i+1, who, text))
	}
	// Keep the newest moves when the list is longer than a message.
	out := strings.Join(lines, "\n")
	for len(out) > maxContent && len(lines) > 2 {
		lines = append(lines[:1], lines[2:]...)
		out = strings.Join(append([]string{lines[0], "…"}, lines[1:]...), "\n")
	}
	return ephemeral(out), nil
}

// historyGame is the game /game history shows: the one named by id (on
// this server), else the channel's last, else the newest of the games
// played in the channel's threads; others names more of those.
func (rec *records) historyGame(ctx context.Context, in Interaction) (row *storage.Game, others string, err error) {
	if raw := in.Options["id"]; raw != "" {
		id, perr := strconv.ParseInt(raw, 10, 64)
		if perr != nil || id <= 0 {
			return nil, "", refusef("Option id is a game number such as 12, not %q.", quoteTyped(raw))
		}
		row, err = rec.store.Game(ctx, id)
		if errors.Is(err, storage.ErrNoGame) || err == nil && row.Guild != in.Guild {
			return nil, "", refusef("There is no game #%d on this server.", id)
		}
		return row, "", err
	}
	row, err = rec.store.LatestGame(ctx, in.Channel)
	if !errors.Is(err, storage.ErrNoGame) {
		return row, "", err
	}
	all := rec.threads.threadGames(ctx, in.Channel, func(storage.ThreadGame) bool { return true })
	if len(all) == 0 {
		return nil, "", refusef("No game has been played in this channel or its threads yet.")
	}
	row, err = rec.store.Game(ctx, all[0].ID)
	return row, rec.threads.otherThreadGames(all[1:], "games", "/game history"), err
}
