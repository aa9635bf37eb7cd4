package commands

import (
	"context"
	"slices"
	"strconv"
)

// A vote about a player (skip their turn, let the bot play their seat) can
// be asked without typing @name: /game skip alone answers with a menu of
// the table's other players, and picking one asks the vote as if they had
// been named.

// pickPlayer is the menu of the players a vote of this kind may be about.
func (t *table) pickPlayer(kind string, me int) (Response, error) {
	question := map[string]string{voteSkip: "Whose turn should the table skip?", voteReplace: "Whose seat should the bot play?"}[kind]
	sel := &Select{CustomID: customID{Action: "pick", Game: t.row.ID, Version: t.row.Version, Arg: kind}.String(), Placeholder: question}
	waited := t.waitedSeats()
	for i, s := range t.row.Seats {
		if i == me || automated(s) || !slices.Contains(waited, i) {
			continue
		}
		sel.Options = append(sel.Options, SelectOption{Label: clip(s.Name, maxOptionLabel), Value: strconv.Itoa(i)})
	}
	if len(sel.Options) == 0 {
		if kind == voteSkip {
			return Response{}, refusef("The game is waiting for nobody but you or the bot now, so there is no turn to skip. It is waiting for %s.", t.waitingFor())
		}
		return Response{}, refusef("The game is waiting for nobody but you or the bot now, so there is no seat to vote on: a vote on a player opens once the game has waited on them a while. It is waiting for %s.", t.waitingFor())
	}
	return Response{Kind: Reply, Message: Message{Content: t.header() + "\n" + question, Ephemeral: true, Rows: []Row{{Select: sel}}}}, nil
}

// pickClick asks the vote about the player picked from the menu.
func (vt *votes) pickClick(ctx context.Context, c *Call, _ *table) (acted, error) {
	in, id := c.in, c.ctl.customID
	if len(in.Values) != 1 {
		return acted{}, refusef("Pick exactly one player from the menu.")
	}
	t, err := vt.reload(ctx, id.Game)
	if err != nil {
		return acted{}, err
	}
	seat, err := strconv.Atoi(in.Values[0])
	if err != nil || seat < 0 || seat >= len(t.row.Seats) {
		return acted{}, refusef("That menu entry is not one of the table's players.")
	}
	if in.Channel != t.row.Channel {
		return acted{}, refusef("That menu belongs to a game in another channel.")
	}
	user := t.row.Seats[seat].UserID
	ask := in
	ask.Type, ask.Command, ask.Sub = SlashCommand, "game", id.Arg
	ask.Options = map[string]string{"player": user}
	ask.Users = map[string]Name{user: NameOf(t.row.Seats[seat].Name)}
	return answered(vt.tableCommand(ctx, ask))
}
