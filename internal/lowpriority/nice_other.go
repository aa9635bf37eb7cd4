//go:build !linux

package lowpriority

// lower leaves the thread as it is: only Linux nices one thread alone.
// The work still runs on at most GOMAXPROCS-1 threads.
func lower() {}

func niceness() (int, bool) { return 0, false }
