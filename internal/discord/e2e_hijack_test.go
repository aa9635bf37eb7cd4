package discord_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"standoff/internal/discordtest"
	"standoff/storage"
)

// guided follows the guided menus from a message with controls until a
// complete move is on offer, and returns the message offering it and the
// control (a button id, or a select id and its value) that plays it.
func (e *env) guided(user string, msg discordtest.Message) (discordtest.Message, string, string) {
	e.t.Helper()
	for step := 0; step < 8; step++ {
		for _, b := range msg.Buttons() {
			if strings.HasPrefix(b.CustomID, "m:") && !strings.HasSuffix(b.CustomID, ":draw") {
				return msg, b.CustomID, ""
			}
		}
		var next *discordtest.Interaction
		if sels := msg.Selects(); len(sels) > 0 {
			for _, o := range sels[0].Options {
				if strings.HasPrefix(o.Value, "m|") {
					return msg, sels[0].CustomID, o.Value
				}
			}
			e.selects.Add(1)
			next = e.must(e.fake.Select(user, msg.ID, sels[0].CustomID, sels[0].Options[0].Value))
		} else {
			id, ok := findID(msg, "r:")
			if !ok {
				e.t.Fatalf("guided menu has neither a move nor a refinement: %q %v", msg.Content, msg.CustomIDs())
			}
			next = e.must(e.fake.Click(user, msg.ID, id))
		}
		msg = e.guidedStep(next)
	}
	e.t.Fatalf("guided menus never reached a move")
	return msg, "", ""
}

// TestHijackGame plays a whole two-player Hijack game through the fake:
// challenge and Accept, autocomplete, typed moves, a move through the
// guided buttons and menus, a stale guided button, outsiders refused, a
// restart mid-game with the old buttons still working, to the end.
// It runs in both modes: interactions over the gateway, and POSTed by
// HTTP to the bot's Interactions Endpoint.
func TestHijackGame(t *testing.T) {
	inModes(t, testHijackGame)
}

func testHijackGame(t *testing.T, mode envOption) {
	e := newEnv(t, mode)

	// One bulk overwrite, global, that the fake's validation accepted; no
	// gateway intents at all.
	if n := e.fake.Calls(discordtest.RouteOverwriteGlobal); n != 1 {
		t.Errorf("%d global bulk overwrites, want 1", n)
	}
	var cmds []string
	for _, c := range e.fake.Commands("") {
		cmds = append(cmds, c.Name)
	}
	sort.Strings(cmds)
	want := []string{"game", "standoff"} // and one command per hosted game
	for _, g := range e.games {
		want = append(want, g.Kind.Name)
	}
	sort.Strings(want)
	if strings.Join(cmds, ",") != strings.Join(want, ",") {
		t.Errorf("registered commands %v, want %v", cmds, want)
	}
	switch st := e.fake.GatewayStats(); {
	case e.http && st.Connections != 0:
		t.Errorf("gateway: %+v, want no connection in HTTP mode", st)
	case !e.http && (st.Intents != 0 || st.Identifies != 1):
		t.Errorf("gateway: %+v, want intents 0 and one identify", st)
	}

	got := e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("num_pieces", 2))
	if !got.Ephemeral || !strings.Contains(got.Content, "Challenge sent") {
		t.Fatalf("challenge answer: %+v", got)
	}
	lobby, _ := e.fake.LastMessage(general)
	lobbyRow, _ := e.game(general)
	accept, ok := findID(lobby, "accept:")
	if !ok {
		t.Fatalf("lobby without Accept: %q %v", lobby.Content, lobby.CustomIDs())
	}
	if s := e.click(eve, lobby.ID, accept); !strings.Contains(s, "Only the challenged players") {
		t.Errorf("eve's Accept answered %q", s)
	}
	if s := e.click(bob, lobby.ID, accept); s != "" {
		t.Fatalf("bob's Accept answered %q", s)
	}
	row := e.settle(general, lobbyRow)
	if _, err := e.fake.Click(bob, lobby.ID, accept); err == nil {
		t.Error("the lobby kept its Accept button after the game began")
	}
	played := 0

	// Autocomplete lists alice's legal moves matching what she typed; bob,
	// off turn, gets nothing.
	_, st := e.game(general)
	legal := map[string]bool{}
	for _, m := range st.Legal(0) {
		legal[m] = true
	}
	choices, err := e.must(e.fake.Autocomplete(alice, general, "hijack", "move", "move", "b")).WaitChoices(wait)
	if err != nil || len(choices) == 0 || len(choices) > 25 {
		t.Fatalf("autocomplete: %v %v", choices, err)
	}
	for _, c := range choices {
		if s, _ := c.Value.(string); !strings.HasPrefix(s, "b") || !legal[s] {
			t.Errorf("autocomplete offered %v", c)
		}
	}
	if c, err := e.must(e.fake.Autocomplete(bob, general, "hijack", "move", "move", "")).WaitChoices(wait); err != nil || len(c) != 0 {
		t.Errorf("bob's autocomplete off turn: %v %v", c, err)
	}

	// Outsiders are refused and change nothing.
	if s := e.reply(eve, general, "hijack", "move", discordtest.Opt("move", "a0")); !strings.Contains(s.Content, "not playing") || !s.Ephemeral {
		t.Errorf("eve's move answered %+v", s)
	}
	turn := e.turnMessage(general)
	if len(turn.Attachments) != 1 || !strings.Contains(turn.Content, "<@"+alice+">") {
		t.Fatalf("first turn message: %q with %d attachments", turn.Content, len(turn.Attachments))
	}
	firstRefine, _ := findID(turn, "r:")
	if s := e.click(eve, turn.ID, firstRefine); !strings.Contains(s, "not playing") {
		t.Errorf("eve's click answered %q", s)
	}

	// Alice moves through the guided menus; the guided message loses its
	// controls and the old turn message its buttons.
	menu, id, value := e.guided(alice, turn)
	var in *discordtest.Interaction
	if value != "" {
		e.selects.Add(1)
		in = e.must(e.fake.Select(alice, menu.ID, id, value))
	} else {
		in = e.must(e.fake.Click(alice, menu.ID, id))
	}
	// The menu closes (below) and nothing else is said: inline that is an
	// update of the menu (type 7), deferred an edit of @original.
	if told := e.told(in); len(told) != 0 {
		t.Errorf("a guided move on an ephemeral menu answered %+v, want only the menu closed", told)
	}
	row = e.settle(general, row)
	played++
	if m, _ := e.fake.Message(menu.ID); len(m.CustomIDs()) != 0 {
		t.Errorf("the used guided menu kept its controls %v", m.CustomIDs())
	}
	if _, err := e.fake.Click(alice, turn.ID, firstRefine); err == nil {
		t.Error("the old turn message kept its buttons")
	}

	// Bob opens a guided menu, then types a move instead: the menu's move
	// is now stale and refused.
	stale, staleID, staleValue := e.guided(bob, e.turnMessage(general))
	_, st = e.game(general)
	mv := firstMove(st.Legal(1))
	if s := e.reply(bob, general, "hijack", "move", discordtest.Opt("move", mv)); s.Content != "Played `"+mv+"`." {
		t.Fatalf("bob's typed move answered %q", s.Content)
	}
	row = e.settle(general, row)
	played++
	var staleAnswer string
	if staleValue != "" {
		staleAnswer = e.choose(bob, stale.ID, staleID, staleValue)
	} else {
		staleAnswer = e.click(bob, stale.ID, staleID)
	}
	if !strings.Contains(staleAnswer, "position changed") {
		t.Errorf("stale guided move answered %q", staleAnswer)
	}

	// A restart mid-game: the turn message posted before it still works,
	// and the same commands are not registered again.
	before := e.turnMessage(general)
	e.restart()
	if n := e.fake.Calls(discordtest.RouteOverwriteGlobal); n != 1 {
		t.Errorf("%d bulk overwrites after a restart, want 1", n)
	}
	menu, id, value = e.guided(alice, before)
	if value != "" {
		e.choose(alice, menu.ID, id, value)
	} else {
		e.click(alice, menu.ID, id)
	}
	row = e.settle(general, row)
	played++

	// Typed moves to the end.
	for row.Status == storage.Active && played < 80 {
		_, st := e.game(general)
		p := st.Prompts()[0]
		user := row.Seats[p.Seat].UserID
		mv := firstMove(st.Legal(p.Seat))
		if s := e.reply(user, general, "hijack", "move", discordtest.Opt("move", mv)); s.Content != "Played `"+mv+"`." {
			t.Fatalf("move %d %q answered %q", played, mv, s.Content)
		}
		row = e.settle(general, row)
		played++
	}
	if row.Status == storage.Active {
		e.confirmed(alice, general, "game", "resign")
		row = e.settle(general, row)
		played++
	}
	if row.Status != storage.Finished {
		t.Fatalf("game status %s after %d moves", row.Status, played)
	}
	last := e.turnMessage(general)
	if !strings.Contains(last.Content, "Game over") || len(last.CustomIDs()) != 0 {
		t.Errorf("last message %q with controls %v", last.Content, last.CustomIDs())
	}

	// Nothing lost, nothing doubled: one log row per move, one channel
	// message per turn plus the lobby, controls only ever on the newest.
	if n := e.moves(row.ID); n != played {
		t.Errorf("%d moves logged, %d played", n, played)
	}
	msgs := e.fake.Messages(general)
	if len(msgs) != 2+played {
		t.Errorf("%d channel messages, want lobby + %d turns", len(msgs), 1+played)
	}
	for _, m := range msgs {
		if len(m.CustomIDs()) != 0 {
			t.Errorf("message %s still has controls %v", m.ID, m.CustomIDs())
		}
	}
	if n := checkImages(t, msgs); n != 1+played {
		t.Errorf("%d board images, want %d", n, 1+played)
	}
	for _, u := range []string{alice, bob, eve} {
		if dms := e.fake.DMs(u); len(dms) != 0 {
			t.Errorf("Hijack sent %s %d DMs", names[u], len(dms))
		}
	}
	if _, err := e.store.Game(context.Background(), row.ID); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d moves, %d select menu choices", played, e.selects.Load())
	if e.selects.Load() == 0 {
		t.Error("no select menu was used")
	}
	if e.http {
		// Every first response came in an HTTP response body, none
		// through the callback route.
		if n := e.fake.Calls(discordtest.RouteInteractionCallback); n != 0 {
			t.Errorf("%d callbacks in HTTP mode, want 0", n)
		}
		all := 0 // to the endpoints before and after the restart
		for _, n := range e.fake.HTTPDeliveries() {
			all += n
		}
		if n := e.fake.Calls(discordtest.RouteHTTPResponse); n == 0 || n != all {
			t.Errorf("%d HTTP responses read of %d interactions delivered", n, all)
		}
	}
	e.noErrorsBut()
	e.noErrorLogs()
}

// firstMove is the engine's most useful move that is not a draw offer.
func firstMove(legal []string) string {
	for _, m := range legal {
		if m != "draw" && m != "refuse" {
			return m
		}
	}
	return legal[0]
}
