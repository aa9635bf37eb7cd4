package commands

import (
	"context"
	"fmt"
	"strings"

	"standoff/storage"
)

// What /game shows without changing the game: the rules, the game's
// status (its controls brought back), the board and the player's hand.

func (r *Router) rules(ctx context.Context, in Interaction) (Response, error) {
	name := in.Options["game"]
	if name == "" && !in.DM {
		if row, err := r.store.LatestGame(ctx, in.Channel); err == nil {
			name = row.Kind
		}
	}
	if name == "" {
		var names []string
		for _, g := range r.games {
			names = append(names, g.Kind.Name)
		}
		return ephemeral("Which game? Use /game rules game:<name> with one of: " + strings.Join(names, ", ") + ".\n\n" + r.helpText()), nil
	}
	g, ok := r.game(name)
	if !ok {
		return Response{}, refusef("I do not host a game called %q.", name)
	}
	return r.rulesFor(ctx, in, g.Kind), nil
}

func (r *Router) status(ctx context.Context, in Interaction) (Response, error) {
	t, err := r.channelTable(ctx, in.Channel)
	if err != nil {
		return Response{}, err
	}
	if t.row.Status == storage.Lobby {
		m := r.lobbies.lobbyMessage(t)
		m.Rows, m.Ephemeral, m.Mentions = nil, true, nil
		return Response{Kind: Reply, Message: m}, nil
	}
	notice := ""
	if t.row.Status == storage.Active && in.CannotPost == "" {
		// Bring the controls back if the turn message is missing or owed.
		var done Restored
		if t, done, err = r.restore(ctx, t.row.ID, Restoring{}, nil); err != nil {
			return Response{}, err
		}
		notice = done.Notice
	}
	r.records.readBest(ctx, t)
	t.ratings = readRatingChanges(ctx, r.store, r.log, t)
	m := turnMessage(t, "")
	m.Pictures = nil
	t.attachFull(&m, t.state.Public(), "board.png")
	r.send.Draw(t.row.ID, &m)
	m.Rows, m.Ephemeral, m.Mentions = nil, true, nil
	text := t.state.Public().Text()
	head := m.Content
	if notice != "" {
		head = notice + "\n" + head
	}
	m.Content = head + "\n```\n" + text + "\n```"
	if len(m.Content) > maxContent {
		// Too long for a message (large boards): the text goes as a file.
		m.Content = clip(head, maxContent)
		m.Files = append(m.Files, File{Name: "board.txt", Data: []byte(text + "\n")})
	}
	return Response{Kind: Reply, Message: m}, nil
}

func (r *Router) board(ctx context.Context, in Interaction, g Game) (Response, error) {
	t, err := r.channelTable(ctx, in.Channel)
	if err != nil {
		return Response{}, err
	}
	if t.row.Kind != g.Kind.Name {
		return Response{}, refusef("This channel's game is %s: use /%s board.", t.game.Kind.Title, t.row.Kind)
	}
	if t.state == nil {
		return Response{}, refusef("The game has not started yet.")
	}
	if in.Options["text"] == "true" || t.game.Draw == nil {
		text := t.state.Public().Text()
		content := t.header() + "\n```\n" + text + "\n```"
		if len(content) <= maxContent {
			return ephemeral(content), nil
		}
		// Too long for a message (Hijack at sizes 4 to 6): the whole board
		// goes as a text file instead of being cut off mid-board.
		return Response{Kind: Reply, Message: Message{Content: t.header() + "\nThe board is too large for a message, so it is attached as text.",
			Ephemeral: true, Files: []File{{Name: "board.txt", Data: []byte(text + "\n")}}}}, nil
	}
	m := Message{Content: t.header(), Ephemeral: true}
	t.attachFull(&m, t.state.Public(), "board.png")
	r.send.Draw(t.row.ID, &m)
	return Response{Kind: Reply, Message: m}, nil
}

func (r *Router) hand(ctx context.Context, in Interaction) (Response, error) {
	t, err := r.channelTable(ctx, in.Channel)
	if err != nil {
		return Response{}, err
	}
	if t.state == nil {
		return Response{}, refusef("The game has not started yet.")
	}
	seat := t.row.SeatOf(in.User.ID)
	if seat < 0 {
		return Response{}, refusef("You are not playing in this game, so you have no hand here.")
	}
	m, _, ok := privateMessage(t, seat, nil, true)
	if !ok {
		// A game may hide things a seat does not hold yet (Hijacked: the
		// value of a medal won face down), so this speaks of the seat only.
		return ephemeral(fmt.Sprintf("You hold nothing hidden in this %s game now: everything you have is on the board. Use /game status.", t.game.Kind.Title)), nil
	}
	m.Ephemeral = true
	r.send.Draw(t.row.ID, &m)
	return Response{Kind: Reply, Message: m}, nil
}
