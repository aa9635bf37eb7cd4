// Package images draws game boards with gg. Each game has one file here that
// draws from its public or private view only, so a renderer cannot show what
// the engine never gave it. Fonts are embedded: output never depends on the
// host's fonts, and the same view always gives the same PNG.
//
// Every renderer shares one fast path. A picture costs three things:
// drawing, reducing it to a palette, and PNG encoding. Each has a cheap
// form here:
//
//   - Canvas (canvas.go) draws text straight onto the RGBA with the glyph
//     masks (gg sends every glyph through a bilinear transform, even with
//     no transform set, which was most of its text cost);
//   - Layers (layers.go) keeps what never changes for a layout
//     (background, the board's cells, legends) drawn once and copied into
//     each new picture, and Sprites (sprites.go) keeps small repeated
//     pieces (markers, pawns) to stamp;
//   - Palette (palette.go) is a game's fixed palette with a lookup table
//     from RGB to palette index: one table read per pixel instead of
//     counting colours in a map; Quantize (quantize.go) does the same for
//     a picture whose palette is not known in advance, with arrays instead
//     of maps;
//   - EncodePNG (png_writer.go) writes a paletted picture at BestSpeed
//     with reused compressor buffers (a quarter of the data of RGBA, no
//     filters); the buffers of pictures and drawings are recycled
//     (pool.go).
package images
