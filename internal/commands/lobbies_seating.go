package commands

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// botLevel is the level the ai option asks for (0: none asked).
func botLevel(k *games.Kind, in Interaction) (int, error) {
	raw, ok := in.Options["ai"]
	if !ok {
		return 0, nil
	}
	if k.Bot == nil {
		return 0, refusef("%s has no bot opponent; challenge players instead.", k.Title)
	}
	v, err := strconv.Atoi(raw)
	if err != nil || v < 1 || v > k.BotLevels {
		if k.BotLevels == 1 {
			return 0, refusef("%s's bot has one level: leave ai out or use ai:1, not %q.", k.Title, raw)
		}
		return 0, refusef("Option ai is a bot level from 1 to %d, not %q.", k.BotLevels, raw)
	}
	return v, nil
}

// seatOpponents seats the players a challenge names, the bot among them
// when it is named (at the level asked, else its middle one); it returns
// the bot's level.
func (lb *lobbies) seatOpponents(row *storage.Game, k *games.Kind, in Interaction, level int) (int, error) {
	seen := map[string]bool{in.User.ID: true}
	for i := 1; i < k.MaxPlayers; i++ {
		id, ok := in.Options[opponentOption(i)]
		if !ok {
			continue
		}
		switch {
		case id == lb.cfg.BotUserID && lb.cfg.BotUserID != "":
			if k.Bot == nil {
				return 0, refusef("I cannot play %s myself; challenge people instead.", k.Title)
			}
			if level == 0 {
				level = (k.BotLevels + 1) / 2
			}
			row.Seats = append(row.Seats, lb.botSeat(k, level, 0))
			continue
		case id == in.User.ID:
			return 0, refusef("You cannot challenge yourself; name other players as opponents.")
		case in.Bots[id]:
			return 0, refusef("%s is a bot account and cannot play; name people as opponents.", in.Users[id])
		case seen[id]:
			return 0, refusef("%s is named twice; name each opponent once.", in.Users[id])
		}
		seen[id] = true
		name := in.Users[id].String()
		if name == "" {
			name = id
		}
		row.Seats = append(row.Seats, storage.Seat{UserID: id, Name: name})
	}
	return level, nil
}

// fillWithBots seats the bot in every other seat of a table nobody was
// named to: as many as asked (players:N), else the fewest the game is
// played with.
func (lb *lobbies) fillWithBots(row *storage.Game, k *games.Kind, in Interaction, level int) error {
	least := max(k.MinPlayers, 2)
	n := least
	if raw, ok := in.Options["players"]; ok {
		v, err := strconv.Atoi(raw)
		if err != nil || v < least || v > k.MaxPlayers {
			return refusef("Option players is how many seats in all, you and the bots: from %d to %d, not %q.", least, k.MaxPlayers, raw)
		}
		n = v
	}
	for i := 1; len(row.Seats) < n; i++ {
		row.Seats = append(row.Seats, lb.botSeat(k, level, bots(n-1, i)))
	}
	return nil
}

// checkSetup tries the game's own setup with the row's options for a table
// of n seats before anything is stored: an option the game refuses (a value
// inside the option's range that this mode does not allow) must not leave a
// lobby behind that nobody can see, start or end.
func checkSetup(k *games.Kind, row *storage.Game, n int) error {
	trial := *row
	trial.Seats = slices.Clone(row.Seats)
	for len(trial.Seats) < n {
		trial.Seats = append(trial.Seats, storage.Seat{UserID: fmt.Sprint("trial", len(trial.Seats)), Name: fmt.Sprint("Player ", len(trial.Seats)+1)})
	}
	trial.Seed = 1
	if _, err := k.New(trial.Setup()); err != nil {
		return refusef("No game was opened: %v. %s", err, optionHint(k))
	}
	return nil
}

// optionHint lists a kind's options with their ranges, for a refusal.
func optionHint(k *games.Kind) string {
	if len(k.Options) == 0 {
		return ""
	}
	var parts []string
	for _, o := range k.Options {
		if o.Kind == games.OptionBool {
			parts = append(parts, o.Name+" (true or false)")
			continue
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", o.Name, o.Description))
	}
	return "Options: " + strings.Join(parts, "; ") + "."
}

// botSeat is a seat the kind's bot plays; number tells several bots at one
// table apart (0 when there is one). The level is named only where the bot
// has several.
func (lb *lobbies) botSeat(k *games.Kind, level, number int) storage.Seat {
	name := k.BotName
	switch {
	case name != "" && number > 0:
		name = fmt.Sprintf("%s %d", name, number)
	case name != "":
	case number > 0 && k.BotLevels > 1:
		name = fmt.Sprintf("%s bot %d (level %d)", lb.cfg.BotName, number, level)
	case number > 0:
		name = fmt.Sprintf("%s bot %d", lb.cfg.BotName, number)
	case k.BotLevels > 1:
		name = fmt.Sprintf("%s (bot level %d)", lb.cfg.BotName, level)
	default:
		name = fmt.Sprintf("%s (bot)", lb.cfg.BotName)
	}
	return storage.Seat{UserID: lb.cfg.BotUserID, Name: name, BotLevel: level, Accepted: true}
}

// bots numbers the i-th of n bot seats: 0 when it is the only one.
func bots(n, i int) int {
	if n == 1 {
		return 0
	}
	return i
}
