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
}

const rules = `Hijacked: free at least 3 passengers and 1 pilot before the police storm the plane. Most points wins (tie: most recognition).
Each round every player takes a turn: roll your dice and place them on actions, then the police advance 1 (at 0 everyone loses).
Actions: (1) choose a passenger card: face down with a die equal to its pips, face up with any die, another's reservation with a die >= theirs, your own reservation with no die; its neighbours flip up; play it (trust and demand met, max 5 in supply) or discard it for 1 point; then you may reserve a face-up neighbour of its seat with another die. 1 card a turn, 2 with a bonus/mini die. A face-down red card: discard, +1, trust -10%.
(2) build trust: draw up to 3 cubes, +1 per green; a first red still +1, red ends it. First to 100% takes the star (5).
(3) persuade a hijacker: one die in each range, your disc, +1 point a time; the 4th time it surrenders to you (trust -20%).
(4) police retreat (2 dice, from round 3, all scores equal): police +2, others +2 points, you a bonus tile and recognition.
(5) a demand: a die matching a number token. (6) a bonus die: rolled next round, where it must be played.
Demands: pay a card (intel is wild), change a die by 1 each (1<->6 wraps), or cash for 1 point any time.
Any time, even on others' turns: 2 cards of a colour free a passenger (+3), 3 a pilot (+5); cash demands or medals; use bonus tiles.
End: 3 passengers + 1 pilot ends the round. Score: track + medals + demands + star + hijackers - 3 per card + recognition.`

const moveHelp = "Moves (dice by value; 4b = bonus die, 4m = mini die): `card 3 5` (seat 3 with a 5; `card 3` your reservation; `card top 5` with the top-card tile), " +
	"then `play` / `play intel` / `discard`; `reserve 4 2`; `trust 3 6` (draw up to 3 cubes, die 6); `persuade 1 2 5` (hijacker 1, dice 2 and 5); " +
	"`retreat 1 6`; `demand 4`; `bonus 2`; `adjust 6 - food` (6 becomes 5 for a food); `keep mini`; `end`. " +
	"Any time: `free passenger blue`, `free pilot green`, `cash food`, `medal 2`, `tile pilot BL1 GR4 YE2`, `tile mini`, `tile give food:2 crypto:3`, `tile salvage BL3`, `tile trust 2`. " +
	"Solo, when the Cybot asks: `pick 4` (the card it takes), `cooperate yes` / `cooperate no` (its police retreat)."
