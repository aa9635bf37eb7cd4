package discord_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"standoff/internal/discord"
	"standoff/internal/discordtest"
)

// Servers whose events go to different shards: (guild_id >> 22) % count.
var (
	guildA = fmt.Sprint(uint64(1) << 22) // shard 1 of 2 and of 3
	guildB = fmt.Sprint(uint64(2) << 22) // shard 0 of 2, 2 of 3
)

// shardedWorld adds a channel in each of guildA and guildB.
func shardedWorld(f *discordtest.Server) {
	f.AddChannel(guildA, "911")
	f.AddChannel(guildB, "912")
}

// helpEverywhere runs /game help in a channel of every server and in a DM:
// the fake delivers each on the shard that carries it, so an answer from
// each proves that shard's session is up and routed to the router.
func (e *env) helpEverywhere() {
	e.t.Helper()
	for _, ch := range []string{general, "911", "912", e.fake.DMChannelID(alice)} {
		if m := e.reply(alice, ch, "game", "help"); !strings.Contains(m.Content, "/") {
			e.t.Errorf("/game help in channel %s answered %q", ch, m.Content)
		}
	}
}

// TestShardsFromConfig: "shards = N" opens N sessions, each identifying
// with its [shard_id, num_shards] pair; guild interactions arrive on shard
// (guild_id >> 22) % num_shards and DMs on shard 0.
func TestShardsFromConfig(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withFake(shardedWorld), withOptions(func(o *discord.Options) {
		o.Shards, o.IdentifyEvery = 3, 20*time.Millisecond
	}))
	st := e.fake.GatewayStats()
	want := map[string]int{"0/3": 1, "1/3": 1, "2/3": 1}
	if fmt.Sprint(st.Shards) != fmt.Sprint(want) {
		t.Errorf("identifies per shard %v, want %v", st.Shards, want)
	}
	e.helpEverywhere()
	// One REST client for all shards: one command registration.
	if n := e.fake.Calls(discordtest.RouteOverwriteGlobal); n != 1 {
		t.Errorf("%d command registrations, want 1", n)
	}
	e.noErrorsBut()
	e.noErrorLogs()
}

// TestShardsRecommended: "shards = 0" takes the count GET /gateway/bot
// recommends.
func TestShardsRecommended(t *testing.T) {
	t.Parallel()
	e := newEnv(t, withFake(shardedWorld, discordtest.WithRecommendedShards(2)), withOptions(func(o *discord.Options) {
		o.IdentifyEvery = 20 * time.Millisecond
	}))
	want := map[string]int{"0/2": 1, "1/2": 1}
	if st := e.fake.GatewayStats(); fmt.Sprint(st.Shards) != fmt.Sprint(want) {
		t.Errorf("identifies per shard %v, want %v", st.Shards, want)
	}
	e.helpEverywhere()
	e.noErrorsBut()
	e.noErrorLogs()
}

// TestShardOf is Discord's formula on known ids.
func TestShardOf(t *testing.T) {
	cases := []struct {
		guild  string
		shards int
		want   int
	}{
		{"", 4, 0}, {"900", 4, 0}, {guildA, 2, 1}, {guildB, 2, 0}, {guildB, 3, 2},
		// A real-looking snowflake: 81384788765712384 >> 22 = 19403645698, and 19403645698 % 16 = 2.
		{"81384788765712384", 16, 2},
		{"81384788765712384", 1, 0},
	}
	for _, c := range cases {
		if got := discord.ShardOf(c.guild, c.shards); got != c.want {
			t.Errorf("ShardOf(%s, %d) = %d, want %d", c.guild, c.shards, got, c.want)
		}
		if got := discordtest.ShardOf(c.guild, c.shards); got != c.want {
			t.Errorf("discordtest.ShardOf(%s, %d) = %d, want %d", c.guild, c.shards, got, c.want)
		}
	}
}
