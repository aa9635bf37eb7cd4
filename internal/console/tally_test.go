package console

import (
	"standoff/internal/commands"
	"standoff/internal/commands/commandstest"
	"standoff/internal/games"
)

// tallyGame is the table's test game (commandstest), its pictures
// described as real games do: the view in words.
var tallyGame = commands.Game{Kind: commandstest.TallyKind, Draw: commandstest.DrawTally, Alt: func(v games.View) string { return v.Text() }}
