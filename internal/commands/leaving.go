package commands

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// /game resign and /game abandon cannot be taken back: each first asks,
// by an ephemeral button, and acts on the click. The button is bound to the
// game's version: a click after the game moved on, or a second click, is
// refused and changes nothing.

// leaving is how a player or a whole table leaves a game: /game resign,
// /game abandon and their confirmations, and telling the others.
type leaving struct {
	*base
	lockedTable  func(ctx context.Context, channel, asked string) (context.Context, *table, func(), error)
	loadResigned func(ctx context.Context, t *table) error
	closeLobby   func(ctx context.Context, t *table, text string, mentions ...string) error
	freeAgain    func(ctx context.Context, channel string) string
	// A resignation is a move: committed, the bots answer, it is shown.
	commit           func(ctx context.Context, t *table, seat int, move string) ([]games.Event, error)
	runBots          func(ctx context.Context, t *table) []games.Event
	readPresentation func(ctx context.Context, t *table)
}

// Confirmation controls: confirm:<game>:<version>:resign|abandon, and
// cancel:<game>:<version>.
const (
	confirmResign  = "resign"
	confirmAbandon = "abandon"
)

func (lv *leaving) resign(ctx context.Context, in Interaction) (Response, error) {
	ctx, t, unlock, err := lv.lockedTable(ctx, in.Channel, in.Command)
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

func (lv *leaving) abandon(ctx context.Context, in Interaction) (Response, error) {
	ctx, t, unlock, err := lv.lockedTable(ctx, in.Channel, in.Command)
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
func (lv *leaving) confirmClick(ctx context.Context, in Interaction, t *table, id customID) (Response, error) {
	done := func(text string) (Response, error) {
		return Response{Kind: Update, Message: Message{Content: text, Ephemeral: true}}, nil
	}
	if id.Action == "cancel" {
		return done("Cancelled: nothing was changed.")
	}
	if err := lv.loadResigned(ctx, t); err != nil {
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
		events, err := lv.commit(ctx, t, seat, games.ResignMove)
		if err != nil {
			return Response{}, err
		}
		events = append(events, lv.runBots(ctx, t)...)
		// Not t.from: the interaction is on an ephemeral question, whose
		// follow-ups are no place for the channel's messages.
		t.origin.Actor = in.User.ID
		lv.readPresentation(ctx, t)
		d := lv.send.Deliver(ctx, t.row, t.origin, present(t, events))
		lv.tellTable(ctx, t, in.User.ID, d.Pinged, fmt.Sprintf("%s resigned from %s.", t.row.Seats[seat].Name, t.header()))
		return done(strings.TrimSpace("You resigned. " + d.Trouble))
	case confirmAbandon:
		if err := mayAbandon(in, t); err != nil {
			return Response{}, err
		}
		base := t.row.Version
		t.row.Status = storage.Abandoned
		t.row.UpdatedAt = lv.now()
		if err := lv.store.Save(ctx, t.row, base, nil); err != nil {
			return Response{}, err
		}
		lv.closeLobby(ctx, t, fmt.Sprintf("%s%s abandoned the game. %s", othersMentioned(t, in.User.ID, nil), in.User.Name, lv.freeAgain(ctx, t.row.Channel)), others(t, in.User.ID, nil)...)
		return done("Game abandoned.")
	}
	return Response{}, refusef("That control is not one I know; use /game status for the current game.")
}

// others are the people at the table besides user and those already
// pinged: those a resignation or an abandoned game concerns (a bot's seat,
// a seat the bot plays for someone away and one that resigned are not
// pinged; t.resignedSeats must be loaded).
func others(t *table, user string, pinged []string) []string {
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
func othersMentioned(t *table, user string, pinged []string) string {
	var ms []string
	for _, u := range others(t, user, pinged) {
		ms = append(ms, mention(u))
	}
	if len(ms) == 0 {
		return ""
	}
	return strings.Join(ms, ", ") + ": "
}

// tellTable tells the other players, by a message that pings them, what
// concerns them all; those the turn message just pinged read it there.
func (lv *leaving) tellTable(ctx context.Context, t *table, user string, pinged []string, text string) {
	who := others(t, user, pinged)
	if len(who) == 0 {
		return
	}
	if _, err := lv.out.Send(ctx, t.row.Channel, Message{Content: othersMentioned(t, user, pinged) + text, Mentions: who}); err != nil {
		lv.log.Warn("could not tell the table", "game", t.row.ID, "err", err)
	}
}

// confirmButton acts on a confirmation's button.
func (lv *leaving) confirmButton(ctx context.Context, c *Call, t *table) (acted, error) {
	return answered(lv.confirmClick(ctx, c.in, t, c.ctl.customID))
}
