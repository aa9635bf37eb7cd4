package commands

import (
	"context"
	"fmt"
	"image"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/games"
	"standoff/storage"
)

// dmsTo counts the DMs a user got that show their secret.
func (h *harness) dmsTo(user string) int {
	h.rec.mu.Lock()
	defer h.rec.mu.Unlock()
	n := 0
	for _, m := range h.rec.msgs {
		if m.dm == user && strings.Contains(shown(m.m), "Your secret number") {
			n++
		}
	}
	return n
}

// A DM that Discord's rate limits held back is sent on its own once the
// budget allows, without waiting for another move: a decision the game
// waits on must reach its player. It is sent once, and recorded, so the
// next change does not send it again.
func TestHeldBackDMIsSentAgain(t *testing.T) {
	h := newHarness(t)
	h.rec.mu.Lock()
	h.rec.limitDMs = 2 // both players' first DMs
	h.rec.mu.Unlock()
	h.startTally()
	h.r.Wait()
	for _, u := range []string{"alice", "bob"} {
		if n := h.dmsTo(u); n != 1 {
			t.Errorf("%s got %d DMs with their secret after the limit passed, want 1", u, n)
		}
	}
	for _, s := range h.game().Seats {
		if s.DMHash == "" {
			t.Errorf("seat %d: the resent DM was not recorded", s.Seat)
		}
	}
}

// A resend held back again tries again, and gives up after delivery.RedoTries in
// a row, leaving the DM to the next change.
func TestHeldBackDMRetriesThenWaitsForTheNextChange(t *testing.T) {
	h := newHarness(t)
	h.rec.mu.Lock()
	// Every try of the first player's DM; once one is held back the
	// others of that try are not tried (they would wait too).
	h.rec.limitDMs = 1 + delivery.RedoTries
	h.rec.mu.Unlock()
	h.r.send.Queue().SetRedoWait(func(int, time.Time, time.Time) time.Duration { return time.Millisecond }) // the tries, not their pace
	h.startTally()
	h.r.Wait()
	h.rec.mu.Lock()
	left := h.rec.limitDMs
	h.rec.mu.Unlock()
	if left != 0 {
		t.Fatalf("%d held-back DMs were never tried again", left)
	}
	if n := h.dmsTo("alice") + h.dmsTo("bob"); n != 0 {
		t.Fatalf("%d DMs went through while every try was held back", n)
	}
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 1"), "Played")
	h.r.Wait()
	if h.dmsTo("bob") != 1 {
		t.Errorf("bob's owed DM did not come with the next change")
	}
}

// channelMessagesSince lists the channel messages recorded after the n-th.
func (h *harness) channelMessagesSince(n int) []*recMsg {
	h.rec.mu.Lock()
	defer h.rec.mu.Unlock()
	var out []*recMsg
	for _, m := range h.rec.msgs[n:] {
		if m.dm == "" {
			out = append(out, m)
		}
	}
	return out
}

// An edit of the living turn message that the rate limits held back under
// the game's lock is owed as an edit, made on its own once the budget
// allows: the same player goes on, so no new message pings them again,
// and whoever moved is not told of a delay of a second.
func TestHeldBackTurnEditIsMadeWithoutAnotherMove(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	h.cmd("alice", "tally", "move", "move=add 2")
	h.click("bob", h.rec.last("", "bob"), "OK")
	h.r.Wait()
	living, n := h.turn().id, h.rec.count()
	h.rec.mu.Lock()
	edits := h.rec.find(living).edits
	h.rec.limitEdits = 1
	h.rec.mu.Unlock()
	resp := h.cmd("bob", "tally", "move", "move=add 1")
	if resp.Message.Content != "Played `add 1`." {
		t.Fatalf("the mover was told %q", resp.Message.Content)
	}
	h.r.Wait()
	g := h.game()
	if g.RefreshPending || g.PostPending || g.MessageID != living {
		t.Fatalf("the owed edit was not made on its own: message %s (living %s), refresh owed %v, post owed %v",
			g.MessageID, living, g.RefreshPending, g.PostPending)
	}
	h.rec.mu.Lock()
	m := h.rec.find(living)
	made := m.edits > edits && strings.Contains(strings.ToLower(m.m.Content), "bob added 1")
	h.rec.mu.Unlock()
	if !made {
		t.Fatalf("the living message was not brought up to date: %q", m.m.Content)
	}
	if posted := h.channelMessagesSince(n); len(posted) != 0 {
		t.Fatalf("an owed edit posted %d new channel messages, first %q", len(posted), posted[0].m.Content)
	}
}

// acceptWithPostHeld has alice challenge bob and bob accept while the
// limits hold back the first turn message's post; it returns the
// challenge and how many messages were recorded before the Accept.
func (h *harness) acceptWithPostHeld() (lobby *recMsg, n int) {
	mustEphemeral(h.t, h.cmd("alice", "tally", "challenge", "opponent=bob"), "Challenge sent")
	lobby = h.rec.last(chanID, "")
	n = h.rec.count()
	h.rec.mu.Lock()
	h.rec.limitSends = 1
	h.rec.mu.Unlock()
	h.click("bob", lobby, "Accept")
	h.r.Wait()
	return lobby, n
}

// A new turn message held back is posted on its own once the budget
// allows, and pings whom it was to ping, once.
func TestHeldBackTurnPostIsPostedAndPingsOnce(t *testing.T) {
	h := newHarness(t)
	_, n := h.acceptWithPostHeld() // alice begins: the first turn message pings her
	if g := h.game(); g.PostPending || g.MessageID == "" {
		t.Fatalf("the held-back turn message is still owed (%v) or missing (%q)", g.PostPending, g.MessageID)
	}
	pings := 0
	for _, m := range h.channelMessagesSince(n) {
		for _, u := range m.m.Mentions {
			if u != "alice" {
				t.Errorf("%q pings %s, who is not waited on", m.m.Content, u)
			}
			pings++
		}
	}
	if pings != 1 {
		t.Fatalf("alice was pinged %d times for her first turn, want 1", pings)
	}
}

// No request made under a game's lock may wait for Discord's limits
// longer than lockedWait: moves typed and clicked, private reactions,
// /game status, votes and the clock's reminders all send bounded, or as
// clean-ups on spare budget after the lock is released.
func TestNothingUnderAGamesLockWaitsUnbounded(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	h.r.Wait()
	h.rec.mu.Lock()
	h.rec.unbounded = []string{}
	h.rec.mu.Unlock()
	h.cmd("alice", "tally", "move", "move=add 2")
	h.click("bob", h.rec.last("", "bob"), "OK")
	h.cmd("bob", "tally", "move", "move=add 1")
	h.click("alice", h.rec.last("", "alice"), "OK")
	h.cmd("carol", "game", "status")
	h.hours(13) // a reminder
	h.cmd("bob", "game", "skip", "player=alice")
	h.cmd("alice", "tally", "move", "move=add 3") // the vote lapses
	h.r.Wait()
	h.rec.mu.Lock()
	defer h.rec.mu.Unlock()
	if len(h.rec.unbounded) != 0 {
		t.Fatalf("requests made without a bound on their wait: %v", h.rec.unbounded)
	}
	if len(h.rec.msgs) < 8 {
		t.Fatalf("only %d messages: the game did not get far enough to check", len(h.rec.msgs))
	}
}

// An owed turn message pings only whom the lost one was to ping: a player
// who asked to be told by DM had their DM, and is not mentioned as well
// when the message is posted after all.
func TestOwedTurnPostPingsOnlyThoseToldInTheChannel(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.run("g", chanID, "alice", "game", "notify", "how=dm"), "Saved")
	lobby, n := h.acceptWithPostHeld() // alice begins, told by DM
	if g := h.game(); g.PostPending || g.MessageID == lobby.id {
		t.Fatalf("the first turn message was not posted: owed %v, message %q", g.PostPending, g.MessageID)
	}
	posted := h.channelMessagesSince(n)
	if len(posted) == 0 {
		t.Fatal("no turn message in the channel")
	}
	for _, m := range posted {
		if len(m.m.Mentions) != 0 {
			t.Errorf("%q pings %v; alice asked for DMs and had hers", m.m.Content, m.m.Mentions)
		}
	}
	told := 0
	for _, m := range h.messagesSince(n) {
		if strings.HasPrefix(m, "DM alice:") && strings.Contains(m, "is waiting for you") {
			told++
		}
	}
	if told != 1 {
		t.Errorf("alice was told %d times by DM that the game needs her, want 1: %q", told, h.messagesSince(n))
	}
}

// A game that ended while its last message could not be posted (an outage,
// or a crash between the final move's save and its message) still gets it
// from the clock: the result is what everyone waits to read.
func TestEndedGamesOwedMessageIsPostedByTheClock(t *testing.T) {
	h := newHarness(t)
	f := h.useFaulty()
	h.startTally("target=5")
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 2"), "Played")
	h.click("bob", h.rec.last("", "bob"), "OK")
	mustEphemeral(t, h.cmd("bob", "tally", "move", "move=add 1"), "Played")
	h.click("alice", h.rec.last("", "alice"), "OK")
	f.mu.Lock()
	f.sendErr = fmt.Errorf("503 Service Unavailable")
	f.mu.Unlock()
	h.cmd("alice", "tally", "move", "move=add 3") // total 9: over
	g := h.game()
	if g.Status != storage.Finished || !g.PostPending && !g.RefreshPending {
		t.Fatalf("the game should have ended with its last message owed: %s, owed %v/%v", g.Status, g.PostPending, g.RefreshPending)
	}
	f.mu.Lock()
	f.sendErr = nil
	f.mu.Unlock()
	h.tick()
	g = h.game()
	if g.PostPending || g.RefreshPending {
		t.Fatal("the clock left the ended game's last message owed")
	}
	if end := h.turn(); !strings.Contains(end.m.Content, "Game over") || len(end.m.Rows) != 0 {
		t.Fatalf("the last message: %q with %d rows of controls", end.m.Content, len(end.m.Rows))
	}
}

// opening is the recorder with DM channels to open first, as on Discord
// (DMOpener); the next limitOpens openings are held back by the limits.
type opening struct {
	*recorder
	limitOpens int
}

func (o *opening) OpenDM(ctx context.Context, user string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.take(ctx, "POST /users/@me/channels", &o.limitOpens) {
		return limitedError("POST /users/@me/channels")
	}
	return nil
}

// A DM whose channel the limits will not let open yet is owed before its
// pictures are drawn: every picture drawn went out in a message.
func TestHeldBackDMChannelCostsNoDrawing(t *testing.T) {
	h := newHarness(t)
	var draws atomic.Int32
	counted := tallyGame
	counted.Draw = func(v games.View) (image.Image, error) {
		draws.Add(1)
		return drawTally(v)
	}
	h.r = New(Deps{Store: h.store, Transport: &opening{recorder: h.rec, limitOpens: 3}, Games: []Game{counted}, Log: h.r.log,
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	h.startTally()
	h.r.Wait()
	for _, u := range []string{"alice", "bob"} {
		if n := h.dmsTo(u); n != 1 {
			t.Errorf("%s got %d DMs with their secret once the limit passed, want 1", u, n)
		}
	}
	h.rec.mu.Lock()
	sent := 0
	for _, m := range h.rec.msgs {
		sent += len(m.m.Files)
	}
	h.rec.mu.Unlock()
	if n := int(draws.Load()); n != sent {
		t.Fatalf("%d pictures drawn, %d sent: a held-back DM had its pictures drawn", n, sent)
	}
}

// Owed private messages survive a restart (issue 34): the limits hold a
// DM back, the process stops before its redo runs, and the next process's
// clock sends it, once. What was owed is in storage, not in the process.
func TestHeldBackDMSurvivesARestart(t *testing.T) {
	h := newHarness(t)
	h.r.send.Queue().SetRedoWait(func(int, time.Time, time.Time) time.Duration { return time.Hour }) // after the restart
	h.rec.mu.Lock()
	h.rec.limitDMs = 2 // both players' first DMs
	h.rec.mu.Unlock()
	h.startTally()
	h.r.Stop() // the redos waiting are given up, as at a shutdown
	h.restart()
	if n := h.dmsTo("alice") + h.dmsTo("bob"); n != 0 {
		t.Fatalf("%d DMs went out before the restart, though the limits held them back", n)
	}
	if !h.game().HasOwed {
		t.Fatal("the held-back DMs are not recorded as owed in the game's row")
	}
	h.r.send.Queue().SetRedoWait(func(int, time.Time, time.Time) time.Duration { return 0 })
	for i := 0; i < 2; i++ { // a second tick sends nothing more
		h.tick()
		h.r.Wait()
		for _, u := range []string{"alice", "bob"} {
			if n := h.dmsTo(u); n != 1 {
				t.Fatalf("tick %d after the restart: %s got %d DMs with their secret, want 1", i+1, u, n)
			}
		}
	}
	g := h.game()
	if g.HasOwed {
		t.Error("the DMs went out but the game still owes them")
	}
	for _, s := range g.Seats {
		if s.DMHash == "" {
			t.Errorf("seat %d: the DM sent after the restart was not recorded", s.Seat)
		}
	}
}

// An owed turn message pings, after a restart too, whom the lost one was
// to ping when it was held back: that decision is stored with it.
func TestOwedPingsSurviveARestart(t *testing.T) {
	h := newHarness(t)
	h.r.send.Queue().SetRedoWait(func(int, time.Time, time.Time) time.Duration { return time.Hour })
	_, n := h.acceptWithPostHeldNoWait()
	h.r.Stop()
	h.restart()
	o, err := h.store.LoadOwed(context.Background(), h.game().ID)
	if err != nil || !o.PingsKnown || len(o.Pings) != 1 || o.Pings[0] != "alice" {
		t.Fatalf("stored owed pings %+v (%v), want alice's", o, err)
	}
	h.tick()
	h.r.Wait()
	pings := 0
	for _, m := range h.channelMessagesSince(n) {
		for _, u := range m.m.Mentions {
			if u != "alice" {
				t.Errorf("%q pings %s, who is not waited on", m.m.Content, u)
			}
			pings++
		}
	}
	if g := h.game(); pings != 1 || g.PostPending || g.HasOwed {
		t.Fatalf("alice was pinged %d times for her first turn, want 1 (post owed %v, owes %v)", pings, g.PostPending, g.HasOwed)
	}
}

// acceptWithPostHeldNoWait is acceptWithPostHeld without waiting for the
// redo.
func (h *harness) acceptWithPostHeldNoWait() (lobby *recMsg, n int) {
	mustEphemeral(h.t, h.cmd("alice", "tally", "challenge", "opponent=bob"), "Challenge sent")
	lobby = h.rec.last(chanID, "")
	n = h.rec.count()
	h.rec.mu.Lock()
	h.rec.limitSends = 1
	h.rec.mu.Unlock()
	h.click("bob", lobby, "Accept")
	return lobby, n
}
