package commands

import (
	"context"
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
