// Package memlimit sets the soft memory limit the bot process runs under.
package memlimit

import (
	"os"
	"runtime/debug"
)

// Default is the soft limit on the Go runtime's memory that the
// bot runs under unless GOMEMLIMIT says otherwise. Pictures are drawn in
// buffers of several megabytes, and with the collector's default pacing
// the heap may double before it is collected, so a burst of moves took the
// process past 200 MiB; near the limit the collector runs more often
// instead. SQLite's page caches (cgo) and the program itself come on top,
// about 20 MiB. The price is CPU: at 1,000 games and 300 moves/s offered,
// a move cost 6.9 ms of CPU without a limit (peak 220 MiB), 7.8 ms at
// 120 MiB (141 MiB) and 10.6 ms at 100 MiB (125 MiB): see
// docs/performance.md. Hijacked's turn picture grew by a fifth with its
// medals and recognition, and the pooled drawing buffers with it, by about
// 6 MiB: the limit grew as much, so the collector keeps the room it had.
const Default = 118 << 20

// Apply applies Default to this process, unless the
// environment sets GOMEMLIMIT (which the runtime applies itself). It
// returns the limit in force.
func Apply() int64 {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(Default)
	}
	return debug.SetMemoryLimit(-1)
}
