package commands

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Play-testing: "71 hours left shows as 2 days": a duration is said in
// its two largest units, rounded down, so a time left is never shown
// longer than it is.
func TestSpokenDurationTwoUnitsNeverMore(t *testing.T) {
	for d, want := range map[time.Duration]string{
		71 * time.Hour:                        "2 days 23 hours",
		71*time.Hour + 59*time.Minute:         "2 days 23 hours",
		48 * time.Hour:                        "2 days",
		24 * time.Hour:                        "1 day",
		25 * time.Hour:                        "1 day 1 hour",
		12 * time.Hour:                        "12 hours",
		12*time.Hour - time.Nanosecond:        "11 hours 59 minutes",
		90 * time.Minute:                      "1 hour 30 minutes",
		2 * time.Minute:                       "2 minutes",
		90 * time.Second:                      "1 minute 30 seconds",
		59*time.Second + 900*time.Millisecond: "59 seconds",
		0:                                     "0 seconds",
		-time.Hour:                            "0 seconds",
	} {
		if got := spokenDuration(d); got != want {
			t.Errorf("spokenDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

// Play-testing: "a player who ran out and rejoined gets a full bank back".
// The bot taking the seat charges the bank with the wait that ran it out;
// taking the seat back puts back what one move would (a seventh), not a
// full bank.
func TestRejoinAfterTheBankRanOutRefillsOneMoveNotTheBank(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.settingsWith("alice", true, "bank=72h"), "gives each player 3 days")
	g := h.tallyIn("g", "c1", "turn_limit=bank")
	h.typed("g", "c1", "alice", "add 1")
	h.typed("g", "c1", "bob", "ok")
	h.now = h.now.Add(72 * time.Hour)
	h.tick()
	row, _ := h.store.Game(context.Background(), g.ID)
	if !row.Seats[1].Away || row.Seats[1].BankSpent != 72*time.Hour {
		t.Fatalf("bob ran out: his seat should be the bot's and his bank empty: %+v", row.Seats[1])
	}
	mustEphemeral(t, h.run("g", "c1", "bob", "game", "rejoin"), "Vote opened")
	h.click("alice", h.rec.last("c1", ""), "Yes")
	row, _ = h.store.Game(context.Background(), g.ID)
	refill := 72 * time.Hour / 7
	if row.Seats[1].Away || row.Seats[1].BankSpent != (72*time.Hour-refill).Truncate(time.Second) {
		t.Fatalf("bob rejoined: he should have one move's refill (%v) left: %+v", refill, row.Seats[1])
	}
}

// Play-testing: "/game turns entries do not name the opponents (Hijack
// game #4 in #hijack-4)": each entry names them as the game does (no
// mention, nobody pinged) and, for a game in its own thread, the thread's
// name and the channel it hangs from.
func TestTurnsNameTheOpponentsAndTheThread(t *testing.T) {
	out := consoleRun(t, filepath.Join(t.TempDir(), "t.db"), "", strings.Join([]string{
		"alice: /tally challenge opponent:@bob opponent2:@carol",
		"bob: click Accept",
		"carol: click Accept",
		"alice: /game turns",
	}, "\n")+"\n")
	want := "[ephemeral alice] 1. Tally game #1 against bob and carol, thread “Tally #1: alice vs bob vs carol” in #general: waiting for you since just now"
	if !strings.Contains(out, want) {
		t.Fatalf("the list lacks %q:\n%s", want, out)
	}
	if i := strings.Index(out, "> alice: /game turns"); strings.Contains(out[i:], "@bob") || strings.Contains(out[i:], "@carol") {
		t.Fatalf("the list pings a player:\n%s", out[i:])
	}
}
