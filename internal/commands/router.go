package commands

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"sync"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/pacing"
	"standoff/internal/telemetry"

	"standoff/internal/games"
	"standoff/storage"
)

// Config holds the table rules a server admin can tune.
type Config struct {
	// RemindAfter is how long a player may be idle before being reminded.
	RemindAfter time.Duration
	// RemindEvery is the gap between the first two reminders of one wait;
	// each later gap doubles.
	RemindEvery time.Duration
	// AnswerAfter is how long a reaction (a prompt with a default answer,
	// such as "no swap") may stay open before it is answered automatically.
	// Zero turns automatic answers off.
	AnswerAfter time.Duration
	// TurnLimit is how long a player may keep the table waiting before an
	// automated player takes their seat, for games that do not choose one
	// with turn_limit. Zero: no limit.
	TurnLimit time.Duration
	// CloseAfter closes a game nobody moved in for this long, with a final
	// message. Zero: never.
	CloseAfter time.Duration
	// BotUserID is the bot's own user id: challenging it seats the bot.
	BotUserID string
	// BotName is how the bot's seats are named.
	BotName string
}

// DefaultConfig is what the bot uses when the config file says nothing.
func DefaultConfig() Config {
	return Config{
		RemindAfter: 12 * time.Hour,
		RemindEvery: 24 * time.Hour,
		AnswerAfter: 24 * time.Hour,
		CloseAfter:  30 * 24 * time.Hour,
		BotName:     "Standoff",
	}
}

// Deps are the router's collaborators.
type Deps struct {
	Store     *storage.Store
	Transport Transport
	Games     []Game
	Log       *slog.Logger
	// Now is the clock (time.Now when nil); tests and the console inject one.
	Now func() time.Time
	// Seed gives each new game its seed (crypto/rand when nil).
	Seed func() uint64
	// Metrics counts moves, boards and the clock's work (nil: not).
	Metrics *telemetry.Metrics
}

// Router answers interactions and runs reminders.
type Router struct {
	base
	rooms
	seed  func() uint64
	locks gameLocks
	work  inflight
	// limiter bounds each user's interactions (nil: no limit); ratelimit.go.
	limiter *rateLimiter
	// kinds: telemetry.go.
	kinds gameKinds
}

// New makes a router.
func New(d Deps, cfg Config) *Router {
	r := &Router{base: base{store: d.Store, out: d.Transport, cfg: cfg, log: d.Log, now: d.Now}, seed: d.Seed}
	r.games = append(r.games, d.Games...)
	sort.Slice(r.games, func(i, j int) bool { return r.games[i].Kind.Name < r.games[j].Kind.Name })
	if r.log == nil {
		r.log = slog.Default()
	}
	r.kinds.store = d.Store
	r.metrics, r.log = d.Metrics, telemetry.WithGameKinds(r.log, r.kinds.of)
	if r.now == nil {
		r.now = time.Now
	}
	r.base.send = delivery.NewSender(r.store, r.out, r.log, r.now, &r.work, r.showOwed)
	if r.seed == nil {
		r.seed = func() uint64 {
			var b [8]byte
			rand.Read(b[:])
			return binary.LittleEndian.Uint64(b[:])
		}
	}
	if r.cfg.BotName == "" {
		r.cfg.BotName = "Standoff"
	}
	wire(r)
	return r
}

// Wait blocks until every interaction being handled has finished, so a
// shutdown never cuts a move between its save and its messages. Clean-ups
// and redos of owed messages are waited for too, unless Stop gave them up.
func (r *Router) Wait() { r.work.Wait() }

// Stop gives up the work that only waits for Discord's limits, which under
// a sustained shortage could hold a shutdown for minutes: the clean-ups
// (controls left on a replaced message are refused as outdated) and the
// redos of owed messages (an owed turn message stays marked in its game's
// row and an owed private message in owed_messages, for the clock after
// the restart). Interactions being handled still finish: call Wait after
// it.
func (r *Router) Stop() { r.send.Queue().Stop() }

// inflight counts work being done. Unlike a sync.WaitGroup it may be waited
// on while new work starts (a test settling, a shutdown racing a late
// click): Wait returns once nothing is in flight at some moment.
type inflight struct {
	mu   sync.Mutex
	n    int
	idle *sync.Cond
}

func (w *inflight) Add(n int) {
	w.mu.Lock()
	w.n += n
	if w.n == 0 && w.idle != nil {
		w.idle.Broadcast()
	}
	w.mu.Unlock()
}

func (w *inflight) Done() { w.Add(-1) }

func (w *inflight) Wait() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.idle == nil {
		w.idle = sync.NewCond(&w.mu)
	}
	for w.n > 0 {
		w.idle.Wait()
	}
}

// lock takes a game's lock in this process and, where several processes
// share the database (PostgreSQL), across all of them. Whatever runs under
// it reloads the game first, so it acts on what is stored, not on what it
// saw before, and sends with the context it returns (underLock).
func (r *Router) lock(ctx context.Context, id int64) (context.Context, func()) {
	unlock := r.locks.lock(id)
	release, err := r.store.Lock(context.Background(), id)
	if err != nil {
		// The version check on every save still applies one move per
		// version; only the answer to a lost race is less friendly.
		r.log.Warn("could not take the game's shared lock", "game", id, "err", err)
		return underLock(ctx), unlock
	}
	return underLock(ctx), func() {
		release()
		unlock()
	}
}

// lockedWait bounds how long a request to Discord may wait for its rate
// limits while a game's lock is held: long enough for a burst to pass (the
// global budget refills 50 a second), short against the seconds a busy
// bucket can hold it. Past it a paced transport refuses at once, and what
// it refused is owed (internal/delivery), so a game's next move never waits behind
// its own messages or another game's traffic.
const lockedWait = time.Second

// underLock bounds the waits of what is sent with ctx to lockedWait.
func underLock(ctx context.Context) context.Context {
	return pacing.WithMaxWait(ctx, lockedWait)
}

// refusal is an error whose text is shown to the user as is.
type refusal struct{ msg string }

func (e refusal) Error() string { return e.msg }

func refusef(format string, args ...any) error { return refusal{fmt.Sprintf(format, args...)} }

func ephemeral(text string) Response {
	return Response{Kind: Reply, Message: Message{Content: text, Ephemeral: true}}
}

// optionValues extracts the kind's game options from the interaction.
func optionValues(k *games.Kind, in Interaction) (games.Options, error) {
	given := games.Options{}
	for _, o := range k.Options {
		raw, ok := in.Options[o.Name]
		if !ok {
			continue
		}
		switch o.Kind {
		case games.OptionBool:
			switch strings.ToLower(raw) {
			case "true", "yes", "1", "on":
				given[o.Name] = 1
			case "false", "no", "0", "off":
				given[o.Name] = 0
			default:
				return nil, refusef("Option %s is true or false, not %q.", o.Name, raw)
			}
		default:
			var v int
			if _, err := fmt.Sscanf(raw, "%d", &v); err != nil || fmt.Sprint(v) != strings.TrimSpace(raw) {
				return nil, refusef("Option %s takes a whole number from %d to %d, not %q.", o.Name, o.Min, o.Max, raw)
			}
			given[o.Name] = v
		}
	}
	opts, err := k.Resolve(given)
	if err != nil {
		return nil, refusal{err.Error() + "."}
	}
	return opts, nil
}

func mention(userID string) string { return "<@" + userID + ">" }

// parseTurnLimit reads a turn_limit value: 24h, 72h, 7d or none.
func parseTurnLimit(raw string) (time.Duration, error) {
	switch strings.ToLower(strings.TrimSpace(raw)) {
	case "none", "off", "0":
		return 0, nil
	case "24h", "1d":
		return 24 * time.Hour, nil
	case "72h", "3d":
		return 72 * time.Hour, nil
	case "7d", "168h":
		return 7 * 24 * time.Hour, nil
	}
	return 0, refusef("Option turn_limit is 24h, 72h, 7d or none, not %q.", raw)
}
