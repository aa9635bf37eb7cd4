package commands

import (
	"standoff/internal/games"
	"standoff/internal/images"
)

// viewPicture is a picture a message will carry: the view to draw, and the
// words that describe it.
type viewPicture struct {
	name string
	view games.View
	draw Renderer
	alt  string
}

// maxAltText is Discord's limit on an attachment's description.
const maxAltText = 1024

// attachView asks for a view's picture on the message, drawn at delivery.
// A game without a renderer is text only.
func (m *Message) attachView(t *table, v games.View, name string) {
	if t.game.Draw == nil || v == nil {
		return
	}
	p := viewPicture{name: name, view: v, draw: t.game.Draw}
	if t.game.Alt != nil {
		p.alt = clip(t.game.Alt(v), maxAltText)
	}
	m.views = append(m.views, p)
}

// attachFull asks for the whole board of a public view: the detail a
// phone's turn picture leaves out, for /game status and /game board.
func (m *Message) attachFull(t *table, v games.View, name string) {
	if t.game.Full == nil {
		m.attachView(t, v, name)
		return
	}
	p := viewPicture{name: name, view: v, draw: t.game.Full}
	if t.game.Alt != nil {
		p.alt = clip(t.game.Alt(v), maxAltText)
	}
	m.views = append(m.views, p)
}

// drawViews turns the pictures a message asks for into its files. A picture
// that cannot be drawn is left out (the message's text still tells the
// game) and logged.
func (r *Router) drawViews(gameID int64, m *Message) {
	for _, p := range m.views {
		if f, ok := r.picture(gameID, p); ok {
			m.Files = append(m.Files, f)
		}
	}
	m.views = nil
}

// picture draws one view. Rendering is most of a move's cost: at most a
// few run at once, so a burst of moves queues instead of holding every
// picture in memory.
func (r *Router) picture(gameID int64, p viewPicture) (File, bool) {
	r.renders <- struct{}{}
	defer func() { <-r.renders }()
	img, err := p.draw(p.view)
	if err != nil {
		r.log.Error("could not draw", "game", gameID, "err", err)
		return File{}, false
	}
	data, err := images.EncodePNG(img)
	images.Release(img) // the renderer's picture is ours; its memory serves the next one
	if err != nil {
		r.log.Error("could not encode", "game", gameID, "err", err)
		return File{}, false
	}
	return File{Name: p.name, Data: data, Description: p.alt}, true
}
