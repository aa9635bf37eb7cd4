package discord

import (
	"crypto/ed25519"
	"log/slog"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/telemetry"
)

// Options configure the connection.
type Options struct {
	Token      string
	DevGuildID string // register commands to this guild only (instant); "" for global
	Log        *slog.Logger
	// DeferAfter is how long to wait for the router before telling Discord
	// the answer will come later. Discord allows 3 seconds for the first
	// response; the default 2s leaves room for the network.
	DeferAfter time.Duration
	// TickEvery is how often reminders are checked.
	TickEvery time.Duration
	// PublicKey, when set, selects HTTP interactions: no gateway session;
	// Discord POSTs interactions to Handler, signed with this key (the
	// application's public key).
	PublicKey ed25519.PublicKey
	// Shards is the number of gateway sessions (Discord requires sharding
	// past 2,500 servers); 0 takes Discord's recommended count. Each
	// session carries the servers with (guild_id >> 22) % Shards equal to
	// its index; DMs come on shard 0. They share the REST client and its
	// rate limits.
	Shards int
	// IdentifyEvery spaces the identifies of shards in the same bucket
	// (shard_id % max_concurrency): Discord allows one per 5 s, and the
	// default adds half a second for the network's jitter; tests shorten
	// it.
	IdentifyEvery time.Duration
	// IdentifyReserve is how many of the day's session starts
	// (session_start_limit) the bot leaves unspent: it stops with a
	// SessionLimitError rather than spend them (default
	// DefaultIdentifyReserve).
	IdentifyReserve int
	// Configure, when set, adjusts the session before it connects (tests
	// point it at a fake Discord here).
	Configure func(*discordgo.Session)

	// RequestsPerSecond is the bot token's global rate limit (Discord: 50
	// a second across all the bot's processes): every Bot of this process
	// with the same token shares it. A bot run as several processes gives
	// each its share.
	RequestsPerSecond int
	// Global, when set, is the limit to share instead (a test gives each
	// fake Discord its own).
	Global *GlobalLimit
	// Share, when set and RequestsPerSecond is not, lets the processes
	// sharing the bot token find their shares themselves: each beats in
	// Share (the PostgreSQL they share) every ShareEvery (default
	// DefaultShareEvery) and takes Discord's limit, less a margin, over
	// the live count (share.go).
	Share      ShareStore
	ShareEvery time.Duration
	// MaxWait bounds how long a request waits for a rate limit when its
	// context would let it wait longer (default DefaultMaxWait).
	MaxWait time.Duration

	// State is where the bot keeps the interactions it took and what it
	// registered (the database: *storage.Store); without it, this
	// process's memory.
	State State
	// InteractionMaxAge is how old (by its id's timestamp) an interaction
	// POSTed in HTTP mode may be; an older one is refused (default
	// DefaultInteractionMaxAge).
	InteractionMaxAge time.Duration

	// Metrics, when set, counts the bot's requests, answers and waits.
	Metrics *telemetry.Metrics
}
