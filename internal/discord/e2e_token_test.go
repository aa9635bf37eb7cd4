package discord_test

import (
	"image"
	"strings"
	"testing"

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
