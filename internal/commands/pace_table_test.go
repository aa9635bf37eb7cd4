package commands

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"standoff/storage"
)

// Play-testing: "71 hours left shows as 2 days": a duration is said in
// its two largest units, rounded down, so a time left is never shown
// longer than it is.
func TestSpokenDurationTwoUnitsNeverMore(t *testing.T) {
	for d, want := range map[time.Duration]string{
		71 * time.Hour:                        "2 days 23 hours",
		71*time.Hour + 59*time.Minute:         "2 days 23 hours",
		48 * time.Hour:                        "2 days",
		47*time.Hour + 30*time.Minute:         "47 hours 30 minutes",
		24 * time.Hour:                        "24 hours",
		12 * time.Hour:                        "12 hours",
		12*time.Hour - time.Nanosecond:        "11 hours 59 minutes",
		90 * time.Minute:                      "90 minutes",
		60 * time.Minute:                      "60 minutes",
		2 * time.Minute:                       "2 minutes",
		90 * time.Second:                      "90 seconds",
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
	mustEphemeral(t, h.run("g", "c1", "bob", "game", "rejoin"), "took it back at once")
	row, _ = h.store.Game(context.Background(), g.ID)
	refill := 72 * time.Hour / 7
	if row.Seats[1].Away || row.Seats[1].BankSpent != (72*time.Hour-refill).Truncate(time.Second) {
		t.Fatalf("bob rejoined: he should have one move's refill (%v) left: %+v", refill, row.Seats[1])
	}
}

// playUntilAskedAgain has a player make legal moves in the channel until
// the game has asked the bot a later turn of a seat it took over.
func (h *harness) playUntilAskedAgain(player string, seat int) {
	h.t.Helper()
	for i := 0; h.game().Seats[seat].RejoinFree; i++ {
		tb, err := h.r.table(h.game())
		if err != nil || i > 20 {
			h.t.Fatalf("the bot was never asked seat %d's next turn: %v", seat, err)
		}
		me := h.game().SeatOf(player)
		legal := tb.state.Legal(me)
		if len(legal) == 0 {
			h.t.Fatalf("%s has no move while seat %d waits: %+v", player, seat, tb.state.Prompts())
		}
		mustEphemeral(h.t, h.cmd(player, tb.game.Kind.Name, "move", "move="+legal[0]), "Played")
	}
}

// Play-testing: "/game skip can pass seconds after a turn starts". A vote
// on a seat opens only once the game has waited on it for remind_after and
// it has had its first reminder; earlier, the asker is told when it opens,
// and nothing is opened.
func TestVoteOnASeatOpensOnlyAfterItsFirstReminder(t *testing.T) {
	h := newHarness(t)
	tallyThree(h) // alice is on turn
	n := h.rec.count()
	mustEphemeral(t, h.cmd("bob", "game", "skip", "player=alice"), "You can ask the table to skip Alice's turn from Mon 2 Mar 00:00 UTC (in 12 hours)")
	mustEphemeral(t, h.cmd("bob", "game", "replace", "player=alice"), "let the bot play Alice's seat from Mon 2 Mar 00:00 UTC")
	h.now = h.now.Add(12 * time.Hour) // the clock has not reminded her yet
	mustEphemeral(t, h.cmd("bob", "game", "skip", "player=alice"), "once Alice has been reminded, which is due now")
	if got := h.messagesSince(n); len(got) != 0 || h.game().Table != "" {
		t.Fatalf("a vote asked too early was opened: %q", got)
	}
	h.tick()
	mustEphemeral(t, h.cmd("bob", "game", "skip", "player=alice"), "Vote opened")
}

// Play-testing: "the skipped or replaced player gets nothing, even with
// /game notify how:dm". The player voted on is told their way when the
// vote opens and when it passes: by DM (not mentioned), or by a mention.
func TestPlayerVotedOnIsToldTheirWay(t *testing.T) {
	h := newHarness(t)
	mustEphemeral(t, h.cmd("alice", "game", "notify", "how=dm"), "Saved")
	tallyThree(h)
	h.hours(12)
	mustEphemeral(t, h.cmd("bob", "game", "skip", "player=alice"), "Vote opened")
	vote := h.rec.last(chanID, "")
	if slices.Contains(vote.m.Mentions, "alice") {
		t.Fatalf("alice asked for DMs but the vote pings her: %+v", vote.m)
	}
	mustContain(t, "alice's DM", h.rec.last("", "alice").m.Content, "Bob asks to skip Alice's turn: the table is voting to skip your turn. Play it before the vote passes")
	n := h.rec.count()
	h.click("carol", vote, "Yes")
	var told []string
	for _, m := range h.messagesSince(n) {
		if strings.Contains(m, "voted to skip your turn") {
			told = append(told, m)
		}
	}
	if len(told) != 1 || !strings.HasPrefix(told[0], "DM alice: In Tally game #1 in <#c1>, the table voted to skip your turn") {
		t.Fatalf("alice was not told by DM that the skip passed: %q", h.messagesSince(n))
	}

	// bob takes mentions (the default): the vote's message pings him, and
	// a new message (an edit notifies nobody) says it passed.
	h.click("bob", h.rec.last("", "bob"), "OK") // his reaction; then it is his turn
	h.hours(12)
	mustEphemeral(t, h.cmd("carol", "game", "replace", "player=bob"), "Vote opened")
	vote = h.rec.last(chanID, "")
	if !slices.Contains(vote.m.Mentions, "bob") || !strings.Contains(vote.m.Content, "<@bob>: the table is voting to let the bot play your seat") {
		t.Fatalf("bob is not mentioned in the vote on his seat: %+v", vote.m)
	}
	n = h.rec.count()
	h.click("alice", vote, "Yes")
	got := strings.Join(h.messagesSince(n), "\n")
	mustContain(t, "the channel", got, "<@bob>: the table voted to let the bot play your seat. Take it back with /game rejoin")
	if h.rec.last("", "bob") != nil && strings.Contains(h.rec.last("", "bob").m.Content, "voted") {
		t.Fatalf("bob asked for mentions but got a DM: %q", h.rec.last("", "bob").m.Content)
	}
}

// Play-testing: "a replaced player who comes back (/game rejoin) before
// the next turn of their seat gets it back without a vote".
func TestReplacedPlayerBackBeforeTheirNextTurnNeedsNoVote(t *testing.T) {
	h := newHarness(t)
	tallyThree(h)
	h.hours(12)
	mustEphemeral(t, h.cmd("bob", "game", "replace", "player=alice"), "Vote opened")
	h.click("carol", h.rec.last(chanID, ""), "Yes")
	if g := h.game(); !g.Seats[0].Away || !g.Seats[0].RejoinFree {
		t.Fatalf("alice's seat should be the bot's, free to take back: %+v", g.Seats[0])
	}
	mustEphemeral(t, h.cmd("alice", "game", "rejoin"), "took it back at once, without a vote")
	if g := h.game(); g.Seats[0].Away {
		t.Fatalf("alice did not get her seat back: %+v", g.Seats[0])
	}
}

// Play-testing: "Pending challenges are invisible and eternal (wait 33d:
// still Waiting for @carol to accept)". A challenge is listed in the
// challenged player's /game turns, reminds them in a turn's rhythm, and
// expires after close_after: its message loses its buttons and says so,
// the challenger is told, and the channel is free.
func TestChallengeIsListedRemindedAndExpires(t *testing.T) {
	h := newHarness(t)
	h.cfg.CloseAfter = 30 * 24 * time.Hour
	h.open()
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=bob"), "Challenge sent")
	lobby := h.rec.last(chanID, "")
	mustContain(t, "bob's turns", h.cmd("bob", "game", "turns").Message.Content,
		"1. Tally game #1 against Alice in <#c1>: Alice's challenge, waiting for you to accept since just now; it expires in 30 days.")
	if got := h.cmd("alice", "game", "turns").Message.Content; strings.Contains(got, "Tally game #1") {
		t.Fatalf("the challenger's list names her own challenge as waiting on her:\n%s", got)
	}
	n := h.rec.count()
	h.hours(12)
	got := h.messagesSince(n)
	if len(got) != 1 || !strings.Contains(got[0], "Reminder: <@bob>, Alice's challenge has been waiting for you to accept for 12 hours. It expires in 29 days 12 hours.") {
		t.Fatalf("the first reminder of the challenge: %q", got)
	}
	if m := h.rec.last(chanID, ""); !slices.Contains(m.m.Mentions, "bob") {
		t.Fatalf("the reminder does not ping bob: %+v", m.m)
	}
	h.hours(24)
	if got := h.messagesSince(n); len(got) != 2 {
		t.Fatalf("a reminder a day after the first, as a turn's: %q", got)
	}
	h.hours(33*24 - 36)
	g := h.game()
	if g.Status != storage.Abandoned {
		t.Fatalf("after 33 days the challenge is still %s", g.Status)
	}
	reminders := 0
	for _, m := range h.messagesSince(n) {
		if strings.Contains(m, "Reminder:") {
			reminders++
		}
	}
	if reminders > 6 {
		t.Fatalf("%d reminders in 30 days: the gaps should double", reminders)
	}
	if len(lobby.m.Rows) != 0 || !strings.Contains(lobby.m.Content, "**The challenge expired:** Bob did not accept within 30 days.") {
		t.Fatalf("the challenge's message after it expired: %+v", lobby.m)
	}
	mustContain(t, "the channel", strings.Join(h.messagesSince(n), "\n"), "<@alice>: your challenge expired: Bob did not accept within 30 days. The channel is free for a new one.")
	mustEphemeral(t, h.clickID("bob", lobby, customID{Action: "accept", Game: g.ID, Version: 0}.String()), "lobby is closed")
	if got := h.cmd("bob", "game", "turns").Message.Content; strings.Contains(got, "Tally game #1") {
		t.Fatalf("the expired challenge is still listed:\n%s", got)
	}
	mustEphemeral(t, h.cmd("alice", "tally", "challenge", "opponent=carol"), "Challenge sent")
}
