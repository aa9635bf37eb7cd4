package images

import (
	"fmt"
	"image"
	"image/color"
	"strings"

	"standoff/internal/games"
	"standoff/internal/games/hijacked"
)

// Hijacked draws a Hijacked view for the turn message, laid out for a
// phone (hijacked_turn.go): the table at a glance for the public view, a
// player's medals (with their values) for a private view.
func Hijacked(v games.View) (image.Image, error) {
	switch v := v.(type) {
	case *hijacked.PublicView:
		return hijackedPalette.finish(hijackedTurnTable(hijackedMarked(v)).RGBA()), nil
	case *hijacked.PrivateView:
		return hijackedPalette.finish(hijackedMedals(v).RGBA()), nil
	}
	return nil, fmt.Errorf("images: Hijacked cannot draw %T", v)
}

// HijackedFull draws the full board, one tap away from the turn picture:
// for the public view every detail of the table (the hijackers' rules
// texts, medals, recognition, piles, the Cybot's notes), laid out for a
// desktop or a zoomed picture; a private view's medals are whole in their
// turn picture already.
func HijackedFull(v games.View) (image.Image, error) {
	if v, ok := v.(*hijacked.PublicView); ok {
		return hijackedPalette.finish(hijackedFullTable(hijackedMarked(v)).RGBA()), nil
	}
	return Hijacked(v)
}

// hijackedNewCanvas is a picture painted paper, on recycled pixels.
func hijackedNewCanvas(w, h int) *Canvas {
	img := newRGBA(image.Rect(0, 0, w, h))
	fillRGBA(img.Pix, hijackedPaper)
	track(img, hijackedPalette, hijackedPaper)
	return NewCanvasOn(img)
}

// Colours. Every colour comes with a letter or a word: card colours with
// their id (GY, BL, GR, YE, RD), demands with C / M / F / I, players with
// their initial, cubes with G / R.
var (
	hijackedPaper  = color.RGBA{0xf7, 0xf5, 0xef, 0xff}
	hijackedInk    = color.RGBA{0x1a, 0x20, 0x2c, 0xff}
	hijackedMuted  = color.RGBA{0x5a, 0x63, 0x70, 0xff}
	hijackedLine   = color.RGBA{0xb8, 0xbe, 0xc8, 0xff}
	hijackedPanel  = color.RGBA{0xff, 0xff, 0xff, 0xff}
	hijackedBack   = color.RGBA{0x2d, 0x3a, 0x4f, 0xff}
	hijackedAlert  = color.RGBA{0xc5, 0x30, 0x30, 0xff}
	hijackedGreen  = color.RGBA{0x2f, 0x85, 0x5a, 0xff}
	hijackedGold   = color.RGBA{0xd6, 0x9e, 0x2e, 0xff}
	hijackedCardBg = map[string]color.RGBA{
		"gray": {0x8a, 0x93, 0x9e, 0xff}, "blue": {0x2b, 0x6c, 0xb0, 0xff}, "green": {0x2f, 0x85, 0x5a, 0xff},
		"yellow": {0xd6, 0xa8, 0x00, 0xff}, "red": {0xc5, 0x30, 0x30, 0xff},
	}
	hijackedDemand = map[string]color.RGBA{
		"crypto": {0xdd, 0x6b, 0x20, 0xff}, "medicine": {0xc5, 0x30, 0x70, 0xff},
		"food": {0x8a, 0x6d, 0x3b, 0xff}, "intel": {0x55, 0x3c, 0x9a, 0xff},
	}
	hijackedPlayer = []color.RGBA{{0x1d, 0x4e, 0x89, 0xff}, {0xb8, 0x32, 0x80, 0xff}, {0x1d, 0x7a, 0x74, 0xff}, {0x8a, 0x4b, 0x08, 0xff}}
)

// Fixed tints: the plane's space, bonus and mini dice, the row of the
// player on turn.
var (
	hijackedPlaneBg  = color.RGBA{0xfe, 0xd7, 0xd7, 0xff}
	hijackedBonusBg  = color.RGBA{0xfe, 0xd7, 0xaa, 0xff}
	hijackedMiniBg   = color.RGBA{0xfb, 0xcf, 0xe8, 0xff}
	hijackedOnTurnBg = color.RGBA{0xff, 0xf8, 0xdc, 0xff}
)

// hijackedPalette is every colour of the table and the medals, and the edges
// where they meet: text and outlines on paper, white and the turn's tint;
// white letters on cards, demands, players and the dark backs.
var hijackedPalette = func() *Palette {
	keys := []color.RGBA{hijackedPaper, hijackedInk, hijackedMuted, hijackedLine, hijackedPanel, hijackedBack, hijackedAlert, hijackedGreen, hijackedGold, hijackedPlaneBg, hijackedBonusBg, hijackedMiniBg, hijackedOnTurnBg}
	var pairs [][2]color.RGBA
	for _, bg := range []color.RGBA{hijackedPaper, hijackedPanel, hijackedOnTurnBg} {
		pairs = append(pairs, [2]color.RGBA{bg, hijackedInk}, [2]color.RGBA{bg, hijackedMuted}, [2]color.RGBA{bg, hijackedLine}, [2]color.RGBA{bg, hijackedAlert})
	}
	pairs = append(pairs, [2]color.RGBA{hijackedPanel, hijackedBack}, [2]color.RGBA{hijackedPaper, hijackedBack}, [2]color.RGBA{hijackedPaper, hijackedGold}, [2]color.RGBA{hijackedGold, hijackedInk},
		[2]color.RGBA{hijackedGreen, hijackedPanel}, [2]color.RGBA{hijackedBack, hijackedPanel}, [2]color.RGBA{hijackedPlaneBg, hijackedMuted}, [2]color.RGBA{hijackedBonusBg, hijackedInk}, [2]color.RGBA{hijackedMiniBg, hijackedInk})
	var cs []color.RGBA
	for _, name := range []string{"gray", "blue", "green", "yellow", "red"} {
		cs = append(cs, hijackedCardBg[name])
	}
	for _, d := range hijackedDemandNames {
		cs = append(cs, hijackedDemand[d])
	}
	cs = append(cs, hijackedPlayer...)
	for _, c := range cs {
		keys = append(keys, c)
		pairs = append(pairs, [2]color.RGBA{c, hijackedPanel}, [2]color.RGBA{hijackedPaper, c})
	}
	return NewPalette(keys, pairs, 4)
}()

var hijackedDemandNames = []string{"crypto", "medicine", "food", "intel"}

const hijackedWidth = 1000

// hijackedShapes: the table's shapes come from a small set (four seats, four
// demands, dice faces, a few backgrounds) at the layout's places, so past
// this many something unexpected varies and the rest are drawn directly.
// A shape over several colours keeps them too (a few KB each).
var hijackedShapes = &shapeCache{max: 1024}

// hijackedShape draws what draw paints around (x, y), at most half pixels away,
// from a copy of its first drawing over the same background (shapes.go).
func hijackedShape(dc *Canvas, what any, x, y float64, half int, draw func(dc *Canvas, x, y float64)) {
	hijackedShapeRect(dc, what, x, y, half, half, draw)
}

// hijackedShapeRect is hijackedShape for a shape at most hx pixels across and hy up and
// down from (x, y).
func hijackedShapeRect(dc *Canvas, what any, x, y float64, hx, hy int, draw func(dc *Canvas, x, y float64)) {
	dc.shapeIn(hijackedShapes, what, x, y, image.Rect(-hx, -hy, hx+1, hy+1), draw)
}

func hijackedInitial(name string) string {
	for _, r := range name {
		return strings.ToUpper(string(r))
	}
	return "?"
}

func hijackedRange(r [2]int) string {
	if r[0] == r[1] {
		return fmt.Sprint(r[0])
	}
	return fmt.Sprintf("%d-%d", r[0], r[1])
}
