package main

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"standoff/internal/catalog"
	"standoff/internal/discordtest"
)

// checkCost checks a run's Discord figures against each other: every
// bot-token request is counted once by kind and once by route, and the
// moves played notified someone (each move's turn message names who acts
// next, or a DM tells them).
func checkCost(t *testing.T, res *result) {
	t.Helper()
	c := res.discord
	if c == nil {
		t.Fatalf("no Discord figures")
	}
	sum := func(m map[string]int) int {
		n := 0
		for _, v := range m {
			n += v
		}
		return n
	}
	if c.bot == 0 || sum(c.botByKind) != c.bot || sum(c.botByRoute) != c.bot {
		t.Errorf("%d bot-token requests, %d by kind, %d by route", c.bot, sum(c.botByKind), sum(c.botByRoute))
	}
	if c.moves() != res.moves {
		t.Errorf("%d moves by kind, %d played", c.moves(), res.moves)
	}
	if c.notified == 0 || sum(c.notifByKind) != c.notified || sum(c.notifByCause) != c.notified {
		t.Errorf("%d notifications, %d by kind, %d by cause", c.notified, sum(c.notifByKind), sum(c.notifByCause))
	}
}

// measureCost names each request's game by its channel or its DM's
// player, leaves out what came before or after the play, and counts the
// 429s by scope.
func TestMeasureCost(t *testing.T) {
	fake := discordtest.New(t, discordtest.WithLimits(discordtest.Limits{Routes: map[string]discordtest.RouteLimit{
		discordtest.RouteSendMessage: {Bucket: "create", Limit: 2, Per: time.Hour}}}))
	gs := catalog.Games()
	var tables []*table
	for i, g := range gs[:2] {
		tb := &table{channel: fmt.Sprint(700 + i), game: g, users: []string{fmt.Sprint(800 + i)}}
		fake.AddChannel("900", tb.channel)
		fake.AddUser(tb.users[0], "p")
		tables = append(tables, tb)
	}
	client := fake.HTTPClient()
	send := func(channel, content string) {
		req, _ := http.NewRequest(http.MethodPost, "https://discord.com/api/v10/channels/"+channel+"/messages",
			strings.NewReader(`{"content":"`+content+`"}`))
		req.Header.Set("Authorization", fake.Token())
		req.Header.Set("Content-Type", "application/json")
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
	}
	send(tables[0].channel, "before the play")
	from := fake.Requests()[0].At.Add(1)
	send(tables[0].channel, "<@"+tables[0].users[0]+"> your turn")
	send(tables[0].channel, "refused: the bucket holds 2")
	send(fake.DMChannelID(tables[1].users[0]), "your hand")
	send("700700", "no such channel")
	reqs := fake.Requests()
	to := reqs[len(reqs)-1].At.Add(1)
	moves := map[string]int{gs[0].Kind.Name: 2, gs[1].Kind.Name: 1}
	c := measureCost(fake, tables, from, to, true, moves)
	k0, k1 := gs[0].Kind.Name, gs[1].Kind.Name
	if c.bot != 4 || c.botRefused != 1 || c.botByKind[k0] != 1 || c.botByKind[k1] != 1 || c.botByKind[otherKind] != 1 ||
		c.botByRoute[discordtest.RouteSendMessage] != 2 || c.botByRoute[discordtest.RouteSendMessage+" in a DM"] != 1 || c.refusedRoute[discordtest.RouteSendMessage] != 1 || c.interactions != 0 {
		t.Errorf("bot requests %d: by kind %v, by route %v", c.bot, c.botByKind, c.botByRoute)
	}
	if c.tooMany[discordtest.ScopeUser] != 1 {
		t.Errorf("429s %v, want one of scope user", c.tooMany)
	}
	if c.notified != 2 || c.notifByKind[k0] != 1 || c.notifByKind[k1] != 1 ||
		c.notifByCause[discordtest.CauseMention] != 1 || c.notifByCause[discordtest.CauseDM] != 1 {
		t.Errorf("notifications %d: by kind %v, by cause %v", c.notified, c.notifByKind, c.notifByCause)
	}
	var out bytes.Buffer
	c.print(&out, 1)
	for _, want := range []string{"enforced", "4 = 4.0/s", "of which 1 answered 429", k0 + " 0.50 (2 moves)", k1 + " 1.00 (1 moves)", "not of a game 1",
		"user 1", "notifications while playing: 2, 0.67 per move (mentions 1, DMs 1)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
}
