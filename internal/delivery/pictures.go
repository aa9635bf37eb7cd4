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
