// Package images draws the games' pictures with gg and writes their alt
// text. Each game has a group of files and one prefix for everything in
// them, spelled out: hijack*, hijacked*, hunted*, lockedout* (lockedOut in
// Go names). The entry points are in the file named after the game: the
// picture posted each turn (Hijack, Hijacked, Hunted, LockedOut), the full
// board one tap away where the turn picture leaves things out
// (HijackedFull, HuntedFull, LockedOutFull), and the alt text (HijackAlt,
// ...; <game>_alt.go, the budget every game shares in alt.go). The two
// layouts are named alike in every game: "turn" for the picture in the
// turn message (drawn for a phone, <game>_turn*.go, names like
// hijackedTurn*, huntedTurn*) and "full" for the full board
// (<game>_full*.go, hijackedFull*, huntedFull*). Hijack has a turn
// picture only; Locked Out's full board is its turn picture with more
// sections below (lockedout_full.go); a private view's picture is its own
// (hijacked_medals.go, lockedout_hand.go). What both layouts of a game
// draw has one home (hijacked_players.go, huntedTowerLabel), and
// what several games draw has one for all: boxes (box.go), counts in
// words (words.go), text cut and wrapped to a width (text.go). Each draws
// from the public or private view it is given only, so a renderer cannot
// show what the engine never gave it. Fonts are embedded: output never
// depends on the host's fonts, and the same view always gives the same
// PNG.
//
// Every renderer shares one fast path. A picture costs three things:
// drawing, reducing it to a palette, and PNG encoding. Each has a cheap
// form here:
//
//   - Canvas (canvas.go) draws text straight onto the RGBA with the glyph
//     masks kept by glyph_cache.go (gg sends every glyph through a
//     bilinear transform, even with no transform set, which was most of
//     its text cost);
//   - Layers (layers.go, layer_copy.go) keeps what never changes for a
//     layout (background, the board's cells, legends) drawn once and
//     copied into each new picture; Sprites (sprites.go) keeps small
//     repeated pieces (markers, pawns) to stamp; shapes.go and coverage.go
//     keep small shapes and paths rasterized once;
//   - Palette (palette.go) is a game's fixed palette with a lookup table
//     from RGB to palette index: one table read per pixel instead of
//     counting colours in a map; Quantize (quantize.go) does the same for
//     a picture whose palette is not known in advance, with arrays instead
//     of maps;
//   - an index plane (plane.go) beside a drawing begun with track or
//     trackFrom keeps the palette indices its primitives painted (fills,
//     text on its background, a copied layer) and marks where they could
//     not tell, so the palette step reads only those spans; a primitive
//     that paints pixels must tell the plane what it painted;
//   - EncodePNG (encode.go) hands the paletted picture (a quarter of the
//     data of RGBA, no filters) to internal/pngenc, which writes it at
//     DEFLATE's fastest level; the buffers of pictures and drawings are
//     recycled (pool.go).
package images
