// Package discordtest is a fake Discord server on loopback for end-to-end
// tests of the bot's Discord side. The real discordgo client talks to it: the
// REST API (gateway discovery, slash-command registration, interaction
// callbacks, webhook follow-ups, channel messages, DM channels, the CDN for
// attachments) and the gateway websocket (hello, identify, ready, heartbeats,
// dispatches with sequence numbers, resume after a dropped connection).
//
// A test makes its own server, points a discordgo session at it and then acts
// as Discord users:
//
//	fake := discordtest.New(t) // closed by t.Cleanup
//	fake.AddUser("100", "alice")
//	fake.AddChannel("900", "901") // guild 900, channel 901
//	dg, _ := discordgo.New(fake.Token())
//	fake.Configure(dg) // or dg := fake.NewSession()
//	// ... start the bot on dg; dg.Open(); t.Cleanup(func() { dg.Close() })
//	in := fake.Must(fake.RunCommand("100", "901", "game", "status"))
//	resp, err := in.Wait(5 * time.Second)      // the initial callback
//	msg, err := in.WaitOriginal(5 * time.Second) // the finished reply
//
// A bot may answer on several paths (inline; deferred, then filled in or
// followed up; @original edited); once the test knows the bot has finished
// with an interaction, Told lists what the answer showed the user,
// whichever path it took.
//
// WaitChannelUpdate waits for a channel's newest message to be posted or
// edited after a time (a board changing after a move). Waits on one
// interaction or channel are woken only by changes to it, so a load test's
// thousands of waiters cost little; WithoutFileBytes keeps uploads'
// sizes and dimensions but not their bytes (cmd/loadtest uses both).
//
// Close discordgo sessions before the fake (register their Cleanup after
// calling New): a session left open keeps trying to reconnect.
//
// The fake checks what Discord checks where a mistake would break a bot in
// production, and answers with Discord's status codes, error codes and JSON
// shapes (50035 "Invalid Form Body" with a nested "errors" object):
//   - messages: content <= 2000 characters, <= 5 action rows of 1-5
//     components, a select menu alone in its row, 1-25 select options with
//     unique values, custom ids 1-100 characters and unique in a message,
//     button labels <= 80, <= 10 files of at most 10 MiB (40005), embed limits,
//     no empty message (50006); enforce_nonce (a create repeating an
//     enforced nonce returns the first message);
//   - interactions: one initial callback (40060), within 3 seconds of the
//     dispatch (10062), of a type that fits the interaction; follow-ups and
//     @original edits for 15 minutes (50027 after); ephemeral flag 64;
//   - commands: names, descriptions, option and choice counts and order,
//     4000 characters per command;
//   - DMs closed (50007), Send Messages missing (50013), a user sharing no
//     server with the bot (50007 on opening the DM), a deleted channel
//     (10003), the bot removed or denied View Channel (50001), a message
//     deleted by a moderator (10008), an archived thread (50083, reopened by
//     PATCH {"archived": false} unless locked);
//   - threads (threads.go): started from a message (the thread has the
//     message's id; a second is 160004) or without one (private unless
//     asked), a name of 1-100 characters, auto_archive_duration 60, 1440,
//     4320 or 10080, Create Public (or Private) Threads (50013), not in a
//     thread or DM (50024), Send Messages in Threads to post in one, a
//     bucket per parent channel; Threads records each with its name and
//     ThreadMembers its members (the bot, then whom a message there pings);
//     DenyBot takes a permission from the bot in a channel and its threads;
//   - rate limits (limits.go, ratelimit.go), Discord's by default
//     (DiscordLimits; WithLimits or SetLimits change them, NoLimits turns
//     them off): 50 requests a second with the bot token, interaction
//     endpoints exempt; per-route buckets counted per channel, guild or
//     interaction token, with the documented X-RateLimit headers and 429s
//     (scope user, global or shared); the invalid-request limit (10,000
//     401, 403 and 429 answers in 10 minutes) and its Cloudflare ban.
//     LimitStats counts what they did; a test may also inject a global
//     429 (GlobalRateLimit) or a route's (RateLimitNext);
//   - who is notified (notify.go): a user by a newly created message that
//     mentions them and whose allowed_mentions permits it, or by any new
//     message in their DM channel; never by an edit, an ephemeral or a
//     silent message (Notifications, NotificationsOf, WaitNotifications);
//   - every API request is logged with its channel, whether it used the
//     bot token and a 429's scope (Requests), for tests of the bot's costs
//     and the load test's report;
//   - faults: 5xx before a request takes effect, or after ("created, then
//     502": FailAfterNext), delays;
//   - gateway: dropped connections and close codes (DropGateway; 4004,
//     4007, 4009 and 4010-4014 end the session), Reconnect (op 7), Invalid
//     Session with d false or true, unacknowledged heartbeats (a zombie
//     connection); shards: identify with [shard_id, num_shards] (4010 when
//     out of range), each READY listing its shard's servers, guild events
//     on shard (guild_id >> 22) % num_shards and DMs on shard 0
//     (WithRecommendedShards sets GET /gateway/bot's count);
//   - HTTP interactions (http.go): after SetInteractionEndpoints, every
//     interaction is POSTed to one of the URLs at random, signed with an
//     Ed25519 key the fake generates (PublicKey, also the application's
//     verify_key), and the HTTP response body is taken as the callback,
//     with the same checks and the same 3 seconds; VerifyEndpoint does the
//     portal's check (signed PING answered with PONG, bad signature 401).
//
// Edits follow Discord: absent fields are kept, "content": null or "" and
// "embeds": null clear, "components": null is ignored (only [] removes
// components, which matters because discordgo sends null whenever the
// Components field is nil), an explicit "attachments" list keeps only the
// listed files and new files are added. A follow-up sent right after a
// deferred response (type 5) fills the loading message instead of creating a
// new one, keeping its ephemerality.
//
// Nothing is global: discordgo's endpoint variables are left alone; every
// request of a configured session is rewritten to this server whatever its
// host, and its websocket dialer always dials this server, so a test cannot
// reach the internet through it.
package discordtest
