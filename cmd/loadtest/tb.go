package main

import (
	"fmt"
	"sync"
	"testing"
)

// processTB lets the fake Discord, written for tests, run in this program:
// it needs a testing.TB only to register its cleanup and to fail loudly.
// Embedding the interface satisfies testing.TB's unexported method; the
// methods the fake calls are defined here, and nothing else is called.
type processTB struct {
	testing.TB
	mu       sync.Mutex
	cleanups []func()
}

func (p *processTB) Helper() {}

func (p *processTB) Cleanup(f func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cleanups = append(p.cleanups, f)
}

func (p *processTB) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

func (p *processTB) Errorf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

func (p *processTB) Logf(string, ...any) {}

// cleanup runs the registered cleanups, last first, once.
func (p *processTB) cleanup() {
	p.mu.Lock()
	fs := p.cleanups
	p.cleanups = nil
	p.mu.Unlock()
	for i := len(fs) - 1; i >= 0; i-- {
		fs[i]()
	}
}
