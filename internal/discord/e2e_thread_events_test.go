package discord_test

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/discordtest"
)

// A bot whose session asks for the GUILDS intent gets GUILD_CREATE and
// THREAD_CREATE (when it starts a game's thread) on the gateway: it drops
// them without an error or a reconnection, and the game in the thread is
// played as without them.
func TestThreadCreateEventIgnored(t *testing.T) {
	t.Parallel()
	e := newEnv(t, overGateway, withThreads)
	// The bot asks for no intents; this one is given GUILDS by its
	// session's configuration, which runs after New sets them.
	e.stop()
	configure := e.opts.Configure
	e.opts.Configure = func(s *discordgo.Session) {
		configure(s)
		s.Identify.Intents = discordgo.IntentsGuilds
	}
	e.start()
	st := e.fake.GatewayStats()
	if st.Intents != int(discordgo.IntentsGuilds) {
		t.Fatalf("the bot identified with intents %d, want GUILDS", st.Intents)
	}

	e.reply(alice, general, "hijack", "challenge", discordtest.Opt("opponent", bob), discordtest.Opt("num_pieces", 3))
	e.router.Wait()
	ths := e.fake.Threads()
	if len(ths) != 1 {
		t.Fatalf("threads %+v, want one", ths)
	}
	th := ths[0]
	if n := e.fake.GatewayStats().ThreadCreates; n != 1 {
		t.Fatalf("%d THREAD_CREATE sent to the bot, want 1", n)
	}
	row, _ := e.game(th.ID)
	lobby, _ := e.fake.LastMessage(th.ID)
	accept, ok := findID(lobby, "accept:")
	if !ok {
		t.Fatalf("no Accept in the thread: %q", lobby.Content)
	}
	e.click(bob, lobby.ID, accept)
	e.settle(th.ID, row)
	e.playByButtons(alice, th.ID)
	e.playByButtons(bob, th.ID)
	e.router.Wait()
	if now := e.fake.GatewayStats(); now.Connections != st.Connections || now.Identifies != st.Identifies {
		t.Errorf("the gateway reconnected after THREAD_CREATE: %+v, was %+v", now, st)
	}
	e.noErrorLogs()
	e.noErrorsBut()
}
