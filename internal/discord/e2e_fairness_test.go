package discord_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"standoff/internal/discordtest"
)

// Issue 35, "Fairness between servers: one server's burst cannot take the
// whole budget from the others ... a test with one server flooding and
// another playing quietly, where the quiet one's DMs keep their latency."
//
// One server starts twelve Locked Out games at once, each with three
// players the bot has never written to: 36 DM channels to open through
// the fake's one DM-channel bucket (Discord's POST /users/@me/channels,
// 5 a second for the whole bot), seven seconds of openings. Right after,
// another server starts one game. Its three players' channels must be
// opened within a few of the bucket's requests, taking turns with the
// flood, not after its backlog; and every player is dealt their hand
// once.
//
// The measure is the fake's own order of the openings it let through, not
// a time: a slow machine makes every step slower alike, the bucket's line
// decides who goes next.
func TestQuietServersDMsKeepTheirPlaceInAFlood(t *testing.T) {
	const (
		flood      = "930"
		quiet      = "940"
		quietCh    = "9400"
		floodGames = 12
	)
	floodCh := func(n int) string { return fmt.Sprint(9300 + n) }
	player := func(game, seat int) string { return fmt.Sprint(2000 + 3*game + seat) }
	world := func(f *discordtest.Server) {
		for n := range floodGames {
			f.AddChannel(flood, floodCh(n))
		}
		f.AddChannel(quiet, quietCh)
		for g := range floodGames + 1 {
			for s := range 3 {
				f.AddUser(player(g, s), "player"+player(g, s))
			}
		}
	}
	// The fake's DM-channel bucket at its rate (5 a second) in windows of
	// one request: the order it records is then the order the bot's line
	// gave the bucket, not the order in which the five requests a
	// window lets through at once happened to arrive.
	limits := discordtest.DiscordLimits()
	limits.Routes[discordtest.RouteCreateDM] = discordtest.RouteLimit{Bucket: "dm channel create", Limit: 1, Per: 200 * time.Millisecond}
	e := newEnv(t, withFake(world, discordtest.WithLimits(limits)), withThreadsOffIn(flood, quiet))
	quietGame := floodGames // the last players are the quiet server's

	// Each game is challenged and accepted by its second player; the
	// third player's Accept starts it and deals the hands.
	type table struct {
		channel, starter string
		msgID, accept    string
	}
	ready := func(game int, channel string) table {
		if s := e.reply(player(game, 0), channel, "lockedout", "challenge",
			discordtest.Opt("opponent", player(game, 1)), discordtest.Opt("opponent2", player(game, 2))); !strings.Contains(s.Content, "Challenge sent") {
			t.Fatalf("challenge answered %q", s.Content)
		}
		for _, u := range []string{player(game, 1), player(game, 2)} {
			challenge, _ := e.fake.LastMessage(channel)
			accept, ok := findID(challenge, "accept:")
			if !ok {
				t.Fatalf("no Accept on %q", challenge.Content)
			}
			if u == player(game, 2) {
				return table{channel, u, challenge.ID, accept}
			}
			if s := e.click(u, challenge.ID, accept); s != "" {
				t.Fatalf("an Accept answered %q", s)
			}
		}
		panic("unreachable")
	}
	var tables []table
	for n := range floodGames {
		tables = append(tables, ready(n, floodCh(n)))
	}
	quietTable := ready(quietGame, quietCh)

	// The flood: every game starts at once.
	var wg sync.WaitGroup
	var starts []*discordtest.Interaction
	for _, tb := range tables {
		wg.Add(1)
		in := e.must(e.fake.Click(tb.starter, tb.msgID, tb.accept))
		starts = append(starts, in)
		go func() {
			defer wg.Done()
			in.Wait(e.patience)
		}()
	}
	wg.Wait()
	for _, in := range starts {
		// Its publishing has ended: what the limits held back is owed
		// and queued.
		e.eventually("the flood's game to start", func() bool { return e.logs.has(finishedLine(in.ID())) })
	}
	// The flood's redos are at work: the bucket's line is theirs.
	started := len(openedDMs(e.fake.Requests()))
	e.eventually("the flood's held-back DM channels to be opened", func() bool {
		return len(openedDMs(e.fake.Requests())) >= started+2
	})
	mark := len(e.fake.Requests())
	backlog := len(openedDMs(e.fake.Requests()))
	if backlog >= 3*floodGames-10 {
		t.Fatalf("the flood's DM channels were opened (%d of %d) before the quiet server played: nothing to check", backlog, 3*floodGames)
	}

	// The quiet server's game starts.
	if s := e.click(quietTable.starter, quietTable.msgID, quietTable.accept); s != "" {
		t.Fatalf("the quiet server's Accept answered %q", s)
	}
	everyone := func() bool {
		for g := range floodGames + 1 {
			for s := range 3 {
				if len(e.fake.DMs(player(g, s))) == 0 {
					return false
				}
			}
		}
		return true
	}
	e.eventually("every player's hand", everyone)
	e.router.Wait()

	// The openings the bucket let through after the quiet server played,
	// in the fake's order.
	opened := openedDMs(e.fake.Requests()[mark:])
	isQuiet := map[string]bool{player(quietGame, 0): true, player(quietGame, 1): true, player(quietGame, 2): true}
	// floodBefore: the flood's openings before the quiet server's first
	// (the time its move took to be owed and its redo to start);
	// between: while its three were being opened; after: the flood's
	// backlog left once they were.
	floodBefore, quietSeen, between, floodAfter := 0, 0, 0, 0
	for _, u := range opened {
		switch {
		case isQuiet[u]:
			quietSeen++
		case quietSeen == 0:
			floodBefore++
		case quietSeen < 3:
			between++
		default:
			floodAfter++
		}
	}
	t.Logf("after the quiet server played, the bucket opened %d of the flood's channels, then the quiet server's 3 with %d of the flood's among them, then %d of the flood's (%d opened before it played)",
		floodBefore, between, floodAfter, backlog)
	if quietSeen != 3 {
		t.Fatalf("the quiet server's players' DM channels opened %d times, want 3 (%v)", quietSeen, opened)
	}
	// Its redo opens them one after another; taking turns, each goes
	// with at most one of the flood's beside it (the flood's waiter of
	// the same turn, which came first). Waiting behind the flood's line,
	// each would wait for a dozen.
	if between > 4 {
		t.Errorf("%d of the flooding server's DM channels were opened among the quiet server's three, want at most 4: the flood took the bucket (order: %v)", between, opened)
	}
	if floodAfter < 5 {
		t.Errorf("the quiet server's DM channels were opened only as the flood's backlog drained (%d of the flood's after them; order: %v)", floodAfter, opened)
	}
	// Every hand was dealt once.
	for g := range floodGames + 1 {
		for s := range 3 {
			if n := len(e.fake.DMs(player(g, s))); n != 1 {
				t.Errorf("player %s of game %d got %d DMs, want their hand once", player(g, s), g, n)
			}
		}
	}
	e.noErrorLogs()
}

// openedDMs are the recipients of the DM channels the fake opened, in its
// order.
func openedDMs(reqs []discordtest.Request) []string {
	var out []string
	for _, r := range reqs {
		if r.Route == discordtest.RouteCreateDM && r.Status < 300 {
			out = append(out, r.User)
		}
	}
	return out
}
