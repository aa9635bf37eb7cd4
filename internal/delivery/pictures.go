package delivery

import (
	"image"

	"standoff/internal/images"
	"standoff/internal/lowpriority"
)

// Draw draws a picture and encodes it as PNG. Rendering is most of a
// move's cost: it runs on the process's low-priority threads, a few at
// once, so a burst of moves queues instead of holding every picture in
// memory, and the answers to other moves do not wait for a core behind
// it. A drawing slot is held only while drawing: never while waiting for
// Discord's budget (delivery opens a DM's channel before drawing it).
func Draw(draw func() (image.Image, error)) (png []byte, drawErr, encodeErr error) {
	lowpriority.Do(func() {
		img, err := draw()
		if err != nil {
			drawErr = err
			return
		}
		png, encodeErr = images.EncodePNG(img)
		images.Release(img) // the renderer's picture is ours; its memory serves the next one
	})
	return png, drawErr, encodeErr
}

// Draw turns the pictures a message asks for into its files, just before
// it is sent. A picture that cannot be drawn is left out (the message's
// text still tells the game) and logged.
func (s *Sender) Draw(game int64, m *Message) {
	for _, p := range m.Pictures {
		if f, ok := s.picture(game, p); ok {
			m.Files = append(m.Files, f)
		}
	}
	m.Pictures = nil
}

func (s *Sender) picture(game int64, p Picture) (File, bool) {
	data, drawErr, encodeErr := Draw(func() (image.Image, error) { return p.Draw(p.View) })
	switch {
	case drawErr != nil:
		s.log.Error("could not draw", "game", game, "err", drawErr)
		return File{}, false
	case encodeErr != nil:
		s.log.Error("could not encode", "game", game, "err", encodeErr)
		return File{}, false
	}
	return File{Name: p.Name, Data: data, Description: p.Alt}, true
}
