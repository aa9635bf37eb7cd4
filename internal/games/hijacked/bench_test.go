package hijacked_test

import (
	"testing"

	"standoff/internal/games/enginebench"
	"standoff/internal/games/hijacked"
)

// BenchmarkEngine: a move's engine cost on 3-player games (see enginebench).
func BenchmarkEngine(b *testing.B) { enginebench.Run(b, hijacked.Kind, 3) }
