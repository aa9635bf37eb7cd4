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
// documents it: with d false the bot identifies anew, with d true it
// resumes, each after "a random amount of time between 1 and 5 seconds";
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
	if now := e.fake.GatewayStats(); now.Resumes != st.Resumes || now.Identifies != st.Identifies+1 {
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
	if now := e.fake.GatewayStats(); now.Identifies != st.Identifies {
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
