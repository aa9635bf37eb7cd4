// Package hijack is Cameron Browne's Hijack (2007), an abstract game of
// all-out attack on a hexagon of hexagonal cells, with the pbmserv move
// syntax ("a5", "a1-b", "a-b++", "a-").
package hijack

import (
	"fmt"
	"strings"

	"standoff/internal/games"
)

// Option names, as in the pbmserv challenge command.
const (
	optSize        = "size"
	optNumPieces   = "num_pieces"
	optCanRotate   = "can_rotate"
	optInPlace     = "in_place"
	optBlockMarker = "block_marker"
)

// Kind is Hijack for the catalog.
var Kind = &games.Kind{
	Name:       "hijack",
	Title:      "Hijack",
	Summary:    "Cameron Browne's hex game of all-out attack: move markers or whole cells, hijack enemy markers",
	MinPlayers: 2,
	MaxPlayers: 3,
	Options:    optionSpecs,
	Rules:      rulesText,
	MoveHelp:   moveHelp,
	New:        newGame,
	Decode:     decode,
	Bot:        chooseMove,
	BotLevels:  botLevels,
}

// optionSpecs are the pbmserv challenge options.
var optionSpecs = []games.OptionSpec{
	{Name: optSize, Description: "cells per side of the hexagonal board", Kind: games.OptionInt, Default: 3, Min: minSize, Max: maxSize},
	{Name: optNumPieces, Description: "markers each player starts with in hand", Kind: games.OptionInt, Default: 12, Min: 2, Max: 40},
	{Name: optCanRotate, Description: "a cell may be rotated after it moves (a-b+, a-b--)", Kind: games.OptionBool},
	{Name: optInPlace, Description: "a cell may rotate without moving (a+, a-); needs can_rotate", Kind: games.OptionBool},
	{Name: optBlockMarker, Description: "markers cannot pass cells whose matching slot is occupied", Kind: games.OptionBool},
}

// rulesText is the rules in short; its numeric options are said from
// their specs, so the ranges are written once.
var rulesText = fmt.Sprintf(rulesTemplate, numericOptions(optionSpecs))

// numericOptions says the specs' number options with their ranges.
func numericOptions(specs []games.OptionSpec) string {
	var out []string
	for _, o := range specs {
		if o.Kind == games.OptionInt {
			out = append(out, fmt.Sprintf("%s (%s, %d to %d, default %d)", o.Name, o.Description, o.Min, o.Max, o.Default))
		}
	}
	return strings.Join(out, ", ")
}

const rulesTemplate = `Hijack (Cameron Browne, 2007), 2 or 3 players.
The board is a hexagon of hexagonal cells (3 per side by default), each with 6 slots numbered 0 up, 1 up-right, 2 down-right, 3 down, 4 down-left, 5 up-left. A marker in slot d points in direction d. Each player starts with 12 markers in hand (O, X, and Z for a third player).
Your turn: do one of these.
- Add a marker from hand to any empty slot.
- Move one of your markers to an empty slot of its own cell or of any cell along its direction of travel.
- Move a cell in any direction shown by any of its markers (either colour), any number of steps over empty cells, taking all its markers along. Every marker on the destination cell (any colour, even yours) is captured and leaves the game.
A player with 1 marker or fewer left (board plus hand) is removed; their markers stay on the board for anyone to use. The last player left wins; with 3 players the game goes on after the first removal.
Options: %s, can_rotate (rotate a moved cell: a-b+ clockwise, a-b- anticlockwise), in_place (rotate without moving: a+ / a-, needs can_rotate), block_marker (a marker cannot pass a cell whose slot with its own number is occupied).
Draws: type "draw" on your turn to offer one; every other player must answer "draw" to accept. A position repeated 3 times, or 100 moves in a row without a capture or an added marker, is a draw.`

const moveHelp = `Moves (pbmserv syntax): "a5" add a marker at a5; "a1-b" move marker a1 to b1; "a1-4" move marker a1 to a4; "a1-b4" move marker a1 to b4; "a-b" move cell a to b; "a-b++" move cell a to b then rotate it twice clockwise ("a-b-" once anticlockwise; can_rotate only); "a+" / "a-" rotate cell a once clockwise / anticlockwise in place (can_rotate and in_place); "draw" offer or accept a draw; "refuse" turn an offer down. Cells are letters (a, b, ... z, aa, ab ... on big boards), slots digits 0-5.`

// options are the resolved options of one game.
type options struct {
	Size        int  `json:"size"`
	NumPieces   int  `json:"num_pieces"`
	CanRotate   bool `json:"can_rotate"`
	InPlace     bool `json:"in_place"`
	BlockMarker bool `json:"block_marker"`
}

func readOptions(o games.Options) (options, error) {
	get := func(name string) int {
		if v, ok := o[name]; ok {
			return v
		}
		for _, spec := range optionSpecs {
			if spec.Name == name {
				return spec.Default
			}
		}
		return 0
	}
	opts := options{
		Size:        get(optSize),
		NumPieces:   get(optNumPieces),
		CanRotate:   get(optCanRotate) != 0,
		InPlace:     get(optInPlace) != 0,
		BlockMarker: get(optBlockMarker) != 0,
	}
	if opts.Size < minSize || opts.Size > maxSize {
		return opts, fmt.Errorf("option size must be from %d to %d, not %d", minSize, maxSize, opts.Size)
	}
	if opts.NumPieces < 2 || opts.NumPieces > 40 {
		return opts, fmt.Errorf("option num_pieces must be from 2 to 40, not %d", opts.NumPieces)
	}
	if opts.InPlace && !opts.CanRotate {
		return opts, fmt.Errorf("option in_place lets cells rotate without moving, so it only works together with can_rotate; turn can_rotate on or in_place off")
	}
	return opts, nil
}

func newGame(setup games.Setup) (games.State, error) {
	if n := len(setup.Players); n < 2 || n > 3 {
		return nil, fmt.Errorf("Hijack needs 2 to 3 players, not %d", n)
	}
	opts, err := readOptions(setup.Options)
	if err != nil {
		return nil, err
	}
	return newState(setup.Players, opts, setup.Seed), nil
}

func decode(data []byte) (games.State, error) {
	s, err := games.DecodeJSON(data, schemaVersion, func(s *state) int { return s.Schema })
	if err != nil {
		return nil, err
	}
	if _, err := readOptions(s.Opts.asGameOptions()); err != nil {
		return nil, fmt.Errorf("stored hijack game: %v", err)
	}
	s.geo = geometryFor(s.Opts.Size)
	if len(s.Board) != s.geo.cells*slotsPerCell || len(s.Hand) != len(s.Players) {
		return nil, fmt.Errorf("stored hijack game has a board or hands of the wrong size")
	}
	return s, nil
}

func (o options) asGameOptions() games.Options {
	b := func(v bool) int {
		if v {
			return 1
		}
		return 0
	}
	return games.Options{optSize: o.Size, optNumPieces: o.NumPieces, optCanRotate: b(o.CanRotate), optInPlace: b(o.InPlace), optBlockMarker: b(o.BlockMarker)}
}
