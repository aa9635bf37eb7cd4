package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// showing is what shows a game or its rules to one person without
// changing the game: /game rules and its menu, /game status (its controls
// brought back), the board, the whole board one tap away, and the
// player's hand.
type showing struct {
	*base
	records      *records
	lobbyMessage func(t *table) Message
	channelTable func(ctx context.Context, channel, asked string) (*table, error)
	reload       func(ctx context.Context, id int64) (*table, error)
	restore      func(ctx context.Context, id int64, how Restoring, then func(context.Context, *table, Restored)) (*table, Restored, error)
	helpText     func() string
}

func (sh *showing) rules(ctx context.Context, in Interaction) (Response, error) {
	name := in.Options["game"]
	if name == "" && !in.DM {
		if row, err := sh.store.LatestGame(ctx, in.Channel); err == nil {
			name = row.Kind
		}
	}
	if name == "" {
		var names []string
		for _, g := range sh.games {
			names = append(names, g.Kind.Name)
		}
		return ephemeral("Which game? Use /game rules game:<name> with one of: " + strings.Join(names, ", ") + ".\n\n" + sh.helpText()), nil
	}
	g, ok := sh.games.find(name)
	if !ok {
		return Response{}, refusef("I do not host a game called %q.", name)
	}
	return sh.rulesFor(ctx, in, g.Kind), nil
}

func (sh *showing) status(ctx context.Context, in Interaction) (Response, error) {
	t, err := sh.channelTable(ctx, in.Channel, in.Command)
	if err != nil {
		return Response{}, err
	}
	if t.row.Status == storage.Lobby {
		m := sh.lobbyMessage(t)
		m.Rows, m.Ephemeral, m.Mentions = nil, true, nil
		return Response{Kind: Reply, Message: m}, nil
	}
	notice := ""
	if t.row.Status == storage.Active && in.CannotPost == "" {
		// Bring the controls back if the turn message is missing or owed.
		var done Restored
		if t, done, err = sh.restore(ctx, t.row.ID, Restoring{}, nil); err != nil {
			return Response{}, err
		}
		notice = done.Notice
	}
	sh.records.readBest(ctx, t)
	t.ratings = readRatingChanges(ctx, sh.store, sh.log, t)
	m := turnMessage(t, "")
	m.Pictures = nil
	t.attachFull(&m, t.state.Public(), "board.png")
	sh.send.Draw(t.row.ID, &m)
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

func (sh *showing) board(ctx context.Context, in Interaction, g Game) (Response, error) {
	t, err := sh.channelTable(ctx, in.Channel, in.Command)
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
	sh.send.Draw(t.row.ID, &m)
	return Response{Kind: Reply, Message: m}, nil
}

func (sh *showing) hand(ctx context.Context, in Interaction) (Response, error) {
	t, err := sh.channelTable(ctx, in.Channel, in.Command)
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
	sh.send.Draw(t.row.ID, &m)
	return Response{Kind: Reply, Message: m}, nil
}

// rulesFor is /game rules for a kind asked in a channel: where the
// channel's game of that kind is one person against the kind's named bot
// (Hijacked's solo mode against the Cybot), it opens on the first part
// about that mode (titled "Solo ..."), which the menu lists after the rules
// of the game between players; elsewhere on the overview.
func (sh *showing) rulesFor(ctx context.Context, in Interaction, k *games.Kind) Response {
	if in.DM || k.BotName == "" {
		return rulesPage(k, 0)
	}
	row, err := sh.store.LatestGame(ctx, in.Channel)
	if err != nil || row.Kind != k.Name || !soloAgainstBot(row) {
		return rulesPage(k, 0)
	}
	for i, p := range rulesParts(k) {
		if strings.HasPrefix(p.title, "Solo") {
			return Response{Kind: Reply, Message: rulesMessage(k, strconv.Itoa(i))}
		}
	}
	return rulesPage(k, 0)
}

// rulesClick shows the part of the rules picked from a rules menu (or,
// for an older message's page button, the menu), in the message the menu
// is on.
func (sh *showing) rulesClick(_ context.Context, c *Call, _ *table) (acted, error) {
	rc, in := c.ctl.rules, c.in
	g, found := sh.games.find(rc.kind)
	if !found {
		return answered(ephemeral("I no longer host that game; /game rules lists the ones I do."), nil)
	}
	if rc.page != rulesMenu {
		return answered(Response{Kind: Update, Message: rulesMessage(g.Kind, "")}, nil)
	}
	if len(in.Values) != 1 {
		return answered(ephemeral("Pick one part of the rules from the menu."), nil)
	}
	part := in.Values[0]
	if part != rulesOverview {
		n, err := strconv.Atoi(part)
		if err != nil || n < 0 || n >= len(rulesParts(g.Kind)) {
			return answered(ephemeral(fmt.Sprintf("That part is no longer in the rules of %s; pick another from the menu.", g.Kind.Title)), nil)
		}
	}
	return answered(Response{Kind: Update, Message: rulesMessage(g.Kind, part)}, nil)
}

// fullBoard shows one player the whole board as it stands now (the detail
// the phone's turn picture leaves out). Any message's button shows the
// game as it is, so an old one works too.
func (sh *showing) fullBoard(ctx context.Context, game int64) (Response, error) {
	t, err := sh.reload(ctx, game)
	if err != nil {
		return Response{}, err
	}
	if t.state == nil {
		return Response{}, refusef("The game has not started yet.")
	}
	m := Message{Content: t.header() + "\nThe whole board as it stands now.", Ephemeral: true}
	t.attachFull(&m, t.state.Public(), "board.png")
	sh.send.Draw(t.row.ID, &m)
	return Response{Kind: Reply, Message: m}, nil
}

// fullBoardButton shows the whole board to whoever clicked .
func (sh *showing) fullBoardButton(ctx context.Context, c *Call, _ *table) (acted, error) {
	return answered(sh.fullBoard(ctx, c.ctl.Game))
}
