package discordtest_test

import (
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

func TestGatewayIdentifyReadyAndHeartbeats(t *testing.T) {
	t.Parallel()
	// discordgo reconnects after 5 intervals without an ack; 400 ms keeps
	// that clear of scheduling stalls under -race.
	fake := newWorld(t, discordtest.WithHeartbeatInterval(400*time.Millisecond))
	readyUser := make(chan string, 1)
	dg := fake.NewSession()
	dg.Identify.Intents = discordgo.IntentsGuilds | discordgo.IntentsDirectMessages
	dg.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) { readyUser <- r.User.ID })
	if err := dg.Open(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = dg.Close() })

	select {
	case id := <-readyUser:
		if id != fake.BotUserID() {
			t.Errorf("READY user = %s, want the bot %s", id, fake.BotUserID())
		}
	case <-time.After(wait):
		t.Fatal("no READY")
	}
	// discordgo sets its last ack when it opens; a later one is an ack.
	ready := time.Now()
	err := fake.WaitUntil(wait, func() bool { return fake.GatewayStats().Heartbeats >= 3 })
	if err != nil {
		t.Fatalf("heartbeats: %v (%+v)", err, fake.GatewayStats())
	}
	st := fake.GatewayStats()
	if st.Identifies != 1 || st.Intents != int(discordgo.IntentsGuilds|discordgo.IntentsDirectMessages) {
		t.Errorf("stats = %+v, want 1 identify with the session's intents", st)
	}
	// The acks reached discordgo: it noted one after READY. (Not "a
	// recent one": under -race on a loaded machine a goroutine can stall
	// for more than a heartbeat interval.)
	acked := func() bool {
		dg.RLock()
		defer dg.RUnlock()
		return dg.LastHeartbeatAck.After(ready)
	}
	if err := fake.WaitUntil(wait, acked); err != nil {
		dg.RLock()
		t.Errorf("no heartbeat ack reached discordgo after READY (its last at %v, READY at %v): %v", dg.LastHeartbeatAck, ready, err)
		dg.RUnlock()
	}
	// GUILD_CREATE (GUILDS intent) filled discordgo's state with the channels.
	err = fake.WaitUntil(wait, func() bool {
		_, err := dg.State.Channel(chanA)
		return err == nil
	})
	if err != nil {
		t.Errorf("channel %s not in discordgo's state after GUILD_CREATE", chanA)
	}
	if n := fake.Calls(discordtest.RouteGateway); n != 1 {
		t.Errorf("GET /gateway called %d times, want 1", n)
	}
}

func TestGatewayRejectsBadToken(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg, _ := discordgo.New("Bot wrong-token")
	fake.Configure(dg)
	dg.ShouldReconnectOnError = false
	if err := dg.Open(); err == nil {
		_ = dg.Close()
		t.Fatal("Open with a wrong token succeeded; want close 4004")
	}
	if st := fake.GatewayStats(); st.Identifies != 0 {
		t.Errorf("identifies = %d, want 0", st.Identifies)
	}
	// REST with the wrong token is refused too.
	if _, err := dg.User("@me"); err == nil {
		t.Error("GET /users/@me with a wrong token succeeded")
	} else if status, _ := restCode(err); status != 401 {
		t.Errorf("status %d, want 401", status)
	}
}

// counter counts deliveries of each interaction to the bot.
type counter struct {
	mu   sync.Mutex
	seen map[string]int
}

func (c *counter) add(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen == nil {
		c.seen = map[string]int{}
	}
	c.seen[id]++
}

func (c *counter) get(id string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.seen[id]
}

func TestResumeAfterDroppedConnection(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		code int
	}{{"close 4000", discordtest.CloseUnknownError}, {"abrupt", 0}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			fake := newWorld(t)
			var seen counter
			dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
				seen.add(i.ID)
				_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
					Type: discordgo.InteractionResponseChannelMessageWithSource,
					Data: &discordgo.InteractionResponseData{Content: "pong"},
				})
			})
			registerCommands(t, dg, fake, "")

			before := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
			if _, err := before.Wait(wait); err != nil {
				t.Fatal(err)
			}

			fake.DropGateway(tc.code)
			// Sent while the bot is away: kept for the resume.
			during := fake.Must(fake.RunCommand(bob, chanA, "ping", ""))

			if err := fake.WaitUntil(wait, func() bool { return fake.GatewayStats().Resumes == 1 }); err != nil {
				t.Fatalf("no resume: %v (%+v)", err, fake.GatewayStats())
			}
			if _, err := during.Wait(wait); err != nil {
				t.Fatalf("dispatch sent during the drop: %v", err)
			}
			after := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
			if _, err := after.Wait(wait); err != nil {
				t.Fatal(err)
			}
			time.Sleep(100 * time.Millisecond) // room for a duplicate to show up
			for _, in := range []*discordtest.Interaction{before, during, after} {
				if n := seen.get(in.ID()); n != 1 {
					t.Errorf("interaction %s delivered %d times, want exactly once", in.ID(), n)
				}
			}
			if st := fake.GatewayStats(); st.Identifies != 1 || st.Connections != 2 {
				t.Errorf("stats = %+v, want 1 identify over 2 connections", st)
			}
		})
	}
}

func TestNonResumableCloseMakesANewSession(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"},
		})
	})
	registerCommands(t, dg, fake, "")
	fake.DropGateway(discordtest.CloseSessionTimedOut)
	// discordgo tries to resume, is told the session is invalid (op 9) and
	// identifies again.
	if err := fake.WaitUntil(wait, func() bool { return fake.GatewayStats().Identifies == 2 && fake.GatewayStats().Connected }); err != nil {
		t.Fatalf("no new session: %v (%+v)", err, fake.GatewayStats())
	}
	in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	if _, err := in.Wait(wait); err != nil {
		t.Fatal(err)
	}
}

func TestRunCommandWithoutBotFails(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	if _, err := fake.RunCommand(alice, chanA, "ping", ""); err == nil {
		t.Fatal("RunCommand of an unregistered command succeeded")
	}
	dg := fake.NewSession() // REST only, never opened
	registerCommands(t, dg, fake, "")
	if _, err := fake.RunCommand(alice, chanA, "ping", ""); err == nil || !strings.Contains(err.Error(), "no bot session") {
		t.Fatalf("RunCommand with no bot on the gateway: err = %v", err)
	}
}

// TestCloseLeavesNoGoroutines runs alone (not parallel): after the session
// and the fake are closed, none of the fake's goroutines remain.
func TestCloseLeavesNoGoroutines(t *testing.T) {
	fake := discordtest.New(t)
	fake.AddUser(alice, "alice")
	fake.AddChannel(guild, chanA)
	dg := fake.NewSession()
	dg.AddHandler(func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource})
	})
	if err := dg.Open(); err != nil {
		t.Fatal(err)
	}
	if _, err := dg.ApplicationCommandBulkOverwrite(fake.ApplicationID(), "", gameCommands()); err != nil {
		t.Fatal(err)
	}
	in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
	if _, err := in.Wait(wait); err != nil {
		t.Fatal(err)
	}
	_ = dg.Close()
	fake.Close()

	leaked := func() []string {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		var out []string
		for _, g := range strings.Split(string(buf), "\n\n") {
			if strings.Contains(g, "discordtest.(*") || strings.Contains(g, "net/http.(*persistConn)") ||
				strings.Contains(g, "net/http.(*conn).serve") || strings.Contains(g, "discordgo.(*Session).listen") ||
				strings.Contains(g, "discordgo.(*Session).heartbeat") {
				out = append(out, g)
			}
		}
		return out
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(leaked()) > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if l := leaked(); len(l) > 0 {
		t.Errorf("%d goroutines left after Close:\n%s", len(l), strings.Join(l, "\n\n"))
	}
}

// A heartbeat confirms the frames up to its sequence number: the session
// stops keeping them, and a resume after a drop still replays what the bot
// missed, once.
func TestHeartbeatsTrimTheResumeLog(t *testing.T) {
	t.Parallel()
	fake := newWorld(t, discordtest.WithHeartbeatInterval(400*time.Millisecond))
	var seen counter
	dg := startBot(t, fake, func(s *discordgo.Session, i *discordgo.InteractionCreate) {
		seen.add(i.ID)
		_ = s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "pong"},
		})
	})
	registerCommands(t, dg, fake, "")
	for range 5 {
		in := fake.Must(fake.RunCommand(alice, chanA, "ping", ""))
		if _, err := in.Wait(wait); err != nil {
			t.Fatal(err)
		}
	}
	if fake.GatewayStats().ResumeFrames == 0 {
		t.Fatal("no frame kept before any heartbeat confirmed them")
	}
	beats := fake.GatewayStats().Heartbeats
	if err := fake.WaitUntil(wait, func() bool { return fake.GatewayStats().Heartbeats >= beats+2 }); err != nil {
		t.Fatal(err)
	}
	if n := fake.GatewayStats().ResumeFrames; n != 0 {
		t.Errorf("%d frames kept after heartbeats confirmed every one", n)
	}

	fake.DropGateway(discordtest.CloseUnknownError)
	during := fake.Must(fake.RunCommand(bob, chanA, "ping", ""))
	if err := fake.WaitUntil(wait, func() bool { return fake.GatewayStats().Resumes == 1 }); err != nil {
		t.Fatalf("no resume: %v (%+v)", err, fake.GatewayStats())
	}
	if _, err := during.Wait(wait); err != nil {
		t.Fatalf("dispatch sent during the drop: %v", err)
	}
	time.Sleep(100 * time.Millisecond) // room for a duplicate to show up
	if n := seen.get(during.ID()); n != 1 {
		t.Errorf("interaction sent during the drop delivered %d times, want once", n)
	}
}
