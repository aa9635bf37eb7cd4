package commands

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/color/palette"
	"image/gif"
	"math"
	"strconv"
	"sync"

	xdraw "golang.org/x/image/draw"

	"standoff/internal/games"
	"standoff/internal/lowpriority"
	"standoff/storage"
)

// A replay is an animated GIF of a finished game's public views, rebuilt
// from its seed and move log: nothing private is drawn because the
// renderer only ever receives the public view.

const (
	replayFrames = 40  // at most this many pictures, spread over the game
	replayWidth  = 560 // pixels; small enough for a phone and the upload limit
	replayDelay  = 70  // hundredths of a second per picture
	replayHold   = 400 // the final position stays longer
)

func (rec *records) replay(ctx context.Context, in Interaction) (Response, error) {
	var row *storage.Game
	var err error
	others := ""
	if raw := in.Options["id"]; raw != "" {
		id, perr := strconv.ParseInt(raw, 10, 64)
		if perr != nil || id <= 0 {
			return Response{}, refusef("Option id is a game number such as 12, not %q.", raw)
		}
		row, err = rec.store.Game(ctx, id)
		// A game of another server is no game of this one.
		if err == nil && row.Guild != in.Guild {
			err = storage.ErrNoGame
		}
	} else {
		row, err = rec.store.LatestGame(ctx, in.Channel)
		if errors.Is(err, storage.ErrNoGame) {
			// The channel's games are played in their threads: its
			// newest finished one is the channel's last.
			finished := rec.threads.threadGames(ctx, in.Channel, func(g storage.ThreadGame) bool { return g.Status == storage.Finished })
			if len(finished) == 0 {
				return Response{}, refusef("No game has finished in this channel or its threads yet; replays are for finished games. Name one with id:, such as /game replay id:12.")
			}
			row, err = rec.store.Game(ctx, finished[0].ID)
			others = rec.threads.otherThreadGames(finished[1:], "finished games", "/game replay")
		}
	}
	if errors.Is(err, storage.ErrNoGame) {
		return Response{}, refusef("There is no such game on this server. /game history names this channel's last game.")
	}
	if err != nil {
		return Response{}, err
	}
	if row.Status != storage.Finished {
		return Response{}, refusef("Game #%d is %s; replays are for finished games.", row.ID, row.Status)
	}
	g, ok := rec.games.find(row.Kind)
	if !ok || g.Draw == nil {
		return Response{}, refusef("I cannot draw games of kind %q.", row.Kind)
	}
	moves, err := rec.store.Moves(ctx, row.ID)
	if err != nil {
		return Response{}, err
	}
	// A replay draws dozens of pictures: like every picture, it yields
	// the cores to answers (delivery.Draw).
	var data []byte
	var frames int
	lowpriority.Do(func() { data, frames, err = replayGIF(g, row, moves) })
	if err != nil {
		return Response{}, err
	}
	text := fmt.Sprintf("**%s** · game #%d · replay in %s (%s)", g.Kind.Title, row.ID, plural(frames, "picture"), plural(len(games.Effective(moves)), "move"))
	if row.Channel != in.Channel {
		text += fmt.Sprintf(" · played in <#%s>", row.Channel)
	}
	text += others
	return Response{Kind: Reply, Message: Message{Content: text, Files: []File{{Name: fmt.Sprintf("replay-%d.gif", row.ID), Data: data}}}}, nil
}

// replayGIF replays a game and draws its public view at up to replayFrames
// moments, the first and the last always among them. Pictures change size
// during a game (a board grows as cards are laid out), while every frame of
// a GIF must lie inside its logical screen: so all frames are scaled by the
// same factor and placed on one canvas as large as the largest of them.
// When the file would exceed replayMaxBytes, frames in the middle are left
// out until it fits.
func replayGIF(g Game, row *storage.Game, log []games.SeatMove) ([]byte, int, error) {
	return replayGIFWithin(g, row, log, replayMaxBytes)
}

func replayGIFWithin(g Game, row *storage.Game, log []games.SeatMove, limit int) ([]byte, int, error) {
	eff := games.Effective(log)
	s, err := g.Kind.New(row.Setup())
	if err != nil {
		return nil, 0, err
	}
	want := map[int]bool{0: true, len(eff): true}
	for i := 1; i < replayFrames-1; i++ {
		want[i*len(eff)/(replayFrames-1)] = true
	}
	var frames []replayFrame
	for i := 0; i <= len(eff); i++ {
		if want[i] {
			img, err := g.Draw(s.Public())
			if err != nil {
				return nil, 0, err
			}
			frames = append(frames, shrink(img))
		}
		if i < len(eff) {
			if err := games.ApplyLogged(s, eff[i]); err != nil {
				return nil, 0, fmt.Errorf("replay move %d: %w", i+1, err)
			}
		}
	}
	imgs := onOneCanvas(frames)
	for {
		data, err := encodeReplay(imgs)
		if err != nil {
			return nil, 0, err
		}
		if len(data) <= limit {
			return data, len(imgs), nil
		}
		if len(imgs) <= 2 {
			return nil, 0, fmt.Errorf("replay of game #%d is %d bytes with only its first and last pictures, over the %d allowed", row.ID, len(data), limit)
		}
		imgs = thin(imgs)
	}
}

// replayMaxBytes keeps a replay under the smallest attachment limit
// Discord applies (10 MiB per file in a server without boosts), with room
// for the rest of the request.
const replayMaxBytes = 9 << 20

// replayFrame is one picture scaled to the replay's width, with the factor
// it was scaled by.
type replayFrame struct {
	img   *image.Paletted
	scale float64
}

// shrink scales a picture to at most the replay's width on a fixed palette.
func shrink(img image.Image) replayFrame {
	b := img.Bounds()
	scale := 1.0
	if b.Dx() > replayWidth {
		scale = float64(replayWidth) / float64(b.Dx())
	}
	return replayFrame{img: scaleTo(img, scale), scale: scale}
}

func scaleTo(img image.Image, scale float64) *image.Paletted {
	b := img.Bounds()
	w := max(1, int(math.Round(float64(b.Dx())*scale)))
	h := max(1, int(math.Round(float64(b.Dy())*scale)))
	rgba := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.ApproxBiLinear.Scale(rgba, rgba.Bounds(), img, b, xdraw.Src, nil)
	out := image.NewPaletted(rgba.Bounds(), palette.Plan9)
	lut := plan9Index()
	for i := range out.Pix {
		p := rgba.Pix[4*i : 4*i+3 : 4*i+3]
		out.Pix[i] = lut[int(p[0]>>3)<<10|int(p[1]>>3)<<5|int(p[2]>>3)]
	}
	return out
}

// plan9Index maps a colour, 5 bits per channel, to its nearest entry of the
// replay's palette: asking the palette for every pixel took most of a
// replay's time.
var plan9Index = sync.OnceValue(func() *[1 << 15]uint8 {
	var lut [1 << 15]uint8
	pal := color.Palette(palette.Plan9)
	for i := range lut {
		c := color.RGBA{R: uint8(i>>10) << 3, G: uint8(i>>5&31) << 3, B: uint8(i&31) << 3, A: 255}
		c.R, c.G, c.B = c.R|c.R>>5, c.G|c.G>>5, c.B|c.B>>5
		lut[i] = uint8(pal.Index(c))
	}
	return &lut
})

// onOneCanvas brings every frame to the smallest scale among them (that of
// the widest picture, so nothing changes size between frames) and centres
// each horizontally at the top of a canvas that fits the largest, padded
// with the frame's own background (its commonest colour).
func onOneCanvas(frames []replayFrame) []*image.Paletted {
	scale := 1.0
	for _, f := range frames {
		scale = min(scale, f.scale)
	}
	var w, h int
	for i, f := range frames {
		if f.scale != scale {
			frames[i].img = scaleTo(f.img, scale/f.scale)
		}
		w = max(w, frames[i].img.Bounds().Dx())
		h = max(h, frames[i].img.Bounds().Dy())
	}
	out := make([]*image.Paletted, len(frames))
	for i, f := range frames {
		b := f.img.Bounds()
		if b.Dx() == w && b.Dy() == h {
			out[i] = f.img
			continue
		}
		c := image.NewPaletted(image.Rect(0, 0, w, h), palette.Plan9)
		if bg := commonest(f.img); bg != 0 {
			for j := range c.Pix {
				c.Pix[j] = bg
			}
		}
		x := (w - b.Dx()) / 2
		for y := 0; y < b.Dy(); y++ {
			copy(c.Pix[y*c.Stride+x:], f.img.Pix[y*f.img.Stride:y*f.img.Stride+b.Dx()])
		}
		out[i] = c
	}
	return out
}

// commonest is the palette index most of a picture is painted in: its
// background.
func commonest(img *image.Paletted) uint8 {
	var n [256]int
	for _, p := range img.Pix {
		n[p]++
	}
	best := 0
	for i := range n {
		if n[i] > n[best] {
			best = i
		}
	}
	return uint8(best)
}

// thin leaves out every second picture between the first and the last.
func thin(imgs []*image.Paletted) []*image.Paletted {
	out := []*image.Paletted{imgs[0]}
	for i := 2; i < len(imgs)-1; i += 2 {
		out = append(out, imgs[i])
	}
	return append(out, imgs[len(imgs)-1])
}

func encodeReplay(imgs []*image.Paletted) ([]byte, error) {
	b := imgs[0].Bounds()
	anim := &gif.GIF{Image: imgs, Delay: make([]int, len(imgs)),
		Config: image.Config{ColorModel: color.Palette(palette.Plan9), Width: b.Dx(), Height: b.Dy()}}
	for i := range anim.Delay {
		anim.Delay[i] = replayDelay
	}
	anim.Delay[len(anim.Delay)-1] = replayHold
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, anim); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
