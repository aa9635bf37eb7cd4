package images

import "standoff/internal/games/lockedout"

// lockedOutMarked is the view as its pictures and alt text name the seats:
// a seat the bot plays is "bob (bot)" in the players' rows and in who must
// act now. A view without such a seat is returned as it is.
func lockedOutMarked(v *lockedout.PublicView) *lockedout.PublicView {
	players, names, bots, ok := markedPlayers(v.Players, func(p *lockedout.PlayerView) (*string, bool) { return &p.Name, p.Bot })
	if !ok {
		return v
	}
	c := *v
	c.Players = players
	c.Waiting = markSeats(v.Waiting, names, bots)
	return &c
}
