package discord_test

import (
	"context"
	"errors"
	"image"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/storage"
)

// TestSlowRenderDeferred: with drawing slowed to 4 s, every interaction
// still gets its first response within Discord's 3 seconds (a deferral, or
// a move's answer, which never waits for drawing) and the real answer
// follows. In both modes: over HTTP the deferral is
// the HTTP response and the answer takes the same follow-up path.
func TestSlowRenderDeferred(t *testing.T) {
	inModes(t, testSlowRenderDeferred)
}

func testSlowRenderDeferred(t *testing.T, mode envOption) {
	e := newEnv(t, mode, withGames(slowGames(4*time.Second, nil)))

	// A click whose work draws: deferred update, then the turn message.
	e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("num_pieces", 2))
	lobby, _ := e.fake.LastMessage(general)
	lobbyRow, _ := e.game(general)
	accept, _ := findID(lobby, "accept:")
	resp, _ := e.answered(e.must(e.fake.Click(bob, lobby.ID, accept)))
	if resp.Type != discordtest.CallbackDeferredUpdate {
		t.Errorf("slow click answered with type %d, want a deferred update", resp.Type)
	}
	row := e.settle(general, lobbyRow)

	// A typed move is answered as soon as it is saved, without waiting
	// for the board to be drawn; the board follows.
	_, st := e.game(general)
	mv := firstMove(st.Legal(0))
	resp, msg := e.answered(e.must(e.fake.RunCommand(alice, general, "hijack", "move", discordtest.Opt("move", mv))))
	if resp.Type != discordtest.CallbackChannelMessage || !resp.Ephemeral {
		t.Errorf("slow move answered with type %d (ephemeral %v), want the answer at once, ephemeral", resp.Type, resp.Ephemeral)
	}
	if msg.Content != "Played `"+mv+"`." || msg.Loading {
		t.Errorf("move answered %q", msg.Content)
	}
	if moved, _ := e.game(general); moved.Version != row.Version+1 {
		t.Errorf("answered before the move was saved: version %d, want %d", moved.Version, row.Version+1)
	}
	row = e.settle(general, row)
	if turn := e.turnMessage(general); len(turn.Attachments) != 1 || !strings.Contains(turn.Content, "<@"+bob+">") {
		t.Errorf("the board after the early answer: %+v", turn)
	}

	// An answer that is itself an image: the board, privately.
	resp, msg = e.answered(e.must(e.fake.RunCommand(bob, general, "hijack", "board")))
	if resp.Type != discordtest.CallbackDeferredChannelMessage || len(msg.Attachments) != 1 || !msg.Ephemeral {
		t.Errorf("slow board: type %d, %d attachments, ephemeral %v", resp.Type, len(msg.Attachments), msg.Ephemeral)
	}
	checkImages(t, []discordtest.Message{msg})

	// A cheap command is answered at once.
	if resp, _ := e.answered(e.must(e.fake.RunCommand(bob, general, "game", "help"))); resp.Type != discordtest.CallbackChannelMessage {
		t.Errorf("help answered with type %d", resp.Type)
	}
	if n := e.moves(row.ID); n != 1 {
		t.Errorf("%d moves logged", n)
	}
	e.noErrorsBut()
}

// TestShutdownFinishesMove closes the bot while a move is being drawn:
// Close waits, the move is in the log, its turn message is posted and the
// deferred answer delivered; a new bot on the same database carries on.
func TestShutdownFinishesMove(t *testing.T) {
	t.Parallel()
	started := make(chan struct{}, 1)
	e := newEnv(t, withGames(slowGames(2500*time.Millisecond, started)))
	row := e.startHijack(general)
	<-started // the first turn's drawing

	_, st := e.game(general)
	mv := firstMove(st.Legal(0))
	in := e.must(e.fake.RunCommand(alice, general, "hijack", "move", discordtest.Opt("move", mv)))
	<-started // the move is committed and its turn message is being drawn
	e.stop()

	store, err := storage.Open(e.db)
	if err != nil {
		t.Fatal(err)
	}
	got, err := store.Game(context.Background(), row.ID)
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := store.Moves(context.Background(), row.ID)
	store.Close()
	if len(moves) != 1 || moves[0].Move != mv || got.Version != row.Version+1 {
		t.Fatalf("after shutdown: moves %+v, version %d", moves, got.Version)
	}
	turn, ok := e.fake.Message(got.MessageID)
	if !ok || len(turn.Attachments) != 1 || !strings.Contains(turn.Content, "<@"+bob+">") {
		t.Fatalf("turn message after shutdown: %+v", turn)
	}
	if msg, err := in.WaitOriginal(wait); err != nil || msg.Content != "Played `"+mv+"`." {
		t.Errorf("the deferred answer: %q %v", msg.Content, err)
	}

	// A new bot on the same database carries on.
	e.start()
	e.typed(general)
}

// TestDevGuildRegistration: with a dev guild the commands go to that guild
// only, in one bulk overwrite.
func TestDevGuildRegistration(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withOptions(func(o *discord.Options) { o.DevGuildID = guild }))
	if n := e.fake.Calls(discordtest.RouteOverwriteGuild); n != 1 || len(e.fake.Commands(guild)) != len(e.games)+2 || len(e.fake.Commands("")) != 0 {
		t.Errorf("%d guild overwrites; %d guild and %d global commands", n, len(e.fake.Commands(guild)), len(e.fake.Commands("")))
	}
	if s := e.reply(alice, general, "game", "help"); !strings.Contains(s.Content, "Standoff") {
		t.Errorf("help: %q", s.Content)
	}
}

// TestRealBoardImage posts one turn message drawn by the real Hijack
// renderer: a phone-sized PNG well within Discord's limits.
func TestRealBoardImage(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withGames(catalog.Games()), withPatience(2*time.Minute), withOptions(func(o *discord.Options) { o.DeferAfter = time.Second }))
	e.startHijack(general)
	turn := e.turnMessage(general)
	if n := checkImages(t, []discordtest.Message{turn}); n != 1 {
		t.Fatalf("%d images on the first turn message", n)
	}
	if a := turn.Attachments[0]; a.Filename != "board.png" || a.Width < 600 {
		t.Errorf("board attachment %s %dx%d", a.Filename, a.Width, a.Height)
	}
}

// TestNoticeAfterEarlyAnswer: a move is answered once it is saved; when the
// board then cannot be posted, the player hears it in an ephemeral
// follow-up, and the game is saved all the same.
func TestNoticeAfterEarlyAnswer(t *testing.T) {
	inModes(t, testNoticeAfterEarlyAnswer)
}

func testNoticeAfterEarlyAnswer(t *testing.T, mode envOption) {
	e := newEnv(t, mode)
	row := e.startHijack(general)
	_, st := e.game(general)
	mv := firstMove(st.Legal(0))
	// The move hands the turn to bob: a new turn message. Its follow-up
	// fails (a server error: a create is not sent twice) and the post
	// with the bot's token that replaces it is refused (the bot lost Send
	// Messages there).
	e.fake.FailNext(discordtest.RouteFollowup, 1, 500)
	e.fake.FailNext(discordtest.RouteSendMessage, 1, 403)
	in := e.must(e.fake.RunCommand(alice, general, "hijack", "move", discordtest.Opt("move", mv)))
	_, msg := e.answered(in)
	if msg.Content != "Played `"+mv+"`." {
		t.Errorf("move answered %q", msg.Content)
	}
	e.router.Wait()
	var notice string
	e.eventually("the follow-up notice", func() bool {
		for _, f := range in.Followups() {
			if strings.Contains(f.Content, "Everything was saved") {
				notice = f.Content
				return f.Ephemeral
			}
		}
		return false
	})
	if !strings.Contains(notice, "/game status") {
		t.Errorf("notice %q does not say how to bring the board back", notice)
	}
	if after, _ := e.game(general); after.Version != row.Version+1 || !after.PostPending {
		t.Errorf("after a failed post: version %d (want %d), post pending %v", after.Version, row.Version+1, after.PostPending)
	}
}

// drawGate holds every drawing while it is held, so that a test, not the
// machine's speed, decides when an answer that draws is ready; fail makes
// drawings fail once let through.
type drawGate struct {
	mu   sync.Mutex
	held chan struct{}
	fail error
}

// hold holds the drawings until the returned func is called.
func (g *drawGate) hold() func() {
	g.mu.Lock()
	defer g.mu.Unlock()
	ch := make(chan struct{})
	g.held = ch
	return func() {
		g.mu.Lock()
		g.held = nil
		g.mu.Unlock()
		close(ch)
	}
}

func (g *drawGate) failWith(err error) {
	g.mu.Lock()
	g.fail = err
	g.mu.Unlock()
}

// gatedGames is quickGames with every drawing passing through g.
func gatedGames(g *drawGate) []commands.Game {
	gs := quickGames()
	for i := range gs {
		draw := gs[i].Draw
		gs[i].Draw = func(v games.View) (image.Image, error) {
			g.mu.Lock()
			held, fail := g.held, g.fail
			g.mu.Unlock()
			if held != nil {
				<-held
			}
			if fail != nil {
				return nil, fail
			}
			return draw(v)
		}
	}
	return gs
}

// TestSlowAnswerVisibility: whether a slow answer is public is decided by
// its subcommand, not by how long it took, and the same in both modes. The
// drawing is held until the bot has acknowledged, so the answer is slow
// whatever the machine's speed: a board's "thinking" and answer stay
// private, a replay's are in the channel (as a fast replay's are), and a
// replay that fails after its public acknowledgement tells its user alone.
func TestSlowAnswerVisibility(t *testing.T) {
	inModes(t, testSlowAnswerVisibility)
}

func testSlowAnswerVisibility(t *testing.T, mode envOption) {
	gate := &drawGate{}
	e := newEnv(t, mode, withGames(gatedGames(gate)), withOptions(func(o *discord.Options) { o.DeferAfter = 50 * time.Millisecond }))
	e.startHijack(general)
	slow := func(user, cmd, sub string) (discordtest.Response, *discordtest.Interaction, []discordtest.Message) {
		t.Helper()
		release := gate.hold()
		in := e.must(e.fake.RunCommand(user, general, cmd, sub))
		resp, err := in.Wait(e.patience)
		release()
		if err != nil {
			t.Fatalf("/%s %s: %v", cmd, sub, err)
		}
		if resp.Type != discordtest.CallbackDeferredChannelMessage {
			t.Fatalf("/%s %s with its drawing held answered with type %d, want a deferral", cmd, sub, resp.Type)
		}
		return resp, in, e.told(in)
	}

	resp, _, told := slow(bob, "hijack", "board")
	if !resp.Ephemeral || len(told) != 1 || !told[0].Ephemeral || len(told[0].Attachments) != 1 {
		t.Errorf("slow board: deferral ephemeral %v, told %+v; want both private, with the board", resp.Ephemeral, told)
	}

	if s := e.confirmed(alice, general, "game", "resign"); !strings.Contains(s.Content, "You resigned") {
		t.Fatalf("resign answered %q", s.Content)
	}
	// At its own pace (inline over the gateway; over HTTP, whose response
	// body cannot carry the file, deferred): in the channel as well.
	fast := e.must(e.fake.RunCommand(carol, general, "game", "replay"))
	if told := e.told(fast); len(told) != 1 || told[0].Ephemeral || len(told[0].Attachments) != 1 {
		t.Errorf("replay: told %+v; want it in the channel, with the replay", told)
	}
	if resp, _ := fast.Response(); resp.Ephemeral {
		t.Errorf("replay acknowledged privately (type %d)", resp.Type)
	}
	resp, _, told = slow(carol, "game", "replay")
	if resp.Ephemeral || len(told) != 1 || told[0].Ephemeral || len(told[0].Attachments) != 1 || !strings.Contains(told[0].Content, "replay") {
		t.Errorf("slow replay: deferral ephemeral %v, told %+v; want both in the channel, with the replay", resp.Ephemeral, told)
	}

	gate.failWith(errors.New("the renderer broke"))
	resp, in, told := slow(carol, "game", "replay")
	if resp.Ephemeral || len(told) != 1 || !told[0].Ephemeral || !strings.Contains(told[0].Content, "went wrong") {
		t.Errorf("slow replay that fails: deferral ephemeral %v, told %+v; want a public deferral, then the failure to carol alone", resp.Ephemeral, told)
	}
	if m, ok := in.Original(); ok && !m.Deleted {
		t.Errorf("the failed replay's public \"thinking\" stays in the channel: %+v", m)
	}
	e.noErrorsBut()
}
