package memlimit

import (
	"runtime/debug"
	"testing"
)

func TestApply(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(before) })

	t.Setenv("GOMEMLIMIT", "")
	if got := Apply(); got != Default {
		t.Errorf("without GOMEMLIMIT the limit is %d, want %d", got, Default)
	}
	// An operator's GOMEMLIMIT (applied by the runtime at start) wins.
	debug.SetMemoryLimit(300 << 20)
	t.Setenv("GOMEMLIMIT", "300MiB")
	if got := Apply(); got != 300<<20 {
		t.Errorf("with GOMEMLIMIT set the limit became %d, want the operator's %d", got, 300<<20)
	}
}
