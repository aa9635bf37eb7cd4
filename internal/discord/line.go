package discord

import "standoff/internal/pacing"

// line orders the requests waiting for one limit (the bot token's global
// budget, or a route's bucket): by rank (pacing.WithRank: act, update,
// clean-up), then one request of each server in turn (pacing.WithServer),
// then by arrival. A limit grants a request only when what it has free
// covers every waiter ahead of it (ahead), so a request that may not wait
// (a deadline of now) goes only when nothing ahead of it waits: it cannot
// take the slot a better- or equally-ranked waiter is queued for. The
// zero line is empty. Its owner's lock guards it.
type line struct {
	waiters []*waiter
	seq     uint64
	// Turns, per rank: each waiter's turn is one past its server's last
	// and no earlier than the turn being served (the last granted), so the
	// servers waiting take turns one request each, and a server that
	// comes back after a while is served next, not credited for the time
	// it was quiet.
	served [pacing.RankCleanup + 1]uint64
	last   [pacing.RankCleanup + 1]map[string]uint64
}

// waiter is a request in a line.
type waiter struct {
	rank   pacing.Rank
	server string
	turn   uint64
	seq    uint64
}

// arrive adds a waiter in its server's next turn.
func (l *line) arrive(rank pacing.Rank, server string) *waiter {
	rank = min(max(rank, pacing.RankAct), pacing.RankCleanup)
	last := l.last[rank]
	if last == nil || len(last) > maxBuckets {
		// Past turns say nothing once served: a server whose last turn
		// was served starts from the turn being served anyway.
		fresh := map[string]uint64{}
		for k, v := range last {
			if v > l.served[rank] {
				fresh[k] = v
			}
		}
		last, l.last[rank] = fresh, fresh
	}
	l.seq++
	w := &waiter{rank: rank, server: server, seq: l.seq, turn: max(last[server], l.served[rank]) + 1}
	last[server] = w.turn
	l.waiters = append(l.waiters, w)
	return w
}

// grant notes that w got what it waited for: its turn is the one being
// served. The waiter still leaves the line (leave).
func (l *line) grant(w *waiter) {
	l.served[w.rank] = max(l.served[w.rank], w.turn)
}

// leave takes a waiter out of the line, granted or given up: those behind
// it move up.
func (l *line) leave(w *waiter) {
	for i, x := range l.waiters {
		if x == w {
			l.waiters = append(l.waiters[:i:i], l.waiters[i+1:]...)
			return
		}
	}
}

// ahead counts the waiters that go before w: a better rank; or the same
// rank and an earlier turn (the servers are served in turn); or the same
// turn and an earlier arrival.
func (l *line) ahead(w *waiter) int {
	n := 0
	for _, x := range l.waiters {
		switch {
		case x == w:
		case x.rank != w.rank:
			if x.rank < w.rank {
				n++
			}
		case x.turn != w.turn:
			if x.turn < w.turn {
				n++
			}
		case x.seq < w.seq:
			n++
		}
	}
	return n
}

// len is how many wait.
func (l *line) len() int { return len(l.waiters) }
