package commands

import (
	"standoff/internal/delivery"
	"standoff/internal/games"
)

// maxAltText is Discord's limit on an attachment's description.
const maxAltText = 1024

// attachView asks for a view's picture on the message, drawn at delivery.
// A game without a renderer is text only.
func (t *table) attachView(m *Message, v games.View, name string) {
	t.attach(m, v, name, t.game.Draw)
}

// attachFull asks for the whole board of a public view: the detail a
// phone's turn picture leaves out, for /game status and /game board. A
// game whose turn picture is the whole board draws that.
func (t *table) attachFull(m *Message, v games.View, name string) {
	draw := t.game.Full
	if draw == nil {
		draw = t.game.Draw
	}
	t.attach(m, v, name, draw)
}

func (t *table) attach(m *Message, v games.View, name string, draw Renderer) {
	if draw == nil || v == nil {
		return
	}
	if a, ok := v.(games.AutomatedSeats); ok {
		// A person's seat the bot plays now; a seat the bot sat in from
		// the start is named as the bot's already ("Standoff bot 1",
		// "Cybot"), so the mark goes by the seat, never by its name.
		for i, s := range t.row.Seats {
			if s.Away && s.BotLevel == 0 {
				a.MarkAutomated(i)
			}
		}
	}
	p := delivery.Picture{Name: name, View: v, Draw: draw}
	if t.game.Alt != nil {
		p.Alt = clip(t.game.Alt(v), maxAltText)
	}
	m.Pictures = append(m.Pictures, p)
}

// withTools adds the buttons every turn message offers while someone acts
// in the channel: typing a move (easier on a phone than a slash command's
// options), and the whole board for a game whose turn picture leaves
// detail out. They go beside the last buttons, or in a row of their own
// while Discord allows one more.
func (t *table) withTools(rows []Row) []Row {
	if len(rows) == 0 {
		return rows // nobody acts in the channel now (a private decision)
	}
	tools := []Button{t.typeMoveButton()}
	if t.game.Full != nil {
		tools = append(tools, Button{Label: "Full board", CustomID: customID{Action: "full", Game: t.row.ID, Version: t.row.Version}.String(), Style: Secondary})
	}
	if n := len(rows); n > 0 && rows[n-1].Select == nil && len(rows[n-1].Buttons)+len(tools) <= maxButtons {
		last := rows[n-1]
		last.Buttons = append(append([]Button(nil), last.Buttons...), tools...)
		return append(rows[:n-1:n-1], last)
	}
	if len(rows) < maxRows {
		return append(rows, Row{Buttons: tools})
	}
	return rows
}
