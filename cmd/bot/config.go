package main

import (
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/BurntSushi/toml"

	"standoff/internal/commands"
	"standoff/internal/discord"
)

// config is the TOML file (see config.example.toml).
type config struct {
	Token      string `toml:"token"`
	Database   string `toml:"database"`
	DevGuildID string `toml:"dev_guild_id"`
	LogLevel   string `toml:"log_level"`
	// LogFormat is "text" (the default) or "json"; MetricsListen serves
	// /metrics on an address of its own (off by default; a bare port is
	// on loopback). See metrics.go.
	LogFormat     string `toml:"log_format"`
	MetricsListen string `toml:"metrics_listen"`
	// Mode is how interactions reach the bot: "gateway" (the default, one
	// websocket session per shard) or "http" (Discord POSTs them to the
	// Interactions Endpoint URL, served on Listen and checked with
	// PublicKey; any number of processes can share one application).
	Mode      string `toml:"mode"`
	Listen    string `toml:"listen"`
	PublicKey string `toml:"public_key"`
	// Drain is how long an HTTP-mode process keeps answering after
	// SIGTERM with /healthz at 503, so its load balancer stops sending it
	// interactions before its port closes (default 10s; "none" for none).
	Drain duration `toml:"drain"`
	// Shards is the gateway shard count; 0 asks Discord for its
	// recommended count.
	Shards int `toml:"shards"`
	// RequestsPerSecond is this process's share of the bot token's global
	// rate limit (Discord: 50 a second for the whole application unless
	// it granted more). 0 or absent: on PostgreSQL the live processes
	// find their shares themselves through their heartbeats; on SQLite
	// (one process) all 50. Set, it overrides the heartbeats' share.
	RequestsPerSecond int `toml:"requests_per_second"`
	Reminders         struct {
		RemindAfter duration `toml:"remind_after"`
		RemindEvery duration `toml:"remind_every"`
		AnswerAfter duration `toml:"answer_after"`
		TurnLimit   duration `toml:"turn_limit"`
		CloseAfter  duration `toml:"close_after"`
		// CheckEvery is how often the clock looks for due reminders,
		// default answers and limits (every process does; each due game
		// is handled by one).
		CheckEvery duration `toml:"check_every"`
	} `toml:"reminders"`
	// RateLimit bounds each user's interactions per process: Burst at once,
	// refilled at PerSecond (0 or absent: commands.DefaultRateLimit's).
	RateLimit struct {
		Burst     int     `toml:"burst"`
		PerSecond float64 `toml:"per_second"`
	} `toml:"rate_limit"`
}

// duration is a TOML duration such as "12h"; "none" is kept as -1 so that
// it can turn off a limit whose default is on.
type duration struct{ time.Duration }

func (d *duration) UnmarshalText(b []byte) error {
	if string(b) == "none" {
		d.Duration = -1
		return nil
	}
	v, err := time.ParseDuration(string(b))
	if err != nil || v < 0 {
		return fmt.Errorf("%q is not a duration such as 12h or 90m", b)
	}
	d.Duration = v
	return nil
}

func loadConfig(path string) (config, error) {
	var c config
	if path != "" {
		md, err := toml.DecodeFile(path, &c)
		if err != nil {
			return c, fmt.Errorf("config %s: %w", path, err)
		}
		if undec := md.Undecoded(); len(undec) > 0 {
			return c, fmt.Errorf("config %s: unknown key %s", path, undec[0])
		}
	}
	if env := os.Getenv("DISCORD_TOKEN"); env != "" {
		c.Token = env
	}
	if c.Database == "" {
		c.Database = "standoff.db"
	}
	switch c.Mode {
	case "", "gateway":
		c.Mode = "gateway"
	case "http":
		if c.Listen == "" {
			c.Listen = "127.0.0.1:8080"
		}
		if _, err := discord.ParsePublicKey(c.PublicKey); err != nil {
			return c, fmt.Errorf("config %s: mode \"http\" needs public_key: %w", path, err)
		}
	default:
		return c, fmt.Errorf("config %s: mode %q is neither \"gateway\" nor \"http\"", path, c.Mode)
	}
	if c.RateLimit.Burst < 0 || c.RateLimit.PerSecond < 0 {
		return c, fmt.Errorf("config %s: [rate_limit] burst = %d, per_second = %g; both are positive (or left out for %d and %g)",
			path, c.RateLimit.Burst, c.RateLimit.PerSecond, commands.DefaultRateLimit.Burst, commands.DefaultRateLimit.PerSecond)
	}
	if c.Shards < 0 {
		return c, fmt.Errorf("config %s: shards = %d; use 0 for Discord's recommended count, or a positive count", path, c.Shards)
	}
	if err := c.checkOps(path); err != nil {
		return c, err
	}
	if c.RequestsPerSecond < 0 {
		return c, fmt.Errorf("config %s: requests_per_second = %d; give each process its share of Discord's %d a second (or 0 for all of it)",
			path, c.RequestsPerSecond, discord.DefaultRequestsPerSecond)
	}
	return c, nil
}

// defaultDrain is the drain of an HTTP-mode process unless the file sets
// one: a few health checks of a typical load balancer (every 5 s).
const defaultDrain = 10 * time.Second

// drain is how long to drain before stopping (HTTP mode only).
func (c config) drain() time.Duration {
	switch {
	case c.Mode != "http" || c.Drain.Duration < 0:
		return 0
	case c.Drain.Duration == 0:
		return defaultDrain
	}
	return c.Drain.Duration
}

// table is the router config: the defaults, overridden by the file.
func (c config) table() commands.Config {
	t := commands.DefaultConfig()
	if c.Reminders.RemindAfter.Duration > 0 {
		t.RemindAfter = c.Reminders.RemindAfter.Duration
	}
	if c.Reminders.RemindEvery.Duration > 0 {
		t.RemindEvery = c.Reminders.RemindEvery.Duration
	}
	if c.Reminders.AnswerAfter.Duration > 0 {
		t.AnswerAfter = c.Reminders.AnswerAfter.Duration
	}
	for _, o := range []struct {
		from duration
		to   *time.Duration
	}{{c.Reminders.TurnLimit, &t.TurnLimit}, {c.Reminders.CloseAfter, &t.CloseAfter}} {
		switch {
		case o.from.Duration < 0:
			*o.to = 0
		case o.from.Duration > 0:
			*o.to = o.from.Duration
		}
	}
	return t
}

// rateLimit is the per-user rate limit: the default, overridden by the file.
func (c config) rateLimit() commands.RateLimit {
	l := commands.DefaultRateLimit
	if c.RateLimit.Burst > 0 {
		l.Burst = c.RateLimit.Burst
	}
	if c.RateLimit.PerSecond > 0 {
		l.PerSecond = c.RateLimit.PerSecond
	}
	return l
}

// databaseForLog is the database setting with a URL's password hidden.
func (c config) databaseForLog() string {
	if u, err := url.Parse(c.Database); err == nil && u.User != nil {
		return u.Redacted()
	}
	return c.Database
}
