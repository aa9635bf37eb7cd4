package discord

import (
	"runtime/debug"
	"testing"
)

func TestLimitMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })

	t.Setenv("GOMEMLIMIT", "")
	if got := LimitMemory(); got != DefaultMemoryLimit {
		t.Errorf("without GOMEMLIMIT the limit is %d, want %d", got, DefaultMemoryLimit)
	}
	// An operator's GOMEMLIMIT (applied by the runtime at start) wins.
	debug.SetMemoryLimit(300 << 20)
	t.Setenv("GOMEMLIMIT", "300MiB")
	if got := LimitMemory(); got != 300<<20 {
		t.Errorf("with GOMEMLIMIT set the limit became %d, want the operator's %d", got, 300<<20)
	}
}
