package discord

import (
	"context"
	"sync"
	"time"
)

// State is what the bot keeps in its database beside the games: the
// interactions already taken (HTTP mode: across processes, so a replayed
// request changes nothing) and small facts about itself, such as what it
// registered as slash commands. *storage.Store implements it.
type State interface {
	ClaimInteraction(ctx context.Context, id string, now time.Time, keep time.Duration) (bool, error)
	BotState(ctx context.Context, key string) (string, error)
	SetBotState(ctx context.Context, key, value string) error
}

// memState is State for one process, when no database is given.
type memState struct {
	mu     sync.Mutex
	seen   map[string]time.Time
	pruned time.Time
	kv     map[string]string
}

func newMemState() *memState {
	return &memState{seen: map[string]time.Time{}, kv: map[string]string{}}
}

func (m *memState) ClaimInteraction(_ context.Context, id string, now time.Time, keep time.Duration) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if now.Sub(m.pruned) > keep/8 {
		for k, at := range m.seen {
			if at.Before(now.Add(-keep)) {
				delete(m.seen, k)
			}
		}
		m.pruned = now
	}
	if _, ok := m.seen[id]; ok {
		return false, nil
	}
	m.seen[id] = now
	return true, nil
}

func (m *memState) BotState(_ context.Context, key string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.kv[key], nil
}

func (m *memState) SetBotState(_ context.Context, key, value string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.kv[key] = value
	return nil
}
