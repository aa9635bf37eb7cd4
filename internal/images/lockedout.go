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
		dc := lockedOutTable(v, full)
		band, idx := loLayers.Indexed(loMapKey(v), loMapBuild(v), loPalette)
		return loPalette.finishFrom(dc.RGBA(), band, idx), nil
	case *lockedout.PrivateView:
		return loPalette.finish(lockedOutHand(v).RGBA()), nil
	}
	return nil, fmt.Errorf("images: Locked Out cannot draw %T", v)
}

// Text sizes. A phone shows the 1000 px picture about 350 px wide, where
// text under 9 px cannot be read: no text is smaller than loSmall (26 px
// here, 9.1 px there).
const (
	loSmall = 26.0 // labels, counts, events
	loBody  = 28.0 // names, the status line, headings
	loTitle = 34.0
)

// Zone and card colours; every colour also comes with a letter or label, so
// nothing is told by colour alone.
var (
	loZoneFill = map[string]color.RGBA{
		"blue": {0xd6, 0xe8, 0xff, 0xff}, "orange": {0xff, 0xe3, 0xc2, 0xff},
		"purple": {0xec, 0xdf, 0xff, 0xff}, "green": {0xd8, 0xf3, 0xdf, 0xff},
	}
	loZoneLine = map[string]color.RGBA{
		"blue": {0x2b, 0x6c, 0xb0, 0xff}, "orange": {0xc0, 0x56, 0x21, 0xff},
		"purple": {0x6b, 0x46, 0xc1, 0xff}, "green": {0x2f, 0x85, 0x5a, 0xff},
	}
	loCardColor = map[string]color.RGBA{
		"red": {0xd6, 0x33, 0x33, 0xff}, "yellow": {0xd6, 0xa8, 0x00, 0xff}, "blue": {0x2b, 0x6c, 0xb0, 0xff},
		"orange": {0xdd, 0x6b, 0x20, 0xff}, "purple": {0x80, 0x5a, 0xd5, 0xff}, "green": {0x2f, 0x85, 0x5a, 0xff},
	}
	loPawn = []color.RGBA{
		{0x1a, 0x20, 0x2c, 0xff}, {0xb8, 0x32, 0x80, 0xff}, {0x1d, 0x7a, 0x74, 0xff},
		{0x8a, 0x4b, 0x08, 0xff}, {0x3c, 0x36, 0x9e, 0xff}, {0x9b, 0x2c, 0x2c, 0xff},
	}
	loInk   = color.RGBA{0x1a, 0x20, 0x2c, 0xff}
	loMuted = color.RGBA{0x4a, 0x52, 0x5e, 0xff}
	loPaper = color.RGBA{0xfa, 0xf8, 0xf2, 0xff}
	loTurn  = color.RGBA{0xff, 0xf0, 0x9e, 0xff}
	loWhite = color.RGBA{0xff, 0xff, 0xff, 0xff}
	loAlarm = color.RGBA{0xb4, 0x23, 0x18, 0xff}
)

// loPalette is every colour of the ship and the hands, and the edges where
// they meet: text on paper, white, the status band and the zones; white
// letters and outlines on card and pawn colours; hatching on the locked
// zones.
var loPalette = func() *Palette {
	hatch := color.RGBA{0x60, 0x60, 0x60, 0xff}
	keys := []color.RGBA{loPaper, loInk, loMuted, loWhite, loTurn, loAlarm}
	var pairs [][2]color.RGBA
	for _, bg := range []color.RGBA{loPaper, loWhite, loTurn} {
		pairs = append(pairs, [2]color.RGBA{bg, loInk}, [2]color.RGBA{bg, loMuted})
	}
	pairs = append(pairs, [2]color.RGBA{loPaper, loAlarm}, [2]color.RGBA{loTurn, loAlarm})
	for _, z := range []string{"blue", "orange", "purple", "green"} {
		fill, line := loZoneFill[z], loZoneLine[z]
		half := color.RGBA{uint8((int(fill.R) + int(hatch.R)) / 2), uint8((int(fill.G) + int(hatch.G)) / 2), uint8((int(fill.B) + int(hatch.B)) / 2), 255}
		keys = append(keys, fill, line, half)
		pairs = append(pairs, [2]color.RGBA{fill, loInk}, [2]color.RGBA{fill, loMuted}, [2]color.RGBA{fill, line},
			[2]color.RGBA{fill, half}, [2]color.RGBA{loPaper, line}, [2]color.RGBA{loPaper, fill},
			[2]color.RGBA{fill, loAlarm}, [2]color.RGBA{half, loInk})
	}
	for _, c := range []string{"red", "yellow", "blue", "orange", "purple", "green"} {
		keys = append(keys, loCardColor[c])
		pairs = append(pairs, [2]color.RGBA{loWhite, loCardColor[c]}, [2]color.RGBA{loPaper, loCardColor[c]})
	}
	for _, p := range loPawn {
		keys = append(keys, p)
		pairs = append(pairs, [2]color.RGBA{loWhite, p})
	}
	return NewPalette(keys, pairs, 5)
}()

// loCardLetter is the category letter shown with a card's colour.
func loCardLetter(c lockedout.CardView) string {
	switch {
	case c.Share:
		return "S"
	case c.Kind == "loot":
		return "L"
	}
	return c.ID[:1]
}

// loCards counts cards in words: "no cards", "1 card", "2 cards". A bare
// 0 is avoided: the font's zero carries a dot and, small, reads as 8.
func loCards(n int) string {
	switch n {
	case 0:
		return "no cards"
	case 1:
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// loZ spells the znooty sign out, "7 znooties", as the alt text does: the
// embedded font lacks the sign, and a bare "Z" after an amount did not
// read as money. Only the cards' values, under a key saying
// "values in znooties (Z)", keep the short form.
func loZ(s string) string { return loAltZ(s) }

// loStage says what a stage has opened.
func loStage(stage int) string {
	switch stage {
	case 2:
		return "Stage 2: orange zone open"
	case 3:
		return "Stage 3: board computer open"
	}
	return "Stage 1: blue zone open"
}
