package discord

import (
	"context"
	"time"

	"standoff/internal/pacing"
)

// HoldBudget takes one request of a global limit, as a request in flight
// does, until release: with a limit of one, every bot-token request then
// waits in the limit's line or, under a game's lock, is refused and owed.
// A test frees the budget when it chooses, not when a clock does.
func HoldBudget(g *GlobalLimit) (release func()) {
	done, err := g.acquire(context.Background(), pacing.Urgent, time.Now().Add(time.Hour), "held by a test")
	if err != nil {
		panic(err)
	}
	return done
}

// BudgetWaiting is how many requests wait in a global limit's line.
func BudgetWaiting(g *GlobalLimit) int { return g.waiting() }

// BudgetLine lists the ranks and servers waiting in a global limit's
// line, in arrival order.
func BudgetLine(g *GlobalLimit) []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []string
	for _, w := range g.line.waiters {
		out = append(out, w.rank.String()+"@"+w.server)
	}
	return out
}
