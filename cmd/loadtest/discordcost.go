package main

import (
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"standoff/internal/discordtest"
)

// What the play cost on Discord's side, from the fake's request log and
// its record of notifications: the requests made with the bot token (the
// ones Discord's global limit of 50 a second counts; interaction endpoints
// are exempt) per move, by game kind and by route; the 429s by scope; and
// the notifications per move. The moves are the ones played while the
// requests were counted, so a figure per move is the bot's cost of a move
// whatever the rate.
type discordCost struct {
	limits       bool                   // Discord's limits enforced
	bot          int                    // bot-token requests
	botRefused   int                    // of them, answered 429 (and, as a rule, sent again)
	botByKind    map[string]int         // those that went through, by the kind of game they served ("other": none)
	botByRoute   map[string]int         // those that went through, by route
	refusedRoute map[string]int         // those answered 429, by route
	interactions int                    // requests on interaction endpoints
	tooMany      map[string]int         // 429s by scope
	notified     int                    // notifications
	notifByKind  map[string]int         // by kind
	notifByCause map[string]int         // mention or DM
	movesByKind  map[string]int         // moves played, by kind
	stats        discordtest.LimitStats // the limits' own counts at the end
	routeLimits  map[string]discordtest.RouteLimit
}

// otherKind is the requests no table's game explains (start-up, a DM
// channel shared by players of several games never happens here).
const otherKind = "other"

// measureCost reads what the fake saw between from and to. Each table's
// channel and players name its kind.
func measureCost(fake *discordtest.Server, tables []*table, from, to time.Time, limits bool, movesByKind map[string]int) *discordCost {
	kindOf := map[string]string{}
	for _, t := range tables {
		kindOf["c"+t.channel] = t.game.Kind.Name
		for _, u := range t.users {
			kindOf["u"+u] = t.game.Kind.Name
		}
	}
	kind := func(channel, user string) string {
		if k, ok := kindOf["c"+channel]; ok {
			return k
		}
		if k, ok := kindOf["u"+user]; ok {
			return k
		}
		return otherKind
	}
	c := &discordCost{limits: limits, botByKind: map[string]int{}, botByRoute: map[string]int{}, refusedRoute: map[string]int{}, tooMany: map[string]int{},
		notifByKind: map[string]int{}, notifByCause: map[string]int{}, movesByKind: movesByKind,
		stats: fake.LimitStats(), routeLimits: fake.Limits().Routes}
	for _, r := range fake.Requests() {
		if r.At.Before(from) || !r.At.Before(to) {
			continue
		}
		if r.Scope != "" {
			c.tooMany[r.Scope]++
		}
		if !r.BotToken {
			c.interactions++
			continue
		}
		c.bot++
		if r.Status == http.StatusTooManyRequests {
			c.botRefused++
			c.refusedRoute[r.Route]++
			continue
		}
		c.botByKind[kind(r.Channel, r.User)]++
		route := r.Route
		if r.User != "" && r.Route != discordtest.RouteCreateDM {
			route += " in a DM" // a private message, apart from the channel's
		}
		c.botByRoute[route]++
	}
	for _, n := range fake.Notifications() {
		if n.At.Before(from) || !n.At.Before(to) {
			continue
		}
		c.notified++
		c.notifByKind[kind(n.Channel, n.User)]++
		c.notifByCause[n.Cause]++
	}
	return c
}

func (c *discordCost) moves() int {
	n := 0
	for _, m := range c.movesByKind {
		n += m
	}
	return n
}

// perMove is n over the moves, 0 without moves.
func perMove(n, moves int) float64 {
	if moves == 0 {
		return 0
	}
	return float64(n) / float64(moves)
}

func (c *discordCost) print(w io.Writer, secs float64) {
	moves := c.moves()
	if c.limits {
		fmt.Fprintf(w, "Discord's rate limits: enforced by the fake as documented and observed (global 50/s with the bot token; %s)\n", c.bucketsText())
	} else {
		fmt.Fprintln(w, "Discord's rate limits: off (-limits=false), for comparison")
	}
	through := c.bot - c.botRefused
	fmt.Fprintf(w, "bot-token requests while playing: %d = %.1f/s, %.2f per move, of which %d answered 429; "+
		"%d went through, %.2f per move; on interaction endpoints (exempt): %d, %.2f per move\n",
		c.bot, float64(c.bot)/secs, perMove(c.bot, moves), c.botRefused, through, perMove(through, moves),
		c.interactions, perMove(c.interactions, moves))
	fmt.Fprintf(w, "  went through, per move by kind:%s\n", c.byKind(c.botByKind))
	fmt.Fprintf(w, "  went through, by route:%s\n", byCount(c.botByRoute, moves))
	if c.botRefused > 0 {
		fmt.Fprintf(w, "  answered 429, by route:%s\n", byCount(c.refusedRoute, moves))
	}
	fmt.Fprintf(w, "429s while playing by scope: %s; invalid requests toward the ban (10,000 per 10 min): %d; bans: %d\n",
		scopes(c.tooMany), c.stats.Invalid, c.stats.Bans)
	fmt.Fprintf(w, "notifications while playing: %d, %.2f per move (mentions %d, DMs %d); per move, by kind:%s\n",
		c.notified, perMove(c.notified, moves), c.notifByCause[discordtest.CauseMention], c.notifByCause[discordtest.CauseDM], c.byKind(c.notifByKind))
}

// bucketsText names the message buckets enforced.
func (c *discordCost) bucketsText() string {
	var parts []string
	for _, r := range []string{discordtest.RouteSendMessage, discordtest.RouteEditMessage, discordtest.RouteCreateDM, discordtest.RouteFollowup} {
		if rl, ok := c.routeLimits[r]; ok {
			parts = append(parts, fmt.Sprintf("%s %d per %v", rl.Bucket, rl.Limit, rl.Per))
		}
	}
	return strings.Join(parts, ", ")
}

// byKind is each kind's count per move of that kind; the requests no game
// explains are given as a count.
func (c *discordCost) byKind(counts map[string]int) string {
	var kinds []string
	for k := range c.movesByKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	var b strings.Builder
	for _, k := range kinds {
		fmt.Fprintf(&b, " %s %.2f (%d moves);", k, perMove(counts[k], c.movesByKind[k]), c.movesByKind[k])
	}
	if n := counts[otherKind]; n > 0 {
		fmt.Fprintf(&b, " not of a game %d;", n)
	}
	return b.String()
}

// byCount lists routes by count, most first, with each per move.
func byCount(counts map[string]int, moves int) string {
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		return counts[keys[i]] > counts[keys[j]] || counts[keys[i]] == counts[keys[j]] && keys[i] < keys[j]
	})
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, " %s %d (%.2f/move);", k, counts[k], perMove(counts[k], moves))
	}
	if len(keys) == 0 {
		b.WriteString(" none")
	}
	return b.String()
}

func scopes(counts map[string]int) string {
	var parts []string
	for _, s := range []string{discordtest.ScopeGlobal, discordtest.ScopeUser, discordtest.ScopeShared, discordtest.ScopeCloudflare} {
		parts = append(parts, fmt.Sprintf("%s %d", s, counts[s]))
	}
	return strings.Join(parts, ", ")
}

// newFake is the fake Discord of a run. The pictures are read and checked
// as Discord does, not kept: nobody looks at them again, and thousands
// would fill this process's memory. It enforces Discord's rate limits
// unless told not to.
func newFake(tb testing.TB, cfg config) *discordtest.Server {
	opts := []discordtest.ServerOption{discordtest.WithoutFileBytes()}
	if cfg.noLimits {
		opts = append(opts, discordtest.WithLimits(discordtest.NoLimits()))
	}
	return discordtest.New(tb, opts...)
}

// movesByKind counts the moves played, by kind.
func (r *result) movesByKind() map[string]int {
	out := map[string]int{}
	for k, l := range r.byKind {
		out[k] = len(l.answer.d)
	}
	return out
}
