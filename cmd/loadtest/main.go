// Command loadtest drives the fake Discord server (internal/discordtest)
// with many concurrent games of every kind the bot hosts and reports what
// the players would see: moves per second, latency percentiles, refused
// moves by reason, answers after Discord's 3-second deadline, and the bot
// process's peak memory, with an echo bot's latency on the same fake as the
// baseline. It stops by itself and only talks to loopback.
//
//	go run ./cmd/loadtest -games 100 -duration 45s [-images=false]
//
// The bot runs as a child process (this program started again), as it runs
// in production, so its memory is measured alone. See docs/performance.md.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

func split(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// abs makes a profile path absolute ("" stays ""): the bot process writes it.
func abs(p string) string {
	if p == "" {
		return ""
	}
	a, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return a
}

func main() {
	if os.Getenv(envServe) != "" {
		if err := serveChild(); err != nil {
			fmt.Fprintln(os.Stderr, "loadtest server:", err)
			os.Exit(1)
		}
		return
	}
	n := flag.Int("games", 20, "concurrent games, spread over every kind")
	d := flag.Duration("duration", 15*time.Second, "how long to play")
	echo := flag.Duration("echo", 0, "how long the echo baseline runs (default: a third of -duration, 2 to 10 s)")
	images := flag.Bool("images", true, "draw the pictures (false: text only)")
	seed := flag.Uint64("seed", 1, "seed of the players' random moves")
	stored := flag.Int("stored", 0, "store this many games before the bot starts and report its memory at rest (the clock runs every second meanwhile)")
	kinds := flag.String("kinds", "", "comma-separated game kinds to play (default: every kind)")
	cpu := flag.String("cpuprofile", "", "write the bot process's CPU profile to this file")
	stacks := flag.String("goroutines", "", "write the bot process's goroutines when the play ends to this file (what they wait on)")
	heap := flag.String("heapprofile", "", "write the bot process's heap profile at the end to this file")
	flag.Parse()
	if *n < 1 || *d <= 0 {
		fmt.Fprintln(os.Stderr, "loadtest: -games must be at least 1 and -duration positive")
		os.Exit(2)
	}
	if *echo == 0 {
		*echo = min(max(*d/3, 2*time.Second), 10*time.Second)
	}
	dir, err := os.MkdirTemp("", "standoff-loadtest-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	defer os.RemoveAll(dir)
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
	tb := &processTB{}
	defer tb.cleanup()
	res, err := run(config{games: *n, duration: *d, echo: *echo, images: *images, seed: *seed, dir: dir,
		self: []string{self}, log: os.Stderr, cpuProf: abs(*cpu), heapProf: abs(*heap), kinds: split(*kinds), stored: *stored, stacks: abs(*stacks)}, tb)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		tb.cleanup()
		os.RemoveAll(dir)
		os.Exit(1)
	}
	res.print(os.Stdout)
}
