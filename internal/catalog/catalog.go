// Package catalog is the list of games the bot hosts, each with its renderer.
// Adding a game is one line here (plus its own package and renderer).
package catalog

import (
	"standoff/internal/commands"
	"standoff/internal/games/hijack"
	"standoff/internal/games/hijacked"
	"standoff/internal/games/hunted"
	"standoff/internal/games/lockedout"
	"standoff/internal/images"
)

// Games lists every hosted game.
func Games() []commands.Game {
	return []commands.Game{
		{Kind: hijack.Kind, Draw: images.Hijack, Alt: images.HijackAlt},
		{Kind: lockedout.Kind, Draw: images.LockedOut, Full: images.LockedOutFull, Alt: images.LockedOutAlt},
		{Kind: hunted.Kind, Draw: images.Hunted, Full: images.HuntedFull, Alt: images.HuntedAlt},
		{Kind: hijacked.Kind, Draw: images.Hijacked, Full: images.HijackedFull, Alt: images.HijackedAlt},
	}
}
