package commands

import (
	"standoff/internal/commands/commandstest"
	"standoff/internal/games"
)

// The test game, Tally, lives in commandstest, which the console's tests
// share; these names keep the tests here short.
var (
	tallyKind = commandstest.TallyKind
	newTally  = commandstest.NewTally
	drawTally = commandstest.DrawTally
)

type (
	tally     = commandstest.Tally
	tallyView = commandstest.TallyView
)

// tallyGame describes its pictures as real games do: the view in words.
var tallyGame = Game{Kind: tallyKind, Draw: drawTally, Alt: func(v games.View) string { return v.Text() }}

// shown is what a message tells a reader: its text and its pictures'
// descriptions.
func shown(m Message) string {
	s := m.Content
	for _, f := range m.Files {
		s += "\n" + f.Description
	}
	return s
}
