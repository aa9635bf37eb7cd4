package hunted_test

import (
	"testing"

	"standoff/internal/games/enginebench"
	"standoff/internal/games/hunted"
)

// BenchmarkEngine: a move's engine cost on 2-player games (see enginebench).
func BenchmarkEngine(b *testing.B) { enginebench.Run(b, hunted.Kind, 2) }
