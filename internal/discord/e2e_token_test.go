package discord_test

import (
	"image"
	"strings"
	"testing"
	"time"

	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/games"
)

// TestTokenNeverLogged runs the bot against the fake Discord with every
// log level on, through a game, Discord failures on each kind of request
// (5xx, 429, the global limit), a renderer that panics (its stack logged),
// a restart, and a bot started with a wrong token: the token appears in no
// log line and no error.
func TestTokenNeverLogged(t *testing.T) {
	t.Parallel()
	panicky := quickGames()
	for i := range panicky {
		if panicky[i].Kind.Name == "lockedout" {
			panicky[i].Draw = func(games.View) (image.Image, error) { panic("renderer exploded") }
		}
	}
	e := newEnv(t, withGames(panicky))
	token := strings.TrimPrefix(e.fake.Token(), "Bot ")
	row := e.startHijack(general)
	for _, fault := range []func(){
		func() { e.fake.FailNext(discordtest.RouteSendMessage, 1, 500) },
		func() { e.fake.FailAfterNext(discordtest.RouteSendMessage, 1, 502) },
		func() { e.fake.FailNext(discordtest.RouteEditMessage, 2, 503) },
		func() { e.fake.RateLimitNext(discordtest.RouteSendMessage, 1, 0) },
		func() { e.fake.FailNext(discordtest.RouteInteractionCallback, 1, 500) },
	} {
		fault()
		row, _ = e.typed(general)
	}
	_ = row
	// A game whose pictures panic: the router logs the panic and its stack.
	e.reply(alice, other, "lockedout", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("opponent2", carol))
	for _, u := range []string{bob, carol} {
		lobby, _ := e.fake.LastMessage(other)
		if accept, ok := findID(lobby, "accept:"); ok {
			e.click(u, lobby.ID, accept)
		}
	}
	e.router.Wait()
	e.restart()
	e.reply(bob, general, "game", "status")
	// A wrong token: the error says so without repeating it.
	wrong := "wrong." + token + ".tail"
	bot, err := discord.New(discord.Options{Token: wrong, Configure: e.fake.Configure, Log: e.opts.Log})
	if err == nil {
		_, err = bot.Open()
		bot.Close()
	}
	if err == nil {
		t.Fatal("a wrong token was accepted")
	}
	logs := e.logs.String()
	for _, text := range []struct{ what, s string }{{"the log", logs}, {"the wrong-token error", err.Error()}} {
		for _, secret := range []string{token, wrong} {
			if strings.Contains(text.s, secret) {
				t.Errorf("%s contains the token %q", text.what, secret)
			}
		}
	}
	if !strings.Contains(logs, "renderer exploded") {
		t.Error("the panicking renderer left no log line: the panic path was not exercised")
	}
	t.Logf("token check: %d log lines scanned, none holds the token; wrong token refused with: %v", strings.Count(logs, "\n"), err)
}

// TestInteractionTokenNeverLogged: an interaction's token authenticates
// whoever holds it (its answer, follow-ups and edits) for 15 minutes, and
// the HTTP client names the URL it failed to reach, token and all, in its
// errors. Through a callback that times out (the client's error logged),
// a 429 on a callback (the route logged), a 5xx on one and a game played
// meanwhile, with every log level on, no token of any interaction
// appears in the logs.
func TestInteractionTokenNeverLogged(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	var tokens []string
	run := func(in *discordtest.Interaction, err error) *discordtest.Interaction {
		in = e.must(in, err)
		tokens = append(tokens, in.Token())
		return in
	}
	// The callback takes longer than the bot waits for it (answerTime).
	e.fake.SetDelay(discordtest.RouteInteractionCallback, 6*time.Second)
	slow := run(e.fake.RunCommand(alice, general, "game", "help"))
	e.eventually("the expiry to be logged", func() bool { return e.logs.has(finishedLine(slow.ID())) })
	e.fake.SetDelay(discordtest.RouteInteractionCallback, 0)
	if !e.logs.has("interaction expired") {
		t.Fatal("the timed-out callback left no log line: the path was not exercised")
	}
	e.fake.RateLimitNext(discordtest.RouteInteractionCallback, 1, 0)
	e.answered(run(e.fake.RunCommand(alice, general, "game", "help")))
	e.fake.FailNext(discordtest.RouteInteractionCallback, 1, 500)
	e.answered(run(e.fake.RunCommand(alice, general, "game", "help")))
	e.startHijack(general)
	e.typed(general)
	logs := e.logs.String()
	if !strings.Contains(logs, "{token}") {
		t.Error("no log line names a redacted interaction URL: the client error path was not exercised")
	}
	for _, tok := range tokens {
		if strings.Contains(logs, tok) {
			t.Errorf("the logs hold the token of an interaction: %s", tok)
		}
	}
}
