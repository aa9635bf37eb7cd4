// Command bot runs Standoff: on Discord with -config, or in the console with
// "play" so the games can be tried with no Discord at all.
package main

import (
	"context"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/commands"
	"standoff/internal/console"
	"standoff/internal/discord"
	"standoff/internal/lowpriority"
	"standoff/internal/memlimit"
	"standoff/storage"
)

func main() {
	if len(os.Args) > 1 && os.Args[1] == "backup" {
		if err := backup(os.Args[2:], os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "standoff:", err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "doctor" {
		if err := runDoctor(os.Args[2:], os.Stdout); err != nil {
			if err != errUnready {
				fmt.Fprintln(os.Stderr, "standoff:", err)
			}
			os.Exit(1)
		}
		return
	}
	if len(os.Args) > 1 && os.Args[1] == "play" {
		if err := play(os.Args[2:]); err != nil {
			fmt.Fprintln(os.Stderr, "standoff:", err)
			os.Exit(1)
		}
		return
	}
	if err := serve(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "standoff:", err)
		os.Exit(1)
	}
}

func play(args []string) error {
	fs := flag.NewFlagSet("play", flag.ContinueOnError)
	db := fs.String("db", "standoff-play.db", "SQLite database file")
	imgs := fs.String("images", "", "directory to write board images to (default: not written)")
	seed := fs.Uint64("seed", 1, "seed for the games' randomness")
	if err := fs.Parse(args); err != nil {
		return err
	}
	fi, _ := os.Stdin.Stat()
	interactive := fi != nil && fi.Mode()&os.ModeCharDevice != 0
	if interactive {
		fmt.Println("Standoff console. Type help for the grammar, quit to leave; for example:  alice: /game help")
	}
	return console.Run(context.Background(), os.Stdin, os.Stdout, console.Options{
		DB: *db, ImagesDir: *imgs, Seed: *seed, Games: catalog.Games(), Config: commands.DefaultConfig(),
		Echo: !interactive, Log: consoleLog(),
	})
}

func serve(args []string) error {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	path := fs.String("config", "", "TOML config file (see config.example.toml)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, err := loadConfig(*path)
	if err != nil {
		return err
	}
	log, err := cfg.newLogger(os.Stderr)
	if err != nil {
		return err
	}
	metrics := newMetrics()
	log.Info("memory", "soft_limit_mib", memlimit.Apply()>>20)
	// Pictures draw on one low-priority thread per core and answers keep
	// one more P of their own (internal/lowpriority).
	lowpriority.AddProcessor()
	store, err := storage.Open(cfg.Database)
	if err != nil {
		return err
	}
	defer store.Close()
	store.SetMetrics(metrics)
	if err := store.CheckWritable(context.Background()); err != nil {
		return fmt.Errorf("%s: %w", cfg.Database, err)
	}
	opts := discord.Options{Token: cfg.Token, DevGuildID: cfg.DevGuildID, Log: log, Shards: cfg.Shards,
		TickEvery: max(cfg.Reminders.CheckEvery.Duration, 0), State: store, RequestsPerSecond: cfg.RequestsPerSecond, Metrics: metrics}
	if cfg.Mode == "http" {
		opts.PublicKey, _ = discord.ParsePublicKey(cfg.PublicKey) // checked by loadConfig
	}
	if store.Dialect() == "postgres" {
		opts.Share = store // the processes on it find their shares (unless requests_per_second is set)
	}
	if addr := os.Getenv(discord.RedirectEnv); addr != "" {
		// Tests run this binary against a fake Discord on loopback.
		if opts.Configure, err = discord.RedirectTo(addr); err != nil {
			return err
		}
		log.Warn("talking to a fake Discord, not discord.com", "addr", addr)
	}
	bot, err := discord.New(opts)
	if err != nil {
		return err
	}
	userID, err := bot.Open()
	if err != nil {
		return err
	}
	table := cfg.table()
	table.BotUserID = userID
	router := commands.New(commands.Deps{Store: store, Transport: bot, Games: catalog.Games(), Log: log, Metrics: metrics}, table)
	watch(metrics, store, router)
	router.SetRateLimit(cfg.rateLimit())
	if err := startServing(bot, router, router.Backfill); err != nil {
		bot.Close()
		return err
	}
	var endpoint *http.Server
	listenErr := make(chan error, 1)
	if cfg.Mode == "http" {
		// TLS is the load balancer's (Discord only calls https URLs).
		endpoint = &http.Server{Addr: cfg.Listen, Handler: cfg.endpointHandler(bot.Handler(), metrics), ReadHeaderTimeout: 10 * time.Second}
		ln, err := net.Listen("tcp", cfg.Listen)
		if err != nil {
			bot.Close()
			return fmt.Errorf("listen for HTTP interactions: %w", err)
		}
		go func() { listenErr <- endpoint.Serve(ln) }()
		log.Info("serving the Interactions Endpoint", "listen", ln.Addr().String())
	}
	stopMetrics, err := cfg.serveMetrics(metrics, log)
	if err != nil {
		bot.Close()
		return err
	}
	defer stopMetrics()
	log.Info("Standoff is running; stop with Ctrl-C", "database", cfg.databaseForLog(), "mode", cfg.Mode)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	again := make(chan os.Signal, 1)
	signal.Notify(again, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(again)
	select {
	case <-ctx.Done():
		<-again // the signal that ended ctx
		if drain := cfg.drain(); endpoint != nil && drain > 0 {
			bot.Drain()
			log.Info("draining: /healthz answers 503, interactions are still answered; a second signal ends the drain", "drain", drain)
			select {
			case <-time.After(drain):
			case <-again:
			}
		}
		log.Info("shutting down: finishing moves in flight")
		if endpoint != nil {
			// Stop taking requests and let those in flight get their
			// first response; the bot then finishes their follow-ups.
			sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			_ = endpoint.Shutdown(sctx)
			cancel()
		}
		return bot.Close()
	case err := <-listenErr:
		log.Error("the Interactions Endpoint stopped; stopping", "err", err)
		bot.Close()
		return err
	case err := <-bot.Failed():
		// A close code reconnecting cannot fix (wrong token, disallowed
		// intents...): stop with the cause rather than look alive.
		log.Error("the Discord connection cannot go on; stopping", "err", err)
		bot.Close()
		return err
	}
}

// startServing installs the router, so that it answers from the first
// interaction, and only then starts the start-up work that can wait:
// counting the results of games that finished before results were kept
// reads every such game, minutes on a large database. That work writes
// only rows of finished games (results upserted), which no interaction
// changes, so it is safe beside play.
func startServing(bot *discord.Bot, router *commands.Router, backfill func(context.Context) error) error {
	if err := bot.Serve(router); err != nil {
		return err
	}
	bot.Background("count the results of older games for stats", backfill)
	return nil
}
