package images

import "standoff/internal/games/hijacked"

// hijackedMarked is the view as its pictures and alt text name the seats:
// a seat the bot plays is "bob (bot)" wherever its name is shown. A view
// without such a seat is returned as it is.
func hijackedMarked(v *hijacked.PublicView) *hijacked.PublicView {
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
	c.Players = append([]hijacked.PlayerView(nil), v.Players...)
	for i := range c.Players {
		c.Players[i].Name = shown[i]
	}
	c.Waiting = markSeats(v.Waiting, names, bots)
	return &c
}
