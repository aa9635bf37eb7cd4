package lowpriority

import "syscall"

// lower nices the calling thread alone: on Linux, PRIO_PROCESS with a
// thread's id sets that thread's niceness, not the whole process's.
func lower() { _ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), Nice) }

// niceness is the calling thread's niceness (for tests).
func niceness() (int, bool) {
	// The raw system call returns 20 - nice so that it is never negative.
	p, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		return 0, false
	}
	return 20 - p, true
}
