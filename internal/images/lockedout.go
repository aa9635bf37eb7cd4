package images

import (
	"fmt"
	"image"
	"image/color"

	"standoff/internal/games"
	"standoff/internal/games/lockedout"
)

// LockedOut draws a Locked Out view as a phone shows it in a turn: the
// ship for the public view (who must act, the map with its piles and
// pawns, the resources, the players, the access cards' progress and what
// just happened), the cards of one hand for a private view.
func LockedOut(v games.View) (image.Image, error) {
	return lockedOutPicture(v, false)
}

// LockedOutFull draws the whole table, one tap away from the turn picture:
// the turn picture and below it the face-up cards by name (the play areas,
// the discard pile), the cards out of the game, a key and more of what
// happened. A private view is its hand, as LockedOut draws it.
func LockedOutFull(v games.View) (image.Image, error) {
	return lockedOutPicture(v, true)
}

func lockedOutPicture(v games.View, full bool) (image.Image, error) {
	switch v := v.(type) {
	case *lockedout.PublicView:
		v = lockedOutMarked(v)
		dc := lockedOutTable(v, full)
		band, idx := lockedOutLayers.Indexed(lockedOutMapKey(v), lockedOutMapBuild(v), lockedOutPalette)
		return lockedOutPalette.finishFrom(dc.RGBA(), band, idx), nil
	case *lockedout.PrivateView:
		return lockedOutPalette.finish(lockedOutHand(v).RGBA()), nil
	}
	return nil, fmt.Errorf("images: Locked Out cannot draw %T", v)
}

// Text sizes. A phone shows the 1000 px picture about 350 px wide, where
// text under 9 px cannot be read: no text is smaller than lockedOutSmall (26 px
// here, 9.1 px there).
const (
	lockedOutSmall = 26.0 // labels, counts, events
	lockedOutBody  = 28.0 // names, the status line, headings
	lockedOutTitle = 34.0
)

// Zone and card colours; every colour also comes with a letter or label, so
// nothing is told by colour alone.
var (
	lockedOutZoneFill = map[string]color.RGBA{
		"blue": {0xd6, 0xe8, 0xff, 0xff}, "orange": {0xff, 0xe3, 0xc2, 0xff},
		"purple": {0xec, 0xdf, 0xff, 0xff}, "green": {0xd8, 0xf3, 0xdf, 0xff},
	}
	lockedOutZoneLine = map[string]color.RGBA{
		"blue": {0x2b, 0x6c, 0xb0, 0xff}, "orange": {0xc0, 0x56, 0x21, 0xff},
		"purple": {0x6b, 0x46, 0xc1, 0xff}, "green": {0x2f, 0x85, 0x5a, 0xff},
	}
	lockedOutCardColor = map[string]color.RGBA{
		"red": {0xd6, 0x33, 0x33, 0xff}, "yellow": {0xd6, 0xa8, 0x00, 0xff}, "blue": {0x2b, 0x6c, 0xb0, 0xff},
		"orange": {0xdd, 0x6b, 0x20, 0xff}, "purple": {0x80, 0x5a, 0xd5, 0xff}, "green": {0x2f, 0x85, 0x5a, 0xff},
	}
	lockedOutPawn = []color.RGBA{
		{0x1a, 0x20, 0x2c, 0xff}, {0xb8, 0x32, 0x80, 0xff}, {0x1d, 0x7a, 0x74, 0xff},
		{0x8a, 0x4b, 0x08, 0xff}, {0x3c, 0x36, 0x9e, 0xff}, {0x9b, 0x2c, 0x2c, 0xff},
	}
	lockedOutInk      = color.RGBA{0x1a, 0x20, 0x2c, 0xff}
	lockedOutMuted    = color.RGBA{0x4a, 0x52, 0x5e, 0xff}
	lockedOutPaper    = color.RGBA{0xfa, 0xf8, 0xf2, 0xff}
	lockedOutOnTurnBg = color.RGBA{0xff, 0xf0, 0x9e, 0xff}
	lockedOutWhite    = color.RGBA{0xff, 0xff, 0xff, 0xff}
	lockedOutAlarm    = color.RGBA{0xb4, 0x23, 0x18, 0xff}
)

// lockedOutPalette is every colour of the ship and the hands, and the edges where
// they meet: text on paper, white, the status band and the zones; white
// letters and outlines on card and pawn colours; hatching on the locked
// zones.
var lockedOutPalette = func() *Palette {
	hatch := color.RGBA{0x60, 0x60, 0x60, 0xff}
	keys := []color.RGBA{lockedOutPaper, lockedOutInk, lockedOutMuted, lockedOutWhite, lockedOutOnTurnBg, lockedOutAlarm}
	var pairs [][2]color.RGBA
	for _, bg := range []color.RGBA{lockedOutPaper, lockedOutWhite, lockedOutOnTurnBg} {
		pairs = append(pairs, [2]color.RGBA{bg, lockedOutInk}, [2]color.RGBA{bg, lockedOutMuted})
	}
	pairs = append(pairs, [2]color.RGBA{lockedOutPaper, lockedOutAlarm}, [2]color.RGBA{lockedOutOnTurnBg, lockedOutAlarm})
	for _, z := range []string{"blue", "orange", "purple", "green"} {
		fill, line := lockedOutZoneFill[z], lockedOutZoneLine[z]
		half := color.RGBA{uint8((int(fill.R) + int(hatch.R)) / 2), uint8((int(fill.G) + int(hatch.G)) / 2), uint8((int(fill.B) + int(hatch.B)) / 2), 255}
		keys = append(keys, fill, line, half)
		pairs = append(pairs, [2]color.RGBA{fill, lockedOutInk}, [2]color.RGBA{fill, lockedOutMuted}, [2]color.RGBA{fill, line},
			[2]color.RGBA{fill, half}, [2]color.RGBA{lockedOutPaper, line}, [2]color.RGBA{lockedOutPaper, fill},
			[2]color.RGBA{fill, lockedOutAlarm}, [2]color.RGBA{half, lockedOutInk})
	}
	for _, c := range []string{"red", "yellow", "blue", "orange", "purple", "green"} {
		keys = append(keys, lockedOutCardColor[c])
		pairs = append(pairs, [2]color.RGBA{lockedOutWhite, lockedOutCardColor[c]}, [2]color.RGBA{lockedOutPaper, lockedOutCardColor[c]})
	}
	for _, p := range lockedOutPawn {
		keys = append(keys, p)
		pairs = append(pairs, [2]color.RGBA{lockedOutWhite, p})
	}
	return NewPalette(keys, pairs, 5)
}()

// lockedOutCardLetter is the category letter shown with a card's colour.
func lockedOutCardLetter(c lockedout.CardView) string {
	switch {
	case c.Share:
		return "S"
	case c.Kind == "loot":
		return "L"
	}
	return c.ID[:1]
}

// lockedOutCards counts cards in words: "no cards", "1 card", "2 cards". A bare
// 0 is avoided: the font's zero carries a dot and, small, reads as 8.
func lockedOutCards(n int) string {
	if n == 0 {
		return "no cards"
	}
	return count(n, "card")
}

// lockedOutZ spells the znooty sign out, "7 znooties", as the alt text does: the
// embedded font lacks the sign, and a bare "Z" after an amount did not
// read as money. Only the cards' values, under a key saying
// "values in znooties (Z)", keep the short form.
func lockedOutZ(s string) string { return lockedOutAltZ(s) }

// lockedOutStage says what a stage has opened.
func lockedOutStage(stage int) string {
	switch stage {
	case 2:
		return "Stage 2: orange zone open"
	case 3:
		return "Stage 3: board computer open"
	}
	return "Stage 1: blue zone open"
}
