package discordtest_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// TestGatewayShards: sessions identify with [shard_id, num_shards]; each
// READY lists the servers of its shard, guild interactions go to shard
// (guild_id >> 22) % num_shards only, DMs to shard 0; a shard pair out of
// range is closed with 4010 Invalid Shard.
func TestGatewayShards(t *testing.T) {
	t.Parallel()
	fake := newWorld(t)                // guild 900: shard 0 of 2
	far := fmt.Sprint(uint64(1) << 22) // shard 1 of 2
	fake.AddChannel(far, "911")
	var mu sync.Mutex
	got := map[string]int{} // interaction id -> shard that received it
	readyGuilds := map[int][]string{}
	for shard := 0; shard < 2; shard++ {
		dg := fake.NewSession()
		dg.ShardID, dg.ShardCount = shard, 2
		// discordgo's state cache rewrites the READY guilds from its own
		// goroutine (a data race with reading them here): off.
		dg.StateEnabled = false
		dg.AddHandler(func(_ *discordgo.Session, r *discordgo.Ready) {
			mu.Lock()
			defer mu.Unlock()
			for _, g := range r.Guilds {
				readyGuilds[shard] = append(readyGuilds[shard], g.ID)
			}
		})
		dg.AddHandler(func(_ *discordgo.Session, i *discordgo.InteractionCreate) {
			mu.Lock()
			defer mu.Unlock()
			got[i.ID] = got[i.ID]*10 + shard + 1 // two deliveries would show as two digits
		})
		if err := dg.Open(); err != nil {
			t.Fatalf("Open shard %d: %v", shard, err)
		}
		t.Cleanup(func() { _ = dg.Close() })
		if shard == 0 {
			registerCommands(t, dg, fake, "")
		}
	}
	if err := fake.WaitUntil(wait, func() bool { return len(fake.GatewayStats().Shards) == 2 }); err != nil {
		t.Fatalf("both shards identified: %v", err)
	}
	want := map[string]int{chanA: 1, "911": 2, fake.DMChannelID(alice): 1} // channel -> shard+1
	sent := map[string]string{}
	for ch := range want {
		in, err := fake.RunCommand(alice, ch, "ping", "")
		if err != nil {
			t.Fatalf("ping in %s: %v", ch, err)
		}
		// The handler changes nothing in the fake: poll.
		for end := time.Now().Add(wait); ; time.Sleep(2 * time.Millisecond) {
			mu.Lock()
			delivered := got[in.ID()] != 0
			mu.Unlock()
			if delivered {
				break
			}
			if time.Now().After(end) {
				t.Fatalf("ping in %s never delivered", ch)
			}
		}
		sent[ch] = in.ID()
	}
	mu.Lock()
	for ch, shard := range want {
		if got[sent[ch]] != shard {
			t.Errorf("ping in channel %s went to shard(s) %d (1-based), want %d only", ch, got[sent[ch]], shard)
		}
	}
	mu.Unlock()
	mu.Lock()
	if fmt.Sprint(readyGuilds) != fmt.Sprint(map[int][]string{0: {guild}, 1: {far}}) {
		t.Errorf("READY guilds per shard %v", readyGuilds)
	}
	mu.Unlock()

	bad := fake.NewSession()
	bad.ShardID, bad.ShardCount = 2, 2
	bad.ShouldReconnectOnError = false
	if err := bad.Open(); err == nil {
		_ = bad.Close()
		t.Error("identify with shard [2, 2] was accepted; want close 4010")
	}
}
