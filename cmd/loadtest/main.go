// Command loadtest drives the fake Discord server (internal/discordtest)
// with many concurrent games of every kind the bot hosts and reports what
// the players would see: moves per second, latency percentiles, refused
// moves by reason, answers after Discord's 3-second deadline, and the bot
// process's peak memory, with an echo bot's latency on the same fake as the
// baseline. It stops by itself and only talks to loopback.
//
//	go run ./cmd/loadtest -games 100 -duration 45s [-images=false] [-rate 50] [-runs 3] [-limits=false]
//
// Two latencies are measured per move: "answer", from the command sent to
// the player's finished answer, and "board", from the command sent to the
// game's channel showing the move (its turn message posted or edited). A
// bot may answer as soon as the move is saved and update the board after.
//
// Without -rate the games play back to back (a closed loop): that finds the
// most moves per second the bot takes, but its latency is only games /
// throughput (Little's law). With -rate R the games together offer R moves
// per second at random (Poisson) times, each game never moving before its
// previous move was answered and shown: latency at a given throughput, the
// standard measure, with the offered and achieved rates side by side and
// the moves that could not start on time counted (schedule.go). The echo
// baseline is offered the same rate.
//
// The fake enforces Discord's rate limits as documented and observed
// (internal/discordtest: 50 requests a second with the bot token,
// interaction endpoints exempt; per-route buckets; the invalid-request ban;
// -limits=false turns them off for comparison), and the report gives what
// the play cost there: the bot-token requests per move by kind and by
// route, the 429s by scope, and the notifications per move.
//
// The bot runs as a child process (this program started again), as it runs
// in production, so its memory is measured alone. -runs K repeats the whole
// test K times, each with a fresh database and bot, and prints the median
// of each figure. See docs/performance.md.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	kindRate := flag.String("kind-rate", "", "with -rate: the moves per second some kinds' games offer together, e.g. lockedout=40 "+
		"(the other kinds' games share the rest of -rate)")
	cpu := flag.String("cpuprofile", "", "write the bot process's CPU profile during play (not the games' setup) to this file")
	stacks := flag.String("goroutines", "", "write the bot process's goroutines when the play ends to this file (what they wait on)")
	heap := flag.String("heapprofile", "", "write the bot process's heap profile at the end to this file, and at the start of play to this file .start "+
		"(what the play allocated: go tool pprof -sample_index=alloc_space -diff_base FILE.start FILE)")
	block := flag.String("blockprofile", "", "write where the bot process's goroutines waited during play (channels, selects, timers, locks: "+
		"the block profile) to this file, and its contended mutexes to FILE.mutex")
	rate := flag.Float64("rate", 0, "moves per second offered across all games, each game moving at random (Poisson) times "+
		"with a mean of games/rate seconds but never before its last move was answered and shown: latency at a given "+
		"throughput (an open loop); 0 plays each game back to back (a closed loop, whose latency is only games / throughput)")
	runs := flag.Int("runs", 1, "run the whole test this many times, each with a fresh database and bot, and print the median of each figure "+
		"(each run plays the same seeded games on the same schedule, so the runs differ only by the machine)")
	servers := flag.Int("servers", 1, "spread the games over this many servers (guilds), game i in server i mod N; the report gives each server's "+
		"latencies (games go round the kinds the same way, so with as many servers as kinds each server plays one kind)")
	limits := flag.Bool("limits", true, "enforce Discord's documented and observed rate limits in the fake (false: none, for comparison)")
	timeline := flag.Bool("timeline", false, "print the board latency of the moves sent in each second of play, and the bot's CPU in that second: "+
		"whether a long tail is spread over the play or one stall")
	selfProf := flag.String("selfprofile", "", "write the CPU profile of the load test's own process (the fake Discord and the players) during play to this file")
	flag.Parse()
	if *n < 1 || *d <= 0 || *rate < 0 || *runs < 1 {
		fmt.Fprintln(os.Stderr, "loadtest: -games and -runs must be at least 1, -duration positive and -rate not negative")
		os.Exit(2)
	}
	kindRates, err := parseKindRates(*kindRate)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
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
	cfg := config{games: *n, duration: *d, echo: *echo, images: *images, seed: *seed, dir: dir,
		self: []string{self}, log: os.Stderr, cpuProf: abs(*cpu), heapProf: abs(*heap), kinds: split(*kinds),
		stored: *stored, stacks: abs(*stacks), blockProf: abs(*block), selfProf: *selfProf, rate: *rate, kindRates: kindRates, noLimits: !*limits, servers: *servers, timeline: *timeline}
	newTB := func() (testing.TB, func()) {
		tb := &processTB{}
		return tb, tb.cleanup
	}
	if _, err := runAll(cfg, *runs, newTB, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
}
