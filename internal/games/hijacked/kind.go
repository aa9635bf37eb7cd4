// Package hijacked is Hijacked (Christian van Dijk, Greenest Games 2022): 2
// to 4 negotiators roll dice to win passenger cards, build trust, persuade
// hijackers and hold off the police, freeing passengers and pilots from a
// hijacked plane before the police storm it. Everything is public except the
// values of the medals a player holds. Freeing passengers, cashing demands
// and medals and using bonus tiles is open to every player at any moment.
package hijacked

import "standoff/internal/games"

// Kind is Hijacked for the catalog.
var Kind = &games.Kind{
	Name:       "hijacked",
	Title:      "Hijacked",
	Summary:    "Dice, trust and negotiation: free passengers and a pilot before the police storm the plane.",
	MinPlayers: 2,
	MaxPlayers: 4,
	Rules:      rules,
	MoveHelp:   moveHelp,
	New:        newGame,
	Decode:     decode,
	Bot:        bot, // the Cybot of the solo mode, and a simple player for automated seats
	BotLevels:  1,
	BotName:    "Cybot",
	// The daily run is the solo mode against the Cybot.
	Daily: games.Options{},
}

// rules is the text of /game rules. Each line that opens with a short label
// and a colon is one part of the rules menu, so every line must fit one
// Discord message (TestRulesPartsFit); the first line is the overview.
const rules = `You are negotiators at a hijacked plane. Win passenger cards with your dice, trade them to free passengers and pilots, and have the most points when someone has freed 3 passengers and a pilot, before the police storm the plane. 2 to 4 players, or one player alone against the Cybot.
The round: Every player takes one turn, clockwise from the starting player. Then the police come one minute closer to the plane, and the game checks whether it is over (see "End of the game").
Your turn: Roll your two dice, plus any bonus or mini die you took earlier (one die fewer while one of yours lies on a card you reserved). Put your dice on actions, one action at a time and in any order, then end your turn. Each action space can be used once a turn. You may choose 1 passenger card a turn, or 2 when you rolled a bonus or mini die.
Passenger cards: Six cards lie on seats 1 to 6. A face-down card is chosen with a die showing the number of pips on its back; a face-up card with a die of any value. The chosen card is turned up, and so are its neighbours on the seats to its left and right. Then you play it or discard it. To play it, trust must be at least the percentage on the card, you hand in the demand it asks for (intel can stand in for any demand), and your supply may hold at most 5 cards. A card you cannot play, or do not want, is discarded and scores 1 point. The empty seat gets a new face-down card.
Red cards: Red passengers can never be collected. A red card you choose face down is discarded at once: you score 1 point and trust drops by 10%. A red card that was already face up is discarded for 1 point without losing trust.
Reserving a card: Right after choosing a card, you may put another die on a face-up card beside the seat you chose from, to keep it for your next turn (one reservation each). On your next turn you roll one die fewer and may take that card without a die. Before then, another player may take it with a die at least as high as yours, and your die comes back to you at once. If nobody has taken it by the end of your next turn, the reservation ends and your die comes back.
Building trust: Put any die on trust and draw up to 3 cubes from the bag, one at a time. Each green cube raises trust by 10% and scores 1 point. A red cube goes back into the bag and ends the drawing; if it was your first cube, you still score 1 point. The first player to bring trust to 100% takes the star (5 points at the end); whoever brings trust back to 100% later takes the star from its holder.
Persuading a hijacker: Put two dice on a hijacker, one in each of the two ranges it shows. Your communication disc goes there and you score 1 point. Only one negotiator talks to each hijacker, and moving your disc to another hijacker starts over. The fourth time, the hijacker surrenders: you take its tile, which scores its points at once and maybe more at the end, a new hijacker takes its place, and trust drops by 20%.
Police retreat: From round 3, when all players have the same score, you may put two dice here. The police go back 2 spaces, every other player scores 2 points, you draw two bonus tiles and keep one, and your thumb moves onto the recognition track (or one space up it), which scores at the end.
Demands: Put a die on the demand space to take the demand of the number token that matches the die: crypto, medicine, food or intel. You can use a demand to pay for a passenger card, hand it in to turn a die up or down by 1 (a 6 and a 1 are next to each other), or cash it for 1 point at any time.
Bonus die: Put any die on the bonus space to take a bonus die. You roll it on your next turn and must use it then; it lets you choose a second passenger card that turn. It then goes back to the bonus space, unless it is on a card you reserved: then it stays there one more round.
At any time: Even during another player's turn, you may trade 2 cards of one colour for a passenger (3 points) or 3 cards of one colour for a pilot (5 points; there are only 4 pilots), cash a demand for 1 point, exchange a medal you hold for its points, or use a bonus tile.
Medals and bonuses: Three medals lie on the board, each with a goal and its points showing. The first player to reach a goal takes that medal face down; if two players reach it at the same moment, it is discarded. When your scoring token stops exactly on a bonus space of your score track, you take the demand it shows; passing over it gives nothing.
End of the game: At the end of a round, if a player has freed at least 3 passengers and a pilot, the game ends and is scored, even if the police reached the plane that round. Otherwise, if the police have reached the plane, they storm it and everyone loses.
Final score: Your points on the score track, plus the medals you hold, plus 1 point for each demand you have left, plus 5 for the star, plus the end points of your hijacker tiles, plus your recognition points, minus 3 for each passenger card still in your supply. The most points wins; on a tie, the player further along the recognition track wins, and if that is equal too, they share the victory.
Solo against the Cybot: Start it with /hijacked solo: the Cybot takes the second seat of a 2-player game, and the police start 15 minutes away. On its turn the Cybot turns up one of its 12 cards (they are reshuffled when used up) and rolls its dice. The card lists its actions in order of priority. It does each action it can, in that order, and skips one its dice cannot do; it saves a die that a later action on the card needs. Then its leftover dice: the first one takes a demand token, a second one chooses one more passenger card (a face-up card, or else the face-down card with the most pips), and any other die takes the bonus die if it is there. The Cybot trades its cards as soon as it can: 2 cards of a colour free a passenger, except that while it still needs a pilot it collects 3 of a colour to free one. It takes no other any-time actions.
The Cybot's choices: When the Cybot chooses a passenger card, it prefers a face-up card it can play, of a colour it already collects; then any face-up card it can play; then a face-down card (the most pips first); then a face-up card it can only discard. Ties go to the colour it has most of, then the colour you have most of, then the cheapest card (no demand first, then the lowest trust); if cards are still tied, you pick which it takes. Every demand token is a joker for the Cybot. It may spend one to turn a die by 1 to reach a face-down card or its hijacker, but never its last token (on card 9 it may spend up to 2, the last one too). It persuades the rightmost hijacker its dice fit and sticks to that one until it surrenders.
The Cybot and the police: From round 3, with 2 dice, the Cybot can have the police retreat. If your scores are equal, it just does it. If not, you are asked whether you cooperate. If you say yes, 2 cubes are drawn from the bag: with two green cubes, whoever is behind cashes demands to catch up and the police retreat; otherwise the retreat does not happen. The Cybot never spends its last token to catch up. Cards 7 and 11 say what it does when the retreat fails: its thumb moves up the recognition track and it takes the top bonus tile anyway.
The Cybot's score: The Cybot scores like a player (score track, 1 per demand left, 5 for the star, recognition, minus 3 per card), but it never uses score-track bonuses, hijacker tiles or bonus tiles. Instead it scores 3 points for each bonus tile it holds, 3 for each score-track bonus it stopped on (set aside unused), and 8 for each hijacker it persuaded. When you reach a medal goal first, you take the most valuable medal still on the board; at the end the Cybot gets every medal still there.`

const moveHelp = "Moves (dice by value; 4b = bonus die, 4m = mini die): `card 3 5` (seat 3 with a 5; `card 3` your reservation; `card top 5` with the top-card tile), " +
	"then `play` / `play intel` / `discard`; `reserve 4 2`; `trust 3 6` (draw up to 3 cubes, die 6); `persuade 1 2 5` (hijacker 1, dice 2 and 5); " +
	"`retreat 1 6`; `demand 4`; `bonus 2`; `adjust 6 - food` (6 becomes 5 for a food); `keep mini`; `end`. " +
	"Any time: `free passenger blue`, `free pilot green`, `cash food`, `medal 2`, `tile pilot BL1 GR4 YE2`, `tile mini`, `tile give food:2 crypto:3`, `tile salvage BL3`, `tile trust 2`. " +
	"Solo, when the Cybot asks: `pick 4` (the card it takes), `cooperate yes` / `cooperate no` (its police retreat)."
