package lockedout_test

import (
	"testing"

	"standoff/internal/games/enginebench"
	"standoff/internal/games/lockedout"
)

// BenchmarkEngine: a move's engine cost on 4-player games (see enginebench).
func BenchmarkEngine(b *testing.B) { enginebench.Run(b, lockedout.Kind, 4) }
