package commands

import (
	"context"
	"slices"
	"strings"
	"testing"

	"standoff/storage"
)

// confirmButton is the id of a confirmation's confirm button.
func confirmButton(t *testing.T, r Response) string {
	t.Helper()
	for _, row := range r.Message.Rows {
		for _, b := range row.Buttons {
			if strings.HasPrefix(b.CustomID, "confirm:") {
				return b.CustomID
			}
		}
	}
	t.Fatalf("no confirm button in %+v", r)
	return ""
}

func (h *harness) press(user, id string, manage bool) Response {
	return h.r.Handle(context.Background(), Interaction{Type: ComponentClick, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(user)}, CanManage: manage, CustomID: id, MessageID: "question"})
}

// The issue: "/game abandon and /game resign act at once: ask to confirm
// (a button, ephemeral), and tell the other players, pinging those it
// concerns. Stale/replayed confirm clicks must be refused clearly and
// change nothing."
func TestResignAndAbandonAskFirstAndTellTheTable(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "opponent2=carol"), "Challenge sent")
	lobby := h.rec.last(chanID, "")
	h.click("bob", lobby, "Accept")
	h.click("carol", lobby, "Accept")
	v := h.game().Version

	ask := h.cmd("bob", "game", "resign")
	mustEphemeral(t, ask, "Resign from")
	if h.game().Version != v || h.game().Status != storage.Active {
		t.Fatal("asking to resign changed the game")
	}
	yes := confirmButton(t, ask)
	// Cancel changes nothing.
	for _, row := range ask.Message.Rows {
		for _, b := range row.Buttons {
			if strings.HasPrefix(b.CustomID, "cancel:") {
				if r := h.press("bob", b.CustomID, false); r.Kind != Update || !strings.Contains(r.Message.Content, "nothing was changed") {
					t.Fatalf("cancel answered %+v", r)
				}
			}
		}
	}
	// A question the game moved past is refused.
	h.cmd("alice", "tally", "move", "move=add 1")
	h.r.Wait()
	mustEphemeral(t, h.press("bob", yes, false), "moved on since you asked")
	if h.game().Version == v || slices.ContainsFunc(h.moves(), func(m string) bool { return m == "!resign" }) {
		t.Fatal("a stale confirmation resigned")
	}

	ask = h.cmd("bob", "game", "resign")
	yes = confirmButton(t, ask)
	before := h.rec.count()
	if r := h.press("bob", yes, false); r.Kind != Update || !strings.Contains(r.Message.Content, "You resigned") {
		t.Fatalf("confirm answered %+v", r)
	}
	h.r.Wait()
	told := map[string]bool{}
	h.rec.mu.Lock()
	for _, m := range h.rec.msgs[before:] {
		for _, u := range m.m.Mentions {
			told[u] = true
		}
	}
	h.rec.mu.Unlock()
	if !told["alice"] || !told["carol"] || told["bob"] {
		t.Fatalf("pinged after bob resigned: %v, want alice and carol", told)
	}
	v = h.game().Version
	// The same click again is refused and changes nothing.
	mustEphemeral(t, h.press("bob", yes, false), "nothing was changed")
	if h.game().Version != v {
		t.Fatal("a replayed confirmation changed the game")
	}

	ask = h.cmd("alice", "game", "abandon")
	mustEphemeral(t, ask, "Abandon")
	if h.game().Status != storage.Active {
		t.Fatal("asking to abandon ended the game")
	}
	yes = confirmButton(t, ask)
	before = h.rec.count()
	if r := h.press("alice", yes, false); r.Kind != Update || r.Message.Content != "Game abandoned." {
		t.Fatalf("confirm answered %+v", r)
	}
	if h.game().Status != storage.Abandoned {
		t.Fatal("the game was not abandoned")
	}
	last := h.rec.last(chanID, "")
	if h.rec.count() == before || !slices.Equal(last.m.Mentions, []string{"carol"}) || !strings.Contains(last.m.Content, "<@carol>: alice abandoned the game") {
		t.Fatalf("the abandoned game's message: %+v (bob resigned, carol plays on)", last.m)
	}
	mustEphemeral(t, h.press("alice", yes, false), "has already ended; nothing was changed")
}

// moves is the current game's move log.
func (h *harness) moves() []string {
	h.t.Helper()
	ms, err := h.store.Moves(context.Background(), h.game().ID)
	if err != nil {
		h.t.Fatal(err)
	}
	var out []string
	for _, m := range ms {
		out = append(out, m.Move)
	}
	return out
}

// The issue: "the quiet-hours error doubles its phrase and echoes 2,000
// characters (refusals quote at most 40 chars of user input)".
func TestQuietHoursRefusalSaysItOnceAndQuotesLittle(t *testing.T) {
	h := newHarness(t)
	long := strings.Repeat("x", 2000)
	for _, typed := range []string{long, "22:00", "22:00-" + long, "25:00-07:00", "22:00-22:00"} {
		r := h.cmd("alice", "game", "notify", "quiet="+typed)
		text := shown(r.Message)
		if r.Kind != Reply || !r.Message.Ephemeral || strings.Count(strings.ToLower(text), "quiet hours") != 1 || strings.Contains(text, strings.Repeat("x", maxEcho+1)) {
			t.Errorf("quiet:%.50s… answered %q", typed, text)
		}
	}
}
