package discord

import (
	"os"
	"runtime/debug"
)

// DefaultMemoryLimit is the soft limit on the Go runtime's memory that the
// bot runs under unless GOMEMLIMIT says otherwise. Pictures are drawn in
// buffers of several megabytes, and with the collector's default pacing
// the heap may double before it is collected, so a burst of moves took the
// process past 200 MiB; near the limit the collector runs more often
// instead. SQLite's page caches (cgo) come on top, a few MiB per connection.
const DefaultMemoryLimit = 100 << 20

// LimitMemory applies DefaultMemoryLimit to this process, unless the
// environment sets GOMEMLIMIT (which the runtime applies itself). It
// returns the limit in force.
func LimitMemory() int64 {
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(DefaultMemoryLimit)
	}
	return debug.SetMemoryLimit(-1)
}
