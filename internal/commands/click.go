package commands

import (
	"context"
	"fmt"

	"standoff/internal/games"
	"standoff/storage"
)

// clickWithoutLock answers the clicks that need no game's lock: the rules
// menu, a challenge's menu of users, the full board, the typed-move form,
// the menu of players for a vote, and ids that are not the bot's.
// answered is false for a click on a game's controls, whose id it returns.
func (r *Router) clickWithoutLock(ctx context.Context, in Interaction) (id customID, resp Response, answered bool, err error) {
	if resp, ok := r.rulesClick(in); ok {
		return id, resp, true, nil
	}
	if resp, ok, err := r.challengeMenuClick(ctx, in); ok {
		return id, resp, true, err
	}
	unknown := refusef("That control is not one I know; use /game status for the current game.")
	if id, err = parseCustomID(in.CustomID); err != nil {
		return id, Response{}, true, unknown
	}
	switch id.Action {
	case "full":
		resp, err = r.fullBoard(ctx, id.Game)
	case "type":
		resp, err = r.typeMoveForm(ctx, in, id.Game)
	case "pick":
		if id.Arg != voteSkip && id.Arg != voteReplace {
			return id, Response{}, true, unknown
		}
		resp, err = r.pickClick(ctx, in, id)
	default:
		return id, Response{}, false, nil
	}
	return id, resp, true, err
}

// click handles buttons and select menus. Everything needed is in the
// custom id, so clicks work after a restart; a click made for an older
// version of the game changes nothing.
func (r *Router) click(ctx context.Context, in Interaction) (Response, error) {
	id, resp, answered, err := r.clickWithoutLock(ctx, in)
	if answered {
		return resp, err
	}
	ctx, unlock := r.lock(ctx, id.Game)
	handedOff := false
	defer func() {
		if !handedOff {
			unlock()
		}
	}()
	t, err := r.reload(ctx, id.Game)
	if err != nil {
		return Response{}, err
	}
	switch id.Action {
	case "join", "leave", "start", "accept", "decline":
		if id.Version != t.row.Version {
			if t.row.Status != storage.Lobby {
				return Response{}, refusef("This game has already started or ended; its lobby is closed.")
			}
			return Response{}, errStale
		}
		updated, then, err := r.lobbies.lobbyClick(ctx, in, t, id.Action)
		switch {
		case err != nil:
			return Response{}, err
		case then != nil:
			handedOff = true
			return Response{Kind: Ack, then: func(ctx context.Context) string {
				defer unlock()
				return then(ctx)
			}}, nil
		case updated != nil:
			return Response{Kind: Update, Message: *updated}, nil
		}
		return Response{Kind: Ack}, nil
	case "vote":
		return r.votes.voteClick(ctx, in, t, id)
	case "confirm", "cancel":
		return r.leaving.confirmClick(ctx, in, t, id)
	case "m", "r", "s":
	default:
		return Response{}, refusef("That control is not one I know; use /game status for the current game.")
	}
	seat, action, arg, err := clickedChoice(in, t, id)
	if err != nil {
		return Response{}, err
	}
	// A private control outside a DM is on the player's ephemeral /game
	// hand (private controls are shown nowhere else).
	fromHand := !in.DM && in.MessageID != "" && t.privatePrompt(seat, id.Prompt)
	if action == "r" {
		resp, err := r.refine(t, seat, arg, id.Prompt)
		if err == nil && fromHand {
			// The guided step replaces the hand it was opened from.
			resp.Kind, resp.Message.Ephemeral = Update, true
		}
		return resp, err
	}
	if len(t.promptsFor(seat)) == 0 {
		return Response{}, refusef("It is not your move now: waiting for %s.", t.waitingFor())
	}
	t.from(in)
	if fromHand {
		// The interaction carries the player's own private message only:
		// what an ephemeral's interaction posts may be ephemeral too, and
		// the channel's messages are for everyone.
		t.origin = origin{}
		t.hand = &handOrigin{reply: in.Reply, channel: in.Channel, message: in.MessageID}
	}
	then, err := r.playThen(ctx, t, seat, arg, t.row.Version, "")
	if err != nil {
		return Response{}, err
	}
	// The move is saved: acknowledge the click now, publish after, still
	// under the lock.
	handedOff = true
	return Response{Kind: Ack, then: func(ctx context.Context) string {
		defer unlock()
		notice := then(ctx)
		// Controls in a DM are this player's alone: clear them once used.
		// The channel's turn message was replaced by publishing.
		if in.DM && in.MessageID != "" {
			if err := r.clearPrivateControls(ctx, in); err != nil {
				r.log.Warn("could not clear DM controls", "game", t.row.ID, "err", err)
			}
		}
		return notice
	}}, nil
}

// clearPrivateControls takes the controls off the clicked DM message,
// through the click's own interaction where the transport offers one (no
// request against the bot's global rate limit).
func (r *Router) clearPrivateControls(ctx context.Context, in Interaction) error {
	if in.Reply != nil {
		return in.Reply.ClearOriginal(ctx)
	}
	return r.out.ClearControls(ctx, in.Channel, in.MessageID)
}

// clickedChoice checks that a move control may be used by whoever clicked
// it, now, and says what it asks: play a move ("m") or open a guided
// choice ("r"), with its argument.
func clickedChoice(in Interaction, t *table, id customID) (seat int, action, arg string, err error) {
	if t.row.Status != storage.Active {
		return 0, "", "", refusef("This game is over; its controls no longer do anything.")
	}
	seat = t.row.SeatOf(in.User.ID)
	if seat < 0 {
		return 0, "", "", refusef("You are not playing in this game, so its controls are not for you.")
	}
	if owner, ok := id.standingSeat(); ok && owner != seat && owner < len(t.row.Seats) {
		return 0, "", "", refusef("That button is one of %s's any-time actions, not yours: yours are on the buttons that name you (%s), when you have any.", t.row.Seats[owner].Name, t.row.Seats[seat].Name)
	}
	if id.Version != t.row.Version && !t.stillOffered(seat, id) {
		return 0, "", "", errStale
	}
	action, arg = id.Action, id.Arg
	if action == "s" {
		if len(in.Values) != 1 {
			return 0, "", "", refusef("Pick exactly one entry from the menu.")
		}
		kind, v, ok := splitValue(in.Values[0])
		if !ok {
			return 0, "", "", refusef("That menu entry is not one I know.")
		}
		action, arg = kind, v
	}
	return seat, action, arg, nil
}

// refine opens the next step of a guided move, shown only to the player.
// from is the prompt the clicked control came from: a step of a private
// decision whose key no prompt offers (the second card of a pair) stays
// bound to it, so its click is known to answer a private decision.
func (r *Router) refine(t *table, seat int, key, from string) (Response, error) {
	ref, ok := t.state.(games.Refiner)
	if !ok {
		return Response{}, refusef("That control is not one I know; use /game status for the current game.")
	}
	if len(t.promptsFor(seat)) == 0 {
		return Response{}, refusef("It is not your move now: waiting for %s.", t.waitingFor())
	}
	text, choices := ref.Refine(seat, key)
	if len(choices) == 0 {
		return Response{}, refusef("There is nothing to choose there; pick something else or type the move with /%s move.", t.row.Kind)
	}
	prompt := t.refinePrompt(seat, key)
	if prompt == "" && t.privatePrompt(seat, from) {
		prompt = from
	}
	row, ok := choiceRow(t, choices, text, prompt)
	if !ok {
		return Response{}, refusef("Those choices are too long for buttons; type the move with /%s move.", t.row.Kind)
	}
	return Response{Kind: Reply, Message: Message{Content: fmt.Sprintf("%s\n%s", t.header(), text), Ephemeral: true, Rows: []Row{row}}}, nil
}
