package discord_test

import (
	"context"
	"image"
	"image/color"
	"log/slog"
	"strings"
	"testing"
	"time"

	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/images"
	"standoff/storage"
)

// startHijack begins a two-piece Hijack game between alice and bob in the
// channel and returns its row.
func (e *env) startHijack(channel string) *storage.Game {
	e.t.Helper()
	e.reply(alice, channel, "hijack", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("num_pieces", 2))
	lobby, _ := e.fake.LastMessage(channel)
	lobbyRow, _ := e.game(channel)
	accept, _ := findID(lobby, "accept:")
	if s := e.click(bob, lobby.ID, accept); s != "" {
		e.t.Fatalf("Accept answered %q", s)
	}
	return e.settle(channel, lobbyRow)
}

// typed plays the engine's first legal move for whoever is on turn.
func (e *env) typed(channel string) (*storage.Game, string) {
	e.t.Helper()
	row, st := e.game(channel)
	p := st.Prompts()[0]
	mv := firstMove(st.Legal(p.Seat))
	if s := e.reply(row.Seats[p.Seat].UserID, channel, "hijack", "move", discordtest.Opt("move", mv)); s.Content != "Played `"+mv+"`." {
		e.t.Fatalf("%q answered %q", mv, s.Content)
	}
	return e.settle(channel, row), mv
}

// TestFaultsSurvived injects Discord's failures one after another into a
// running game and checks each is survived with no lost or doubled move.
func TestFaultsSurvived(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	row := e.startHijack(general)
	moves := 0
	count := func() int { return len(e.fake.Messages(general)) }

	// A 500 on the interaction callback: answered on the second try.
	e.fake.FailNext(discordtest.RouteInteractionCallback, 1, 500)
	if s := e.reply(alice, general, "game", "help"); !strings.Contains(s.Content, "Standoff") {
		t.Errorf("help after a callback 500: %q", s.Content)
	}

	// 5xx on posting the turn message, before or after Discord created it
	// (retried under one enforced nonce, so a create that took effect is
	// not doubled), on clearing the old one's controls (an edit, retried),
	// and a 429 on posting (retry_after waited out): each move posts
	// exactly one turn message and the old one loses its controls.
	for _, fault := range []func(){
		func() { e.fake.FailAfterNext(discordtest.RouteSendMessage, 2, 502) },
		func() { e.fake.FailNext(discordtest.RouteSendMessage, 1, 500) },
		func() { e.fake.FailAfterNext(discordtest.RouteSendMessage, 1, 503) },
		func() { e.fake.FailNext(discordtest.RouteEditMessage, 2, 503) },
		func() { e.fake.RateLimitNext(discordtest.RouteSendMessage, 1, 300*time.Millisecond) },
	} {
		before, old := count(), row.MessageID
		fault()
		row, _ = e.typed(general)
		moves++
		if count() != before+1 {
			t.Errorf("%d messages posted for one move", count()-before)
		}
		if m, _ := e.fake.Message(old); len(m.CustomIDs()) != 0 {
			t.Errorf("old turn message kept %v", m.CustomIDs())
		}
	}

	// 10062: an answer that reaches Discord too late is logged and the bot
	// carries on.
	e.fake.SetDelay(discordtest.RouteInteractionCallback, deadline+200*time.Millisecond)
	late := e.must(e.fake.RunCommand(alice, general, "game", "help"))
	e.eventually("the late answer to be refused", func() bool { return len(late.Attempts()) > 0 })
	e.fake.SetDelay(discordtest.RouteInteractionCallback, 0)
	e.eventually("the expiry to be logged", func() bool { return strings.Contains(e.logs.String(), "interaction expired") })

	// A dropped gateway connection: a command sent while the bot is away is
	// delivered on resume and answered in time.
	identifies := e.fake.GatewayStats().Identifies
	e.fake.DropGateway(0)
	e.eventually("the drop", func() bool { return !e.fake.GatewayStats().Connected })
	row, _ = e.typed(general)
	moves++
	if st := e.fake.GatewayStats(); st.Resumes < 1 || st.Identifies != identifies {
		t.Errorf("gateway after a drop: %+v", st)
	}
	// A resumable close code and a Reconnect request, too.
	e.fake.DropGateway(4000)
	row, _ = e.typed(general)
	moves++
	e.fake.RequestReconnect()
	row, _ = e.typed(general)
	moves++

	if n := e.moves(row.ID); n != moves {
		t.Errorf("%d moves logged, %d played", n, moves)
	}
	if n := count(); n != 2+moves {
		t.Errorf("%d channel messages, want %d", n, 2+moves)
	}
	checkImages(t, e.fake.Messages(general))
}

// TestTwoInstancesOneMove runs a second bot on the same database and
// Discord, as a botched deploy would: both get every interaction, one
// answer is refused with 40060 and survived, and a move is applied once.
func TestTwoInstancesOneMove(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	row := e.startHijack(general)

	store2, err := storage.Open(e.db)
	if err != nil {
		t.Fatal(err)
	}
	logs2 := &logSink{}
	opts := e.opts
	opts.Log = slog.New(slog.NewTextHandler(logs2, nil))
	bot2, err := discord.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	id, err := bot2.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer store2.Close()
	defer bot2.Close()
	cfg := commands.DefaultConfig()
	cfg.BotUserID = id
	if err := bot2.Serve(commands.New(commands.Deps{Store: store2, Transport: bot2, Games: quickGames(), Log: opts.Log}, cfg)); err != nil {
		t.Fatal(err)
	}
	e.eventually("both sessions", func() bool { return e.fake.GatewaySessions() == 2 })

	_, st := e.game(general)
	mv := firstMove(st.Legal(0))
	in := e.must(e.fake.RunCommand(alice, general, "hijack", "move", discordtest.Opt("move", mv)))
	e.answered(in)
	// Both bots answer; the winner then posts the turn message through the
	// same interaction (a follow-up), which is no answer.
	callbacks := func() []discordtest.Attempt {
		var out []discordtest.Attempt
		for _, a := range in.Attempts() {
			if a.Route == discordtest.RouteInteractionCallback {
				out = append(out, a)
			}
		}
		return out
	}
	e.eventually("both answers", func() bool { return len(callbacks()) == 2 })
	refused := 0
	for _, a := range callbacks() {
		if a.Code == discordtest.CodeAlreadyAcknowledged {
			refused++
		}
	}
	if refused != 1 {
		t.Errorf("attempts %+v, want one refused with 40060", in.Attempts())
	}
	e.eventually("the 40060 to be logged", func() bool {
		return strings.Contains(e.logs.String()+logs2.String(), "interaction was already answered")
	})
	row = e.settle(general, row)
	bot2.Close() // both finish before counting
	if n := e.moves(row.ID); n != 1 {
		t.Errorf("%d moves logged for one command", n)
	}
	if n := len(e.fake.Messages(general)); n != 3 {
		t.Errorf("%d channel messages, want lobby and two turns", n)
	}
}

// TestPermissions: abandon by creator or Manage Channels only; commands
// that need a channel refused politely in DMs; a channel where the bot may
// not post is explained to the user and no game changes there.
func TestPermissions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)

	// No Send Messages in "other": a challenge is refused with the fix and
	// no game is created; read-only commands still answer.
	e.fake.SetSendDenied(other, true)
	s := e.reply(alice, other, "hijack", "challenge", discordtest.Opt("opponent", bob))
	if !s.Ephemeral || !strings.Contains(s.Content, "I cannot post in this channel") || !strings.Contains(s.Content, "Send Messages") {
		t.Errorf("challenge where the bot cannot post: %+v", s)
	}
	if _, err := e.store.OpenGame(context.Background(), other); err == nil {
		t.Error("a game was created where the bot cannot post")
	}
	if s := e.reply(alice, other, "game", "rules", discordtest.Opt("game", "hijack")); !strings.Contains(s.Content, "Hijack") {
		t.Errorf("rules where the bot cannot post: %q", s.Content)
	}

	// Mid-game: the move is refused and nothing changes until the
	// permission is back.
	row := e.startHijack(general)
	e.fake.SetSendDenied(general, true)
	_, st := e.game(general)
	mv := firstMove(st.Legal(0))
	if s := e.reply(alice, general, "hijack", "move", discordtest.Opt("move", mv)); !strings.Contains(s.Content, "I cannot post in this channel") {
		t.Errorf("move where the bot cannot post: %q", s.Content)
	}
	turn := e.turnMessage(general)
	refine, _ := findID(turn, "r:")
	if s := e.click(alice, turn.ID, refine); !strings.Contains(s, "I cannot post in this channel") {
		t.Errorf("click where the bot cannot post: %q", s)
	}
	if s := e.reply(alice, general, "game", "status"); !strings.Contains(s.Content, "Hijack") {
		t.Errorf("status where the bot cannot post: %q", s.Content)
	}
	if again, _ := e.game(general); again.Version != row.Version || e.moves(row.ID) != 0 {
		t.Errorf("the game changed while the bot could not post")
	}
	e.fake.SetSendDenied(general, false)
	row, _ = e.typed(general)

	// Commands that need a channel, sent in a DM: Discord does not offer
	// a game's command there (its contexts), and /game status says where.
	dm := e.fake.DMChannelID(alice)
	if _, err := e.fake.RunCommand(alice, dm, "hijack", "challenge", discordtest.Opt("opponent", bob)); err == nil {
		t.Error("/hijack challenge was offered in a DM")
	}
	if s := e.reply(alice, dm, "game", "status"); !strings.Contains(s.Content, "run it in that channel") {
		t.Errorf("status in a DM: %q", s.Content)
	}

	// Abandon: not bob (a player, not the creator), yes eve with Manage
	// Channels.
	if s := e.confirmed(bob, general, "game", "abandon"); !strings.Contains(s.Content, "Manage Channels") {
		t.Errorf("bob's abandon: %q", s.Content)
	}
	e.fake.GrantManageChannels(eve)
	if s := e.confirmed(eve, general, "game", "abandon"); s.Content != "Game abandoned." {
		t.Errorf("eve's abandon with Manage Channels: %q", s.Content)
	}
	if row, _ := e.game(general); row.Status != storage.Abandoned {
		t.Errorf("status %s after abandon", row.Status)
	}
	e.noErrorsBut()
}

// TestEditReplacesImage: the transport's Edit leaves exactly the new image
// on the message (an explicit attachment list), never both.
func TestEditReplacesImage(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	picture := func(c color.Gray) []byte {
		img := image.NewGray(image.Rect(0, 0, 300, 200))
		for i := range img.Pix {
			img.Pix[i] = c.Y
		}
		data, err := images.EncodePNG(img)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	ctx := context.Background()
	id, err := e.bot.Send(ctx, general, commands.Message{Content: "first", Files: []commands.File{{Name: "board.png", Data: picture(color.Gray{10})}}})
	if err != nil {
		t.Fatal(err)
	}
	e.fake.FailNext(discordtest.RouteEditMessage, 1, 502)
	if err := e.bot.Edit(ctx, general, id, commands.Message{Content: "second", Files: []commands.File{{Name: "board.png", Data: picture(color.Gray{240})}}}); err != nil {
		t.Fatal(err)
	}
	m, _ := e.fake.Message(id)
	if m.Content != "second" || len(m.Attachments) != 1 {
		t.Fatalf("edited message: %q with %d attachments", m.Content, len(m.Attachments))
	}
	img, err := m.Attachments[0].PNG()
	if err != nil {
		t.Fatal(err)
	}
	if g := color.GrayModel.Convert(img.At(5, 5)).(color.Gray); g.Y != 240 {
		t.Errorf("the attachment is the old image (gray %d)", g.Y)
	}
	if err := e.bot.ClearControls(ctx, general, id); err != nil {
		t.Fatal(err)
	}
	if m, _ := e.fake.Message(id); len(m.Attachments) != 1 || m.Content != "second" {
		t.Errorf("clearing controls changed the message: %+v", m)
	}
}
