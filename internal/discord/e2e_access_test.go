package discord_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/commands"
	"standoff/internal/discordtest"
	"standoff/internal/pacing"
)

// TestTransportNamesWhatHappened: each way a channel, a message or a user
// goes away behind the bot's back reaches the router as the commands.Err*
// value it reacts to (post anew, stop retrying, tell the players).
func TestTransportNamesWhatHappened(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	msg := commands.Message{Content: "turn", Rows: []commands.Row{{Buttons: []commands.Button{{Label: "Go", CustomID: "m:1:1:go"}}}}}
	send := func(channel string) (string, error) { return e.bot.Send(ctx, channel, msg) }

	// A message deleted by a moderator (10008): edits and clearing its
	// controls say the message is gone.
	id, err := send(general)
	if err != nil {
		t.Fatal(err)
	}
	e.fake.ModeratorDelete(id)
	if err := e.bot.Edit(ctx, general, id, msg); !errors.Is(err, commands.ErrMessageGone) {
		t.Errorf("edit of a deleted message: %v, want ErrMessageGone", err)
	}
	if err := e.bot.ClearControls(ctx, general, id); !errors.Is(err, commands.ErrMessageGone) {
		t.Errorf("clearing a deleted message: %v, want ErrMessageGone", err)
	}

	// Send Messages taken away (50013), View Channel taken away (50001).
	e.fake.SetSendDenied(general, true)
	if _, err := send(general); !errors.Is(err, commands.ErrChannelGone) {
		t.Errorf("send without Send Messages: %v, want ErrChannelGone", err)
	}
	e.fake.SetSendDenied(general, false)
	e.fake.SetAccessLost(other, true)
	if _, err := send(other); !errors.Is(err, commands.ErrChannelGone) {
		t.Errorf("send without View Channel: %v, want ErrChannelGone", err)
	}
	e.fake.SetAccessLost(other, false)

	// An archived thread is reopened and the message posted; a locked one
	// cannot be, and says so (not "channel gone": a moderator can reopen it).
	e.fake.AddThread(guild, general, "911")
	tid, err := send("911")
	if err != nil {
		t.Fatal(err)
	}
	e.fake.ArchiveThread("911", true)
	if _, err := send("911"); err != nil || e.fake.ThreadArchived("911") {
		t.Errorf("send to a reopenable archived thread: %v (still archived: %v)", err, e.fake.ThreadArchived("911"))
	}
	e.fake.ArchiveThread("911", true)
	if err := e.bot.ClearControls(ctx, "911", tid); err != nil {
		t.Errorf("clearing controls in a reopenable archived thread: %v", err)
	}
	e.fake.ArchiveThread("911", false)
	_, err = send("911")
	if !errors.Is(err, commands.ErrThreadArchived) || errors.Is(err, commands.ErrChannelGone) {
		t.Errorf("send to a locked archived thread: %v, want ErrThreadArchived only", err)
	}
	if err := e.bot.Edit(ctx, "911", tid, msg); !errors.Is(err, commands.ErrThreadArchived) {
		t.Errorf("edit in a locked archived thread: %v, want ErrThreadArchived", err)
	}

	// A user who shares no server with the bot cannot get DMs.
	e.fake.SetNoMutualGuild(eve, true)
	if err := e.bot.DM(ctx, eve, msg); !errors.Is(err, commands.ErrDMClosed) {
		t.Errorf("DM to a user sharing no server: %v, want ErrDMClosed", err)
	}

	// A deleted channel (10003), then the bot removed from the server
	// (50001 everywhere in it).
	e.fake.DeleteChannel(other)
	if _, err := send(other); !errors.Is(err, commands.ErrChannelGone) {
		t.Errorf("send to a deleted channel: %v, want ErrChannelGone", err)
	}
	e.fake.RemoveBot(guild, true)
	if _, err := send(general); !errors.Is(err, commands.ErrChannelGone) {
		t.Errorf("send after the bot was removed: %v, want ErrChannelGone", err)
	}
	if err := e.bot.Edit(ctx, general, id, msg); !errors.Is(err, commands.ErrChannelGone) {
		t.Errorf("edit after the bot was removed: %v, want ErrChannelGone", err)
	}
	// Each failure was one request (plus the one PATCH per archived
	// thread): nothing retried what retrying cannot fix.
	for _, re := range e.fake.RESTErrors() {
		if re.Status >= 500 || re.Status == 429 {
			t.Errorf("unexpected answer %s", re)
		}
	}
}

// TestGlobalRateLimit: Discord's global 429 holds the bot's own requests
// for retry_after, but "interaction endpoints are not bound to the bot's
// global rate limit", so commands are answered meanwhile; a request whose
// context ends before the limit does fails at once, with an error its
// caller can queue on (pacing.ErrLimited); and the bot waits out the limit
// itself instead of collecting more 429s (which count toward Discord's
// invalid-request ban).
func TestGlobalRateLimit(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	const limit = 3 * time.Second
	e.fake.InjectFault(discordtest.RouteSendMessage, 1, discordtest.Fault{Status: 429, RetryAfter: limit, Global: true})
	start := time.Now()
	var wg sync.WaitGroup
	var firstErr, secondErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, firstErr = e.bot.Send(context.Background(), general, commands.Message{Content: "first"})
	}()
	e.eventually("the global 429", func() bool { return len(e.fake.RESTErrors()) > 0 })
	wg.Add(1)
	go func() {
		defer wg.Done()
		_, secondErr = e.bot.Send(context.Background(), other, commands.Message{Content: "second"})
	}()

	// A command during the limit is answered within Discord's deadline.
	if s := e.reply(alice, general, "game", "help"); !strings.Contains(s.Content, "Standoff") {
		t.Errorf("help during the global limit: %q", s.Content)
	}
	// A request whose context ends before the limit gives up at once.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if _, err := e.bot.Send(ctx, general, commands.Message{Content: "late"}); !errors.Is(err, pacing.ErrLimited) {
		t.Errorf("send with a 300ms context during the limit: %v", err)
	}
	if ctx.Err() != nil {
		t.Error("the send with a 300ms context waited for its deadline")
	}

	wg.Wait()
	if firstErr != nil || secondErr != nil {
		t.Fatalf("sends after the limit: %v, %v", firstErr, secondErr)
	}
	if d := time.Since(start); d < limit-100*time.Millisecond {
		t.Errorf("the sends went through after %v, before the limit ended", d)
	}
	for _, ch := range []string{general, other} {
		if n := len(e.fake.Messages(ch)); n != 1 {
			t.Errorf("%d messages in %s, want 1", n, ch)
		}
	}
	n429 := 0
	for _, re := range e.fake.RESTErrors() {
		if re.Status == 429 {
			n429++
		}
	}
	if n429 != 1 {
		t.Errorf("%d 429 answers, want 1 (the bot waits out a global limit it knows of): %v", n429, e.fake.RESTErrors())
	}
}

// TestScopeSwitchClearsTheOtherScope: switching dev_guild_id on clears the
// global commands a previous run registered, and switching it off clears
// the guild's, so no command is listed twice once start-up is over.
func TestScopeSwitchClearsTheOtherScope(t *testing.T) {
	t.Parallel()
	e := newEnv(t)          // global
	all := len(e.games) + 2 // one command per game, /game and /standoff
	if n := len(e.fake.Commands("")); n != all {
		t.Fatalf("%d global commands, want %d", n, all)
	}
	e.stop()
	e.opts.DevGuildID = guild
	e.start()
	if g, gl := len(e.fake.Commands(guild)), len(e.fake.Commands("")); g != all || gl != 0 {
		t.Errorf("with dev_guild_id: %d guild and %d global commands, want %d and 0", g, gl, all)
	}
	e.stop()
	e.opts.DevGuildID = ""
	e.start()
	if g, gl := len(e.fake.Commands(guild)), len(e.fake.Commands("")); g != 0 || gl != all {
		t.Errorf("without dev_guild_id again: %d guild and %d global commands, want 0 and %d", g, gl, all)
	}
	if s := e.reply(alice, general, "game", "help"); !strings.Contains(s.Content, "Standoff") {
		t.Errorf("help: %q", s.Content)
	}
}

// TestOversizeImageLeftOut: Discord refuses a file over 10 MiB (40005); the
// message still goes out, without the picture and saying so, so a game
// never stalls on a big image.
func TestOversizeImageLeftOut(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ctx := context.Background()
	big := commands.Message{Content: "turn", Files: []commands.File{{Name: "board.png", Data: make([]byte, 10<<20+1)}},
		Rows: []commands.Row{{Buttons: []commands.Button{{Label: "Go", CustomID: "m:1:1:go"}}}}}
	id, err := e.bot.Send(ctx, general, big)
	if err != nil {
		t.Fatalf("send with an 11 MiB picture: %v", err)
	}
	m, _ := e.fake.Message(id)
	if len(m.Attachments) != 0 || !strings.HasPrefix(m.Content, "turn\n") || !strings.Contains(m.Content, "left out") || len(m.CustomIDs()) != 1 {
		t.Errorf("message sent: %q, %d attachments, controls %v", m.Content, len(m.Attachments), m.CustomIDs())
	}
	if err := e.bot.Edit(ctx, general, id, big); err != nil {
		t.Errorf("edit with an 11 MiB picture: %v", err)
	}
	if err := e.bot.DM(ctx, alice, big); err != nil {
		t.Errorf("DM with an 11 MiB picture: %v", err)
	}
	if dms := e.fake.DMs(alice); len(dms) != 1 || len(dms[0].Attachments) != 0 {
		t.Errorf("DMs: %+v", dms)
	}
	n := 0
	for _, re := range e.fake.RESTErrors() {
		if re.Code == discordtest.CodeEntityTooLarge {
			n++
		}
	}
	if n != 3 {
		t.Errorf("%d refusals for size, want 3 (one per message, no retries of the same body)", n)
	}
}

// TestDeliveryTroubleThroughTheRouter follows Discord's failures from the
// fake through the transport to the router and back to the players: a
// turn message a moderator deleted is posted anew by the next move; a game
// in an archived thread reopens it; a channel the bot can no longer see
// refuses moves before anything changes.
func TestDeliveryTroubleThroughTheRouter(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	row := e.startHijack(general)
	e.fake.ModeratorDelete(row.MessageID)
	row, _ = e.typed(general)
	if m, ok := e.fake.Message(row.MessageID); !ok || m.Deleted || len(m.CustomIDs()) == 0 {
		t.Errorf("after a deleted turn message, the next move's message: %+v", m)
	}

	e.fake.AddThread(guild, general, "911")
	trow := e.startHijack("911")
	e.fake.ArchiveThread("911", true)
	trow, _ = e.typed("911")
	if e.fake.ThreadArchived("911") {
		t.Error("the game's archived thread was not reopened")
	}
	if m, ok := e.fake.Message(trow.MessageID); !ok || m.ChannelID != "911" || len(m.CustomIDs()) == 0 {
		t.Errorf("turn message in the reopened thread: %+v", m)
	}

	e.fake.SetAccessLost(general, true)
	before, _ := e.game(general)
	_, st := e.game(general)
	p := st.Prompts()[0]
	mv := firstMove(st.Legal(p.Seat))
	if s := e.reply(before.Seats[p.Seat].UserID, general, "hijack", "move", discordtest.Opt("move", mv)); !strings.Contains(s.Content, "View Channel") {
		t.Errorf("a move where the bot cannot see the channel answered %q", s.Content)
	}
	if after, _ := e.game(general); after.Version != before.Version {
		t.Errorf("the game moved (version %d -> %d) where nobody could see it", before.Version, after.Version)
	}
}
