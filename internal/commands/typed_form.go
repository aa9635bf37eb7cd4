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

// formAtOnce is the form a "Type a move" click opens, made from its id
// alone (Call.Form says why).
func formAtOnce(ctl control) *Form {
	return &Form{
		CustomID:    "typed:" + strconv.FormatInt(ctl.Game, 10),
		Title:       "Your move",
		Field:       "move",
		Label:       "Move (as /game rules shows)",
		Placeholder: "a move in the game's syntax, as /game rules shows",
		MaxLength:   maxMoveLength,
	}
}

// typeMoveForm opens the form for whoever clicked, when they play here.
func (r *Router) typeMoveForm(ctx context.Context, c *Call, _ *table) (acted, error) {
	t, err := r.reload(ctx, c.ctl.Game)
	if err != nil {
		return acted{}, err
	}
	seat := t.row.SeatOf(c.in.User.ID)
	if seat < 0 {
		return acted{}, refusef("You are not playing in this game, so you cannot move. Players: %s.", strings.Join(t.row.Names(), ", "))
	}
	if t.state == nil || t.state.Outcome() != nil {
		return acted{}, refusef("This game is not being played now; /game status shows it.")
	}
	if len(t.promptsFor(seat)) == 0 {
		return acted{}, notYourMove(t, seat) // as the typed move would be, before any typing
	}
	example := "a move, as /game rules shows"
	if legal := t.state.Legal(seat); len(legal) > 0 {
		example = "for example: " + legal[0]
	}
	return answered(Response{Kind: OpenForm, Form: &Form{
		CustomID:    "typed:" + strconv.FormatInt(t.row.ID, 10),
		Title:       clip("Your move in "+t.game.Kind.Title, maxFormTitle),
		Field:       "move",
		Label:       clip("Move ("+t.game.Kind.Title+" syntax)", maxFormLabel),
		Placeholder: clip(example, maxFormPlaceholder),
		MaxLength:   maxMoveLength,
	}}, nil)
}

// admitForm checks that a sent form's game is this channel's, and makes
// it the move command it stands for: what was typed is then played on the
// channel's game as /<game> move plays it (typedMove).
func (r *Router) admitForm(ctx context.Context, c *Call) error {
	row, err := r.store.Game(ctx, c.ctl.Game)
	if err != nil {
		return r.games.noGame(err, "")
	}
	if row.Channel != c.in.Channel {
		return refusef("That form belongs to a game in another channel.")
	}
	g, ok := r.games.find(row.Kind)
	if !ok {
		return fmt.Errorf("game %d is of unknown kind %q", row.ID, row.Kind)
	}
	c.kind = g
	c.in.Command, c.in.Sub = row.Kind, "move"
	c.in.Options = map[string]string{"move": c.in.Fields["move"]}
	return nil
}
