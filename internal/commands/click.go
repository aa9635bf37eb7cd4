package commands

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"standoff/internal/delivery"
	"standoff/internal/games"
	"standoff/storage"
)

// control is a custom id parsed by its route's shape (routes.go): a game's
// control, a rules menu, or a challenge's menu.
type control struct {
	customID
	rules rulesControl
	menu  challengeMenu
}

// idShape reads what follows a custom id's first field (its name).
type idShape func(name, rest string) (control, bool)

// gameShape: <game>:<version>[.<prompt>][:<arg>] (customid.go).
func gameShape(name, rest string) (control, bool) {
	id, ok := parseGameID(name, rest)
	return control{customID: id}, ok
}

// formShape: <game>, the game a form was opened for.
func formShape(name, rest string) (control, bool) {
	g, err := strconv.ParseInt(rest, 10, 64)
	return control{customID: customID{Action: name, Game: g}}, err == nil
}

// rulesShape: <kind>:s|<page> (rules.go).
func rulesShape(_, rest string) (control, bool) {
	rc, ok := parseRulesID(rest)
	return control{rules: rc}, ok
}

// menuShape: <u|b>:<kind>:<made>:<print>:<options> (challenge_menu.go).
func menuShape(_, rest string) (control, bool) {
	m, ok := parseChallengeMenu(rest)
	return control{menu: m}, ok
}

// routeControl routes a click or a form by its custom id, parsed here
// once, through the click table; nil when no route takes it.
func routeControl(c *Call) *clickRoute {
	unknown := refusef("That control is not one I know; use /game status for the current game.")
	if c.in.Type == FormSubmit {
		unknown = refusef("That form is not one I know; use /game status for the current game.")
	}
	// What the bot cannot read may post, for all it knows.
	c.posts = true
	name, rest, _ := strings.Cut(c.in.CustomID, ":")
	rt := clickTable[clickKey{name, c.in.Type}]
	ok := rt != nil
	if ok {
		c.ctl, ok = rt.shape(name, rest)
	}
	if !ok || rt.args != nil && !slices.Contains(rt.args, c.ctl.Arg) {
		c.act = refuse(unknown)
		return nil
	}
	c.Public, c.posts, c.lock, c.admit, c.act = rt.public, rt.posts, rt.lock, rt.admit, rt.act
	c.game = c.ctl.Game
	if rt.form != nil {
		c.Form = rt.form(c.ctl)
	}
	return rt
}

// moveClick handles a game's move controls: play a move, open a guided
// choice, or pick either from a menu. Everything needed is in the custom
// id, so clicks work after a restart; a click made for an older version of
// the game changes nothing.
func (r *Router) moveClick(ctx context.Context, c *Call, t *table) (acted, error) {
	in, id := c.in, c.ctl.customID
	seat, action, arg, err := clickedChoice(in, t, id)
	if err != nil {
		return acted{}, err
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
		return answered(resp, err)
	}
	if len(t.promptsFor(seat)) == 0 {
		return acted{}, notYourMove(t, seat)
	}
	t.from(in)
	if fromHand {
		// The interaction carries the player's own private message only:
		// what an ephemeral's interaction posts may be ephemeral too, and
		// the channel's messages are for everyone.
		t.origin.Reply, t.origin.Clicked = nil, ""
		t.origin.Hand = &delivery.Hand{Reply: in.Reply, Channel: in.Channel, Message: in.MessageID}
	}
	saved, err := r.saveMove(ctx, t, seat, arg, t.row.Version, "")
	if err != nil {
		return acted{}, err
	}
	// The move is saved: the click is acknowledged now, published after.
	saved.answer = Response{Kind: Ack}
	// Controls in a DM are this player's alone: cleared once used. The
	// channel's turn message is replaced by publishing.
	// A daily run's turn message lives in the DM: publishing replaces it.
	saved.clearDM = in.DM && in.MessageID != "" && in.Channel != t.row.Channel
	return saved, nil
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
		return Response{}, notYourMove(t, seat)
	}
	text, choices := ref.Refine(seat, key)
	if len(choices) == 0 {
		if owner, ok := promptOwner(t, from); ok && owner != seat {
			// A co-op partner's menu, or another player's turn's.
			return Response{}, refusef("That menu is %s's decision, not yours: your own controls are the ones that name you, when you have any.", t.row.Seats[owner].Name)
		}
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
