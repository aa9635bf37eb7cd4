package discord_test

import (
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"standoff/internal/discord"
	"standoff/internal/discordtest"
)

// TestGatewayCloseCodesThatStop: after a close code that reconnecting
// cannot fix ("4004 Authentication failed", "4010 Invalid shard", "4011
// Sharding required", "4012 Invalid API version", "4013 Invalid
// intent(s)", "4014 Disallowed intent(s)") the bot stops with an error
// naming the cause instead of reconnecting for ever.
func TestGatewayCloseCodesThatStop(t *testing.T) {
	t.Parallel()
	causes := map[int]string{4004: "token", 4010: "shard", 4011: "sharding", 4012: "version", 4013: "intents", 4014: "privileged intent"}
	for code, cause := range causes {
		t.Run(strconv.Itoa(code), func(t *testing.T) {
			t.Parallel()
			e := newEnv(t)
			before := e.fake.GatewayStats().Connections
			e.fake.DropGateway(code)
			var err error
			select {
			case err = <-e.bot.Failed():
			case <-time.After(wait):
				t.Fatalf("no failure reported after close %d; stats %+v", code, e.fake.GatewayStats())
			}
			var ge *discord.GatewayError
			if !errors.As(err, &ge) || ge.Code != code || !strings.Contains(err.Error(), cause) {
				t.Errorf("failure after close %d: %v, want a GatewayError naming %q", code, err, cause)
			}
			// Reconnecting would start at once (the first retry waits a
			// second): give it two.
			time.Sleep(2 * time.Second)
			if n := e.fake.GatewayStats().Connections; n != before {
				t.Errorf("%d connections after close %d, want %d (no reconnect)", n, code, before)
			}
		})
	}
}

// TestGatewayWrongTokenAtStart: a wrong token fails Open with the cause
// (Discord refuses it on GET /gateway/bot, or closes the gateway with 4004).
func TestGatewayWrongTokenAtStart(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	bot, err := discord.New(discord.Options{Token: "wrong", Configure: fake.Configure, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bot.Close() })
	_, err = bot.Open()
	if err == nil || !strings.Contains(err.Error(), "authentication failed") {
		t.Errorf("Open with a wrong token: %v", err)
	}
	if n := fake.GatewayStats().Connections; n > 1 {
		t.Errorf("%d gateway connections, want at most 1", n)
	}
}

// TestGatewayInvalidSession: op 9 Invalid Session is handled as Discord
// documents it: the bot disconnects, waits "a random amount of time
// between 1 and 5 seconds", then on a new connection identifies anew (d
// false) or resumes (d true), never on the socket the op 9 came on;
// interactions work afterwards.
func TestGatewayInvalidSession(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	st := e.fake.GatewayStats()
	t0 := time.Now()
	e.fake.InvalidateSession()
	e.eventually("a new identify", func() bool { return e.fake.GatewayStats().Identifies > st.Identifies })
	if d := time.Since(t0); d < time.Second {
		t.Errorf("identified again after %v, want at least 1s", d)
	}
	if now := e.fake.GatewayStats(); now.Resumes != st.Resumes || now.Identifies != st.Identifies+1 ||
		now.Connections != st.Connections+1 || now.SameSocketIdentifies != 0 {
		t.Errorf("after op 9 (false): %+v, was %+v", now, st)
	}
	if s := e.reply(alice, general, "game", "help"); !strings.Contains(s.Content, "Standoff") {
		t.Errorf("help after a new identify: %q", s.Content)
	}

	st = e.fake.GatewayStats()
	t0 = time.Now()
	e.fake.InvalidSessionResumable()
	e.eventually("a resume", func() bool { return e.fake.GatewayStats().Resumes > st.Resumes })
	if d := time.Since(t0); d < time.Second {
		t.Errorf("resumed after %v, want at least 1s", d)
	}
	if now := e.fake.GatewayStats(); now.Identifies != st.Identifies || now.Connections != st.Connections+1 {
		t.Errorf("after op 9 (true): %+v, was %+v", now, st)
	}
	if s := e.reply(alice, general, "game", "help"); !strings.Contains(s.Content, "Standoff") {
		t.Errorf("help after a resume: %q", s.Content)
	}
}

// TestGatewayZombieConnection: "If a client does not receive a heartbeat
// ACK between its attempts at sending heartbeats ... the client should
// immediately terminate the connection with any close code besides 1000
// or 1001, then reconnect and attempt to Resume."
func TestGatewayZombieConnection(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t, discordtest.WithHeartbeatInterval(200*time.Millisecond))
	fake.AddUser(alice, "alice")
	fake.AddChannel(guild, general)
	bot, err := discord.New(discord.Options{Token: strings.TrimPrefix(fake.Token(), "Bot "), Configure: fake.Configure,
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bot.Close() })
	if _, err := bot.Open(); err != nil {
		t.Fatal(err)
	}
	st := fake.GatewayStats()
	fake.SetHeartbeatAcks(false)
	if err := fake.WaitUntil(wait, func() bool { return fake.GatewayStats().Resumes > st.Resumes }); err != nil {
		t.Fatalf("no resume after unacknowledged heartbeats: %v (%+v)", err, fake.GatewayStats())
	}
	fake.SetHeartbeatAcks(true)
	if err := fake.WaitGatewayReady(wait); err != nil {
		t.Fatal(err)
	}
	if now := fake.GatewayStats(); now.Identifies != st.Identifies {
		t.Errorf("identified anew (%+v, was %+v); the session should have been resumed", now, st)
	}
}

// TestGatewayIdentifyConcurrency: "you may start up to max_concurrency
// shards at a time", one identify per rate-limit key (shard_id %
// max_concurrency) per 5 seconds, and the fake answers any identify too
// soon with op 9 as Discord does. Five shards at max_concurrency 2 start
// without one refused identify, and again when every session is
// invalidated at once and all of them must identify anew.
func TestGatewayIdentifyConcurrency(t *testing.T) {
	t.Parallel()
	// The fake's window is shorter than the bot's spacing by more than a
	// busy machine delays a frame, as Discord's 5 s and the bot's 5.5 s.
	e := newEnv(t, withFake(func(f *discordtest.Server) { f.EnforceIdentifyConcurrency(2, 200*time.Millisecond) }),
		withOptions(func(o *discord.Options) { o.Shards, o.IdentifyEvery = 5, time.Second }))
	st := e.fake.GatewayStats()
	if st.Identifies != 5 || st.IdentifiesRefused != 0 {
		t.Fatalf("start of 5 shards: %+v", st)
	}
	e.fake.InvalidateSession()
	e.eventually("every shard to identify anew", func() bool { return e.fake.GatewayStats().Identifies >= 10 })
	e.eventually("every shard to be ready", func() bool { return e.fake.GatewaySessions() == 5 })
	if st := e.fake.GatewayStats(); st.IdentifiesRefused != 0 || st.SameSocketIdentifies != 0 || st.Identifies != 10 {
		t.Errorf("after every session was invalidated: %+v", st)
	}
	if s := e.reply(alice, general, "game", "help"); !strings.Contains(s.Content, "Standoff") {
		t.Errorf("help after the shards identified anew: %q", s.Content)
	}
}

// TestGatewaySessionStartReserve: each identify spends one of the day's
// session starts, and at the limit Discord resets the bot token. The bot
// keeps a reserve: it refuses to start when that is all that is left, and
// stops with a clear error (naming the reset) rather than identify into
// it after an invalid session.
func TestGatewaySessionStartReserve(t *testing.T) {
	t.Parallel()
	fake := discordtest.New(t)
	fake.SetSessionStarts(10)
	bot, err := discord.New(discord.Options{Token: strings.TrimPrefix(fake.Token(), "Bot "), Configure: fake.Configure,
		Log: slog.New(slog.DiscardHandler), IdentifyReserve: 10})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bot.Close() })
	var se *discord.SessionLimitError
	if _, err := bot.Open(); !errors.As(err, &se) || !strings.Contains(err.Error(), "resets in") {
		t.Errorf("Open with only the reserve left: %v", err)
	}
	if st := fake.GatewayStats(); st.Identifies != 0 || st.Connections != 0 {
		t.Errorf("identified into the reserve: %+v", st)
	}

	e := newEnv(t, withFake(func(f *discordtest.Server) { f.SetSessionStarts(12) }), withOptions(func(o *discord.Options) { o.IdentifyReserve = 10 }))
	e.fake.InvalidateSession() // 11 left: one more identify leaves the reserve whole
	e.eventually("a new identify", func() bool { return e.fake.GatewayStats().Identifies == 2 })
	e.fake.InvalidateSession()
	select {
	case err = <-e.bot.Failed():
	case <-time.After(wait):
		t.Fatalf("the bot did not stop; stats %+v", e.fake.GatewayStats())
	}
	if !errors.As(err, &se) || se.Remaining != 10 || se.Reserve != 10 {
		t.Errorf("stop before the reserve: %v", err)
	}
	if st := e.fake.GatewayStats(); st.SessionStartsLeft != 10 || st.TokenReset || st.Identifies != 2 {
		t.Errorf("after the stop: %+v", st)
	}
}

// TestGatewayDeadResumeURL: when the resume_gateway_url READY gave cannot
// be reached, "you should open a new connection using the URL from the
// initial call to Get Gateway Bot": the bot resumes there instead of
// trying the dead URL for ever.
func TestGatewayDeadResumeURL(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	st := e.fake.GatewayStats()
	e.fake.KillResumeURL(true)
	e.fake.DropGateway(0)
	e.eventually("a resume at the gateway URL", func() bool { return e.fake.GatewayStats().Resumes > st.Resumes })
	now := e.fake.GatewayStats()
	if now.ResumeURLRefused == 0 || now.Identifies != st.Identifies {
		t.Errorf("after the resume URL died: %+v, was %+v", now, st)
	}
	if s := e.reply(alice, general, "game", "help"); !strings.Contains(s.Content, "Standoff") {
		t.Errorf("help after resuming at the gateway URL: %q", s.Content)
	}
}
