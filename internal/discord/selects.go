package discord

import (
	"github.com/bwmarrin/discordgo"

	"standoff/internal/commands"
)

// selectMenu is a select menu of the router's entries, or of the server's
// users (a user select: Discord lists the users, and a pick's values are
// their ids).
func selectMenu(s *commands.Select) discordgo.SelectMenu {
	menu := discordgo.SelectMenu{CustomID: s.CustomID, Placeholder: s.Placeholder, MenuType: discordgo.StringSelectMenu}
	if s.Users {
		menu.MenuType = discordgo.UserSelectMenu
	}
	if s.MinValues > 0 {
		lo := s.MinValues
		menu.MinValues = &lo
	}
	if s.MaxValues > 0 {
		menu.MaxValues = s.MaxValues
	}
	for _, o := range s.Options {
		menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: o.Label, Value: o.Value})
	}
	return menu
}

// pickedUsers names the users picked in a user select from the
// interaction's resolved data, as a user option's are: each one's display
// name, and which of them are bot accounts.
func pickedUsers(in *commands.Interaction, resolved discordgo.MessageComponentInteractionDataResolved) {
	in.Users, in.Bots = map[string]commands.Name{}, map[string]bool{}
	for _, id := range in.Values {
		u := resolved.Users[id]
		in.Users[id] = commands.NameOf(displayName(u, resolved.Members[id]))
		if u != nil && u.Bot {
			in.Bots[id] = true
		}
	}
}
