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
	return rulesPage(g.Kind, 0), nil
}

func (r *Router) status(ctx context.Context, in Interaction) (Response, error) {
	t, err := r.channelTable(ctx, in.Channel)
	if err != nil {
		return Response{}, err
	}
	if t.row.Status == storage.Lobby {
		m := r.lobbyMessage(t)
		m.Rows, m.Ephemeral, m.Mentions = nil, true, nil
		return Response{Kind: Reply, Message: m}, nil
	}
	notice := ""
	if t.row.Status == storage.Active && in.CannotPost == "" {
		// Bring the controls back if the turn message is missing or owed.
		lctx, unlock := r.lock(ctx, t.row.ID)
		if t, err = r.reload(lctx, t.row.ID); err == nil && t.row.Status == storage.Active {
			var failed bool
			notice, failed = r.repost(lctx, t)
			if !failed {
				r.moveOwedBots(lctx, t)
			}
		}
		unlock()
		if err != nil {
			return Response{}, err
		}
	}
	r.readBest(ctx, t)
	m := t.turnMessage("")
	m.views = nil
	m.attachFull(t, t.state.Public(), "board.png")
	r.drawViews(t.row.ID, &m)
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
	m.attachFull(t, t.state.Public(), "board.png")
	r.drawViews(t.row.ID, &m)
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
	m, _, ok := t.privateMessage(seat, nil, true)
	if !ok {
		// A game may hide things a seat does not hold yet (Hijacked: the
		// value of a medal won face down), so this speaks of the seat only.
		return ephemeral(fmt.Sprintf("You hold nothing hidden in this %s game now: everything you have is on the board. Use /game status.", t.game.Kind.Title)), nil
	}
	m.Ephemeral = true
	r.drawViews(t.row.ID, &m)
	return Response{Kind: Reply, Message: m}, nil
}

func (r *Router) resign(ctx context.Context, in Interaction) (Response, error) {
	ctx, t, unlock, err := r.lockedChannelTable(ctx, in.Channel)
	if err != nil {
		return Response{}, err
	}
	defer unlock()
	seat := t.row.SeatOf(in.User.ID)
	if seat < 0 {
		return Response{}, refusef("You are not playing in this game, so you cannot resign from it.")
	}
	if t.row.Status == storage.Lobby {
		return Response{}, refusef("The game has not started; leave the lobby with its Leave or Decline button instead.")
	}
	if t.state.Outcome() != nil {
		return Response{}, refusef("This game is over.")
	}
	events, err := r.commit(ctx, t, seat, games.ResignMove)
	if err != nil {
		return Response{}, err
	}
	events = append(events, r.runBots(ctx, t)...)
	return ephemeral(strings.TrimSpace("You resigned. " + r.publish(ctx, t, events))), nil
}

func (r *Router) abandon(ctx context.Context, in Interaction) (Response, error) {
	ctx, t, unlock, err := r.lockedChannelTable(ctx, in.Channel)
	if err != nil {
		return Response{}, err
	}
	defer unlock()
	if in.User.ID != t.row.Creator && !in.CanManage {
		return Response{}, refusef("Only the game's creator or someone with the Manage Channels permission can abandon it. Players can /game resign instead.")
	}
	if !t.row.Open() {
		return Response{}, refusef("This game has already ended.")
	}
	base := t.row.Version
	t.row.Status = storage.Abandoned
	t.row.UpdatedAt = r.now()
	if err := r.store.Save(ctx, t.row, base, nil); err != nil {
		return Response{}, err
	}
	r.closeLobby(ctx, t, fmt.Sprintf("%s abandoned the game. %s", in.User.Name, r.freeAgain(ctx, t.row.Channel)))
	return ephemeral("Game abandoned."), nil
}

func (r *Router) history(ctx context.Context, in Interaction) (Response, error) {
	row, others, err := r.historyGame(ctx, in)
	if err != nil {
		return Response{}, err
	}
	moves, err := r.store.Moves(ctx, row.ID)
	if err != nil {
		return Response{}, err
	}
	title := row.Kind
	var redact func(string) string
	if g, ok := r.game(row.Kind); ok {
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
func (r *Router) historyGame(ctx context.Context, in Interaction) (row *storage.Game, others string, err error) {
	if raw := in.Options["id"]; raw != "" {
		id, perr := strconv.ParseInt(raw, 10, 64)
		if perr != nil || id <= 0 {
			return nil, "", refusef("Option id is a game number such as 12, not %q.", quoteTyped(raw))
		}
		row, err = r.store.Game(ctx, id)
		if errors.Is(err, storage.ErrNoGame) || err == nil && row.Guild != in.Guild {
			return nil, "", refusef("There is no game #%d on this server.", id)
		}
		return row, "", err
	}
	row, err = r.store.LatestGame(ctx, in.Channel)
	if !errors.Is(err, storage.ErrNoGame) {
		return row, "", err
	}
	all := r.threadGames(ctx, in.Channel, func(storage.ThreadGame) bool { return true })
	if len(all) == 0 {
		return nil, "", refusef("No game has been played in this channel or its threads yet.")
	}
	row, err = r.store.Game(ctx, all[0].ID)
	return row, r.otherThreadGames(all[1:], "games", "/game history"), err
}
