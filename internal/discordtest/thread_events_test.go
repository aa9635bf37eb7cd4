package discordtest_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

// openWithIntents opens a gateway session with these intents, and returns
// it with the THREAD_CREATE events it receives, as sent.
func openWithIntents(t *testing.T, fake *discordtest.Server, intents discordgo.Intent) (*discordgo.Session, <-chan json.RawMessage) {
	t.Helper()
	dg := fake.NewSession()
	dg.Identify.Intents = intents
	created := make(chan json.RawMessage, 8)
	dg.AddHandler(func(_ *discordgo.Session, ev *discordgo.Event) {
		if ev.Type == "THREAD_CREATE" {
			created <- ev.RawData
		}
	})
	if err := dg.Open(); err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { _ = dg.Close() })
	if err := fake.WaitGatewayReady(wait); err != nil {
		t.Fatalf("gateway not ready: %v", err)
	}
	return dg, created
}

// nextThreadCreate waits for the next THREAD_CREATE (the fake sends it
// before the thread route answers; discordgo hands it over on its own
// goroutine).
func nextThreadCreate(t *testing.T, created <-chan json.RawMessage) *discordgo.ThreadCreate {
	t.Helper()
	select {
	case raw := <-created:
		var ev discordgo.ThreadCreate
		var fields map[string]any
		if err := json.Unmarshal(raw, &ev); err != nil || json.Unmarshal(raw, &fields) != nil {
			t.Fatalf("THREAD_CREATE %s: %v", raw, err)
		}
		if _, has := fields["permissions"]; has {
			t.Errorf("THREAD_CREATE carries permissions; only interactions' resolved channels do: %s", raw)
		}
		return &ev
	case <-time.After(wait):
		t.Fatal("no THREAD_CREATE")
		return nil
	}
}

// A session with the GUILDS intent gets THREAD_CREATE for each thread the
// bot starts, public from a message or private without one: the thread's
// channel object, newly_created.
func TestThreadCreateEvent(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg, created := openWithIntents(t, fake, discordgo.IntentsGuilds)
	m, err := dg.ChannelMessageSend(chanA, "Hijack: alice vs bob")
	if err != nil {
		t.Fatal(err)
	}
	pub, err := dg.MessageThreadStartComplex(chanA, m.ID, &discordgo.ThreadStart{Name: "Hijack #1", AutoArchiveDuration: 10080})
	if err != nil {
		t.Fatal(err)
	}
	ev := nextThreadCreate(t, created)
	if ev.ID != pub.ID || ev.GuildID != guild || ev.ParentID != chanA || ev.Type != discordgo.ChannelTypeGuildPublicThread ||
		ev.Name != "Hijack #1" || !ev.NewlyCreated || ev.ThreadMetadata == nil || ev.ThreadMetadata.AutoArchiveDuration != 10080 {
		t.Errorf("THREAD_CREATE of a thread from a message: %+v (metadata %+v)", ev.Channel, ev.ThreadMetadata)
	}
	priv, err := dg.ThreadStartComplex(chanA, &discordgo.ThreadStart{Name: "side table"})
	if err != nil {
		t.Fatal(err)
	}
	if ev := nextThreadCreate(t, created); ev.ID != priv.ID || ev.Type != discordgo.ChannelTypeGuildPrivateThread || !ev.NewlyCreated {
		t.Errorf("THREAD_CREATE of a private thread: %+v", ev.Channel)
	}
	if n := fake.GatewayStats().ThreadCreates; n != 2 {
		t.Errorf("%d THREAD_CREATE sent, want 2", n)
	}
}

// Without the GUILDS intent a session gets no thread events (Discord
// requires it), and a refused thread start sends none either.
func TestThreadCreateNeedsGuildsIntent(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)
	dg, _ := openWithIntents(t, fake, discordgo.IntentsNone)
	if _, err := dg.ThreadStartComplex(chanA, &discordgo.ThreadStart{Name: "side table"}); err != nil {
		t.Fatal(err)
	}
	// Counted when sent, before the route answered.
	if n := fake.GatewayStats().ThreadCreates; n != 0 {
		t.Errorf("%d THREAD_CREATE sent to a session without GUILDS, want none", n)
	}

	withGuilds := newWorld(t)
	dg, _ = openWithIntents(t, withGuilds, discordgo.IntentsGuilds)
	withGuilds.DenyBot(chanA, discordtest.PermCreatePrivateThreads, true)
	if _, err := dg.ThreadStartComplex(chanA, &discordgo.ThreadStart{Name: "private"}); err == nil {
		t.Fatal("a private thread was started without Create Private Threads")
	}
	if n := withGuilds.GatewayStats().ThreadCreates; n != 0 {
		t.Errorf("%d THREAD_CREATE sent for a refused thread, want none", n)
	}
}
