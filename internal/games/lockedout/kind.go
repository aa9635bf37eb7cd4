// Package lockedout is Locked Out (René Uittenbogaard, 2022): a gang of 3 to
// 6 criminals locked out of a stolen spaceship's computer must collect access
// cards to reach it before fuel, power or oxygen runs out, while each tries
// to pocket the most loot. Hands are hidden; players answer interceptions and
// accusations during other players' turns.
package lockedout

import "standoff/internal/games"

// Kind is Locked Out for the catalog.
var Kind = &games.Kind{
	Name:       "lockedout",
	Title:      "Locked Out",
	Summary:    "Semi-cooperative heist in space: unlock the board computer before resources run out. Hidden hands.",
	MinPlayers: 3,
	MaxPlayers: 6,
	Rules:      rules,
	MoveHelp:   moveHelp,
	New:        newGame,
	Decode:     decode,
	PublicMove: publicMove,
	Bot:        bot,
	BotLevels:  botLevels,
}

const rules = `Locked Out: your gang stole a spaceship and the board computer locked you out.
Goals: the gang must reach the Board Computer before fuel, power or oxygen runs out. Your own goal: the most znooties (₮) in hand if the gang escapes, the LEAST if it is caught.

The ship: at first only the blue zone (Corridor + 4 rooms) is open (stage 1). 4 different orange access cards in the play area open the orange zone (stage 2); 4 different purple ones open the Board Computer (stage 3). Rooms hold pairs of identical access cards.

Your turn:
1. If you hold the maintenance card (not on the game's first turn), every resource drops 1 unless a matching resource card lies in the resource area; then those cards are discarded. A resource at 0: the gang is caught. Pass the card counterclockwise (3 players: clockwise, and the new holder waits one round).
2. Move through a doorway to an adjacent open room (you must). Moving into the Board Computer in stage 3 ends the game: escape.
3. Draw a card from that room's pile. Players in the room see it one at a time clockwise; each may swap it for a card of their hand (then nobody else sees it).
4. Play any cards: access cards to the access area, resource cards to the resource area, or two loot cards to draw once more (once per turn; intercepted too). After each access card you play you must accuse another player: they may play an access card; if not, you may look at half their hand (rounded up, at random) and must play an access card found there.
5. End your turn; play passes clockwise.

End: escape = highest hand value wins; caught = lowest wins. Equal values share the rank.`

const moveHelp = "Moves: `move <room>` (id, number or name: `move galley`, `move 2`); " +
	"`keep` or `swap <card>` when shown a drawn card; `play <card>` (access or resource card, by id like OA1 or name); " +
	"`search <loot> <loot>` (discard two loot cards, draw again); `accuse <player>` (name or seat number); " +
	"`reveal <card>` or `none` when accused; `look` or `pass` when the suspect played none; " +
	"`take <card>` or `none` when looking at a suspect's cards; `end` to end your turn."
