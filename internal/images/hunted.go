package images

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"github.com/fogleman/gg"

	"standoff/internal/games"
	"standoff/internal/games/hunted"
)

// Hunted draws the turn picture of a Hunted: Kobayashi Tower view, laid
// out for a phone (Discord shows it about 350 px wide there): the bars,
// the tower, what is being resolved (a fight and its dice, a location, a
// choice), the cards in play with what each gives, costs and does in
// short words, and what just happened. No text is under 26 px on its
// 1000 px, 9 px at 350. Every card type has a colour and a letter, icons
// are letters in shapes, and a legend explains them, so nothing is told
// by colour alone. HuntedFull has every detail.
func Hunted(v games.View) (image.Image, error) {
	pv, ok := v.(*hunted.PublicView)
	if !ok {
		return nil, fmt.Errorf("images: Hunted cannot draw %T", v)
	}
	return huntedPalette.finish(huntedTurnBoard(huntedMarked(pv)).RGBA()), nil
}

// HuntedFull draws the full board: every card face with its id, the
// tracks numbered, the supply, the decks, the last rolls and the log, at
// desktop sizes; the turn picture leaves these out to stay legible on a
// phone, and this is one tap away.
func HuntedFull(v games.View) (image.Image, error) {
	pv, ok := v.(*hunted.PublicView)
	if !ok {
		return nil, fmt.Errorf("images: HuntedFull cannot draw %T", v)
	}
	return huntedPalette.finish(huntedFullBoard(huntedMarked(pv)).RGBA()), nil
}

// huntedPalette is every colour of the board and the edges where they meet:
// text and outlines on paper, white, the fight's panel and the grey legend;
// white letters on the header, the card bands and the filled boxes.
var huntedPalette = func() *Palette {
	pink := huntedRoofMaybe
	keys := []color.RGBA{huntedPaper, huntedInk, huntedMuted, huntedFaint, huntedRed, huntedGreen, huntedGold, huntedHeader, huntedWhite, pink, huntedFightBg}
	var pairs [][2]color.RGBA
	for _, bg := range []color.RGBA{huntedPaper, huntedWhite, huntedFightBg, huntedFaint} {
		pairs = append(pairs, [2]color.RGBA{bg, huntedInk}, [2]color.RGBA{bg, huntedMuted}, [2]color.RGBA{bg, huntedRed}, [2]color.RGBA{bg, huntedGold}, [2]color.RGBA{bg, huntedHeader})
	}
	for _, fg := range []color.RGBA{huntedHeader, huntedRed, huntedMuted, huntedGold} {
		pairs = append(pairs, [2]color.RGBA{fg, huntedWhite})
	}
	pairs = append(pairs, [2]color.RGBA{huntedGold, huntedInk}, [2]color.RGBA{pink, huntedInk}, [2]color.RGBA{huntedPaper, huntedWhite}, [2]color.RGBA{huntedFaint, huntedWhite})
	for _, name := range []string{"terrorist", "door", "weapon", "item", "hostage", "regroup", "event"} {
		c := huntedType[name].c
		keys = append(keys, c)
		pairs = append(pairs, [2]color.RGBA{c, huntedWhite}, [2]color.RGBA{huntedPaper, c}, [2]color.RGBA{huntedFaint, c})
	}
	pairs = append(pairs, [2]color.RGBA{huntedType["weapon"].c, huntedInk})
	return NewPalette(keys, pairs, 4)
}()

// huntedTexts is every string the turn picture of a view shows (for tests).
func huntedTexts(v *hunted.PublicView) string {
	return strings.Join(huntedTurnBoard(v).texts, "\n")
}

// Both pictures are 1000 px wide: Discord shows them at most ~550 px wide,
// so a wider picture only costs pixels (the palette step and the PNG
// writer cost by the pixel). Every box stays on whole pixels, so the fast
// paths (filled rows, stamped sprites, recorded coverage) keep their edges
// sharp. These are the full board's sizes (no text under 13 px: it is
// looked at zoomed); the turn picture's are in hunted_turn.go.
const (
	huntedWidth      = 1000
	huntedFullMargin = 20.0
	huntedFullCardW  = 128.0
	huntedFullCardH  = 125.0
	huntedFullGap    = 8.0
	// The tracks (time, health) and the tower start at huntedFullTrackX, after
	// their names; a track's boxes are huntedFullTrackSize wide, huntedFullTrackGap apart.
	huntedFullTrackX    = huntedFullMargin + 92
	huntedFullTrackSize = 25.0
	huntedFullTrackGap  = 3.0
	huntedFullLegendH   = 33
)

var (
	huntedPaper  = color.RGBA{0xf7, 0xf5, 0xef, 0xff}
	huntedInk    = color.RGBA{0x1a, 0x20, 0x2c, 0xff}
	huntedMuted  = color.RGBA{0x5a, 0x63, 0x70, 0xff}
	huntedFaint  = color.RGBA{0xd5, 0xd2, 0xc8, 0xff}
	huntedRed    = color.RGBA{0xc5, 0x30, 0x30, 0xff}
	huntedGreen  = color.RGBA{0x2f, 0x85, 0x5a, 0xff}
	huntedGold   = color.RGBA{0xd6, 0x9e, 0x2e, 0xff}
	huntedHeader = color.RGBA{0x22, 0x2b, 0x3a, 0xff}
	huntedWhite  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	// huntedRoofMaybe marks the locations where the Roof may be.
	huntedRoofMaybe = color.RGBA{0xf6, 0xd5, 0xd5, 0xff}
	// huntedFightBg is the fight panel.
	huntedFightBg = color.RGBA{0xfd, 0xec, 0xec, 0xff}
	// Card types: colour plus the letter printed on the card.
	huntedType = map[string]struct {
		c      color.RGBA
		letter string
		name   string
	}{
		"terrorist": {color.RGBA{0xb8, 0x32, 0x32, 0xff}, "T", "terrorist"},
		"door":      {color.RGBA{0x8a, 0x5a, 0x2b, 0xff}, "D", "door"},
		"weapon":    {color.RGBA{0x2c, 0x52, 0x82, 0xff}, "W", "weapon"},
		"item":      {color.RGBA{0x2f, 0x85, 0x5a, 0xff}, "I", "item"},
		"hostage":   {color.RGBA{0x6b, 0x46, 0xc1, 0xff}, "H", "hostage"},
		"regroup":   {color.RGBA{0x1d, 0x7a, 0x74, 0xff}, "R", "regroup"},
		"event":     {color.RGBA{0xc0, 0x56, 0x21, 0xff}, "E", "event"},
	}
	huntedIcon = map[string]string{"move": "M", "search": "S", "key": "K"}
)

// huntedStamp draws a piece of w x h at (x, y) (whole pixels), with pad pixels
// around for its outline: drawn once and stamped from huntedSprites. key names
// everything the piece shows.
func huntedStamp(dc *Canvas, key string, w, h float64, pad int, x, y float64, draw func(dc *Canvas, x, y float64)) {
	huntedSprites.Stamp(dc, key, int(w)+2*pad, int(h)+2*pad, int(x)-pad, int(y)-pad, func(s *Canvas) {
		draw(s, float64(pad), float64(pad))
	})
}

// huntedCoverage keeps the coverage of the board's paths drawn every picture
// (coverage.go): tokens, the fight's and the choice's panels, at their
// places.
var huntedCoverage = &coverageCache{max: 1024, maxBytes: 1 << 20}

// huntedPath names a path at its exact place: what it is and its size.
type huntedPath struct {
	kind string
	w, h float64
}

// huntedPanel is a rounded panel filled and outlined 2.5 pixels wide, as
// gg's DrawRoundedRectangle, FillPreserve and Stroke draw it.
func huntedPanel(dc *Canvas, x, y, w, h float64, fill, line color.RGBA) {
	path := func(gc *gg.Context) { gc.DrawRoundedRectangle(x, y, w, h, 7) }
	r := covRect(x, y, x+w, y+h, 5)
	huntedCoverage.paintPath(dc, huntedPath{"panel fill", w, h}, x, y, r, fill, func(gc *gg.Context) {
		path(gc)
		gc.Fill()
	})
	huntedCoverage.paintPath(dc, huntedPath{"panel line", w, h}, x, y, r, line, func(gc *gg.Context) {
		gc.SetLineWidth(2.5)
		path(gc)
		gc.Stroke()
	})
}

// huntedSprites keeps the pieces drawn the same way every time: the cards
// (by what they show) and the legend.
var huntedSprites Sprites

// huntedTowerLabel is, in both layouts, what the tower's box i of total shows, and its fill.
func huntedTowerLabel(v *hunted.PublicView, i, total int) (string, color.RGBA) {
	left := total - i // position counted from the bottom of the deck
	switch {
	case v.OnRoof && i == v.LocPassed-1:
		return "R", huntedRed
	case i < v.LocPassed:
		return "✓", huntedMuted
	case i < v.LocPassed+len(v.Choice):
		return "?", huntedGold
	case v.RoofTop && i == v.LocPassed+len(v.Choice):
		return "R", huntedRed
	case !v.RoofTop && !v.OnRoof && left <= v.RoofIn:
		return "R?", huntedRoofMaybe
	}
	return "", huntedWhite
}
