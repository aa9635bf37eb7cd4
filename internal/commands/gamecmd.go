package commands

import (
	"context"
	"errors"
	"fmt"
	"slices"
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
	return r.rulesFor(ctx, in, g.Kind), nil
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
		var done Restored
		if t, done, err = r.restore(ctx, t.row.ID, Restoring{}, nil); err != nil {
			return Response{}, err
		}
		notice = done.Notice
	}
	r.readBest(ctx, t)
	t.ratings = readRatingChanges(ctx, r.store, r.log, t)
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

// /game resign and /game abandon cannot be taken back: each first asks,
// by an ephemeral button, and acts on the click. The button is bound to the
// game's version: a click after the game moved on, or a second click, is
// refused and changes nothing.

// Confirmation controls: confirm:<game>:<version>:resign|abandon, and
// cancel:<game>:<version>.
const (
	confirmResign  = "resign"
	confirmAbandon = "abandon"
)

func (r *Router) resign(ctx context.Context, in Interaction) (Response, error) {
	ctx, t, unlock, err := r.lockedChannelTable(ctx, in.Channel)
	if err != nil {
		return Response{}, err
	}
	defer unlock()
	if _, err := resignSeat(in, t); err != nil {
		return Response{}, err
	}
	return confirmation(t, confirmResign, fmt.Sprintf("Resign from %s? You leave it for good, and it ends if too few players are left; this cannot be taken back.", t.header()), "Resign"), nil
}

// resignSeat is the seat the user may resign, or why not.
func resignSeat(in Interaction, t *table) (int, error) {
	seat := t.row.SeatOf(in.User.ID)
	switch {
	case seat < 0:
		return 0, refusef("You are not playing in this game, so you cannot resign from it.")
	case t.row.Status == storage.Lobby:
		return 0, refusef("The game has not started; leave the lobby with its Leave or Decline button instead.")
	case t.row.Status != storage.Active || t.state == nil || t.state.Outcome() != nil:
		return 0, refusef("This game is over.")
	}
	return seat, nil
}

func (r *Router) abandon(ctx context.Context, in Interaction) (Response, error) {
	ctx, t, unlock, err := r.lockedChannelTable(ctx, in.Channel)
	if err != nil {
		return Response{}, err
	}
	defer unlock()
	if err := mayAbandon(in, t); err != nil {
		return Response{}, err
	}
	return confirmation(t, confirmAbandon, fmt.Sprintf("Abandon %s? It ends for everyone, with no result; this cannot be taken back.", t.header()), "Abandon the game"), nil
}

// mayAbandon says why the user may not abandon the game, if so.
func mayAbandon(in Interaction, t *table) error {
	if in.User.ID != t.row.Creator && !in.CanManage {
		return refusef("Only the game's creator or someone with the Manage Channels permission can abandon it. Players can /game resign instead.")
	}
	if !t.row.Open() {
		return refusef("This game has already ended.")
	}
	return nil
}

// confirmation asks, for the user alone, to confirm what cannot be undone.
func confirmation(t *table, what, question, label string) Response {
	yes := customID{Action: "confirm", Game: t.row.ID, Version: t.row.Version, Arg: what}
	no := customID{Action: "cancel", Game: t.row.ID, Version: t.row.Version}
	return Response{Kind: Reply, Message: Message{Content: question, Ephemeral: true, Rows: []Row{{Buttons: []Button{
		{Label: label, CustomID: yes.String(), Style: Danger},
		{Label: "Cancel", CustomID: no.String(), Style: Secondary},
	}}}}}
}

// confirmClick acts on a confirmation's button (the caller holds the
// game's lock). The answer replaces the question.
func (r *Router) confirmClick(ctx context.Context, in Interaction, t *table, id customID) (Response, error) {
	done := func(text string) (Response, error) {
		return Response{Kind: Update, Message: Message{Content: text, Ephemeral: true}}, nil
	}
	if id.Action == "cancel" {
		return done("Cancelled: nothing was changed.")
	}
	if err := r.loadResigned(ctx, t); err != nil {
		return Response{}, err
	}
	if id.Version != t.row.Version {
		if !t.row.Open() {
			return Response{}, refusef("Game #%d has already ended; nothing was changed.", t.row.ID)
		}
		return Response{}, refusef("The game moved on since you asked, so nothing was changed. Run /game %s again if you still want to.", id.Arg)
	}
	switch id.Arg {
	case confirmResign:
		seat, err := resignSeat(in, t)
		if err != nil {
			return Response{}, err
		}
		events, err := r.commit(ctx, t, seat, games.ResignMove)
		if err != nil {
			return Response{}, err
		}
		events = append(events, r.runBots(ctx, t)...)
		// Not t.from: the interaction is on an ephemeral question, whose
		// follow-ups are no place for the channel's messages.
		t.actor = in.User.ID
		r.readPresentation(ctx, t)
		d := r.deliver(ctx, t, present(t, events))
		r.tellTable(ctx, t, in.User.ID, d.pinged, fmt.Sprintf("%s resigned from %s.", t.row.Seats[seat].Name, t.header()))
		return done(strings.TrimSpace("You resigned. " + d.trouble))
	case confirmAbandon:
		if err := mayAbandon(in, t); err != nil {
			return Response{}, err
		}
		base := t.row.Version
		t.row.Status = storage.Abandoned
		t.row.UpdatedAt = r.now()
		if err := r.store.Save(ctx, t.row, base, nil); err != nil {
			return Response{}, err
		}
		r.closeLobby(ctx, t, fmt.Sprintf("%s%s abandoned the game. %s", r.othersMentioned(t, in.User.ID, nil), in.User.Name, r.freeAgain(ctx, t.row.Channel)), r.others(t, in.User.ID, nil)...)
		return done("Game abandoned.")
	}
	return Response{}, refusef("That control is not one I know; use /game status for the current game.")
}

// others are the people at the table besides user and those already
// pinged: those a resignation or an abandoned game concerns (a bot's seat,
// a seat the bot plays for someone away and one that resigned are not
// pinged; t.resignedSeats must be loaded).
func (r *Router) others(t *table, user string, pinged []string) []string {
	var out []string
	for i, s := range t.row.Seats {
		if s.UserID == user || s.BotLevel > 0 || s.Away || slices.Contains(t.resignedSeats, i) || slices.Contains(pinged, s.UserID) || slices.Contains(out, s.UserID) {
			continue
		}
		out = append(out, s.UserID)
	}
	return out
}

// othersMentioned is "@bob, @carol: " for others, or "".
func (r *Router) othersMentioned(t *table, user string, pinged []string) string {
	var ms []string
	for _, u := range r.others(t, user, pinged) {
		ms = append(ms, mention(u))
	}
	if len(ms) == 0 {
		return ""
	}
	return strings.Join(ms, ", ") + ": "
}

// tellTable tells the other players, by a message that pings them, what
// concerns them all; those the turn message just pinged read it there.
func (r *Router) tellTable(ctx context.Context, t *table, user string, pinged []string, text string) {
	who := r.others(t, user, pinged)
	if len(who) == 0 {
		return
	}
	if _, err := r.out.Send(ctx, t.row.Channel, Message{Content: r.othersMentioned(t, user, pinged) + text, Mentions: who}); err != nil {
		r.log.Warn("could not tell the table", "game", t.row.ID, "err", err)
	}
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
