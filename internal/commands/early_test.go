package commands

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// A move is answered as soon as it is saved; publishing it (the turn
// message, DMs) follows in the same pipeline once the answer was given,
// and until it is done the game stays locked and the router counts it as
// in flight.
func TestServeAnswersBeforePublishing(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	before := h.game()
	posted, edits := h.rec.count(), h.turn().edits
	in := Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: "alice", Name: NameOf("Alice")},
		Command: "tally", Sub: "move", Options: map[string]string{"move": "add 2"}}
	answers, publish := make(chan Response), make(chan struct{})
	served := make(chan *Trouble, 1)
	go func() {
		served <- h.r.Serve(context.Background(), h.r.Route(in), func(resp Response) {
			answers <- resp
			<-publish
		})
	}()
	resp := <-answers
	mustEphemeral(t, resp, "Played `add 2`.")
	saved := h.game()
	if saved.Version != before.Version+1 || !saved.PostPending {
		t.Fatalf("at the answer: version %d (want %d), post pending %v (want true: the turn message is owed)", saved.Version, before.Version+1, saved.PostPending)
	}
	if h.rec.count() != posted {
		t.Fatalf("%d messages were posted before the answer", h.rec.count()-posted)
	}

	// Bob's move and a shutdown wait for the publishing.
	bobDone := make(chan Response, 1)
	go func() { bobDone <- h.cmd("bob", "tally", "move", "move=ok") }()
	waited := make(chan struct{})
	go func() { h.r.Wait(); close(waited) }()
	select {
	case r := <-bobDone:
		t.Fatalf("bob's move went through while alice's was still being published: %+v", r)
	case <-waited:
		t.Fatal("Wait returned while a move was still being published")
	case <-time.After(200 * time.Millisecond):
	}

	close(publish)
	if trouble := <-served; trouble != nil {
		t.Fatalf("publishing said %q", trouble.Notice)
	}
	// Bob's move goes on as soon as the lock is free, so what alice's
	// publishing did is read from the messages, and the row once both
	// are done.
	mustEphemeral(t, <-bobDone, "Played `ok`.")
	<-waited
	h.rec.mu.Lock()
	m := h.rec.find(before.MessageID)
	shown := m.edits > edits && strings.Contains(m.m.Content, "Alice added 2")
	h.rec.mu.Unlock()
	if !shown {
		t.Fatalf("alice's publishing did not edit the living message %s with her move: %d edits (was %d)", before.MessageID, m.edits, edits)
	}
	if g := h.game(); g.PostPending {
		t.Fatal("both moves published, yet a turn message is still owed")
	}
}

// Handle runs the publishing itself and joins its notice to the answer,
// as the console and every caller that cannot answer early need.
func TestHandleJoinsTheNotice(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	h.r.out = failingPosts{h.rec}
	h.r.send.SetTransport(h.r.out)
	r := h.cmd("alice", "tally", "move", "move=add 2")
	mustEphemeral(t, r, "Played `add 2`. Everything was saved, but posting the board failed.")
	if g := h.game(); !g.PostPending && !g.RefreshPending {
		t.Error("the failed post is not owed")
	}
}

// failingPosts fails every post and edit in the channel.
type failingPosts struct{ *recorder }

func (f failingPosts) Send(context.Context, string, Message) (string, error) {
	return "", fmt.Errorf("500 internal server error")
}

func (f failingPosts) Edit(context.Context, string, string, Message) error {
	return fmt.Errorf("500 internal server error")
}
