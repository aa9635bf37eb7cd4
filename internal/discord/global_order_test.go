package discord

import (
	"context"
	"errors"
	"net/http"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"standoff/internal/pacing"
)

// orderedGrants queues requests for a global limit of one request at a
// time, one after another in the order given (each waiting before the
// next arrives), then frees the budget once per request and returns the
// order in which they got it. The window is a nanosecond, so the budget
// is free again as soon as the request before answered: the order comes
// from the limit's choice alone, never from a clock or a sleep.
func orderedGrants(t *testing.T, reqs []grantReq) []string {
	t.Helper()
	g := NewGlobalLimit(1, time.Nanosecond)
	g.reserve = 0
	hold, err := g.acquire(context.Background(), pacing.Urgent, time.Now().Add(time.Hour), "held")
	if err != nil {
		t.Fatal(err)
	}
	type grant struct {
		name string
		done func()
	}
	granted := make(chan grant)
	for i, r := range reqs {
		ctx := pacing.WithServer(pacing.WithRank(context.Background(), r.rank), r.server)
		go func() {
			done, err := g.acquire(ctx, pacing.Urgent, time.Now().Add(time.Hour), r.name)
			if err != nil {
				t.Error(r.name, err)
				return
			}
			granted <- grant{r.name, done}
		}()
		for g.waiting() < i+1 { // arrived, in this order
			runtime.Gosched()
		}
	}
	hold()
	var order []string
	for range reqs {
		gr := <-granted
		order = append(order, gr.name)
		gr.done()
	}
	return order
}

type grantReq struct {
	name   string
	rank   pacing.Rank
	server string
}

// lines are the limits whose waiters keep one line (line.go): the bot
// token's global budget and the bot's one DM-channel bucket (5 a second
// for the whole bot, what Locked Out's DMs run short of). Each test below
// holds both to the same order.
var lines = []struct {
	name  string
	order func(t *testing.T, reqs []grantReq) []string
}{
	{"the global budget", orderedGrants},
	{"the DM-channel bucket", orderedOpenings},
}

// Issue 35: "Priorities when the budget is short, in this order: what a
// waited-on player must see to act ..., then other private updates, then
// clean-ups". Requests waiting for a limit get it by rank, whatever their
// arrival.
func TestLinesGoByRank(t *testing.T) {
	for _, l := range lines {
		t.Run(l.name, func(t *testing.T) {
			got := l.order(t, []grantReq{
				{"clean-up", pacing.RankCleanup, "1"},
				{"update", pacing.RankUpdate, "1"},
				{"act", pacing.RankAct, "1"},
				{"update 2", pacing.RankUpdate, "1"},
				{"act 2", pacing.RankAct, "1"},
			})
			want := []string{"act", "act 2", "update", "update 2", "clean-up"}
			if !slices.Equal(got, want) {
				t.Errorf("%s went to %v, want %v", l.name, got, want)
			}
		})
	}
}

// Issue 35: "one server's burst cannot take the whole budget from the
// others". A server that floods a limit with requests (its new players'
// DM channels, say) and one that asks for one now and then: the quiet
// server's request goes next, not after the whole burst, even when it
// arrives last.
func TestLinesServeServersInTurn(t *testing.T) {
	for _, l := range lines {
		t.Run(l.name, func(t *testing.T) {
			var reqs []grantReq
			for _, n := range []string{"flood 1", "flood 2", "flood 3", "flood 4", "flood 5"} {
				reqs = append(reqs, grantReq{n, pacing.RankAct, "flood"})
			}
			reqs = append(reqs, grantReq{"quiet 1", pacing.RankAct, "quiet"}, grantReq{"other 1", pacing.RankAct, "other"})
			got := l.order(t, reqs)
			want := []string{"flood 1", "quiet 1", "other 1", "flood 2", "flood 3", "flood 4", "flood 5"}
			if !slices.Equal(got, want) {
				t.Errorf("%s went to %v, want %v", l.name, got, want)
			}
		})
	}
}

// A request that may not wait (under a game's lock) goes only when
// nothing ahead of it waits for the budget: it cannot jump the line of
// requests waiting by taking the budget the moment it frees.
func TestGlobalBudgetNoWaitRequestKeepsTheLine(t *testing.T) {
	g := NewGlobalLimit(1, time.Nanosecond)
	g.reserve = 0
	hold, err := g.acquire(context.Background(), pacing.Urgent, time.Now().Add(time.Hour), "held")
	if err != nil {
		t.Fatal(err)
	}
	waited := make(chan func())
	go func() {
		done, err := g.acquire(context.Background(), pacing.Urgent, time.Now().Add(time.Hour), "waiting")
		if err != nil {
			t.Error(err)
		}
		waited <- done
	}()
	for g.waiting() < 1 {
		runtime.Gosched()
	}
	// The budget is held: one that may not wait is refused at once.
	if _, err := g.acquire(context.Background(), pacing.Urgent, time.Now(), "no wait"); !isLimited(err) {
		t.Fatalf("a request that may not wait, with the budget used: %v, want a LimitedError", err)
	}
	hold()
	done := <-waited
	done()
	// Nothing waits now: it goes.
	done, err = g.acquire(context.Background(), pacing.Urgent, time.Now(), "no wait")
	if err != nil {
		t.Fatalf("a request that may not wait, with the budget free: %v", err)
	}
	done()
}

func isLimited(err error) bool {
	var l *pacing.LimitedError
	return errors.As(err, &l)
}

// Issue 35: "What goes through a player's interaction never waits for the
// bot token's budget; work that waits for the budget never holds a game's
// lock". A delivery under a game's lock sends with a budget wait of 0: a
// bot-token request the global budget cannot serve now is refused at once
// (owed and queued by the caller), while a request on the player's own
// interaction, which takes nothing from that budget, goes.
func TestBudgetWaitRefusesBotTokenRequestsOnly(t *testing.T) {
	d := newMiniDiscord(t)
	g := NewGlobalLimit(1, time.Hour) // one request, then none for the test's life
	r := testREST(d.client(), g)
	r.maxWait = time.Hour // without the budget's bound, the request would wait (and the test time out)
	hold, err := g.acquire(context.Background(), pacing.Urgent, time.Now().Add(time.Hour), "held")
	if err != nil {
		t.Fatal(err)
	}
	defer hold()
	ctx := pacing.WithBudgetWait(context.Background(), 0)
	_, err = r.do(ctx, http.MethodPost, discordgo.EndpointChannelMessages("901"), body{})
	var le *pacing.LimitedError
	if !errors.As(err, &le) || le.Scope != pacing.ScopeGlobal {
		t.Fatalf("a bot-token request with the budget used, sent with a budget wait of 0: %v, want a global LimitedError at once", err)
	}
	if _, err := r.do(ctx, http.MethodPost, discordgo.EndpointWebhookToken("77", "tok"), body{}); err != nil {
		t.Errorf("a follow-up on the player's interaction with the bot token's budget used: %v", err)
	}
	if w := r.waits.Bot[pacing.RankAct].Refused; w != 1 {
		t.Errorf("%d bot-token requests counted refused, want 1", w)
	}
	if n := r.waits.Interaction.Sent; n != 1 {
		t.Errorf("%d interaction requests counted sent, want 1", n)
	}
}
