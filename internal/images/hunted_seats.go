package images

import "standoff/internal/games/hunted"

// huntedMarked is the view as its pictures and alt text name the seats: a
// seat the bot plays is "bob (bot)" wherever its name is shown (its board,
// whose turn, who rolled, who fights). A view without such a seat is
// returned as it is. Card names ("bob's Handgun") keep the name they were
// dealt with.
func huntedMarked(v *hunted.PublicView) *hunted.PublicView {
	players, names, bots, ok := markedPlayers(v.Players, func(p *hunted.PlayerView) (*string, bool) { return &p.Name, p.Bot })
	if !ok {
		return v
	}
	c := *v
	c.Players = players
	c.Prompt = markSeats(v.Prompt, names, bots)
	c.Rolls = append([]hunted.RollView(nil), v.Rolls...)
	for i := range c.Rolls {
		c.Rolls[i].Who = markSeats(v.Rolls[i].Who, names, bots)
	}
	if v.Roll != nil {
		r := *v.Roll
		r.Who = markSeats(r.Who, names, bots)
		c.Roll = &r
	}
	if v.Fight != nil {
		f := *v.Fight
		f.Fighter = markSeats(f.Fighter, names, bots)
		c.Fight = &f
	}
	return &c
}
