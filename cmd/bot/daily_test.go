package main

import (
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"standoff/internal/commands"
	"standoff/internal/console"
	"standoff/internal/games"
	"standoff/internal/games/hunted"
)

// consoleDailySeed is the seed of a kind's daily run on a day in a console
// started with the transcripts' seed (its secret comes from that seed).
func consoleDailySeed(day, kind string) uint64 {
	rng := games.NewRNG(transcriptSeed ^ 0xda11)
	raw, err := hex.DecodeString(fmt.Sprintf("%016x%016x", rng.Uint64(), rng.Uint64()))
	if err != nil {
		panic(err)
	}
	return commands.DailySeed(raw, day, kind)
}

// dailyScript is one player's clicks through a day's run, written for
// "alice" and renamed for each player: the run is the same for everyone.
func dailyScript(t *testing.T, kind string) string {
	t.Helper()
	seed := consoleDailySeed(console.Start.Format("2006-01-02"), kind)
	tmp := filepath.Join("testdata", "daily_"+kind+".script.tmp")
	defer os.Remove(tmp)
	switch kind {
	case "hunted":
		greedy := func(s games.State, _ *games.RNG) (int, string) { return s.Prompts()[0].Seat, hunted.Greedy(s) }
		clickScript(t, seed, filepath.Base(tmp), "", "hunted", []string{"alice"}, games.Options{"health": 6, "time": 20}, 1, greedy,
			func(*games.Outcome) bool { return true })
	case "hijacked":
		hijackedClicks(t, seed, filepath.Base(tmp), "", []string{"alice", "Cybot"}, []int{0, 1}, 1)
	}
	data, err := os.ReadFile(tmp)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if label, ok := strings.CutPrefix(l, "> alice: click "); ok {
			// A button's label is clipped to Discord's 80 characters; a
			// click names a label by its start.
			if r := []rune(label); len(r) > 70 {
				l = "> alice: click " + string(r[:60])
			}
			out = append(out, l)
		}
		if rest, ok := strings.CutPrefix(l, "> alice: select \"alice, round "); ok {
			// A prompt's own menu says whose it is (menuPlaceholder).
			_, value, _ := strings.Cut(rest, "\" ")
			l = "> alice: select \"alice: choose a move\" " + value
		}
		if strings.HasPrefix(l, "> alice: select") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n") + "\n"
}

// TestGenerateDailyScripts writes the daily runs' scripts: several players
// on two servers play the same day's run by buttons alone, then the next
// day's. Only with -generate; then -update makes them transcripts.
func TestGenerateDailyScripts(t *testing.T) {
	if !*generate {
		return
	}
	for _, kind := range []string{"hunted", "hijacked"} {
		clicks := dailyScript(t, kind)
		as := func(name string) string { return strings.ReplaceAll(clicks, "alice", name) }
		var b strings.Builder
		fmt.Fprintf(&b, "> # the %s daily run: alice and bob on one server, carol on another, play the same run by buttons in their DMs\n", kind)
		fmt.Fprintf(&b, "> alice: /%s daily\n> bob: /%s daily\n", kind, kind)
		b.WriteString("> # a second ask the same day shows the run going on\n")
		fmt.Fprintf(&b, "> alice: /%s daily\n", kind)
		b.WriteString(as("alice"))
		fmt.Fprintf(&b, "> # one attempt a day: the run's result again\n> alice: /%s daily\n", kind)
		b.WriteString(as("bob"))
		b.WriteString("> server two\n")
		fmt.Fprintf(&b, "> carol: /%s daily\n", kind)
		b.WriteString(as("carol"))
		fmt.Fprintf(&b, "> carol: /game daily game:%s\n", kind)
		b.WriteString("> server console\n")
		fmt.Fprintf(&b, "> alice: /game daily game:%s\n", kind)
		b.WriteString("> # the next day: a new run, and yesterday's best replayed\n> wait 15h\n")
		fmt.Fprintf(&b, "> alice: /%s daily\n", kind)
		if kind == "hunted" {
			b.WriteString("> alice: click Draw a card\n")
		}
		fmt.Fprintf(&b, "> bob: /game daily game:%s replay:true\n", kind)
		fmt.Fprintf(&b, "> bob: /game daily game:%s\n", kind)
		if err := os.WriteFile(filepath.Join("testdata", "daily_"+kind+".transcript"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// cardName matches what names a card in a run's output: Hunted's card ids
// (W05, R01, D03, ...) and Hijacked's passenger seats and hijackers.
var cardName = regexp.MustCompile(`\([A-Z][0-9]{2}\)|Seat [1-6]|The (Veteran|Mechanic|Rookie|Boss)|Cybot card`)

// TestDailyRunsSpoilNothing holds the daily transcripts to the rule that
// no channel line names a card of a run until that run's result is
// posted, and that every player played the same run: "A player's daily
// run is played where others cannot see its cards before they play their
// own ... In the channel, the bot posts only a spoiler-free result."
func TestDailyRunsSpoilNothing(t *testing.T) {
	for _, kind := range []string{"hunted", "hijacked"} {
		data, err := os.ReadFile(filepath.Join("testdata", "daily_"+kind+".transcript"))
		if err != nil {
			t.Fatal(err)
		}
		results, firstDraws := 0, map[string]string{}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "[#") {
				if strings.Contains(line, "daily run of") {
					results++
				}
				spoiler := strings.Index(line, "||")
				head := line
				if spoiler >= 0 {
					head = line[:spoiler]
				}
				if cardName.MatchString(head) {
					t.Errorf("%s line %d names a card in a channel: %s", kind, i+1, line)
				}
				if spoiler >= 0 && !strings.HasSuffix(line, "||") {
					t.Errorf("%s line %d: the full run is not wholly behind spoiler markup: %s", kind, i+1, line)
				}
			}
			// The first thing each player's DM shows of the run.
			if m := regexp.MustCompile(`^\[DM ([a-z]+)\] \[alt: (.*)\]$`).FindStringSubmatch(line); m != nil && firstDraws[m[1]] == "" {
				firstDraws[m[1]] = strings.ReplaceAll(m[2], m[1], "P")
			}
		}
		if results != 3 {
			t.Errorf("%s: %d results posted in channels, want 3 (alice, bob, carol)", kind, results)
		}
		if firstDraws["alice"] == "" || firstDraws["alice"] != firstDraws["bob"] || firstDraws["alice"] != firstDraws["carol"] {
			t.Errorf("%s: the players' runs differ:\nalice %s\nbob   %s\ncarol %s", kind, firstDraws["alice"], firstDraws["bob"], firstDraws["carol"])
		}
	}
}

// TestDailySeedOfConsole pins the console's day to the transcripts'.
func TestDailySeedOfConsole(t *testing.T) {
	if d := console.Start.Format("2006-01-02"); d != "2026-01-01" || console.Start.Add(15*time.Hour).Format("2006-01-02") != "2026-01-02" {
		t.Fatalf("the daily transcripts wait 15h from %v into the next day", console.Start)
	}
}
