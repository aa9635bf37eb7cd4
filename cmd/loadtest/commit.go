package main

import (
	"context"
	"path/filepath"
	"time"

	"standoff/internal/games"
	"standoff/storage"
)

// The answer to a move has a floor: the echo bot's answer (the same fake,
// discordgo and process, no game) plus the one durable commit the bot
// makes before it answers, since an acknowledged move must survive a
// crash. The target is that floor plus 1 ms; commitProbe measures the
// commit on the same disk and settings, after the play, when nothing else
// of the test runs.

const probeCommits = 200

// commitProbe times probeCommits moves committed one after another on one
// game in a fresh SQLite file in dir, as the bot commits them.
func commitProbe(dir string) (*latencies, error) {
	s, err := storage.Open(filepath.Join(dir, "commit-probe.db"))
	if err != nil {
		return nil, err
	}
	defer s.Close()
	ctx := context.Background()
	now := time.Now()
	g := &storage.Game{
		Guild: "g", Channel: "probe", Kind: "hijack", Options: games.Options{},
		Status: storage.Active, Creator: "alice", Seed: 1, State: make([]byte, 1500),
		CreatedAt: now, UpdatedAt: now, TurnStartedAt: now,
		Seats: []storage.Seat{{Seat: 0, UserID: "alice", Name: "alice", Accepted: true}, {Seat: 1, UserID: "bob", Name: "bob", Accepted: true}},
	}
	if err := s.CreateGame(ctx, g); err != nil {
		return nil, err
	}
	l := &latencies{}
	for range probeCommits {
		t0 := time.Now()
		g.UpdatedAt = t0
		if err := s.Save(ctx, g, g.Version, &games.SeatMove{Seat: g.Version % 2, Move: "a1"}); err != nil {
			return nil, err
		}
		l.add(time.Since(t0))
	}
	return l, nil
}

// answerTarget is the floor of a move's answer plus 1 ms; ok is false
// without an echo baseline or a probe.
func answerTarget(echoP50, commitP50 time.Duration) (time.Duration, bool) {
	if echoP50 <= 0 || commitP50 <= 0 {
		return 0, false
	}
	return echoP50 + commitP50 + time.Millisecond, true
}
