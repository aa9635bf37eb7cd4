package discordtest

import "time"

// Limits are the rate limits the fake enforces, after Discord's
// rate-limits page (docs/topics/rate-limits):
//
//   - the global limit: "All bots can make up to 50 requests per second to
//     our API", counted over the requests made with the bot token;
//     "Interaction endpoints are not bound to the bot's Global Rate Limit"
//     (the callback and every /webhooks/{app}/{token} route);
//   - per-route buckets: "Per-route rate limits exist for many individual
//     endpoints ... per-route rate limits often account for top-level
//     resources within the path ... channels (channel_id), guilds
//     (guild_id), and webhooks (webhook_id or webhook_id + webhook_token)",
//     so each bucket counts apart per channel, guild or interaction token,
//     while its X-RateLimit-Bucket id is "non-inclusive of top-level
//     resources" (the same id for every channel); routes naming the same
//     Bucket share one count ("per-route limits will be shared across a set
//     of similar endpoints, indicated in the X-RateLimit-Bucket header");
//   - the invalid request limit: "IP addresses that make too many invalid
//     HTTP requests are automatically and temporarily restricted ...
//     10,000 per 10 minutes. An invalid request is one that results in
//     401, 403, or 429 statuses ... 429 errors returned with
//     X-RateLimit-Scope: shared are not counted against you."
//
// Discord publishes no per-route figures ("rate limits should not be hard
// coded into your app"); DiscordLimits uses the widely observed ones and
// says which are assumptions. A test may change any of them, or turn them
// off with NoLimits.
type Limits struct {
	// Global requests per GlobalWindow with the bot token; 0 turns the
	// global limit off (an injected GlobalRateLimit still applies).
	Global       int
	GlobalWindow time.Duration
	// Routes maps a route name (the Route constants) to its bucket; a route
	// not listed has none and carries no X-RateLimit headers ("if the route
	// doesn't return a x-ratelimit-bucket, there is no ratelimit (aside
	// from global)", as observed in discord-api-docs#1135).
	Routes map[string]RouteLimit
	// InvalidRequests answered 401, 403 or 429 (not shared-scope 429s)
	// within InvalidWindow get the IP banned for BanFor: every request,
	// interaction endpoints included, is then answered by Cloudflare's 429
	// "error code: 1015". 0 turns the ban off.
	InvalidRequests int
	InvalidWindow   time.Duration
	BanFor          time.Duration
}

// RouteLimit is a per-route bucket: Limit requests per Per, counted apart
// for each top-level resource of the path (channel, guild or interaction
// token; one count for a route without one).
type RouteLimit struct {
	Bucket string // routes with the same name share the count and the X-RateLimit-Bucket id
	Limit  int
	Per    time.Duration
	// Shared makes it a per-resource limit ("X-RateLimit-Scope: shared",
	// "per resource limit"): its 429s say so and do not count toward the
	// invalid request limit.
	Shared bool
}

// Discord's documented and observed limits.
const (
	DiscordGlobalLimit     = 50
	DiscordInvalidRequests = 10000
	DiscordInvalidWindow   = 10 * time.Minute
	// DiscordBanFor is how long a Cloudflare ban lasts as observed ("a
	// retry after of 1 hour", discord-api-docs#5385); Discord documents
	// only "temporarily".
	DiscordBanFor = time.Hour
)

// DiscordLimits are the limits a bot meets on Discord, the fake's default:
//   - message creation, 5 per 5 s per channel: the figure every library
//     documents from observation (and the one in Discord's header example,
//     "X-RateLimit-Limit: 5");
//   - message edits, 5 per 5 s per channel, a bucket of their own (PATCH and
//     DELETE of a message carry different bucket hashes, discord-api-docs
//     #1135); deletes 5 per 1 s per channel (observed);
//   - interaction webhooks (follow-ups, @original and follow-up messages),
//     5 per 2 s per interaction token, one bucket for them all: "Interactions
//     webhooks share the same rate limit properties as normal webhooks", and
//     a webhook takes 5 requests per 2 s (observed; failed requests count);
//   - opening a DM channel, 5 per 1 s for the bot: an assumption, Discord
//     publishes no figure and observers give none consistently;
//   - starting a thread (from a message or without one), 5 per 5 s per
//     parent channel, one bucket for both routes: an assumption like the
//     DM channel's, no figure is published;
//   - reactions would be 1 per 0.25 s per channel (observed), but the fake
//     has no reaction routes, and the bot uses none.
//
// The interaction callback has no bucket (one callback per interaction),
// nor have reads, channel edits and command registration, which the bot
// makes rarely; their limits are unpublished.
func DiscordLimits() Limits {
	return Limits{
		Global:       DiscordGlobalLimit,
		GlobalWindow: time.Second,
		Routes: map[string]RouteLimit{
			RouteSendMessage:            {Bucket: "channel message create", Limit: 5, Per: 5 * time.Second},
			RouteEditMessage:            {Bucket: "channel message edit", Limit: 5, Per: 5 * time.Second},
			RouteDeleteMessage:          {Bucket: "channel message delete", Limit: 5, Per: time.Second},
			RouteCreateDM:               {Bucket: "dm channel create", Limit: 5, Per: time.Second},
			RouteStartThreadFromMessage: threadLimit,
			RouteStartThread:            threadLimit,
			RouteRenameChannel:          renameLimit, // observed, thread_rename.go
			RouteFollowup:               webhookLimit,
			RouteGetOriginal:            webhookLimit,
			RouteEditOriginal:           webhookLimit,
			RouteDeleteOriginal:         webhookLimit,
			RouteGetWebhookMessage:      webhookLimit,
			RouteEditWebhookMessage:     webhookLimit,
			RouteDeleteWebhookMessage:   webhookLimit,
		},
		InvalidRequests: DiscordInvalidRequests,
		InvalidWindow:   DiscordInvalidWindow,
		BanFor:          DiscordBanFor,
	}
}

var (
	webhookLimit = RouteLimit{Bucket: "interaction webhook", Limit: 5, Per: 2 * time.Second}
	threadLimit  = RouteLimit{Bucket: "thread create", Limit: 5, Per: 5 * time.Second}
)

// NoLimits enforces nothing (injected faults and GlobalRateLimit still
// apply) and sends no rate-limit headers: the fake as it was before it
// knew Discord's limits, for comparison.
func NoLimits() Limits { return Limits{} }

// WithLimits sets the limits the server enforces (default DiscordLimits).
func WithLimits(l Limits) ServerOption {
	return func(c *config) { c.limits = &l }
}

// SetLimits replaces the limits the server enforces and forgets every
// count, the invalid requests and a ban: a fresh start, as for a bot that
// comes back after the limits have reset.
func (s *Server) SetLimits(l Limits) {
	for name := range l.Routes {
		if !knownRoute(name) || name == RouteAny {
			s.tb.Fatalf("discordtest: SetLimits: unknown route %q (use the Route constants)", name)
		}
	}
	s.rl.reset(l)
}

// Limits returns the limits the server enforces.
func (s *Server) Limits() Limits {
	s.rl.mu.Lock()
	defer s.rl.mu.Unlock()
	l := s.rl.limits
	routes := make(map[string]RouteLimit, len(l.Routes))
	for k, v := range l.Routes {
		routes[k] = v
	}
	l.Routes = routes
	return l
}
