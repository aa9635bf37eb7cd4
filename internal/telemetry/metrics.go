// Package telemetry is what an operator sees of a running bot: Prometheus
// metrics (moves, answers, boards, Discord's requests and limits, what is
// owed, storage) and structured logs in which every line about a game
// names its game and kind.
//
// Every hook is a method on *Metrics that does nothing on a nil receiver,
// so the packages that call it need no checks and tests without metrics
// pass nil. A Metrics holds its own registry: tests never share counters.
package telemetry

import (
	"context"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Metrics are the bot's collectors and the registry that serves them.
type Metrics struct {
	reg   *prometheus.Registry
	kinds []string // the game kinds a kind label may take; empty: any
	names []string // the standoff_ families, for the dashboard's test

	moves          *prometheus.CounterVec
	answers        *prometheus.CounterVec
	answerSeconds  *prometheus.HistogramVec
	boards         *prometheus.CounterVec
	boardSeconds   *prometheus.HistogramVec
	requests       *prometheus.CounterVec
	rateLimited    *prometheus.CounterVec
	limitWait      *prometheus.HistogramVec
	commitSeconds  prometheus.Histogram
	storageErrors  *prometheus.CounterVec
	reminders      *prometheus.CounterVec
	turnLimits     *prometheus.CounterVec
	defaultAnswers *prometheus.CounterVec
}

// Label values outside the games' kinds.
const (
	// NoKind is the kind of an answer that concerned no game (/game help,
	// a rules page).
	NoKind = "none"
	// OtherKind stands for a kind not among those New was given: a label
	// value never comes from outside a fixed set.
	OtherKind = "other"
)

// Bucket bounds, in seconds. Discord allows 3 s for an answer, so the
// answer buckets are dense below it; a board (drawn, then posted) may take
// longer; a storage commit is milliseconds unless the disk or the network
// is in trouble.
var (
	answerBuckets = []float64{0.025, 0.05, 0.1, 0.25, 0.5, 1, 1.5, 2, 2.5, 3, 5}
	boardBuckets  = []float64{0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 30, 60, 300}
	waitBuckets   = []float64{0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10}
	commitBuckets = prometheus.ExponentialBuckets(0.0005, 2, 14) // 0.5 ms to 4 s
)

// New makes the metrics, registered on a registry of their own together
// with the Go runtime's and the process's collectors. kinds are the game
// kinds (the catalog's names) a kind label may take.
func New(kinds ...string) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry(), kinds: slices.Sorted(slices.Values(kinds))}
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.moves = m.counter("standoff_moves_total",
		"Moves by game kind, by who made them (seat: player or bot) and outcome: played (saved), refused (not the player's turn, an illegal move...), stale (the position changed first) or error.",
		"kind", "seat", "outcome")
	m.answers = m.counter("standoff_answers_total",
		"Interactions answered (outcome: answered) or not (failed: Discord never took the first response), by the kind of game they concerned (none: no game).",
		"kind", "outcome")
	m.answerSeconds = m.histogram("standoff_answer_duration_seconds",
		"Time from an interaction's arrival to its first response being taken by Discord (an answer or a deferral), by game kind. Discord allows 3 seconds.",
		answerBuckets, "kind")
	m.boards = m.counter("standoff_boards_total",
		"Turn messages after a move: shown (the channel has the new board), or owed (held back or failed; redone later).",
		"kind", "outcome")
	m.boardSeconds = m.histogram("standoff_board_duration_seconds",
		"Time from a move's interaction arriving (or the clock's move starting) to its board being shown in the channel, by game kind.",
		boardBuckets, "kind")
	m.requests = m.counter("standoff_discord_requests_total",
		"Requests to Discord's REST API by method, route template (ids as {id}, tokens as {token}), scope (bot: the bot token's global budget; interaction: an interaction's token, exempt from it) and HTTP status (error: no answer).",
		"method", "route", "scope", "status")
	m.rateLimited = m.counter("standoff_discord_rate_limited_total",
		"429 answers from Discord by the limit's scope: global (the bot token's requests per second), user or shared (a route's or resource's bucket).",
		"scope")
	m.limitWait = m.histogram("standoff_discord_rate_limit_wait_seconds",
		"Time a request waited for Discord's rate limits (the global budget and its route's bucket) before it was sent, by scope (bot or interaction).",
		waitBuckets, "scope")
	m.commitSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "standoff_storage_commit_duration_seconds",
		Help: "Time a write to the database took until committed (on SQLite including the wait for its group commit).", Buckets: commitBuckets})
	m.register("standoff_storage_commit_duration_seconds", m.commitSeconds)
	m.storageErrors = m.counter("standoff_storage_errors_total",
		"Database operations that failed (a lost compare-and-swap race is not a failure).", "op")
	m.reminders = m.counter("standoff_reminders_total",
		"Reminders sent to players the game waits for, by game kind and how (channel: a mention; dm).", "kind", "via")
	m.turnLimits = m.counter("standoff_turn_limits_total",
		"Seats handed to the bot because their turn limit ran out, by game kind.", "kind")
	m.defaultAnswers = m.counter("standoff_default_answers_total",
		"Reactions answered with their default after answer_after, by game kind.", "kind")
	return m
}

func (m *Metrics) register(name string, c prometheus.Collector) {
	m.reg.MustRegister(c)
	m.names = append(m.names, name)
}

func (m *Metrics) counter(name, help string, labels ...string) *prometheus.CounterVec {
	c := prometheus.NewCounterVec(prometheus.CounterOpts{Name: name, Help: help}, labels)
	m.register(name, c)
	return c
}

func (m *Metrics) histogram(name, help string, buckets []float64, labels ...string) *prometheus.HistogramVec {
	h := prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: name, Help: help, Buckets: buckets}, labels)
	m.register(name, h)
	return h
}

// Registry is where the metrics are registered.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// Names are the families the bot's own collectors export (standoff_...),
// whether or not they have a sample yet.
func (m *Metrics) Names() []string { return slices.Clone(m.names) }

// kind bounds a kind label to the known kinds.
func (m *Metrics) kind(k string) string {
	switch {
	case k == "":
		return NoKind
	case len(m.kinds) == 0:
		return k
	}
	if _, ok := slices.BinarySearch(m.kinds, k); ok {
		return k
	}
	return OtherKind
}

// Move outcomes.
const (
	Played  = "played"
	Refused = "refused"
	Stale   = "stale"
	Failed  = "error"
)

// Move counts a move of a game of kind, by a player or (bot true) an
// automated seat, with one of the outcomes above.
func (m *Metrics) Move(kind string, bot bool, outcome string) {
	if m == nil {
		return
	}
	seat := "player"
	if bot {
		seat = "bot"
	}
	m.moves.WithLabelValues(m.kind(kind), seat, outcome).Inc()
}

// Board records a move's turn message: shown, with the time since start
// (or since the interaction behind ctx arrived, when Track marked it),
// or owed.
func (m *Metrics) Board(ctx context.Context, kind string, start time.Time, shown bool) {
	if m == nil {
		return
	}
	kind = m.kind(kind)
	if !shown {
		m.boards.WithLabelValues(kind, "owed").Inc()
		return
	}
	if t, ok := arrived(ctx); ok {
		start = t
	}
	m.boards.WithLabelValues(kind, "shown").Inc()
	m.boardSeconds.WithLabelValues(kind).Observe(time.Since(start).Seconds())
}

// Answer records the first response to the interaction Track marked in
// ctx: taken by Discord (ok) or not, and how long after its arrival.
func (m *Metrics) Answer(ctx context.Context, ok bool) {
	if m == nil {
		return
	}
	kind := m.kind(kindIn(ctx))
	if !ok {
		m.answers.WithLabelValues(kind, "failed").Inc()
		return
	}
	m.answers.WithLabelValues(kind, "answered").Inc()
	if t, ok := arrived(ctx); ok {
		m.answerSeconds.WithLabelValues(kind).Observe(time.Since(t).Seconds())
	}
}

// scope is the budget a request counts against.
func scope(bot bool) string {
	if bot {
		return "bot"
	}
	return "interaction"
}

// DiscordRequest counts a request sent to Discord: route is the method and
// path (any ids and tokens in it are replaced again here), bot says it
// went with the bot's token, resp is its answer (nil: none came).
func (m *Metrics) DiscordRequest(route string, bot bool, resp *http.Response) {
	if m == nil {
		return
	}
	method, path := RouteLabels(route)
	status := "error"
	if resp != nil {
		status = strconv.Itoa(resp.StatusCode)
	}
	m.requests.WithLabelValues(method, path, scope(bot), status).Inc()
}

// RateLimitWait records how long a request waited for the rate limits
// (since waiting) before it was sent.
func (m *Metrics) RateLimitWait(bot bool, waiting time.Time) {
	if m == nil {
		return
	}
	m.limitWait.WithLabelValues(scope(bot)).Observe(time.Since(waiting).Seconds())
}

// RateLimited counts a 429: global, or the scope Discord's
// X-RateLimit-Scope header named (user or shared).
func (m *Metrics) RateLimited(global bool, headerScope string) {
	if m == nil {
		return
	}
	s := "user"
	switch {
	case global || headerScope == "global":
		s = "global"
	case headerScope == "shared":
		s = "shared"
	}
	m.rateLimited.WithLabelValues(s).Inc()
}

// Write records a database write that started at start and ended with
// err; failed says err is a failure rather than an answer (a lost race,
// no such game).
func (m *Metrics) Write(start time.Time, failed bool) {
	if m == nil {
		return
	}
	m.commitSeconds.Observe(time.Since(start).Seconds())
	if failed {
		m.storageErrors.WithLabelValues("write").Inc()
	}
}

// Reminder counts a reminder sent in the channel or (dm true) by DM.
func (m *Metrics) Reminder(kind string, dm bool) {
	if m == nil {
		return
	}
	via := "channel"
	if dm {
		via = "dm"
	}
	m.reminders.WithLabelValues(m.kind(kind), via).Inc()
}

// TurnLimit counts seats handed to the bot when their turn limit ran out.
func (m *Metrics) TurnLimit(kind string, seats int) {
	if m == nil {
		return
	}
	m.turnLimits.WithLabelValues(m.kind(kind)).Add(float64(seats))
}

// DefaultAnswer counts a reaction answered with its default.
func (m *Metrics) DefaultAnswer(kind string) {
	if m == nil {
		return
	}
	m.defaultAnswers.WithLabelValues(m.kind(kind)).Inc()
}
