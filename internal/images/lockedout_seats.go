package images

import "standoff/internal/games/lockedout"

// lockedOutMarked is the view as its pictures and alt text name the seats:
// a seat the bot plays is "bob (bot)" in the players' rows and in who must
// act now. A view without such a seat is returned as it is.
func lockedOutMarked(v *lockedout.PublicView) *lockedout.PublicView {
	names := make([]string, len(v.Players))
	bots := make([]bool, len(v.Players))
	for i, p := range v.Players {
		names[i], bots[i] = p.Name, p.Bot
	}
	shown, marked := markedNames(names, bots)
	if !marked {
		return v
	}
	c := *v
	c.Players = append([]lockedout.PlayerView(nil), v.Players...)
	for i := range c.Players {
		c.Players[i].Name = shown[i]
	}
	c.Waiting = markSeats(v.Waiting, names, bots)
	return &c
}
