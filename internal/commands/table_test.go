package commands

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/gif"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/games"
	"standoff/storage"
)

// faulty wraps the recorder with failures a channel can have: sends that
// fail with a chosen error, and messages deleted by a moderator.
type faulty struct {
	*recorder
	mu       sync.Mutex
	sendErr  error
	sends    int // sends and edits attempted while failing
	deleted  map[string]bool
	attempts int // every send attempted
}

func (f *faulty) Send(ctx context.Context, channel string, m Message) (string, error) {
	f.mu.Lock()
	f.attempts++
	err := f.sendErr
	if err != nil {
		f.sends++
	}
	f.mu.Unlock()
	if err != nil {
		return "", err
	}
	return f.recorder.Send(ctx, channel, m)
}

func (f *faulty) Edit(ctx context.Context, channel, id string, m Message) error {
	f.mu.Lock()
	gone := f.deleted[id]
	err := f.sendErr
	if err != nil && !gone {
		f.sends++
	}
	f.mu.Unlock()
	if gone {
		return fmt.Errorf("%w: 10008 Unknown Message", ErrMessageGone)
	}
	if err != nil {
		return err
	}
	return f.recorder.Edit(ctx, channel, id, m)
}

func (h *harness) useFaulty() *faulty {
	f := &faulty{recorder: h.rec, deleted: map[string]bool{}}
	h.r = New(Deps{Store: h.store, Transport: f, Games: []Game{tallyGame, noBotGame}, Log: h.r.log,
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	return f
}

// noBotGame is Tally without a bot of its own: automated seats get the
// generic policy every game has.
var noBotGame = func() Game {
	k := *tallyKind
	k.Name, k.Title, k.Bot, k.BotLevels = "tallyplain", "Plain Tally", nil, 0
	return Game{Kind: &k, Draw: drawTally}
}()

func (h *harness) tick() { h.r.Tick(context.Background()) }

// "A turn that is several moves must read as one turn message that is
// edited as the player acts, with the narration growing in it, not a new
// message per click. A new message is posted when a different player must
// act. Old messages keep their text and lose their controls."
func TestOneLivingMessagePerTurn(t *testing.T) {
	h := newHarness(t)
	h.startTally()
	first := h.turn()
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 2"), "Played")
	// Bob's reaction is private and announced by DM: the same message is
	// edited with alice's move in it.
	if h.turn().id != first.id || first.edits == 0 {
		t.Fatalf("alice's move posted a new message (%s, was %s) instead of editing", h.turn().id, first.id)
	}
	if !strings.Contains(strings.ToLower(first.m.Content), "alice added 2") || !strings.Contains(first.m.Content, "The game begins") {
		t.Fatalf("the living message does not tell the turn: %q", first.m.Content)
	}
	h.click("bob", h.rec.last("", "bob"), "OK")
	// Now bob must act in the channel: a new message names him, without
	// pinging him (he just acted; his DM told him of the reaction).
	second := h.turn()
	if second.id == first.id {
		t.Fatal("no new message when a different player must act")
	}
	if !strings.Contains(second.m.Content, "<@bob>") || len(second.m.Mentions) != 0 || len(first.m.Rows) != 0 {
		t.Fatalf("new message %q pings %v; old rows %v", second.m.Content, second.m.Mentions, first.m.Rows)
	}
	if !strings.Contains(strings.ToLower(first.m.Content), "alice added 2") {
		t.Fatal("the old message lost its text")
	}
}

// The narration of a long turn keeps its newest lines within the limit.
func TestNarrationKeepsTheNewestLines(t *testing.T) {
	var s string
	for i := 0; i < 200; i++ {
		s = joinNarration(s, fmt.Sprintf("line %d of a long turn", i))
	}
	if len(s) > maxNarration || !strings.HasSuffix(s, "line 199 of a long turn") || !strings.HasPrefix(s, "…\n") {
		t.Fatalf("narration %d bytes: %q…", len(s), s[:40])
	}
}

// Issue 8 item 3: the turn message deleted by a moderator (10008 on edit):
// post a new one instead of only warning.
func TestDeletedTurnMessageIsPostedAgain(t *testing.T) {
	h := newHarness(t)
	f := h.useFaulty()
	h.startTally()
	old := h.turn()
	f.deleted[old.id] = true
	mustEphemeral(t, h.cmd("alice", "tally", "move", "move=add 2"), "Played")
	now := h.turn()
	if now.id == old.id {
		t.Fatalf("no new message after the old one was deleted: %q", now.m.Content)
	}
	if !strings.Contains(now.m.Content, "The game begins") || !strings.Contains(strings.ToLower(now.m.Content), "alice added 2") {
		t.Fatalf("the new message does not tell the whole turn: %q", now.m.Content)
	}
}

// Issue 8 item 2: a post that fails after the move is saved. The mover is
// told, the post is retried, and any player brings the controls back with
// /game status. A turn message that was to ping nobody (the same player
// goes on) is owed as an edit of the living one, which pings nobody either.
func TestFailedPostIsOwedAndBroughtBack(t *testing.T) {
	h := newHarness(t)
	f := h.useFaulty()
	h.startTally()
	h.cmd("alice", "tally", "move", "move=add 2")
	h.click("bob", h.rec.last("", "bob"), "OK")
	living := h.turn().id
	f.sendErr = fmt.Errorf("503 Service Unavailable")
	resp := h.cmd("bob", "tally", "move", "move=add 1")
	mustEphemeral(t, resp, "saved, but posting the board failed")
	if g := h.game(); !g.RefreshPending || g.PostPending || g.Version == 0 {
		t.Fatalf("game not marked as owing an edit of its living message: %+v", g)
	}
	// Still failing: the clock tries and keeps it owed.
	h.tick()
	if !h.game().RefreshPending {
		t.Fatal("a failed retry cleared the debt")
	}
	f.sendErr = nil
	mustEphemeral(t, h.cmd("carol", "game", "status"), "") // not even a player
	g := h.game()
	if g.RefreshPending || g.PostPending {
		t.Fatal("still owed after /game status refreshed it")
	}
	msg := h.turn()
	if msg.id != living || !strings.Contains(strings.ToLower(msg.m.Content), "bob added 1") {
		t.Fatalf("the living message %s was not brought up to date: %s %q", living, msg.id, msg.m.Content)
	}
	if len(msg.m.Mentions) != 0 {
		t.Fatalf("the owed edit pings %v", msg.m.Mentions)
	}
	// The clock would have done it too: alice's reaction makes her the one
	// to act in the channel, which needs a new message.
	f.sendErr = fmt.Errorf("502 Bad Gateway")
	h.click("alice", h.rec.last("", "alice"), "OK")
	if g := h.game(); !g.PostPending && !g.RefreshPending {
		t.Fatal("a failed post was not owed")
	}
	f.sendErr = nil
	h.tick()
	if g := h.game(); g.PostPending || g.RefreshPending {
		t.Fatal("the clock did not make the owed message")
	}
}

// Issue 8 item 4: the channel deleted or access lost: stop knocking every
// tick, mark it unreachable, back off, and resume when someone acts there.
func TestUnreachableChannelIsLeftAloneUntilSomeoneActs(t *testing.T) {
	h := newHarness(t)
	f := h.useFaulty()
	h.startTally()
	f.sendErr = fmt.Errorf("%w: 50001 Missing Access", ErrChannelGone)
	h.cmd("alice", "tally", "move", "move=add 2")
	h.click("bob", h.rec.last("", "bob"), "OK") // bob must act: a new message is owed
	g := h.game()
	if g.UnreachableAt.IsZero() || !(g.PostPending || g.RefreshPending) {
		t.Fatalf("not marked unreachable: %+v", g)
	}
	before := f.sends
	for i := 0; i < 10; i++ {
		h.now = h.now.Add(delivery.UnreachableRetry / 12)
		h.tick()
	}
	if f.sends != before {
		t.Fatalf("the clock knocked %d times on a channel that is gone", f.sends-before)
	}
	h.now = h.now.Add(delivery.UnreachableRetry / 2)
	h.tick()
	if f.sends != before+1 {
		t.Fatalf("after the back-off the clock tried %d times, want 1", f.sends-before)
	}
	f.sendErr = nil
	resp := h.cmd("bob", "tally", "move", "move=add 1")
	mustEphemeral(t, resp, "Played")
	if g := h.game(); !g.UnreachableAt.IsZero() || g.PostPending || g.RefreshPending {
		t.Fatalf("acting in the channel did not clear the mark: %+v", g)
	}
}

// "A per-server or per-game turn time limit ... When a player runs out of
// time ... the seat is taken over by an automated player so the game goes
// on ... the replaced player can take their seat back."
func TestTurnLimitHandsTheSeatToTheBotAndRejoin(t *testing.T) {
	h := newHarness(t)
	h.cfg.AnswerAfter = 0
	h.open()
	mustEphemeral(t, h.cmd("alice", "tally", "start", "turn_limit=24h"), "")
	h.click("bob", h.rec.last(chanID, ""), "Join")
	h.click("alice", h.rec.last(chanID, ""), "Start")
	g := h.game()
	if g.TurnLimit != 24*time.Hour || g.Status != storage.Active {
		t.Fatalf("game %+v", g)
	}
	first := g.Seats[0].UserID
	h.now = h.now.Add(13 * time.Hour)
	h.tick() // a reminder that says how long is left
	if m := h.rec.last(chanID, ""); !strings.Contains(m.m.Content, "left before the bot takes over") {
		t.Fatalf("reminder %q", m.m.Content)
	}
	h.now = h.now.Add(12 * time.Hour)
	h.tick()
	g = h.game()
	if !g.Seats[0].Away {
		t.Fatalf("the idle player's seat was not handed over: %+v", g.Seats)
	}
	if !strings.Contains(h.turn().m.Content, "turn limit") {
		t.Fatalf("the channel was not told: %q", h.turn().m.Content)
	}
	moves, _ := h.store.Moves(context.Background(), g.ID)
	if len(moves) == 0 || moves[0].Seat != 0 {
		t.Fatalf("the bot did not play the seat: %v", moves)
	}
	// The replaced player cannot move any more, but may ask back.
	mustEphemeral(t, h.cmd(first, "tally", "move", "move=add 1"), "")
	other := g.Seats[1].UserID
	// Once the bot was asked a later turn of the seat, only a vote gives
	// it back.
	h.playUntilAskedAgain(other, 0)
	mustEphemeral(t, h.cmd(first, "game", "rejoin"), "Vote opened")
	vote := h.rec.last(chanID, "")
	mustEphemeral(t, h.click(first, vote, "Yes"), "for the other players")
	h.click(other, vote, "Yes")
	if g := h.game(); g.Seats[0].Away {
		t.Fatal("the vote to give the seat back did not give it back")
	}
}

// The generic policy plays a seat for a game without a bot of its own,
// through to the end while the other player plays on.
func TestGenericPolicyFinishesAGameWithoutABot(t *testing.T) {
	h := newHarness(t)
	h.cfg.AnswerAfter = 0
	h.useFaulty()
	mustEphemeral(t, h.cmd("alice", "tallyplain", "challenge", "opponent=bob", "turn_limit=24h"), "Challenge sent")
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	h.now = h.now.Add(25 * time.Hour)
	h.tick()
	if g := h.game(); !g.Seats[0].Away {
		t.Fatalf("alice's seat was not handed over: %+v", g.Seats)
	}
	for i := 0; i < 100 && h.game().Status == storage.Active; i++ {
		tb, _ := h.r.table(h.game())
		legal := tb.state.Legal(1)
		if len(legal) == 0 {
			t.Fatalf("the game waits for nobody: %+v", tb.state.Prompts())
		}
		mustEphemeral(t, h.cmd("bob", "tallyplain", "move", "move="+legal[0]), "Played")
	}
	g := h.game()
	if g.Status != storage.Finished || !g.Seats[0].Away || g.Seats[1].Away {
		t.Fatalf("game not finished by bob and the generic policy: %s %+v", g.Status, g.Seats)
	}
}

// Issue 21: "Turn limits play solo games to the end ... A turn limit must
// never play the only human's seat in a solo game." Alone against the bot
// with a turn limit of 24 hours, a player away for days keeps their seat:
// nothing is played for them and the reminders promise no takeover.
func TestTurnLimitNeverPlaysTheOnlyPlayersSeat(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "ai=1", "turn_limit=24h"), "started")
	g := h.game()
	if g.TurnLimit != 24*time.Hour {
		t.Fatalf("turn limit %v", g.TurnLimit)
	}
	before := len(mustMoves(t, h, g))
	for i := 0; i < 10*24; i++ {
		h.now = h.now.Add(time.Hour)
		h.tick()
	}
	g = h.game()
	if g.Seats[0].Away || len(mustMoves(t, h, g)) != before || g.Status != storage.Active {
		t.Fatalf("the only player's seat was played: %s, %d moves (had %d), seats %+v", g.Status, len(mustMoves(t, h, g)), before, g.Seats)
	}
	for _, m := range h.rec.msgs {
		if strings.Contains(m.m.Content, "bot takes over") || strings.Contains(m.m.Content, "bot plays for them") {
			t.Fatalf("a solo game was told of a takeover: %q", m.m.Content)
		}
	}
}

// Issue 21: "a table where every human seat is automated must pause (not
// play itself to a result that counts in stats) until someone rejoins."
// Both players run out of time: the turn message says the game is paused
// and how to go on, offers no controls, nothing is played for days, and the
// first player to /game rejoin takes their seat back at once.
func TestTableOfAwayPlayersPausesUntilARejoin(t *testing.T) {
	h := newHarness(t)
	h.cfg.AnswerAfter = 0
	h.open()
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "turn_limit=24h"), "Challenge sent")
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	for i := 0; i < 10 && !h.game().Seats[1].Away; i++ {
		h.now = h.now.Add(25 * time.Hour)
		h.tick()
	}
	g := h.game()
	if !g.Seats[0].Away || !g.Seats[1].Away {
		t.Fatalf("both seats should have been handed over: %+v", g.Seats)
	}
	turn := h.turn()
	if !strings.Contains(turn.m.Content, "The game is paused") || !strings.Contains(turn.m.Content, "/game rejoin") || len(turn.m.Rows) != 0 {
		t.Fatalf("the paused table's message: %q, %d rows", turn.m.Content, len(turn.m.Rows))
	}
	// A new message, so that its mentions notify both players.
	if turn.edits != 0 || len(turn.m.Mentions) != 2 {
		t.Fatalf("the pause was told by an edit (%d) or without pinging both players (%v)", turn.edits, turn.m.Mentions)
	}
	moves := len(mustMoves(t, h, g))
	for i := 0; i < 10; i++ {
		h.now = h.now.Add(24 * time.Hour)
		h.tick()
	}
	if g := h.game(); g.Status != storage.Active || len(mustMoves(t, h, g)) != moves {
		t.Fatalf("the paused table played on: %s, %d moves (had %d)", g.Status, len(mustMoves(t, h, g)), moves)
	}
	if rs := mustResults(t, h); len(rs) != 0 {
		t.Fatalf("a paused table has results: %+v", rs)
	}
	mustEphemeral(t, h.cmd("bob", "game", "rejoin"), "took your seat back at once")
	g = h.game()
	if g.Seats[1].Away || !g.Seats[0].Away {
		t.Fatalf("seats after bob's rejoin: %+v", g.Seats)
	}
	if strings.Contains(h.turn().m.Content, "The game is paused") {
		t.Fatalf("still paused after a rejoin: %q", h.turn().m.Content)
	}
	tb, _ := h.r.table(g)
	if _, ok := tb.botToAct(); ok {
		t.Fatal("the bot did not play alice's seat once the game went on")
	}
}

func tallyThree(h *harness) {
	h.t.Helper()
	mustEphemeral(h.t, h.cmd("alice", "tally", "challenge", "opponent=bob", "opponent2=carol"), "Challenge sent")
	lobby := h.rec.last(chanID, "")
	h.click("bob", lobby, "Accept")
	h.click("carol", lobby, "Accept")
	if h.game().Status != storage.Active {
		h.t.Fatal("three-player game did not start")
	}
}

// "let the table vote to skip or remove a player who has vanished": skip
// gives the current turn its default or a move chosen for them; replace
// needs a majority of the others.
func TestVotesToSkipAndReplace(t *testing.T) {
	h := newHarness(t)
	tallyThree(h)
	g := h.game()
	onTurn := g.Seats[0].UserID
	a, b := g.Seats[1].UserID, g.Seats[2].UserID
	mustEphemeral(t, h.cmd(a, "game", "skip", "player="+a), "cannot vote on yourself")
	mustEphemeral(t, h.cmd(a, "game", "skip", "player="+b), "not waiting for")
	mustEphemeral(t, h.cmd("zed", "game", "skip", "player="+onTurn), "not playing")
	h.hours(12)
	v0 := h.game().Version
	mustEphemeral(t, h.cmd(a, "game", "skip", "player="+onTurn), "Vote opened")
	mustEphemeral(t, h.cmd(b, "game", "replace", "player="+onTurn), "already open")
	vote := h.rec.last(chanID, "")
	mustEphemeral(t, h.click(onTurn, vote, "Yes"), "for the other players")
	mustEphemeral(t, h.click(a, vote, "Yes"), "voted already")
	if h.game().Version != v0 {
		t.Fatal("an open vote changed the game")
	}
	h.click(b, vote, "Yes")
	g = h.game()
	moves, _ := h.store.Moves(context.Background(), g.ID)
	if len(moves) != 1 || moves[0].Seat != 0 || g.Seats[0].Away {
		t.Fatalf("skip: moves %v seats %+v", moves, g.Seats)
	}
	if !strings.Contains(vote.m.Content, "accepted") || len(vote.m.Rows) != 0 {
		t.Fatalf("vote message after the decision: %q", vote.m.Content)
	}
	// A replace vote refused by one of two voters (2 of 2 needed with the
	// asker's yes: the majority of two others is two).
	h.click(g.Seats[1].UserID, h.rec.last("", g.Seats[1].UserID), "OK") // the reaction
	waiting := h.game().Seats[1].UserID
	asker, other := g.Seats[0].UserID, g.Seats[2].UserID
	h.hours(12)
	mustEphemeral(t, h.cmd(asker, "game", "replace", "player="+waiting), "Vote opened")
	vote = h.rec.last(chanID, "")
	h.click(other, vote, "No")
	if h.game().Seats[1].Away || !strings.Contains(vote.m.Content, "refused") {
		t.Fatalf("a refused vote replaced the player: %q", vote.m.Content)
	}
	mustEphemeral(t, h.cmd(asker, "game", "replace", "player="+waiting), "Vote opened")
	vote = h.rec.last(chanID, "")
	h.click(other, vote, "Yes")
	if !h.game().Seats[1].Away {
		t.Fatal("an accepted vote did not replace the player")
	}
}

// A vote lapses once the game moves on.
func TestVoteLapsesWhenTheGameMoves(t *testing.T) {
	h := newHarness(t)
	tallyThree(h)
	g := h.game()
	h.hours(12)
	mustEphemeral(t, h.cmd(g.Seats[1].UserID, "game", "skip", "player="+g.Seats[0].UserID), "Vote opened")
	vote := h.rec.last(chanID, "")
	yes := vote.m.Rows[0].Buttons[0].CustomID
	mustEphemeral(t, h.cmd(g.Seats[0].UserID, "tally", "move", "move=add 1"), "Played")
	if !strings.Contains(vote.m.Content, "lapsed") || len(vote.m.Rows) != 0 {
		t.Fatalf("the lapsed vote still offers its buttons: %q", vote.m.Content)
	}
	mustEphemeral(t, h.clickID(g.Seats[2].UserID, vote, yes), "This vote is over")
}

// "Within the mover's own turn and before anyone else acted, an undoable
// move is taken back at once; otherwise the other players accept or refuse
// by buttons. The undo rebuilds the state by replaying the move log without
// the move (the log stays append-only: the undo is itself recorded), so
// replay still equals the stored state."
func TestUndoByAgreementAndReplay(t *testing.T) {
	h := newHarness(t)
	h.startTally("target=30")
	before := h.game()
	mustEphemeral(t, h.cmd("alice", "game", "undo"), "no move to take back")
	h.cmd("alice", "tally", "move", "move=add 2")
	mustEphemeral(t, h.cmd("bob", "game", "undo"), "no move to take back")
	mustEphemeral(t, h.cmd("alice", "game", "undo"), "Vote opened")
	vote := h.rec.last(chanID, "")
	h.click("bob", vote, "No")
	if !strings.Contains(vote.m.Content, "refused") {
		t.Fatalf("vote %q", vote.m.Content)
	}
	mustEphemeral(t, h.cmd("alice", "game", "undo"), "Vote opened")
	h.click("bob", h.rec.last(chanID, ""), "Yes")
	g := h.game()
	if !bytes.Equal(g.State, before.State) {
		t.Fatalf("undo did not restore the state:\n%s\n%s", g.State, before.State)
	}
	moves, _ := h.store.Moves(context.Background(), g.ID)
	if len(moves) != 2 || moves[1].Move != games.UndoMove {
		t.Fatalf("log %v: the undo must be recorded, the move kept", moves)
	}
	replayMatches(t, h)
	// Taken back at once within one's own turn: bob reacts, then adds, and
	// while alice still has to react he may not; then alice reacts with a
	// peek, which showed her bob's secret: never taken back.
	h.cmd("alice", "tally", "move", "move=add 3")
	h.click("bob", h.rec.last("", "bob"), "Peek")
	mustEphemeral(t, h.cmd("bob", "game", "undo"), "hidden information")
	h.cmd("bob", "tally", "move", "move=add 1")
	h.click("alice", h.rec.last("", "alice"), "OK")
	// alice on turn now; her last move ("ok") is hers and she is on turn.
	mustEphemeral(t, h.cmd("alice", "game", "undo"), "Took back `ok`")
	replayMatches(t, h)
}

func replayMatches(t *testing.T, h *harness) {
	t.Helper()
	g := h.game()
	moves, _ := h.store.Moves(context.Background(), g.ID)
	state, err := games.Replay(tallyKind, games.Setup{Players: g.Names(), Options: g.Options, Seed: g.Seed}, moves)
	if err != nil {
		t.Fatal(err)
	}
	enc, _ := state.Encode()
	if !bytes.Equal(enc, g.State) {
		t.Fatalf("replay differs from the stored state:\n%s\n%s", enc, g.State)
	}
}

// A game against the bot: the bot's answer is taken back with the move,
// at once, as nobody else is there to ask.
func TestUndoAgainstTheBotTakesBackItsAnswer(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "ai=1", "target=30"), "started")
	before := h.game()
	h.cmd("alice", "tally", "move", "move=add 2")
	mid := h.game()
	moves, _ := h.store.Moves(context.Background(), mid.ID)
	if len(moves) < 2 {
		t.Fatalf("the bot did not answer: %v", moves)
	}
	mustEphemeral(t, h.cmd("alice", "game", "undo"), "")
	if g := h.game(); !bytes.Equal(g.State, before.State) {
		t.Fatalf("state after undo:\n%s\nwant\n%s", g.State, before.State)
	}
	replayMatches(t, h)
}

// "/game stats [user] [game]: wins, losses, games played ... per server,
// from the stored games; /game leaderboard [game] for the server."
func TestStatsAndLeaderboardFromFinishedGames(t *testing.T) {
	h := newHarness(t)
	play := func(winner string) {
		mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob", "target=5"), "Challenge sent")
		h.click("bob", h.rec.last(chanID, ""), "Accept")
		for i := 0; h.game().Status == storage.Active; i++ {
			g := h.game()
			var ps []games.Prompt
			tb, _ := h.r.table(g)
			ps = tb.state.Prompts()
			p := ps[0]
			user := g.Seats[p.Seat].UserID
			move := "ok"
			if !p.Private {
				move = "add 1"
				if user == winner && tb.state.(*tally).Total >= 2 {
					move = "add 3"
				}
			}
			resp := h.r.Handle(context.Background(), Interaction{Type: SlashCommand, Guild: "g", Channel: chanID, User: User{ID: user, Name: NameOf(user)},
				Command: "tally", Sub: "move", Options: map[string]string{"move": move}})
			if !strings.Contains(resp.Message.Content, "Played") {
				t.Fatalf("move %q by %s: %q", move, user, resp.Message.Content)
			}
		}
	}
	play("alice")
	play("alice")
	play("bob")
	mustEphemeral(t, h.cmd("alice", "game", "stats"), "3 games")
	resp := h.cmd("bob", "game", "stats", "user=alice")
	total := 0
	for _, res := range mustResults(t, h) {
		if res.Rank == 1 {
			total++
		}
	}
	if total != 3 {
		t.Fatalf("%d winners recorded for 3 games", total)
	}
	if !strings.Contains(resp.Message.Content, "Alice") && !strings.Contains(resp.Message.Content, "alice") {
		t.Fatalf("stats of another user: %q", resp.Message.Content)
	}
	lb := h.cmd("carol", "game", "leaderboard", "game=tally")
	lines := strings.Split(lb.Message.Content, "\n")
	if len(lines) < 3 || !strings.Contains(lines[1], "<@alice>") || !strings.Contains(lines[2], "<@bob>") {
		t.Fatalf("leaderboard %q", lb.Message.Content)
	}
	other := Interaction{Type: SlashCommand, Guild: "elsewhere", Channel: "c9", User: User{ID: "alice", Name: NameOf("alice")}, Command: "game", Sub: "stats", Options: map[string]string{}}
	if r := h.r.Handle(context.Background(), other); !strings.Contains(r.Message.Content, "not finished a game") {
		t.Fatalf("another server sees this server's games: %q", r.Message.Content)
	}
}

func mustResults(t *testing.T, h *harness) []storage.Result {
	rs, err := h.store.Results(context.Background(), storage.ResultFilter{Guild: "g"})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// "/game replay [game id] posts an animated GIF ... of a finished game, from
// its move log and seed": every frame decodes; games of other servers and
// unfinished games are refused.
func TestReplayGIF(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "ai=1", "target=12"), "started")
	mustEphemeral(t, h.cmd("alice", "game", "replay"), "replays are for finished games")
	for h.game().Status == storage.Active {
		tb, _ := h.r.table(h.game())
		mustEphemeral(t, h.cmd("alice", "tally", "move", "move="+tb.state.Legal(0)[0]), "Played")
	}
	id := h.game().ID
	resp := h.cmd("bob", "game", "replay")
	if resp.Message.Ephemeral || len(resp.Message.Files) != 1 {
		t.Fatalf("replay answer %+v", resp.Message.Content)
	}
	anim, err := gif.DecodeAll(bytes.NewReader(resp.Message.Files[0].Data))
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := h.store.Moves(context.Background(), id)
	if len(anim.Image) != len(moves)+1 || len(anim.Image) != len(anim.Delay) {
		t.Fatalf("%d frames for %d moves", len(anim.Image), len(moves))
	}
	other := Interaction{Type: SlashCommand, Guild: "elsewhere", Channel: "c9", User: User{ID: "x", Name: NameOf("x")}, Command: "game", Sub: "replay",
		Options: map[string]string{"id": fmt.Sprint(id)}}
	if r := h.r.Handle(context.Background(), other); !strings.Contains(r.Message.Content, "no such game") {
		t.Fatalf("another server replays this server's game: %q", r.Message.Content)
	}
}

// Issue 8 item 10: a text board longer than a message goes whole, as a file.
func TestLongTextBoardIsAttachedWhole(t *testing.T) {
	h := newHarness(t)
	long := *tallyKind
	long.Name = "tallylong"
	long.Decode = func(b []byte) (games.State, error) {
		s, err := tallyKind.Decode(b)
		return longView{s.(*tally)}, err
	}
	long.New = func(s games.Setup) (games.State, error) {
		st, err := newTally(s)
		if err != nil {
			return nil, err
		}
		return longView{st.(*tally)}, nil
	}
	h.r = New(Deps{Store: h.store, Transport: h.rec, Games: []Game{{Kind: &long}}, Log: h.r.log, Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	mustEphemeral(t, h.cmd("alice", "tallylong", "challenge", "opponent=bob"), "Challenge sent")
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	for _, resp := range []Response{h.cmd("alice", "tallylong", "board", "text=true"), h.cmd("alice", "game", "status")} {
		if len(resp.Message.Content) > maxContent {
			t.Fatalf("message of %d characters", len(resp.Message.Content))
		}
		var found bool
		for _, f := range resp.Message.Files {
			if f.Name == "board.txt" {
				found = strings.HasSuffix(strings.TrimSpace(string(f.Data)), "row 99")
			}
		}
		if !found {
			t.Fatalf("the whole board is not attached: %q %d files", resp.Message.Content, len(resp.Message.Files))
		}
	}
}

type longView struct{ *tally }

type longText struct{}

func (longText) Text() string {
	var b strings.Builder
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, "a long board line, row %d\n", i)
	}
	return strings.TrimSpace(b.String())
}

func (l longView) Public() games.View { return longText{} }

// /<game> solo seats the game's bot against the player at once; the stored
// setup names the bot's seat for games whose bot follows its own rules.
func TestSoloAgainstTheBot(t *testing.T) {
	h := newHarness(t)
	h.useFaulty() // registers Plain Tally too
	mustEphemeral(t, h.cmd("alice", "tally", "solo"), "started")
	g := h.game()
	if g.Status != storage.Active || len(g.Seats) != 2 || g.Seats[1].BotLevel != 1 {
		t.Fatalf("solo game %+v", g.Seats)
	}
	if setup := g.Setup(); len(setup.Bots) != 2 || setup.Bots[1] != 1 || setup.Bots[0] != 0 {
		t.Fatalf("setup bots %v", setup.Bots)
	}
	h.confirmed(h.cmdIn("alice", "game", "abandon"))
	// A kind without a bot has no solo: its table of routes has none.
	mustEphemeral(t, h.cmd("alice", "tallyplain", "solo"), `/tallyplain has no subcommand "solo"; use challenge, start, move or board.`)
}

// A kind playable alone starts at once with /<game> start; partner:@user
// makes it a game for two that the partner accepts by button.
func TestStartAloneOrWithAPartner(t *testing.T) {
	h := newHarness(t)
	solo := *tallyKind
	solo.Name, solo.MinPlayers = "tallysolo", 1
	solo.New = func(s games.Setup) (games.State, error) {
		if len(s.Players) == 1 {
			s.Players = append(s.Players, "ghost")
		}
		return newTally(s)
	}
	h.r = New(Deps{Store: h.store, Transport: h.rec, Games: []Game{{Kind: &solo}}, Log: h.r.log, Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	var start Subcommand
	for _, c := range h.r.Commands() {
		if c.Name == "tallysolo" {
			start, _ = c.Sub("start")
		}
	}
	if _, ok := start.Option("partner"); !ok {
		t.Fatalf("/tallysolo start has no partner option: %+v", start.Options)
	}
	mustEphemeral(t, h.cmd("alice", "tallysolo", "start"), "started")
	if g := h.game(); g.Status != storage.Active || len(g.Seats) != 1 {
		t.Fatalf("solo start: %s with %d seats", g.Status, len(g.Seats))
	}
	h.confirmed(h.cmdIn("alice", "game", "abandon"))
	mustEphemeral(t, h.cmd("alice", "tallysolo", "start", "partner=bob"), "Challenge sent")
	h.click("bob", h.rec.last(chanID, ""), "Accept")
	if g := h.game(); g.Status != storage.Active || len(g.Seats) != 2 || g.Seats[1].UserID != "bob" {
		t.Fatalf("start with a partner: %s %+v", g.Status, g.Seats)
	}
}

// A crash between a move's save and the bots' answer leaves the game owing
// a turn message and waiting on its bot: the clock's next tick posts the
// message and lets the bot move (it used to stop after the post).
func TestClockWakesABotAfterACrash(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "ai=1", "target=30"), "started")
	row := h.game()
	tb, err := h.r.table(row)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.state.Apply(0, "add 2"); err != nil {
		t.Fatal(err)
	}
	row.State, _ = tb.state.Encode()
	row.PostPending = true
	if err := h.store.Save(context.Background(), row, row.Version, &games.SeatMove{Seat: 0, Move: "add 2"}); err != nil {
		t.Fatal(err)
	}
	h.tick()
	moves, _ := h.store.Moves(context.Background(), row.ID)
	if len(moves) < 2 {
		t.Fatalf("the bot did not move after the clock's tick: %v", moves)
	}
	if g := h.game(); g.PostPending {
		t.Fatal("the owed turn message was not posted")
	}
}

// A seat's hand is drawn only for a DM that is sent: every move asks each
// seat's DM whether it changed, and most do not (here the secrets never
// change, so after the first DMs only the reaction prompts are news).
func TestHandsDrawnOnlyForDMsSent(t *testing.T) {
	h := newHarness(t)
	var mu sync.Mutex
	hands := 0
	counting := tallyGame
	counting.Draw = func(v games.View) (image.Image, error) {
		if v.(tallyView).Secret > 0 {
			mu.Lock()
			hands++
			mu.Unlock()
		}
		return drawTally(v)
	}
	h.r = New(Deps{Store: h.store, Transport: h.rec, Games: []Game{counting}, Log: h.r.log,
		Now: func() time.Time { return h.now }, Seed: h.seeds.Uint64}, h.cfg)
	h.startTally("target=30")
	for i := 0; i < 6; i++ {
		g := h.game()
		mover := "alice"
		if i%2 == 1 {
			mover = "bob"
		}
		if g.Status != storage.Active {
			t.Fatal("the game ended early")
		}
		mustEphemeral(t, h.cmd(mover, "tally", "move", "move=add 1"), "Played")
		other := map[string]string{"alice": "bob", "bob": "alice"}[mover]
		h.click(other, h.rec.last("", other), "OK")
	}
	h.r.Wait()
	sent, withPicture := 0, 0
	for _, m := range h.rec.msgs {
		if m.dm != "" {
			sent++
			if len(m.m.Files) == 1 {
				withPicture++
			}
		}
	}
	mu.Lock()
	defer mu.Unlock()
	// A hand is drawn only for a DM that carries it, and a DM carries it
	// only when the hand changed: here each player's first DM (the tally's
	// secret never changes), the reactions come as text.
	if hands != withPicture || withPicture != 2 {
		t.Errorf("%d DMs sent, %d with a picture; %d hands drawn (want a picture in each player's first DM only, each drawn once)", sent, withPicture, hands)
	}
	if sent < 8 {
		t.Errorf("only %d DMs sent: the test should see reactions asked by DM", sent)
	}
}

// Issue 21: "A request to rejoin lapses when the game moves on ... In a game
// played over days this happens almost always. A rejoin vote must survive
// moves." The other players move (and the bot for the away seat) before
// the vote is answered; the vote stays open and, once accepted, gives the
// seat back.
func TestRejoinVoteSurvivesMoves(t *testing.T) {
	h := newHarness(t)
	h.cfg.AnswerAfter = 0
	h.open()
	mustEphemeral(t, h.cmd("alice", "tally", "start", "turn_limit=24h", "target=30"), "")
	h.click("bob", h.rec.last(chanID, ""), "Join")
	h.click("alice", h.rec.last(chanID, ""), "Start")
	first, other := h.game().Seats[0].UserID, h.game().Seats[1].UserID
	h.now = h.now.Add(25 * time.Hour)
	h.tick()
	if !h.game().Seats[0].Away {
		t.Fatal("the idle player's seat was not handed over")
	}
	h.playUntilAskedAgain(other, 0)
	mustEphemeral(t, h.cmd(first, "game", "rejoin"), "Vote opened")
	vote := h.rec.last(chanID, "")
	if !strings.Contains(vote.m.Content, "stays open while the game goes on") {
		t.Fatalf("the rejoin vote does not say it stays open: %q", vote.m.Content)
	}
	before := h.game().Version
	onTurn := func() bool {
		tb, _ := h.r.table(h.game())
		ps := tb.state.Prompts()
		return len(ps) > 0 && ps[0].Seat == 1 && ps[0].Turn
	}
	for i := 0; i < 2 || !onTurn(); i++ {
		tb, _ := h.r.table(h.game())
		ps := tb.state.Prompts()
		if len(ps) == 0 || ps[0].Seat != 1 {
			t.Fatalf("move %d: the game does not wait for %s: %+v", i, other, ps)
		}
		move := "add 1"
		if ps[0].Private {
			move = "ok"
		}
		mustEphemeral(t, h.cmd(other, "tally", "move", "move="+move), "Played")
	}
	if h.game().Version == before {
		t.Fatal("the game did not move on")
	}
	if strings.Contains(vote.m.Content, "lapsed") || len(vote.m.Rows) == 0 {
		t.Fatalf("the rejoin vote lapsed when the game moved on: %q", vote.m.Content)
	}
	mustEphemeral(t, h.cmd(other, "game", "skip", "player="+first), "already open")
	// An undo that needs nobody's agreement is not held up by it, and
	// leaves it open.
	mustEphemeral(t, h.cmd(other, "game", "undo"), "Took back")
	if strings.Contains(vote.m.Content, "lapsed") || len(vote.m.Rows) == 0 {
		t.Fatalf("the rejoin vote lapsed with an undo: %q", vote.m.Content)
	}
	h.click(other, vote, "Yes")
	if h.game().Seats[0].Away {
		t.Fatalf("the accepted rejoin vote did not give the seat back: %q", vote.m.Content)
	}
	if !strings.Contains(vote.m.Content, "accepted") {
		t.Fatalf("vote message %q", vote.m.Content)
	}
}
