// Package lowpriority runs CPU-heavy work that can wait a little (drawing
// a board) on threads the operating system runs after everything else in
// the process, so work that must answer at once (the answer to a move,
// already saved) does not queue behind it for a core.
//
// Two things make that so. Go does not preempt a running goroutine for
// 10 ms, so the work runs on at most GOMAXPROCS-1 threads and a waiting
// answer always finds a free P (AddProcessor raises GOMAXPROCS by one so
// the work can still use every core). Then the kernel must run that
// answer's thread rather than the work's: the work's threads are niced,
// and a thread woken at normal priority preempts them at once. With the
// cores idle otherwise, niced work runs as fast as any other.
package lowpriority

import (
	"runtime"
	"sync"
)

// Nice is the niceness of the work's threads: a normal thread outweighs
// one of them about ten to one when both want a core.
const Nice = 10

var (
	start sync.Once
	jobs  chan job
	count int
)

type job struct {
	f    func()
	done chan any // the panic f raised, or nil
}

// Threads is how many pieces of work run at once: one fewer than
// GOMAXPROCS when the first work was handed over, and at least one.
func Threads() int {
	start.Do(startThreads)
	return count
}

// AddProcessor raises GOMAXPROCS by one before any work is handed over,
// so the work's threads (one fewer than GOMAXPROCS) number as many as the
// cores Go would use. A process that draws calls it once at start-up.
func AddProcessor() {
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + 1)
}

// Do runs f on a low-priority thread, waiting for one to be free, and
// returns once f has. A panic in f is raised again in the caller, where
// its recovery (a move's publication) expects it.
func Do(f func()) {
	start.Do(startThreads)
	j := job{f: f, done: make(chan any, 1)}
	jobs <- j
	if p := <-j.done; p != nil {
		panic(p)
	}
}

func startThreads() {
	count = max(1, runtime.GOMAXPROCS(0)-1)
	jobs = make(chan job)
	for range count {
		go serve()
	}
}

// serve keeps one thread for the work for the life of the process: its
// niceness cannot be lowered again without privileges, so the thread is
// never handed back to other goroutines.
func serve() {
	runtime.LockOSThread()
	lower()
	for j := range jobs {
		j.done <- run(j.f)
	}
}

func run(f func()) (raised any) {
	defer func() {
		raised = recover() // panic(nil) recovers as a *runtime.PanicNilError
	}()
	f()
	return nil
}
