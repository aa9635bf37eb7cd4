package commands

import (
	"context"

	"standoff/internal/delivery"
)

// Clean-ups are requests that may wait, such as taking the controls off a
// turn message that a newer one replaced (a click on them is refused as
// outdated meanwhile). They wait in the one queue (internal/delivery), after
// the game's lock is released, behind what players need, and go on request
// budget that nothing more urgent needs: a transport that paces
// (internal/pacing) refuses a spare request at once when the budget is
// short, and the clean-up keeps its place until the time it said.

// later queues a clean-up for no server in particular. Router.Wait waits
// for the queue to empty, so a shutdown or a test sees it done.
func (r *Router) later(f func(context.Context) error) { r.laterFor("", f) }

// laterFor queues a clean-up of a server's game.
func (r *Router) laterFor(guild string, f func(context.Context) error) {
	r.queue.Add(delivery.Job{Guild: guild, Priority: delivery.Cleanup, Run: f})
}
