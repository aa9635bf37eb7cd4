package commands

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Typing a move on a phone: the turn message's "Type a move" button opens
// a form with one field, the game's move syntax, with a move that is legal
// now as its example. What is typed is played exactly as /<game> move
// would play it, with the same refusals.

// Discord's limits on a modal.
const (
	maxFormTitle       = 45
	maxFormLabel       = 45
	maxFormPlaceholder = 100
)

// typeMoveButton is the control that opens the form.
func (t *table) typeMoveButton() Button {
	return Button{Label: "Type a move", CustomID: customID{Action: "type", Game: t.row.ID, Version: t.row.Version}.String(), Style: Secondary}
}

// FormAtOnce is the form a click opens, made from the click alone (no
// lock, no database) for a transport that cannot wait for the router any
// longer: Discord takes a modal only as an interaction's first response, so
// a "Type a move" click deferred under load could never open its form. It
// lacks the example move and does not refuse a bystander; what is typed is
// checked when the form is sent, as always. ok is false for a click that
// opens no form.
func (r *Router) FormAtOnce(in Interaction) (*Form, bool) {
	if in.Type != ComponentClick {
		return nil, false
	}
	id, err := parseCustomID(in.CustomID)
	if err != nil || id.Action != "type" {
		return nil, false
	}
	return &Form{
		CustomID:    "typed:" + strconv.FormatInt(id.Game, 10),
		Title:       "Your move",
		Field:       "move",
		Label:       "Move (as /game rules shows)",
		Placeholder: "a move in the game's syntax, as /game rules shows",
		MaxLength:   maxMoveLength,
	}, true
}

// typeMoveForm opens the form for whoever clicked, when they play here.
func (r *Router) typeMoveForm(ctx context.Context, in Interaction, game int64) (Response, error) {
	t, err := r.reload(ctx, game)
	if err != nil {
		return Response{}, err
	}
	seat := t.row.SeatOf(in.User.ID)
	if seat < 0 {
		return Response{}, refusef("You are not playing in this game, so you cannot move. Players: %s.", strings.Join(t.row.Names(), ", "))
	}
	if t.state == nil || t.state.Outcome() != nil {
		return Response{}, refusef("This game is not being played now; /game status shows it.")
	}
	example := "a move, as /game rules shows"
	if legal := t.state.Legal(seat); len(legal) > 0 {
		example = "for example: " + legal[0]
	}
	return Response{Kind: OpenForm, Form: &Form{
		CustomID:    "typed:" + strconv.FormatInt(t.row.ID, 10),
		Title:       clip("Your move in "+t.game.Kind.Title, maxFormTitle),
		Field:       "move",
		Label:       clip("Move ("+t.game.Kind.Title+" syntax)", maxFormLabel),
		Placeholder: clip(example, maxFormPlaceholder),
		MaxLength:   maxMoveLength,
	}}, nil
}

// formSubmit plays what was typed in the form, as /<game> move does.
func (r *Router) formSubmit(ctx context.Context, in Interaction) (Response, error) {
	rest, ok := strings.CutPrefix(in.CustomID, "typed:")
	id, err := strconv.ParseInt(rest, 10, 64)
	if !ok || err != nil {
		return Response{}, refusef("That form is not one I know; use /game status for the current game.")
	}
	row, err := r.store.Game(ctx, id)
	if err != nil {
		return Response{}, r.games.noGame(err)
	}
	if row.Channel != in.Channel {
		return Response{}, refusef("That form belongs to a game in another channel.")
	}
	g, ok := r.game(row.Kind)
	if !ok {
		return Response{}, fmt.Errorf("game %d is of unknown kind %q", row.ID, row.Kind)
	}
	in.Command, in.Sub = row.Kind, "move"
	in.Options = map[string]string{"move": in.Fields["move"]}
	return r.typedMove(ctx, in, g)
}
