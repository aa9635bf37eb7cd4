package commands

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strings"
	"time"

	"standoff/internal/games"
	"standoff/internal/telemetry"
	"standoff/storage"
)

// A game begins in the lobby: either a challenge naming its players, who
// accept by button, or an open lobby that players join until its creator
// starts it.

// lobbies opens games: challenges and open lobbies, their seats (the bot's
// too) and their buttons (accept, decline, join, leave, start), up to the
// game's first move.
type lobbies struct {
	*base
	threads   *threads
	seed      func() uint64
	table     func(row *storage.Game) (*table, error)
	gameClock func(ctx context.Context, in Interaction) (limit, bank time.Duration, err error)
	runBots   func(ctx context.Context, t *table) []games.Event
	saveOwed  func(ctx context.Context, t *table, base int, move *games.SeatMove) error
	publish   func(ctx context.Context, t *table, events []games.Event) string
	// publishSaved runs the bots' replies to a saved change and publishes
	// it (play.go).
	publishSaved func(ctx context.Context, t *table, saved acted) string
}

func (lb *lobbies) newRow(ctx context.Context, in Interaction, g Game) (*storage.Game, error) {
	opts, err := optionValues(g.Kind, in)
	if err != nil {
		return nil, err
	}
	limit, bank, err := lb.gameClock(ctx, in)
	if err != nil {
		return nil, err
	}
	now := lb.now()
	return &storage.Game{
		Guild: in.Guild, Channel: in.Channel, Kind: g.Kind.Name, Options: opts, Status: storage.Lobby,
		Creator: in.User.ID, CreatedAt: now, UpdatedAt: now, TurnStartedAt: now, TurnLimit: limit, TurnBank: bank,
		Seats: []storage.Seat{{UserID: in.User.ID, Name: in.User.Name.String(), Accepted: true}},
	}, nil
}

func (lb *lobbies) challenge(ctx context.Context, in Interaction, g Game) (Response, error) {
	row, err := lb.newRow(ctx, in, g)
	if err != nil {
		return Response{}, err
	}
	level, err := botLevel(g.Kind, in)
	if err != nil {
		return Response{}, err
	}
	if level, err = lb.seatOpponents(row, g.Kind, in, level); err != nil {
		return Response{}, err
	}
	markChallenged(row, row.CreatedAt)
	if len(row.Seats) == 1 && level > 0 {
		if err := lb.fillWithBots(row, g.Kind, in, level); err != nil {
			return Response{}, err
		}
	}
	if err := g.Kind.CheckPlayers(len(row.Seats)); err != nil {
		if resp, ok := lb.askOpponents(in, g); ok && len(row.Seats) == 1 {
			return resp, nil // nobody named: pick them from a menu (challenge_menu.go)
		}
		hint := "name opponents with opponent:@user"
		if g.Kind.Bot != nil {
			hint += ", or play the bot with ai:1"
		}
		return Response{}, refusef("%v; %s.", err, hint)
	}
	if err := checkSetup(g.Kind, row, len(row.Seats)); err != nil {
		return Response{}, err
	}
	return lb.house(ctx, in, g, row, (*table).allAccepted, "Challenge sent")
}

// house gives a new game its home (a thread of its own, or the channel),
// then starts it when startNow says nobody is to be waited for, or posts
// its lobby; the creator's answer says which (posted: "Challenge sent",
// "Lobby opened") and where.
func (lb *lobbies) house(ctx context.Context, in Interaction, g Game, row *storage.Game, startNow func(*table) bool, posted string) (Response, error) {
	where, err := lb.threads.createHome(ctx, in, row)
	if err != nil {
		return Response{}, err
	}
	telemetry.SetKind(ctx, row.Kind)
	t, err := lb.table(row)
	if err != nil {
		return Response{}, err
	}
	if startNow(t) {
		if err := lb.begin(ctx, t, ""); err != nil {
			return Response{}, err
		}
		return ephemeral(fmt.Sprintf("%s game #%d started.", g.Kind.Title, row.ID) + where.answer()), nil
	}
	if err := lb.postLobby(ctx, t); err != nil {
		return Response{}, err
	}
	return ephemeral(fmt.Sprintf("%s for %s game #%d.", posted, g.Kind.Title, row.ID) + where.answer()), nil
}

func (lb *lobbies) openLobby(ctx context.Context, in Interaction, g Game) (Response, error) {
	if partner, ok := in.Options["partner"]; ok && g.Kind.MinPlayers == 1 {
		// A game played alone or with a partner: naming the partner is a
		// challenge they accept by button.
		in.Options = maps.Clone(in.Options)
		delete(in.Options, "partner")
		in.Options[opponentOption(1)] = partner
		return lb.challenge(ctx, in, g)
	}
	row, err := lb.newRow(ctx, in, g)
	if err != nil {
		return Response{}, err
	}
	// An open lobby's size is known only at its start: its options are
	// checked for the smallest table now, and again when it starts.
	if err := checkSetup(g.Kind, row, g.Kind.MinPlayers); err != nil {
		return Response{}, err
	}
	// A game one player can play alone (Hunted) starts at once: there is
	// nobody to wait for; partners are named with challenge instead.
	alone := func(*table) bool { return g.Kind.MinPlayers == 1 }
	return lb.house(ctx, in, g, row, alone, "Lobby opened")
}

// isChallenge tells a challenge (players named, accepting) from an open lobby.
func (t *table) isChallenge() bool {
	for _, s := range t.row.Seats {
		if !s.Accepted {
			return true
		}
	}
	return len(t.row.Seats) > 1 && t.row.Seats[len(t.row.Seats)-1].BotLevel > 0
}

func (t *table) allAccepted() bool {
	for _, s := range t.row.Seats {
		if !s.Accepted {
			return false
		}
	}
	return true
}

func (t *table) optionText() string {
	var parts []string
	if f := t.game.Kind.OptionText; f != nil {
		if text := f(len(t.row.Seats), t.row.Options); text != "" {
			parts = append(parts, text)
		}
	} else {
		for _, o := range t.game.Kind.Options {
			v := t.row.Options[o.Name]
			switch {
			case o.Kind != games.OptionBool:
				parts = append(parts, fmt.Sprintf("%s %d", o.Name, v))
			case v == 1:
				parts = append(parts, o.Name)
			}
		}
	}
	if t.row.TurnLimit > 0 && t.humanSeats() > 1 {
		// Alone at a table the limit never applies (clock_reminders.go).
		parts = append(parts, "turn limit "+spokenDuration(t.row.TurnLimit))
	}
	if t.row.TurnBank > 0 && t.humanSeats() > 1 {
		parts = append(parts, "time bank "+spokenDuration(t.row.TurnBank)+" each")
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func (lb *lobbies) lobbyMessage(t *table) Message {
	var b strings.Builder
	b.WriteString(t.header() + "\n")
	id := func(action string) string {
		return customID{Action: action, Game: t.row.ID, Version: t.row.Version}.String()
	}
	k := t.game.Kind
	var mentions []string
	if t.isChallenge() {
		var named, waiting []string
		for _, s := range t.row.Seats[1:] {
			named = append(named, seatMention(s))
			if !s.Accepted {
				waiting = append(waiting, mention(s.UserID))
				mentions = append(mentions, s.UserID)
			}
		}
		fmt.Fprintf(&b, "%s challenges %s to %s%s.\n", mention(t.row.Creator), strings.Join(named, " and "), k.Title, t.optionText())
		fmt.Fprintf(&b, "Waiting for %s to accept.", strings.Join(waiting, " and "))
		return Message{Content: b.String(), Mentions: mentions, Rows: []Row{{Buttons: []Button{
			{Label: "Accept", CustomID: id("accept"), Style: Success},
			{Label: "Decline", CustomID: id("decline"), Style: Danger},
		}}}}
	}
	fmt.Fprintf(&b, "%s opened a lobby for %s%s: %d to %d players.\n", mention(t.row.Creator), k.Title, t.optionText(), k.MinPlayers, k.MaxPlayers)
	var names []string
	for _, s := range t.row.Seats {
		names = append(names, s.Name)
	}
	fmt.Fprintf(&b, "Players (%d): %s\n", len(names), strings.Join(names, ", "))
	b.WriteString("Join with the button; the creator starts the game.")
	return Message{Content: b.String(), Rows: []Row{{Buttons: []Button{
		{Label: "Join", CustomID: id("join"), Style: Success},
		{Label: "Leave", CustomID: id("leave"), Style: Secondary},
		{Label: "Start", CustomID: id("start"), Style: Primary},
	}}}}
}

func seatMention(s storage.Seat) string {
	if s.BotLevel > 0 {
		return s.Name
	}
	return mention(s.UserID)
}

// postLobby posts the lobby's message. A lobby nobody can see would only
// block the channel, so when the post fails the lobby is closed again.
func (lb *lobbies) postLobby(ctx context.Context, t *table) error {
	id, err := lb.out.Send(ctx, t.row.Channel, lb.lobbyMessage(t))
	if err != nil {
		lb.log.Error("could not post the lobby", "game", t.row.ID, "err", err)
		base := t.row.Version
		t.row.Status = storage.Abandoned
		if serr := lb.store.Save(ctx, t.row, base, nil); serr != nil {
			lb.log.Error("could not close the unposted lobby", "game", t.row.ID, "err", serr)
		}
		return refusef("I could not post in this channel, so no game was opened. Check that I may view the channel, send messages and attach files here.")
	}
	t.row.MessageID = id
	if err := lb.store.SetMessage(ctx, t.row.ID, id); err != nil {
		lb.log.Error("could not record the lobby message", "game", t.row.ID, "err", err)
	}
	return nil
}

// lobbyClick handles join, leave, start, accept and decline. A change
// that leaves the lobby open is shown by the clicked lobby message itself
// (updated, the click's answer: Discord does not count it against the
// bot's global rate limit).
//
// A click that starts the game is answered before its first turn message
// is published (saved), so that message goes out through the click's
// interaction like a move's, and the lobby's controls come off through it.
func (lb *lobbies) lobbyClick(ctx context.Context, in Interaction, t *table, action string) (acted, error) {
	if t.row.Status != storage.Lobby {
		return acted{}, refusef("This game has already started or ended; its lobby is closed.")
	}
	t.from(in)
	began, err := lb.changeLobby(ctx, in, t, action)
	if err != nil {
		return acted{}, err
	}
	if began.saved {
		began.answer = Response{Kind: Ack}
		return began, nil
	}
	if t.row.Status != storage.Lobby {
		return acted{answer: Response{Kind: Ack}}, nil
	}
	m := lb.lobbyMessage(t)
	if in.MessageID == t.row.MessageID {
		return acted{answer: Response{Kind: Update, Message: m}}, nil
	}
	if err := lb.out.Edit(ctx, t.row.Channel, t.row.MessageID, m); err != nil {
		lb.log.Error("could not update the lobby", "game", t.row.ID, "err", err)
	}
	return acted{answer: Response{Kind: Ack}}, nil
}

// changeLobby makes the change a lobby's control asks. began, when the
// change started the game, is its first turn, to publish.
func (lb *lobbies) changeLobby(ctx context.Context, in Interaction, t *table, action string) (began acted, err error) {
	who := in.User
	seat := t.row.SeatOf(who.ID)
	base := t.row.Version
	switch action {
	case "join":
		if t.isChallenge() {
			return acted{}, refusef("This is a challenge: only the named players take part.")
		}
		if seat >= 0 {
			return acted{}, refusef("You are already in this lobby.")
		}
		if len(t.row.Seats) >= t.game.Kind.MaxPlayers {
			return acted{}, refusef("The lobby is full (%d players).", t.game.Kind.MaxPlayers)
		}
		t.row.Seats = append(t.row.Seats, storage.Seat{UserID: who.ID, Name: who.Name.String(), Accepted: true})
	case "leave":
		if seat < 0 {
			return acted{}, refusef("You are not in this lobby.")
		}
		if who.ID == t.row.Creator {
			return acted{}, lb.abandonLobby(ctx, t, base, fmt.Sprintf("%s closed the lobby.", who.Name))
		}
		t.row.Seats = append(t.row.Seats[:seat], t.row.Seats[seat+1:]...)
	case "start":
		if who.ID != t.row.Creator {
			return acted{}, refusef("Only the lobby's creator can start the game.")
		}
		if err := t.game.Kind.CheckPlayers(len(t.row.Seats)); err != nil {
			return acted{}, refusal{err.Error() + "; wait for more players to join."}
		}
		began, err := lb.beginSave(ctx, t, "")
		// Renamed after the first turn message, which the thread's
		// readers should see first.
		began.nameThread = true
		return began, err
	case "accept":
		if seat < 0 || who.ID == t.row.Creator {
			return acted{}, refusef("Only the challenged players can accept.")
		}
		if t.row.Seats[seat].Accepted {
			return acted{}, refusef("You have already accepted.")
		}
		t.row.Seats[seat].Accepted = true
		markChallenged(t.row, lb.now())
		if t.allAccepted() {
			return lb.beginSave(ctx, t, fmt.Sprintf("%s accepted.", who.Name))
		}
	case "decline":
		if seat < 0 {
			return acted{}, refusef("Only the challenged players can decline.")
		}
		verb := "declined"
		if who.ID == t.row.Creator {
			verb = "withdrew"
		}
		return acted{}, lb.abandonLobby(ctx, t, base, fmt.Sprintf("%s %s the challenge.", who.Name, verb))
	default:
		return acted{}, refusef("That control is not one I know.")
	}
	return acted{}, lb.saveLobby(ctx, t, base)
}

// saveLobby saves a lobby's change made on version base.
func (lb *lobbies) saveLobby(ctx context.Context, t *table, base int) error {
	t.row.UpdatedAt = lb.now()
	if err := lb.store.Save(ctx, t.row, base, nil); err != nil {
		if errors.Is(err, storage.ErrConflict) {
			return errStale
		}
		return err
	}
	return nil
}

// abandonLobby ends a lobby that will not start, saying why.
func (lb *lobbies) abandonLobby(ctx context.Context, t *table, base int, text string) error {
	t.row.Status = storage.Abandoned
	if err := lb.saveLobby(ctx, t, base); err != nil {
		return err
	}
	return lb.closeLobby(ctx, t, text)
}

func (lb *lobbies) closeLobby(ctx context.Context, t *table, text string, mentions ...string) error {
	if t.row.MessageID != "" {
		if err := lb.out.ClearControls(ctx, t.row.Channel, t.row.MessageID); err != nil {
			lb.log.Warn("could not clear the lobby's controls", "game", t.row.ID, "err", err)
		}
	}
	if _, err := lb.out.Send(ctx, t.row.Channel, Message{Content: t.header() + "\n" + text, Mentions: mentions}); err != nil {
		lb.log.Error("could not post", "game", t.row.ID, "err", err)
	}
	return nil
}

// begin creates the game's state from its seats and posts the first turn.
func (lb *lobbies) begin(ctx context.Context, t *table, note string) error {
	began, err := lb.beginSave(ctx, t, note)
	if err != nil {
		return err
	}
	lb.publishSaved(ctx, t, began)
	return nil
}

// beginSave saves the game's first state; the bots' first moves and the
// first turn message are to publish. A click that starts the game answers
// first, so that message can go through the click's interaction.
func (lb *lobbies) beginSave(ctx context.Context, t *table, note string) (acted, error) {
	t.row.Seed = lb.seed()
	setup := t.row.Setup()
	state, err := t.game.Kind.New(setup)
	if err != nil {
		// The same seats and options would be refused again: close the
		// lobby so the channel is free, and say why.
		why := fmt.Sprintf("The game could not start: %v. The lobby is closed; open a new game with other options.", err)
		base := t.row.Version
		t.row.Status, t.row.UpdatedAt = storage.Abandoned, lb.now()
		if serr := lb.store.Save(ctx, t.row, base, nil); serr != nil {
			return acted{}, serr
		}
		if t.row.MessageID != "" {
			lb.closeLobby(ctx, t, why)
		}
		return acted{}, refusal{why}
	}
	enc, err := state.Encode()
	if err != nil {
		return acted{}, err
	}
	base := t.row.Version
	now := lb.now()
	t.row.Seed, t.row.State, t.row.Status = setup.Seed, enc, storage.Active
	t.row.UpdatedAt, t.row.TurnStartedAt = now, now
	if err := lb.saveOwed(ctx, t, base, nil); err != nil {
		if errors.Is(err, storage.ErrConflict) {
			return acted{}, errStale
		}
		return acted{}, err
	}
	t.state = state
	t.changed()
	var events []games.Event
	if note != "" {
		events = append(events, games.PublicEvent(note))
	}
	var seats []string
	for _, s := range t.row.Seats {
		seats = append(seats, seatMention(s))
	}
	events = append(events, games.PublicEvent(fmt.Sprintf("The game begins%s. Players in seat order: %s.", t.optionText(), strings.Join(seats, ", "))))
	return acted{saved: true, events: events}, nil
}

// lobbyButton handles join, leave, start, accept and decline.
func (lb *lobbies) lobbyButton(ctx context.Context, c *Call, t *table) (acted, error) {
	id := c.ctl.customID
	if id.Version != t.row.Version {
		if t.row.Status != storage.Lobby {
			return acted{}, refusef("This game has already started or ended; its lobby is closed.")
		}
		return acted{}, errStale
	}
	return lb.lobbyClick(ctx, c.in, t, id.Action)
}

// solo starts a game played alone: against the bot, or by one person.
func (lb *lobbies) solo(ctx context.Context, in Interaction, g Game) (Response, error) {
	in.Options = maps.Clone(in.Options)
	if g.Kind.Bot == nil {
		// A game played alone: solo is start without a partner.
		delete(in.Options, "partner")
		return lb.openLobby(ctx, in, g)
	}
	if _, ok := in.Options["ai"]; !ok {
		in.Options["ai"] = fmt.Sprint((g.Kind.BotLevels + 1) / 2)
	}
	return lb.challenge(ctx, in, g)
}
