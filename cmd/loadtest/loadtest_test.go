package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

// TestMain lets this test binary serve as the bot's process when the load
// test starts it again, as the real program does.
func TestMain(m *testing.M) {
	if os.Getenv(envServe) != "" {
		if err := serveChild(); err != nil {
			os.Stderr.WriteString("loadtest server: " + err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// A short load test of every kind of game, so CI keeps the command
// working: moves are played and answered, none refused, nothing logged as
// an error, the echo baseline answers, and the report names every figure.
func TestShortLoad(t *testing.T) {
	var progress bytes.Buffer
	cfg := config{games: 4, duration: 3 * time.Second, echo: time.Second, images: true, seed: 3,
		dir: t.TempDir(), self: []string{os.Args[0]}, log: &progress}
	if raceOn {
		// The pictures have their own tests; here the path matters.
		cfg.duration, cfg.images = 2*time.Second, false
	}
	res, err := run(cfg, t)
	if err != nil {
		t.Fatalf("%v\n%s", err, progress.String())
	}
	var out bytes.Buffer
	res.print(&out)
	t.Log("\n" + out.String())
	if res.moves == 0 {
		t.Errorf("no move played")
	}
	if n := res.refusedTotal(); n > 0 {
		t.Errorf("%d moves refused: %v", n, res.refused)
	}
	if len(res.logErrors) > 0 {
		t.Errorf("the bot logged errors: %v", res.logErrors)
	}
	if res.echo == nil || len(res.echo.d) == 0 {
		t.Errorf("the echo bot answered nothing")
	}
	for _, want := range []string{"moves/s", "p50", "p90", "p99", "refused moves", "after Discord's 3 s", "peak RSS", "echo bot"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

func TestOnlyLoopback(t *testing.T) {
	for addr, want := range map[string]bool{"127.0.0.1:80": true, "[::1]:9": true, "10.0.0.1:80": false, "discord.com:443": false, "": false} {
		if isLoopback(addr) != want {
			t.Errorf("isLoopback(%q) = %v", addr, !want)
		}
	}
}

func TestPercentiles(t *testing.T) {
	var l latencies
	for i := 100; i >= 1; i-- {
		l.add(time.Duration(i) * time.Millisecond)
	}
	if l.p(0.5) != 50*time.Millisecond || l.p(0.99) != 99*time.Millisecond || l.p(0.9) != 90*time.Millisecond {
		t.Errorf("p50 %v p90 %v p99 %v", l.p(0.5), l.p(0.9), l.p(0.99))
	}
}
