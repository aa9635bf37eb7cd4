// Package hunted is Hunted: Kobayashi Tower (Gabe Barrett): a solo card game
// in which you work your way up a skyscraper taken by terrorists to rescue
// your wife, drawing from the Hunted deck, activating cards in your row,
// fighting terrorists with dice and finally Lars on the Roof; plus the
// rulebook's 2-player co-op mode. The card faces are this project's own (the
// rulebook has none): hunted.json and docs/rules/hunted.md.
package hunted

import (
	"fmt"

	"standoff/internal/games"
)

// Kind is Hunted for the catalog.
var Kind = &games.Kind{
	Name:       "hunted",
	Title:      "Hunted: Kobayashi Tower",
	Summary:    "Solo (or 2-player co-op) card game: fight your way up a terrorist-held tower to the roof.",
	MinPlayers: 1,
	MaxPlayers: 2,
	Options: []games.OptionSpec{
		{Name: "health", Description: "starting health: 6, or 4 for the harder start", Kind: games.OptionInt, Default: 6, Min: 4, Max: 6},
		{Name: "time", Description: "starting time: 20, or 17 for the harder start", Kind: games.OptionInt, Default: 20, Min: 17, Max: 20},
	},
	Rules:      rules,
	MoveHelp:   moveHelp,
	New:        newGame,
	OptionText: SetupText,
	Decode:     decode,
	// The daily run is the rulebook's standard solo start.
	Daily: games.Options{"health": maxHealth, "time": maxTime},
}

const rules = `Hunted: Kobayashi Tower. Reach the Roof and hit Lars three times before your health or time runs out.
Each turn: draw a Hunted card into your row, or hide (discard the row, lose 1 time).
Activate a row card by discarding other row cards, one action icon each (move, search, key), to pay its cost; a key token pays a key icon. Weapons, items and hostages go to your inventory; doors and hallways draw location cards (2 drawn: play one). Regroup cards cost 1 time and give a regroup token (+2 to a die just rolled).
Tests roll the test dice (2 at health 4-6, 1 at 1-3): one die of 5+ passes.
Terrorists: a second terrorist card, or 2+ bells with a terrorist, clears the row and you fight the stronger. Each round: roll some of one weapon's dice (1 time), one die per target number; hits stay. An unfinished round costs 1 health (or a hostage, to hostage-icon terrorists). Grenade: d8, takes out targets adding up to the roll. Reload: a magazine and 1 time. Win: draw a card per terrorist, keep one item, weapon or hostage.
Score: 2 per health, 1 per time, 3 per face-up and 1 per face-down hostage.
Co-op: shared time, 4 health each, separate rows plus a shared row; the player on turn decides, and either player may give a card to the other at any time (1 time).`

const moveHelp = "Moves: `draw`; `hide`; `activate <card> with <card> <card>` (pay with row cards, or `key` for a key token; " +
	"a regroup card: `activate R01`); `use <item> [weapon|terrorist]`; `flip <hostage> [weapon]`; `reload <weapon>`; " +
	"co-op: `share <card>`, `give <card>`, `end`. Locations: `go <location>`, `yes`/`no` for optional ones, `watch <discard> <bottom>` in the Surveillance Room. " +
	"Rolls: `regroup <die#>`, `reroll <card> <die#> [<die#>...]`, `keep`. Fights: `fight <dice> <weapon>`, `fight hands [player#]`, `grenade <card>`. " +
	"After a fight: `take <card>` or `take none`. Cards go by id (D03) or unique name."

// SetupText says how a game with these options and this many players
// starts, for the messages that announce it ("health 6, time 20"). In
// co-op the health option does not apply: "begin the game with only four
// health (which is your max)".
func SetupText(players int, o games.Options) string {
	health, tm := o["health"], o["time"]
	if health == 0 {
		health = maxHealth
	}
	if tm == 0 {
		tm = maxTime
	}
	if players == 2 {
		return fmt.Sprintf("co-op, %d health each, time %d", min(health, coopHealth), tm)
	}
	return fmt.Sprintf("health %d, time %d", health, tm)
}
