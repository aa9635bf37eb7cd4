package commands

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color/palette"
	"image/gif"
	"strconv"

	xdraw "golang.org/x/image/draw"

	"standoff/internal/games"
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

func (r *Router) replay(ctx context.Context, in Interaction) (Response, error) {
	var row *storage.Game
	var err error
	if raw := in.Options["id"]; raw != "" {
		id, perr := strconv.ParseInt(raw, 10, 64)
		if perr != nil || id <= 0 {
			return Response{}, refusef("Option id is a game number such as 12, not %q.", raw)
		}
		row, err = r.store.Game(ctx, id)
		// A game of another server is no game of this one.
		if err == nil && row.Guild != in.Guild {
			err = storage.ErrNoGame
		}
	} else {
		row, err = r.store.LatestGame(ctx, in.Channel)
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
	g, ok := r.game(row.Kind)
	if !ok || g.Draw == nil {
		return Response{}, refusef("I cannot draw games of kind %q.", row.Kind)
	}
	moves, err := r.store.Moves(ctx, row.ID)
	if err != nil {
		return Response{}, err
	}
	data, frames, err := replayGIF(g, row, moves)
	if err != nil {
		return Response{}, err
	}
	text := fmt.Sprintf("**%s** · game #%d · replay in %d pictures (%d moves)", g.Kind.Title, row.ID, frames, len(games.Effective(moves)))
	return Response{Kind: Reply, Message: Message{Content: text, Files: []File{{Name: fmt.Sprintf("replay-%d.gif", row.ID), Data: data}}}}, nil
}

// replayGIF replays a game and draws its public view at up to replayFrames
// moments, the first and the last always among them.
func replayGIF(g Game, row *storage.Game, log []games.SeatMove) ([]byte, int, error) {
	eff := games.Effective(log)
	s, err := g.Kind.New(row.Setup())
	if err != nil {
		return nil, 0, err
	}
	want := map[int]bool{0: true, len(eff): true}
	for i := 1; i < replayFrames-1; i++ {
		want[i*len(eff)/(replayFrames-1)] = true
	}
	anim := &gif.GIF{}
	add := func() error {
		img, err := g.Draw(s.Public())
		if err != nil {
			return err
		}
		anim.Image = append(anim.Image, shrink(img))
		anim.Delay = append(anim.Delay, replayDelay)
		return nil
	}
	for i := 0; i <= len(eff); i++ {
		if want[i] {
			if err := add(); err != nil {
				return nil, 0, err
			}
		}
		if i < len(eff) {
			if err := games.ApplyLogged(s, eff[i]); err != nil {
				return nil, 0, fmt.Errorf("replay move %d: %w", i+1, err)
			}
		}
	}
	anim.Delay[len(anim.Delay)-1] = replayHold
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, anim); err != nil {
		return nil, 0, err
	}
	return buf.Bytes(), len(anim.Image), nil
}

// shrink scales a picture to the replay's width on a fixed palette.
func shrink(img image.Image) *image.Paletted {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > replayWidth {
		w, h = replayWidth, h*replayWidth/w
	}
	out := image.NewPaletted(image.Rect(0, 0, w, h), palette.Plan9)
	xdraw.ApproxBiLinear.Scale(out, out.Bounds(), img, b, xdraw.Src, nil)
	return out
}
