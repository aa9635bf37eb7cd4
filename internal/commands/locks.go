package commands

import "sync"

// gameLocks serialises the work on each game within a process. An entry
// lives only while someone holds or waits for its lock: a process that
// runs for months touches many thousands of games, and a lock per game
// ever seen would be kept forever.
type gameLocks struct {
	mu    sync.Mutex
	games map[int64]*gameLock
}

type gameLock struct {
	mu    sync.Mutex
	users int // holding or waiting
}

// lock takes the game's lock and returns its release.
func (l *gameLocks) lock(id int64) func() {
	l.mu.Lock()
	if l.games == nil {
		l.games = map[int64]*gameLock{}
	}
	g := l.games[id]
	if g == nil {
		g = &gameLock{}
		l.games[id] = g
	}
	g.users++
	l.mu.Unlock()
	g.mu.Lock()
	return func() {
		g.mu.Unlock()
		l.mu.Lock()
		if g.users--; g.users == 0 {
			delete(l.games, id)
		}
		l.mu.Unlock()
	}
}

// held counts the games with a lock held or waited for.
func (l *gameLocks) held() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.games)
}
