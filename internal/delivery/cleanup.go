package delivery

import "context"

// Clean-ups are requests that may wait, such as taking the controls off a
// turn message that a newer one replaced (a click on them is refused as
// outdated meanwhile). They wait in the one queue, after the game's lock
// is released, behind what players need, and go on request budget that
// nothing more urgent needs: a transport that paces (internal/pacing)
// refuses a spare request at once when the budget is short, and the
// clean-up keeps its place until the time it said.

// Later queues a clean-up of a server's game ("": of no server in
// particular). The queue's tracker waits for it, so a shutdown or a test
// sees it done.
func (s *Sender) Later(guild string, f func(context.Context) error) {
	s.queue.Add(Job{Guild: guild, Priority: Cleanup, Run: f})
}
