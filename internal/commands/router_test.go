package commands

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/games"
	"standoff/storage"
)

func TestChallengeThenMovesByTextButtonAndDM(t *testing.T) {
	h := newHarness(t)
	h.startTally("target=8")
	turn := h.turn()
	if !strings.Contains(turn.m.Content, "<@alice>: add 1 to 3") || len(turn.m.Files) != 1 || turn.m.Files[0].Name != "board.png" {
		t.Fatalf("first turn message should mention alice and carry the board: %+v", turn.m)
	}
	if len(turn.m.Mentions) != 1 || turn.m.Mentions[0] != "alice" {
		t.Fatalf("only the player to act is pinged: %v", turn.m.Mentions)
	}
	// Both players got their secret by DM when the game began.
	for _, u := range []string{"alice", "bob"} {
		dm := h.rec.last("", u)
		if dm == nil || !strings.Contains(shown(dm.m), "Your secret number") {
			t.Fatalf("%s got no private view by DM", u)
		}
	}
	// A move by text.
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 2"), "Played `add 2`")
	if len(turn.m.Rows) != 0 {
		t.Fatal("the old turn message kept its controls")
	}
	// Bob, who is not on turn, is asked privately: the channel only names him.
	turn = h.turn()
	if !strings.Contains(turn.m.Content, "private decision") || len(turn.m.Rows) != 0 {
		t.Fatalf("a private prompt must not be shown in the channel: %+v", turn.m)
	}
	dm := h.rec.last("", "bob")
	if !strings.Contains(dm.m.Content, "React to the move") || len(dm.m.Rows) != 1 {
		t.Fatalf("bob's DM should carry his reaction controls: %+v", dm.m)
	}
	if r := h.click("bob", dm, "Peek"); r.Kind != Ack {
		t.Fatalf("peek: %+v", r)
	}
	if len(dm.m.Rows) != 0 {
		t.Fatal("a used DM prompt keeps its controls")
	}
	peek := h.rec.last("", "bob")
	if !strings.Contains(peek.m.Content, "Alice's secret is") {
		t.Fatalf("the private event did not reach bob: %q", peek.m.Content)
	}
	// Public narration says that bob peeked, never the secret.
	for _, m := range h.rec.msgs {
		if m.channel == chanID && strings.Contains(m.m.Content, "secret") {
			t.Fatalf("a secret reached the channel: %q", m.m.Content)
		}
	}
	// A move by button through the guided path (Refine) on bob's turn.
	ref := h.click("bob", h.turn(), "Add…")
	if ref.Kind != Reply || !ref.Message.Ephemeral || len(ref.Message.Rows) != 1 {
		t.Fatalf("the guided path opens an ephemeral choice: %+v", ref)
	}
	var three string
	for _, b := range ref.Message.Rows[0].Buttons {
		if b.Label == "3" {
			three = b.CustomID
		}
	}
	if r := h.clickID("bob", nil, three); r.Kind != Ack {
		t.Fatalf("add 3 by button: %+v", r)
	}
	h.click("alice", h.rec.last("", "alice"), "OK")
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 3"), "Played")
	// total 8: alice wins.
	g := h.game()
	if g.Status != storage.Finished {
		t.Fatalf("game should be finished, is %s", g.Status)
	}
	end := h.turn()
	if !strings.Contains(end.m.Content, "Game over") || !strings.Contains(end.m.Content, "1. Alice") || len(end.m.Rows) != 0 {
		t.Fatalf("final message: %q", end.m.Content)
	}
	moves, _ := h.store.Moves(context.Background(), g.ID)
	if len(moves) != 5 {
		t.Fatalf("move log has %d entries, want 5: %+v", len(moves), moves)
	}
}

// snapshot is everything a refused input must leave as it was.
func (h *harness) snapshot() string {
	g := h.game()
	moves, _ := h.store.Moves(context.Background(), g.ID)
	var b bytes.Buffer
	b.WriteString(string(g.Status))
	b.Write(g.State)
	b.WriteString(g.MessageID)
	for _, m := range moves {
		b.WriteString(m.Move)
	}
	return b.String() + "|" + string(rune('0'+g.Version))
}

func TestEveryBadInputIsRefusedAndChangesNothing(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	oldID := h.turn().m.Rows[0].Buttons[1].CustomID
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 1"), "Played")
	h.click("bob", h.rec.last("", "bob"), "OK")
	// Now it is bob's turn.
	cases := []struct {
		name, want string
		do         func() Response
	}{
		{"not a player", "not playing", func() Response { return h.cmd("carol", "tally", "move", "move=add 1") }},
		{"out of turn", "not your move", func() Response { return h.cmd("alice", "tally", "move", "move=add 1") }},
		{"illegal move", "not played", func() Response { return h.cmd("bob", "tally", "move", "move=add 7") }},
		{"gibberish move", "add 1, add 2", func() Response { return h.cmd("bob", "tally", "move", "move=<script>") }},
		{"empty move", "Type a move", func() Response { return h.cmd("bob", "tally", "move", "move=  ") }},
		{"resign marker as a move", "/game resign", func() Response { return h.cmd("bob", "tally", "move", "move="+games.ResignMove) }},
		{"second game in channel", "already has a game", func() Response { return h.cmd("carol", "tally", "challenge", "opponent=dave") }},
		{"malformed option", "whole number", func() Response { return h.cmd("carol", "tally", "start", "target=ten") }},
		{"option out of range", "from 5 to 30", func() Response { return h.cmd("carol", "tally", "start", "target=99") }},
		{"bad bool", "true or false", func() Response { return h.cmd("carol", "tally", "start", "double=maybe") }},
		{"unknown subcommand", "no subcommand", func() Response { return h.cmd("bob", "tally", "dance") }},
		{"unknown command", "do not know", func() Response { return h.cmd("bob", "chess", "move") }},
		{"stale button", "position changed", func() Response { return h.clickID("alice", nil, oldID) }},
		{"malformed custom id", "not one I know", func() Response { return h.clickID("bob", nil, "m:zz") }},
		{"unknown game id", "no longer exists", func() Response { return h.clickID("bob", nil, "m:999:0:add 1") }},
		{"stranger clicks", "not playing", func() Response { return h.clickID("carol", nil, h.turn().m.Rows[0].Buttons[1].CustomID) }},
		{"abandon by a player who did not create it", "creator", func() Response { return h.cmd("bob", "game", "abandon") }},
		{"resign by a stranger", "not playing", func() Response { return h.cmd("carol", "game", "resign") }},
		{"hand of a stranger", "not playing", func() Response { return h.cmd("carol", "game", "hand") }},
		{"join a running game", "already started", func() Response {
			return h.clickID("carol", nil, customID{Action: "join", Game: h.game().ID, Version: 0}.String())
		}},
	}
	for _, c := range cases {
		before, sent := h.snapshot(), h.rec.count()
		r := c.do()
		mustEphemeral(t, r, c.want)
		if after := h.snapshot(); after != before {
			t.Errorf("%s: the game changed", c.name)
		}
		if h.rec.count() != sent {
			t.Errorf("%s: a message was sent", c.name)
		}
	}
	// Commands that need a channel are refused in DMs.
	in := Interaction{Type: SlashCommand, DM: true, Channel: "dm", User: User{ID: "bob", Name: NameOf("Bob")}, Command: "tally", Sub: "move", Options: map[string]string{"move": "add 1"}}
	mustEphemeral(t, h.r.Handle(context.Background(), in), "server channels")
}

func TestChallengeRefusals(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=alice"), "yourself")
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "opponent2=bob"), "named twice")
	mustEphemeral(t, h.cmd("alice", "tally", "challenge"), "Who do you challenge to Tally?") // a menu of users (challenge_menu.go)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "ai=5"), "one level: leave ai out or use ai:1")
	if h.rec.count() != 0 {
		t.Fatal("refused challenges posted something")
	}
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob"), "Challenge sent")
	lobby := h.rec.last(chanID, "")
	mustEphemeral(t, h.click("carol", lobby, "Accept"), "Only the challenged")
	if r := h.click("bob", lobby, "Decline"); r.Kind != Ack {
		t.Fatalf("decline: %+v", r)
	}
	if g := h.game(); g.Status != storage.Abandoned {
		t.Fatalf("declined challenge is %s", g.Status)
	}
	if len(lobby.m.Rows) != 0 {
		t.Fatal("a declined challenge keeps its buttons")
	}
	// The channel is free again.
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob"), "Challenge sent")
}

func TestOpenLobbyJoinLeaveStart(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "start", "target=5"), "Lobby opened")
	lobby := h.rec.last(chanID, "")
	mustEphemeral(t, h.click("alice", lobby, "Start"), "needs 2 to 3 players")
	h.click("bob", lobby, "Join")
	h.click("carol", lobby, "Join")
	if !strings.Contains(lobby.m.Content, "Players (3)") || lobby.edits != 2 {
		t.Fatalf("the lobby message should list three players: %q", lobby.m.Content)
	}
	mustEphemeral(t, h.click("dave", lobby, "Join"), "full")
	h.click("carol", lobby, "Leave")
	mustEphemeral(t, h.click("bob", lobby, "Start"), "Only the lobby's creator")
	h.click("alice", lobby, "Start")
	g := h.game()
	if g.Status != storage.Active || len(g.Seats) != 2 || g.Seats[1].UserID != "bob" {
		t.Fatalf("lobby did not start with alice and bob: %+v", g)
	}
	if len(lobby.m.Rows) != 0 {
		t.Fatal("the lobby keeps its buttons after the start")
	}
}

func TestStaleAndConcurrentClicksApplyExactlyOnce(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	turn := h.turn()
	var id string
	for _, b := range turn.m.Rows[0].Buttons {
		if b.Label == "Add 3" {
			id = b.CustomID
		}
	}
	const clicks = 6
	var wg sync.WaitGroup
	resps := make([]Response, clicks)
	for i := 0; i < clicks; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			resps[i] = h.clickID("alice", turn, id)
		}(i)
	}
	wg.Wait()
	acks := 0
	for _, r := range resps {
		if r.Kind == Ack {
			acks++
		} else {
			mustEphemeral(t, r, "position changed")
		}
	}
	moves, _ := h.store.Moves(context.Background(), h.game().ID)
	if acks != 1 || len(moves) != 1 {
		t.Fatalf("%d clicks acknowledged and %d moves logged; want exactly 1 and 1", acks, len(moves))
	}
}

func TestTwoRoutersOnOneDatabaseApplyOneMove(t *testing.T) {
	// Two bot processes sharing a database file: the version check in the
	// store, not the in-process lock, keeps the second move out.
	h := newHarness(t)
	h.startTally()
	other, err := storage.Open(h.path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	r2 := New(Deps{Store: other, Transport: h.rec, Games: []Game{tallyGame}, Now: func() time.Time { return h.now }}, h.cfg)
	id := h.turn().m.Rows[0].Buttons[1].CustomID
	in := Interaction{Type: ComponentClick, Channel: chanID, User: User{ID: "alice", Name: NameOf("Alice")}, CustomID: id}
	var wg sync.WaitGroup
	var a, b Response
	wg.Add(2)
	go func() { defer wg.Done(); a = h.r.Handle(context.Background(), in) }()
	go func() { defer wg.Done(); b = r2.Handle(context.Background(), in) }()
	wg.Wait()
	moves, _ := h.store.Moves(context.Background(), h.game().ID)
	if len(moves) != 1 || (a.Kind == Ack) == (b.Kind == Ack) {
		t.Fatalf("want exactly one move applied: %d logged, responses %+v / %+v", len(moves), a, b)
	}
}

func TestRestartMidGameKeepsButtonsWorking(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	h.cmd("alice", "tally", "move", "move=add 1")
	dm := h.rec.last("", "bob")
	h.restart()
	if r := h.click("bob", dm, "OK"); r.Kind != Ack {
		t.Fatalf("a DM button from before the restart must still work: %+v", r)
	}
	turn := h.turn()
	h.restart()
	if r := h.click("bob", turn, "Add 3"); r.Kind != Ack {
		t.Fatalf("a turn button from before the restart must still work: %+v", r)
	}
	if g := h.game(); g.Status != storage.Active {
		t.Fatal("game lost in restart")
	}
}

func TestReplayOfTheLogEqualsTheStoredState(t *testing.T) {
	h := newHarness(t)
	h.startTally("target=30", "double=true")
	for i := 0; i < 6; i++ {
		g := h.game()
		seat := i % 2
		user := g.Seats[seat].UserID
		mustEphemeral(t, h.cmd(user, "tally", "move", "move=add 2"), "Played")
		h.click(g.Seats[1-seat].UserID, h.rec.last("", g.Seats[1-seat].UserID), "Peek")
	}
	g := h.game()
	moves, _ := h.store.Moves(context.Background(), g.ID)
	state, err := games.Replay(tallyKind, games.Setup{Players: g.Names(), Options: g.Options, Seed: g.Seed}, moves)
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := state.Encode()
	if !bytes.Equal(enc, g.State) {
		t.Fatalf("replayed state differs from the stored one:\n%s\n%s", enc, g.State)
	}
	if len(moves) != 12 {
		t.Fatalf("%d moves logged, want 12", len(moves))
	}
}

func TestRemindersWithAFakeClock(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	reminders := func() int {
		n := 0
		for _, m := range h.rec.msgs {
			if strings.Contains(m.m.Content, "Reminder") {
				n++
			}
		}
		return n
	}
	step := func(d time.Duration) {
		h.now = h.now.Add(d)
		h.r.Tick(context.Background())
	}
	step(11 * time.Hour)
	if reminders() != 0 {
		t.Fatal("reminded before RemindAfter")
	}
	step(2 * time.Hour) // 13h idle
	if reminders() != 1 {
		t.Fatalf("want one reminder after 13h, got %d", reminders())
	}
	last := h.rec.last(chanID, "")
	if !strings.Contains(last.m.Content, "<@alice>") || len(last.m.Mentions) != 1 {
		t.Fatalf("the reminder should ping the player to act: %+v", last.m)
	}
	step(10 * time.Hour) // 23h: less than RemindEvery since the first
	if reminders() != 1 {
		t.Fatal("reminded again before RemindEvery")
	}
	step(15 * time.Hour) // 38h
	if reminders() != 2 {
		t.Fatalf("want a second reminder after RemindEvery, got %d", reminders())
	}
	// A move resets the wait; the reaction asked of bob then answers itself
	// after AnswerAfter (48h) with its default.
	h.cmd("alice", "tally", "move", "move=add 1")
	step(47 * time.Hour)
	if g := h.game(); len(mustMoves(t, h, g)) != 1 {
		t.Fatal("answered automatically too early")
	}
	step(2 * time.Hour)
	moves := mustMoves(t, h, h.game())
	if len(moves) != 2 || moves[1].Move != "ok" || moves[1].Seat != 1 {
		t.Fatalf("bob's reaction should have been answered with its default: %+v", moves)
	}
	if !strings.Contains(h.turn().m.Content, "default answer") {
		t.Fatal("the automatic answer is not narrated")
	}
	// Turn prompts have no default: alice's turn waits, with reminders only.
	step(100 * time.Hour)
	if n := len(mustMoves(t, h, h.game())); n != 2 {
		t.Fatalf("a turn without a default was played for the player (%d moves)", n)
	}
}

func mustMoves(t *testing.T, h *harness, g *storage.Game) []games.SeatMove {
	t.Helper()
	m, err := h.store.Moves(context.Background(), g.ID)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestClosedDMsAreSaidInChannelAndHandWorks(t *testing.T) {
	h := newHarness(t)
	h.rec.closed["bob"] = true
	h.startTally()
	notices := 0
	for _, m := range h.rec.msgs {
		if strings.Contains(m.m.Content, "cannot send you direct messages") {
			notices++
		}
	}
	if notices != 1 {
		t.Fatalf("want one channel notice about bob's closed DMs, got %d", notices)
	}
	h.cmd("alice", "tally", "move", "move=add 1")
	if !strings.Contains(h.turn().m.Content, "DMs are closed, so use /game hand") {
		t.Fatalf("turn message should send bob to /game hand: %q", h.turn().m.Content)
	}
	hand := h.cmd("bob", "game", "hand")
	mustEphemeral(t, hand, "Your secret number")
	if len(hand.Message.Rows) != 1 || len(hand.Message.Rows[0].Buttons) != 2 {
		t.Fatalf("/game hand must carry bob's private controls: %+v", hand.Message.Rows)
	}
	r := h.clickID("bob", nil, hand.Message.Rows[0].Buttons[0].CustomID)
	if r.Kind != Ack {
		t.Fatalf("answering from /game hand: %+v", r)
	}
	for _, m := range h.rec.msgs {
		if m.channel == chanID && strings.Contains(m.m.Content, "secret number") {
			t.Fatal("a hand reached the channel")
		}
	}
}

func TestBotOpponentAndResignation(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "ai=1"), "started")
	g := h.game()
	if g.Status != storage.Active || g.Seats[1].BotLevel != 1 {
		t.Fatalf("a game against the bot starts at once: %+v", g)
	}
	h.cmd("alice", "tally", "move", "move=add 1")
	// The bot reacted and played by itself; it is alice's reaction now.
	moves := mustMoves(t, h, h.game())
	if len(moves) != 3 || moves[1].Seat != 1 || moves[2].Seat != 1 {
		t.Fatalf("the bot should have answered and moved: %+v", moves)
	}
	mustEphemeral(t, h.confirmed(h.cmdIn("alice", "game", "resign")), "resigned")
	g = h.game()
	if g.Status != storage.Finished || !strings.Contains(h.turn().m.Content, "Standoff (bot) wins") {
		t.Fatalf("resigning against the bot ends the game: %s / %q", g.Status, h.turn().m.Content)
	}
	// Challenging the bot user itself works the same way.
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=botid"), "started")
}

func TestThreePlayerResignationGoesOnAndAbandon(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "opponent2=carol"), "Challenge sent")
	lobby := h.rec.last(chanID, "")
	h.click("bob", lobby, "Accept")
	if h.game().Status != storage.Lobby {
		t.Fatal("started before every challenged player accepted")
	}
	h.click("carol", lobby, "Accept")
	mustEphemeral(t, h.confirmed(h.cmdIn("bob", "game", "resign")), "resigned")
	if h.game().Status != storage.Active {
		t.Fatal("a 3-player game goes on after one resignation")
	}
	mustEphemeral(t, h.cmd("dave", "game", "abandon"), "creator")
	in := Interaction{Type: SlashCommand, Channel: chanID, User: User{ID: "mod", Name: NameOf("Mod")}, CanManage: true, Command: "game", Sub: "abandon"}
	mustEphemeral(t, h.confirmed(in), "abandoned")
	if h.game().Status != storage.Abandoned {
		t.Fatal("a moderator could not abandon the game")
	}
	hist := h.cmd("alice", "game", "history")
	mustEphemeral(t, hist, "1. Bob: resigned")
}

func TestAutocompleteListsLegalMovesForThePlayerOnly(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	ac := func(user, typed string) []Suggestion {
		return h.r.Handle(context.Background(), Interaction{Type: Autocomplete, Channel: chanID, User: User{ID: user}, Command: "tally", Sub: "move",
			Focused: "move", Options: map[string]string{"move": typed}}).Suggestions
	}
	if got := ac("alice", "add"); len(got) != 3 || got[0].Value != "add 3" {
		t.Fatalf("alice's suggestions: %+v", got)
	}
	if got := ac("alice", "add 2"); len(got) != 1 {
		t.Fatalf("prefix filter: %+v", got)
	}
	if got := ac("bob", ""); len(got) != 0 {
		t.Fatalf("bob is not on turn and gets no suggestions: %+v", got)
	}
	if got := ac("carol", ""); len(got) != 0 {
		t.Fatal("a stranger gets suggestions")
	}
}

func TestStatusRulesHelpHistory(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "game", "help"), "/tally challenge")
	mustEphemeral(t, h.cmd("alice", "game", "rules", "game=tally"), "reaching the target wins")
	mustEphemeral(t, h.cmd("alice", "game", "rules"), "Which game?")
	mustEphemeral(t, h.cmd("alice", "game", "status"), "no game in this channel")
	h.startTally()
	st := h.cmd("carol", "game", "status")
	mustEphemeral(t, st, "Total 0 of 10")
	if len(st.Message.Rows) != 0 || len(st.Message.Files) != 1 {
		t.Fatal("status shows the board without controls")
	}
	mustEphemeral(t, h.cmd("carol", "game", "rules"), "Tally")
	h.cmd("alice", "tally", "move", "move=add 1")
	h.click("bob", h.rec.last("", "bob"), "Peek")
	hist := h.cmd("carol", "game", "history")
	mustEphemeral(t, hist, "1. Alice: add 1")
	if strings.Contains(hist.Message.Content, "peek") {
		t.Fatal("history shows a move the game marks as private")
	}
	mustEphemeral(t, h.cmd("carol", "tally", "board", "text=true"), "Total 1 of 10")
}

func TestLobbyThatCannotBePostedIsNotLeftBlockingTheChannel(t *testing.T) {
	h := newHarness(t)
	h.r.out = failingSends{h.rec}
	h.r.send.SetTransport(h.r.out)
	mustEphemeral(t, h.cmd("alice", "tally", "start"), "could not post in this channel")
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob"), "could not post in this channel")
	if g := h.game(); g.Open() {
		t.Fatalf("an unposted lobby stays open (%s) and blocks the channel", g.Status)
	}
	h.r.out = h.rec
	h.r.send.SetTransport(h.r.out)
	mustEphemeral(t, h.cmd("alice", "tally", "start"), "Lobby opened")
}

// A value the game's setup refuses must be refused before anything is
// stored: a lobby nobody can see, start or end would block the channel.
func TestOptionTheGameRefusesLeavesNoGame(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "target=13"), "No game was opened: target 13 is unlucky")
	mustEphemeral(t, h.cmd("alice", "tally", "start", "target=13"), "No game was opened")
	mustEphemeral(t, h.cmd("alice", "tally", "solo", "target=13"), "Options: target (total that wins)")
	if h.rec.count() != 0 {
		t.Fatal("a refused game posted something")
	}
	if _, err := h.store.LatestGame(context.Background(), chanID); err == nil {
		t.Fatal("a refused game was stored")
	}
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "target=12"), "Challenge sent")
}

// A very long typed move is refused with the reason in full and only the
// start of what was typed quoted back.
func TestLongTypedMoveIsQuotedShort(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	long := strings.Repeat("x", 3000)
	r := h.cmd("alice", "tally", "move", "move="+long)
	mustEphemeral(t, r, "3000 characters long")
	if len(r.Message.Content) > 400 {
		t.Fatalf("the refusal echoes the move: %d characters", len(r.Message.Content))
	}
	// Under the length limit, the engine's own refusal quotes a shortened
	// move and keeps its reason.
	mid := "add " + strings.Repeat("9", 150)
	r = h.cmd("alice", "tally", "move", "move="+mid)
	mustEphemeral(t, r, "That move was not played")
	if strings.Contains(r.Message.Content, strings.Repeat("9", maxEcho+1)) {
		t.Fatalf("the refusal quotes too much: %q", r.Message.Content)
	}
	if got := shortenEcho(`"`+mid+`" is not a move; try add 1`, mid); !strings.HasSuffix(got, "is not a move; try add 1") || len(got) > 80 {
		t.Fatalf("shortened refusal %q", got)
	}
	if got := shortenEcho(`unexpected "`+strings.Repeat("y", 100)+`" at the end`, mid); strings.Contains(got, strings.Repeat("y", maxEcho+1)) {
		t.Fatalf("a long quoted part stays: %q", got)
	}
}

// A long turn (a Cybot turn of many steps) keeps its newest lines, and the
// result and standings of a finished game are never cut for narration.
func TestLongNarrationNeverCutsTheResult(t *testing.T) {
	row := &storage.Game{ID: 7, Kind: "tally", Status: storage.Finished, Seats: []storage.Seat{{UserID: "1", Name: "alice"}, {UserID: "2", Name: "bob"}}}
	st := &tally{Names: []string{"alice", "bob"}, React: -1, Out: []bool{false, false},
		Result: &games.Outcome{Rank: []int{1, 2}, Score: []int{27, 27}, Text: "alice wins 27 to 27 on the recognition tie-break."}}
	tb := &table{row: row, game: Game{Kind: tallyKind}, state: st}
	var lines []string
	for i := 0; i < 120; i++ {
		lines = append(lines, fmt.Sprintf("Cybot step %d: spares a passenger card and moves on.", i))
	}
	narration := newestLines(strings.Join(lines, "\n"), maxNarration)
	if !strings.HasPrefix(narration, "…\n") || !strings.HasSuffix(narration, "step 119: spares a passenger card and moves on.") {
		t.Fatalf("the narration should keep its newest lines: %q", narration[len(narration)-80:])
	}
	msg := turnMessage(tb, strings.Repeat("x", 1500)+"\n"+narration)
	if len(msg.Content) > maxContent {
		t.Fatalf("turn message is %d characters", len(msg.Content))
	}
	for _, want := range []string{"recognition tie-break.", "1. alice (27)", "2. bob (27)", "step 119"} {
		if !strings.Contains(msg.Content, want) {
			t.Fatalf("turn message lost %q:\n%s", want, msg.Content)
		}
	}
}

// Another player's any-time action moves the game's version on without
// changing what the player on turn may do: their open controls keep
// working. Their own move, or a change to their prompt, still outdates them.
func TestAnytimeActionOfAnotherDoesNotOutdateTheTurn(t *testing.T) {
	h := newHarness(t)
	h.startTally("cheers=1")
	turn := h.turn()
	guided := h.click("alice", turn, "Add…")
	if len(guided.Message.Rows) != 1 {
		t.Fatalf("the guided choice has no buttons: %+v", guided)
	}
	two := ""
	for _, b := range guided.Message.Rows[0].Buttons {
		if b.Label == "2" {
			two = b.CustomID
		}
	}
	v := h.game().Version
	// bob cheers from the channel's standing button.
	var cheer string
	for _, row := range h.turn().m.Rows {
		for _, b := range row.Buttons {
			if b.Label == "Bob: Cheer" {
				cheer = b.CustomID
			}
		}
	}
	if cheer == "" {
		t.Fatalf("no cheer button for bob: %+v", h.turn().m.Rows)
	}
	// Each player's any-time buttons are theirs alone.
	mustEphemeral(t, h.clickID("alice", h.turn(), cheer), "one of Bob's any-time actions, not yours")
	if r := h.clickID("bob", h.turn(), cheer); r.Kind != Ack {
		t.Fatalf("cheer: %+v", r)
	}
	if h.game().Version != v+1 {
		t.Fatal("the cheer was not saved")
	}
	if r := h.clickID("alice", nil, two); r.Kind != Ack {
		t.Fatalf("alice's open choice was outdated by bob's cheer: %+v", r)
	}
	if !strings.Contains(h.turn().m.Content, "Alice added 2 (total 2)") {
		t.Fatalf("alice's move was not played: %q", h.turn().m.Content)
	}
	// The same click again: alice's prompt is gone, so it is outdated.
	mustEphemeral(t, h.clickID("alice", nil, two), "The position changed")
	// A cheer's button is bound to the version: pressed twice, it counts once.
	mustEphemeral(t, h.clickID("bob", nil, cheer), "The position changed")
	// A forged fingerprint is outdated too.
	id, _ := parseCustomID(two)
	id.Prompt = "00000000"
	mustEphemeral(t, h.clickID("alice", nil, id.String()), "The position changed")
}

// Issue 21: "Reminders never back off: a player got one every day until
// 'waiting for you for 29 days'. Back off (e.g. doubling) and stop when the
// game is closed for inactivity." Over a month of silence the gaps between
// reminders double, the last one says the game is about to close, and none
// comes once it is closed.
func TestRemindersBackOffAndStopAtClose(t *testing.T) {
	h := newHarness(t)
	h.cfg.CloseAfter = 30 * 24 * time.Hour
	h.open()
	h.startTally()
	start := h.now
	var at []time.Duration
	var texts []string
	seen := len(h.rec.msgs)
	for h.now.Sub(start) < 40*24*time.Hour {
		h.now = h.now.Add(time.Hour)
		h.r.Tick(context.Background())
		for _, m := range h.rec.msgs[seen:] {
			if strings.Contains(m.m.Content, "Reminder") {
				if h.game().Status != storage.Active {
					t.Fatalf("reminded in a closed game: %q", m.m.Content)
				}
				at = append(at, h.now.Sub(start))
				texts = append(texts, m.m.Content)
			}
		}
		seen = len(h.rec.msgs)
	}
	if g := h.game(); g.Status != storage.Abandoned {
		t.Fatalf("a game idle for 40 days is %s, want closed", g.Status)
	}
	if len(at) < 3 || len(at) > 7 {
		t.Fatalf("%d reminders in 30 days (at %v), want a handful", len(at), at)
	}
	if at[0] != 12*time.Hour {
		t.Fatalf("first reminder after %v, want 12h", at[0])
	}
	for i := 2; i < len(at); i++ {
		if gap, prev := at[i]-at[i-1], at[i-1]-at[i-2]; gap < 2*prev {
			t.Fatalf("reminders at %v: gap %v after a gap of %v does not back off", at, gap, prev)
		}
	}
	t.Logf("reminders at %v; last: %q", at, texts[len(texts)-1])
	for i, text := range texts {
		closing := strings.Contains(text, "If nobody moves, the game closes in")
		if closing != (i == len(texts)-1) {
			t.Fatalf("reminder %d of %d (%q): only the last should warn of the close", i+1, len(texts), text)
		}
	}
}
