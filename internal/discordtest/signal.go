package discordtest

import (
	"fmt"
	"time"
)

// WaitUntil wakes every waiter on every change of the server, which is
// fine for a test with a few waiters and quadratic for a load test with a
// thousand players each waiting on its own interaction. The waits on one
// interaction or one channel therefore sleep on a signal of their own,
// fired by the changes that concern it, besides the server-wide one.

// signal wakes the goroutines waiting on one thing. Its channel is made
// only when someone waits, so firing a signal nobody waits on costs
// nothing. Use it with s.mu held.
type signal struct{ ch chan struct{} }

func (g *signal) wait() <-chan struct{} {
	if g.ch == nil {
		g.ch = make(chan struct{})
	}
	return g.ch
}

func (g *signal) fire() {
	if g.ch != nil {
		close(g.ch)
		g.ch = nil
	}
}

// waitOn is WaitUntil woken only by sig (and the server's closing). cond is
// called without s.mu held and may call the server's accessors.
func (s *Server) waitOn(sig *signal, timeout time.Duration, cond func() bool) error {
	return s.wait(timeout, sig.wait, cond)
}

// wait calls cond each time the channel next returns (read under s.mu) is
// closed, until cond returns true, the timeout passes (an error) or the
// server closes.
func (s *Server) wait(timeout time.Duration, next func() <-chan struct{}, cond func() bool) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		s.mu.Lock()
		ch, closed := next(), s.closed
		s.mu.Unlock()
		if cond() {
			return nil
		}
		if closed {
			return errClosed
		}
		select {
		case <-ch:
		case <-s.closing:
		case <-timer.C:
			if cond() {
				return nil
			}
			return errTimeout(timeout)
		}
	}
}

// channelUpdate is the newest public message of a channel posted, or
// edited while it is the newest.
type channelUpdate struct {
	message string
	at      time.Time
}

// keptUpdates is how many recent updates a channel remembers for
// WaitChannelUpdate: a move's turn message and the old one's controls
// taken off, a few times over.
const keptUpdates = 8

// messageChangedLocked wakes whoever waits on the message's interaction or
// channel, and records the channel's newest public message posted or
// edited as the channel's update: what a member sees at the bottom of the
// channel changed. An edit of an older message (a bot taking the buttons
// off its previous turn message) is not one. Call with s.mu held, after
// the change.
func (s *Server) messageChangedLocked(m *Message) {
	if in := s.interactions[m.InteractionID]; in != nil && m.InteractionID != "" {
		in.sig.fire()
	}
	ch := s.channels[m.ChannelID]
	if ch == nil {
		return
	}
	if m.Deleted && ch.newest == m {
		ch.newest = s.newestPublicLocked(ch)
	}
	if !m.Ephemeral && !m.Loading && !m.Deleted && ch.newest == m {
		if len(ch.updates) == keptUpdates {
			copy(ch.updates, ch.updates[1:])
			ch.updates = ch.updates[:keptUpdates-1]
		}
		ch.updates = append(ch.updates, channelUpdate{m.ID, time.Now()})
	}
	ch.sig.fire()
}

// newestPublicLocked finds the channel's newest message a member sees (not
// ephemeral, not deleted); nil if none. The channel keeps it (newest), so
// this walk is needed only when that message is deleted.
func (s *Server) newestPublicLocked(ch *channelState) *Message {
	for i := len(ch.order) - 1; i >= 0; i-- {
		if m := s.messages[ch.order[i]]; m != nil && !m.Ephemeral && !m.Deleted {
			return m
		}
	}
	return nil
}

// WaitChannelUpdate waits until the channel's newest public message (not
// an ephemeral one, not a deferred response still loading) has been posted,
// or edited while it was the newest, at or after since, and returns the
// first such message as it is now with the time of that change. It is how
// a player sees the board change after a move: the turn message posted, or
// edited in place, at the bottom of the channel; an edit of an older
// message (the buttons taken off the previous turn message) is not one.
// Only the last few updates of a channel are remembered, so since should
// be recent (a load test's command time).
func (s *Server) WaitChannelUpdate(channelID string, since time.Time, timeout time.Duration) (Message, time.Time, error) {
	s.mu.Lock()
	ch := s.channels[channelID]
	s.mu.Unlock()
	if ch == nil {
		return Message{}, time.Time{}, fmt.Errorf("discordtest: unknown channel %q", channelID)
	}
	var m Message
	var at time.Time
	err := s.waitOn(&ch.sig, timeout, func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, u := range ch.updates {
			if !u.at.Before(since) {
				if msg := s.messages[u.message]; msg != nil {
					m, at = msg.clone(), u.at
					return true
				}
			}
		}
		return false
	})
	if err != nil {
		return Message{}, time.Time{}, fmt.Errorf("discordtest: no update of channel %s since %s: %w", channelID, since.Format("15:04:05.000"), err)
	}
	return m, at, nil
}
