package images

import "standoff/internal/games/hijacked"

// hijackedMarked is the view as its pictures and alt text name the seats:
// a seat the bot plays is "bob (bot)" wherever its name is shown. A view
// without such a seat is returned as it is.
func hijackedMarked(v *hijacked.PublicView) *hijacked.PublicView {
	players, names, bots, ok := markedPlayers(v.Players, func(p *hijacked.PlayerView) (*string, bool) { return &p.Name, p.Bot })
	if !ok {
		return v
	}
	c := *v
	c.Players = players
	c.Waiting = markSeats(v.Waiting, names, bots)
	return &c
}
