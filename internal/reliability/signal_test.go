package reliability

import (
	"os/signal"
	"syscall"
)

// signalIgnoreXFSZ makes a write past RLIMIT_FSIZE fail with EFBIG, as a
// full disk fails a write, instead of killing the process.
func signalIgnoreXFSZ() { signal.Ignore(syscall.SIGXFSZ) }
