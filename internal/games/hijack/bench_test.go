package hijack_test

import (
	"testing"

	"standoff/internal/games/enginebench"
	"standoff/internal/games/hijack"
)

// BenchmarkEngine: a move's engine cost on 2-player games (see enginebench).
func BenchmarkEngine(b *testing.B) { enginebench.Run(b, hijack.Kind, 2) }
