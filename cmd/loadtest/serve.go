package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/discord"
	"standoff/internal/lowpriority"
	"standoff/internal/memlimit"
	"standoff/internal/telemetry"
	"standoff/storage"
)

// The bot under test runs as its own process, as in production, so its
// memory is measured alone (the fake Discord keeps every message and image
// it receives). The load test starts itself again with these variables set.
const (
	envServe  = "LOADTEST_SERVE" // "bot" or "echo"
	envAddr   = "LOADTEST_ADDR"  // the fake Discord's loopback host:port
	envToken  = "LOADTEST_TOKEN"
	envDB     = "LOADTEST_DB"
	envImages = "LOADTEST_IMAGES" // "0" draws no pictures
	envCPU    = "LOADTEST_CPUPROFILE"
	envHeap   = "LOADTEST_HEAPPROFILE"
	envTick   = "LOADTEST_TICK" // how often the clock runs (default: hourly, out of the way)
	envStacks = "LOADTEST_GOROUTINES"
	envBlock  = "LOADTEST_BLOCKPROFILE"
)

// childSummary is what the serving process tells at the end, on stdout.
type childSummary struct {
	LogErrors map[string]int `json:"log_errors"` // error log lines by message
	Answered  int            `json:"answered"`   // echo: interactions answered
	// Budget: how long the bot's requests waited for Discord's limits
	// from the start of play ("play" on stdin) to the end.
	Budget *discord.BudgetWaits `json:"budget,omitempty"`
}

// serveChild runs the bot (or the echo bot) until its stdin closes, then
// prints its summary. It prints "ready" once it answers interactions.
func serveChild() error {
	addr := os.Getenv(envAddr)
	if !isLoopback(addr) {
		return fmt.Errorf("refusing to serve against %q: the load test only talks to loopback", addr)
	}
	counter := &errorCounter{counts: map[string]int{}}
	log := slog.New(counter.wrap(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	var summary childSummary
	var stop func() error
	var play func()
	switch os.Getenv(envServe) {
	case "bot":
		s, bot, err := serveBot(addr, log)
		if err != nil {
			return err
		}
		play = func() { bot.BudgetWaits(true) }
		stop = func() error {
			w := bot.BudgetWaits(false)
			summary.Budget = &w
			return s()
		}
	case "echo":
		s, answered, err := serveEcho(addr)
		if err != nil {
			return err
		}
		stop = func() error {
			err := s()
			summary.Answered = int(answered())
			return err
		}
	default:
		return fmt.Errorf("unknown %s=%q", envServe, os.Getenv(envServe))
	}
	// The profiles start with the play, as the bot's CPU in the report
	// does: the games' setup (every first picture drawn) is not a move's cost.
	startProfiles := func() error {
		if path := os.Getenv(envHeap); path != "" {
			// What was allocated during the play alone is the end's profile
			// less this one: go tool pprof -diff_base FILE.start FILE.
			if f, err := os.Create(path + ".start"); err == nil {
				_ = pprof.Lookup("heap").WriteTo(f, 0)
				f.Close()
			}
		}
		if path := os.Getenv(envCPU); path != "" {
			f, err := os.Create(path)
			if err != nil {
				return err
			}
			if err := pprof.StartCPUProfile(f); err != nil {
				return err
			}
		}
		if os.Getenv(envBlock) != "" {
			// Every wait of 100 µs or more is recorded, shorter ones in
			// proportion: where a board waits is a wait, not CPU, so the CPU
			// profile cannot show it.
			runtime.SetBlockProfileRate(100_000)
			runtime.SetMutexProfileFraction(5)
		}
		return nil
	}
	fmt.Println("ready")
	// The parent says "play" when the play starts, and closes stdin to stop
	// us (and so does its death).
	in := bufio.NewReader(os.Stdin)
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			break
		}
		if strings.TrimSpace(line) == "play" && play != nil {
			play()
			if err := startProfiles(); err != nil {
				return err
			}
		}
	}
	if os.Getenv(envCPU) != "" {
		pprof.StopCPUProfile()
	}
	if path := os.Getenv(envStacks); path != "" {
		// What every goroutine waits on when the play ends.
		if f, err := os.Create(path); err == nil {
			_ = pprof.Lookup("goroutine").WriteTo(f, 1)
			f.Close()
		}
	}
	if path := os.Getenv(envBlock); path != "" {
		runtime.SetBlockProfileRate(0)
		runtime.SetMutexProfileFraction(0)
		for name, file := range map[string]string{"block": path, "mutex": path + ".mutex"} {
			if f, err := os.Create(file); err == nil {
				_ = pprof.Lookup(name).WriteTo(f, 0)
				f.Close()
			}
		}
	}
	if path := os.Getenv(envHeap); path != "" {
		if f, err := os.Create(path); err == nil {
			_ = pprof.Lookup("heap").WriteTo(f, 0)
			f.Close()
		}
	}
	err := stop()
	summary.LogErrors = counter.snapshot()
	out, _ := json.Marshal(summary)
	fmt.Println(string(out))
	return err
}

func serveBot(addr string, log *slog.Logger) (func() error, *discord.Bot, error) {
	memlimit.Apply()           // as cmd/bot does
	lowpriority.AddProcessor() // as cmd/bot does
	store, err := storage.Open(os.Getenv(envDB))
	if err != nil {
		return nil, nil, err
	}
	// The metrics cmd/bot counts on every move and request cost CPU too.
	var kinds []string
	for _, g := range catalog.Games() {
		kinds = append(kinds, g.Kind.Name)
	}
	metrics := telemetry.New(kinds...)
	store.SetMetrics(metrics)
	tick := time.Hour
	if d, err := time.ParseDuration(os.Getenv(envTick)); err == nil && d > 0 {
		tick = d
	}
	bot, err := discord.New(discord.Options{Token: os.Getenv(envToken), Configure: configure(addr), TickEvery: tick, Log: log, Metrics: metrics})
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	userID, err := bot.Open()
	if err != nil {
		store.Close()
		return nil, nil, err
	}
	gs := catalog.Games()
	if os.Getenv(envImages) == "0" {
		for i := range gs {
			gs[i].Draw = nil
		}
	}
	cfg := commands.DefaultConfig()
	cfg.BotUserID = userID
	router := commands.New(commands.Deps{Store: store, Transport: bot, Games: gs, Log: log, Metrics: metrics}, cfg)
	router.SetRateLimit(commands.DefaultRateLimit)
	if err := bot.Serve(router); err != nil {
		bot.Close()
		store.Close()
		return nil, nil, err
	}
	return func() error {
		err := bot.Close()
		if cerr := store.Close(); err == nil {
			err = cerr
		}
		return err
	}, bot, nil
}

// serveEcho is the baseline: a discordgo session on the same fake that
// answers every interaction at once with a short ephemeral message, doing
// nothing else.
func serveEcho(addr string) (func() error, func() int64, error) {
	dg, err := discordgo.New("Bot " + os.Getenv(envToken))
	if err != nil {
		return nil, nil, err
	}
	configure(addr)(dg)
	var mu sync.Mutex
	var answered int64
	dg.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		err := s.InteractionRespond(ic.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "Played (echo).", Flags: discordgo.MessageFlagsEphemeral},
		})
		if err == nil {
			mu.Lock()
			answered++
			mu.Unlock()
		}
	})
	if err := dg.Open(); err != nil {
		return nil, nil, err
	}
	return dg.Close, func() int64 { mu.Lock(); defer mu.Unlock(); return answered }, nil
}

// configure points a discordgo session at the fake on addr: every REST
// request goes there whatever its host, and the gateway dialer dials it.
func configure(addr string) func(*discordgo.Session) {
	dial := func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "tcp", addr)
	}
	transport := &http.Transport{DialContext: dial, MaxIdleConnsPerHost: 64, IdleConnTimeout: 30 * time.Second}
	return func(dg *discordgo.Session) {
		dg.Client = &http.Client{Transport: rewriter{addr, transport}, Timeout: 30 * time.Second}
		dg.Dialer = &websocket.Dialer{NetDialContext: dial, HandshakeTimeout: 5 * time.Second}
		dg.MaxRestRetries = 1
	}
}

type rewriter struct {
	addr string
	next http.RoundTripper
}

func (rw rewriter) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.Host = r.URL.Host // the fake tells the CDN from the API by it
	r2.URL.Scheme = "http"
	r2.URL.Host = rw.addr
	return rw.next.RoundTrip(r2)
}

func isLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// errorCounter counts the bot's error log lines by message (a storage
// error that never reached a player still shows here).
type errorCounter struct {
	mu     sync.Mutex
	counts map[string]int
}

func (c *errorCounter) wrap(h slog.Handler) slog.Handler { return &countingHandler{h, c} }

func (c *errorCounter) snapshot() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]int{}
	for k, v := range c.counts {
		out[k] = v
	}
	return out
}

type countingHandler struct {
	slog.Handler
	c *errorCounter
}

func (h *countingHandler) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		msg := r.Message
		r.Attrs(func(a slog.Attr) bool {
			if a.Key == "err" {
				e := a.Value.String()
				if i := strings.IndexAny(e, "0123456789"); i > 40 {
					e = e[:i]
				}
				if len(e) > 60 {
					e = e[:60]
				}
				msg += ": " + e
			}
			return true
		})
		h.c.mu.Lock()
		h.c.counts[msg]++
		h.c.mu.Unlock()
	}
	return h.Handler.Handle(ctx, r)
}

func (h *countingHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &countingHandler{h.Handler.WithAttrs(as), h.c}
}

func (h *countingHandler) WithGroup(name string) slog.Handler {
	return &countingHandler{h.Handler.WithGroup(name), h.c}
}
