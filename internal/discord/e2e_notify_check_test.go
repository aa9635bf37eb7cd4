package discord_test

import (
	"sort"
	"strings"

	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/internal/notifycheck"
	"standoff/storage"
)

// sent is the fake's notifications since mark, as the contract reads
// them: the fake records a mention in a new message (as allowed_mentions
// permit) or a DM, never an edit.
func (g *notifyGame) sent(mark int) []notifycheck.Sent {
	var out []notifycheck.Sent
	for _, n := range g.e.fake.Notifications()[mark:] {
		switch n.Cause {
		case discordtest.CauseMention:
			out = append(out, notifycheck.Sent{Pings: []string{n.User}})
		case discordtest.CauseDM:
			out = append(out, notifycheck.Sent{DM: n.User, View: notifycheck.PrivateView(n.Content)})
		default:
			g.e.t.Errorf("a notification of unknown cause %q: %+v", n.Cause, n)
		}
	}
	return out
}

// check holds what one action notified (the notifications since mark) to
// the contract. before is the game before the action (nil: it had not
// started, and waited on nobody), after the game once the action and every
// move it set off (the Cybot's) were delivered; actor acted.
func (g *notifyGame) check(what string, before *gameAt, after *storage.Game, afterSt games.State, actor string, mark int) {
	e := g.e
	e.t.Helper()
	step := notifycheck.Step{After: notifycheck.WaitedOn(after, afterSt), Actor: actor}
	if before != nil {
		step.Before = notifycheck.WaitedOn(before.row, before.st)
	}
	want := func(u string, private bool) notifycheck.Want {
		if private && !g.closed[u] {
			// A private decision comes in its DM, with its controls:
			// that DM is the notice. Closed DMs make it a mention.
			return notifycheck.Want{DM: true}
		}
		return notifycheck.Want{Ping: true}
	}
	g.report(what, step, notifycheck.Check(step, g.sent(mark), want), mark)
}

// report fails the test with each violation, and what was waited on and
// notified.
func (g *notifyGame) report(what string, step notifycheck.Step, vs []notifycheck.Violation, mark int) {
	e := g.e
	e.t.Helper()
	for _, v := range vs {
		v.User = names[v.User]
		e.t.Errorf("%s: %s\n  waited on before %s, after %s\n  notified: %s", what, v, waitText(step.Before.On), waitText(step.After.On),
			notificationsText(e.fake.Notifications()[mark:]))
	}
}

// checkNone holds an action that changed no game to notifying nobody.
func (g *notifyGame) checkNone(what string, mark int) {
	g.checkExactly(what, nil, mark)
}

// checkExactly holds an action that asks users to answer in the channel
// (a vote) to the contract, with them as the ones who must newly act, and
// to sending no DM at all.
func (g *notifyGame) checkExactly(what string, users []string, mark int) {
	e := g.e
	e.t.Helper()
	asked := notifycheck.Waits{On: map[string]notifycheck.Wait{}}
	for _, u := range users {
		asked.On[u] = notifycheck.Reaction
	}
	step := notifycheck.Step{After: asked}
	sent := g.sent(mark)
	g.report(what, step, notifycheck.Check(step, sent, func(string, bool) notifycheck.Want { return notifycheck.Want{Ping: true} }), mark)
	for _, m := range sent {
		if m.DM != "" {
			e.t.Errorf("%s: a DM to %s: %s", what, names[m.DM], notificationsText(e.fake.Notifications()[mark:]))
		}
	}
}

func waitText(m map[string]notifycheck.Wait) string {
	var out []string
	for u, w := range m {
		s := names[u] + " (turn)"
		if w == notifycheck.Reaction {
			s = names[u] + " (reaction)"
		}
		out = append(out, s)
	}
	sort.Strings(out)
	if len(out) == 0 {
		return "nobody"
	}
	return strings.Join(out, ", ")
}

func notificationsText(ns []discordtest.Notification) string {
	if len(ns) == 0 {
		return "nobody"
	}
	var out []string
	for _, n := range ns {
		line, _, _ := strings.Cut(n.Content, "\n")
		out = append(out, names[n.User]+" by "+n.Cause+" "+n.Message+" ("+line+")")
	}
	return strings.Join(out, "; ")
}
