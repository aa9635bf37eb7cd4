package commands

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/internal/games/lockedout"
	"standoff/storage"
)

// handReply records what a click's interaction does to the clicked
// ephemeral message.
type handReply struct{ edits []Message }

func (h *handReply) EditOriginal(_ context.Context, m Message) error {
	h.edits = append(h.edits, m)
	return nil
}
func (h *handReply) ClearOriginal(context.Context) error { return nil }
func (h *handReply) FollowUp(context.Context, Message) (string, error) {
	return "", fmt.Errorf("a private answer posts nothing new")
}

// newLockedOutHarness hosts Locked Out (no pictures), everyone's DMs
// closed.
func newLockedOutHarness(t *testing.T, seed uint64, users ...string) *harness {
	h := newHarness(t)
	h.seeds = games.NewRNG(seed)
	h.r = New(Deps{Store: h.store, Transport: h.rec, Games: []Game{{Kind: lockedout.Kind}}, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	for _, u := range users {
		h.rec.closed[u] = true
	}
	opts := []string{}
	for i, u := range users[1:] {
		opts = append(opts, opponentOption(i+1)+"="+u)
	}
	mustEphemeral(t, h.cmd(users[0], "lockedout", "challenge", opts...), "Challenge sent")
	lobby := h.rec.last(chanID, "")
	for _, u := range users[1:] {
		h.click(u, lobby, "Accept")
	}
	if h.game().Status != storage.Active {
		t.Fatal("game did not start")
	}
	return h
}

// clickHand presses a control on a player's ephemeral /game hand, as
// Discord sends it: not in a DM, on a message of its own, with the
// interaction to answer through.
func (h *harness) clickHand(user, message, id string, reply Replier) Response {
	in := Interaction{Type: ComponentClick, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(user)}, CustomID: id, MessageID: message, Reply: reply}
	return h.r.Handle(context.Background(), in)
}

// A player whose DMs are closed answers private decisions from /game
// hand; the issue: "The /game hand answer does not move on after a click,
// so each decision needs the command again, and each decision posts a new
// public line". A click on the ephemeral hand replaces it with the next
// decision (or says there is none), guided steps included, and the
// channel gets no line of its own for a decision of the player's own
// continuing turn.
func TestClosedDMHandFlowsFromDecisionToDecision(t *testing.T) {
	users := []string{"alice", "bob", "carol"}
	flows := 0
	for seed := uint64(1); seed <= 4; seed++ {
		h := newLockedOutHarness(t, seed, users...)
		rng := games.NewRNG(seed)
		for step := 0; step < 300 && h.game().Status == storage.Active; step++ {
			g := h.game()
			st, err := lockedout.Kind.Decode(g.State)
			if err != nil {
				t.Fatal(err)
			}
			var private, public *games.Prompt
			for _, p := range st.Prompts() {
				p := p
				if p.Private && private == nil {
					private = &p
				} else if !p.Private && !p.Standing && public == nil {
					public = &p
				}
			}
			if private == nil {
				if public == nil {
					break
				}
				legal := st.Legal(public.Seat)
				before := h.rec.count()
				h.cmd(users[public.Seat], "lockedout", "move", "move="+legal[rng.Intn(len(legal))])
				h.r.Wait()
				h.noOwnDecisionLine(t, step, before, users[public.Seat])
				continue
			}
			user := users[private.Seat]
			hand := h.cmd(user, "game", "hand")
			mustEphemeral(t, hand, private.Text)
			msg, message := hand.Message, fmt.Sprintf("hand-%d", step)
			reply := &handReply{}
			before := h.rec.count()
			for guided := 0; ; guided++ {
				if guided > 5 {
					t.Fatalf("guided steps never reach a move: %+v", msg.Rows)
				}
				var ids []string
				for _, row := range msg.Rows {
					for _, b := range row.Buttons {
						ids = append(ids, b.CustomID)
					}
					if row.Select != nil {
						for _, o := range row.Select.Options {
							ids = append(ids, row.Select.CustomID+"|"+o.Value)
						}
					}
				}
				if len(ids) == 0 {
					t.Fatalf("step %d: %s's hand has no controls: %q", step, user, msg.Content)
				}
				id := ids[rng.Intn(len(ids))]
				var r Response
				if sel, value, ok := strings.Cut(id, "|"); ok {
					in := Interaction{Type: ComponentClick, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(user)}, CustomID: sel, Values: []string{value}, MessageID: message, Reply: reply}
					r = h.r.Handle(context.Background(), in)
					id = value
				} else {
					r = h.clickHand(user, message, id, reply)
				}
				if r.Kind == Update {
					// A guided step: it replaces the hand it came from.
					msg = r.Message
					continue
				}
				if r.Kind != Ack {
					t.Fatalf("step %d: %s's click on %q answered %+v", step, user, id, r)
				}
				break
			}
			h.r.Wait()
			if len(reply.edits) != 1 {
				t.Fatalf("step %d: the hand was replaced %d times after the move, want once", step, len(reply.edits))
			}
			next := reply.edits[0]
			g = h.game()
			st, _ = lockedout.Kind.Decode(g.State)
			still := false
			for _, p := range st.Prompts() {
				if p.Seat == private.Seat && p.Private {
					still = true
					if !strings.Contains(next.Content, p.Text) || len(next.Rows) == 0 {
						t.Fatalf("step %d: the hand does not go on to the next decision %q: %q %+v", step, p.Text, next.Content, next.Rows)
					}
				}
			}
			if still {
				flows++
			} else if len(next.Rows) > 0 || !strings.Contains(next.Content, "Nothing more for you to decide") && !strings.Contains(next.Content, "Your turn goes on") {
				t.Fatalf("step %d: with no decision left the hand says %q %+v", step, next.Content, next.Rows)
			}
			h.noOwnDecisionLine(t, step, before, user)
		}
	}
	if flows == 0 {
		t.Fatal("no hand went on from one decision to another")
	}
	t.Logf("%d hands went on to a next decision", flows)
}

// noOwnDecisionLine fails when the channel got a line of its own, since
// message before, announcing user's next private decision after user's own
// move: the turn message already names it.
func (h *harness) noOwnDecisionLine(t *testing.T, step, before int, user string) {
	t.Helper()
	h.rec.mu.Lock()
	defer h.rec.mu.Unlock()
	for _, m := range h.rec.msgs[before:] {
		if m.channel != "" && strings.Contains(m.m.Content, "new private decision") && strings.Contains(m.m.Content, mention(user)) {
			t.Errorf("step %d: the channel announced %s's own next decision: %q", step, user, m.m.Content)
		}
	}
}
