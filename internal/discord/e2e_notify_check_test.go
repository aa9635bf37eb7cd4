package discord_test

import (
	"slices"
	"sort"
	"strings"

	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/storage"
)

// notified sorts the fake's notifications since mark by user: pings are
// mentions in new channel messages, dms new messages in DM channels.
func (g *notifyGame) notified(mark int) (pings, dms map[string][]discordtest.Notification) {
	pings, dms = map[string][]discordtest.Notification{}, map[string][]discordtest.Notification{}
	for _, n := range g.e.fake.Notifications()[mark:] {
		switch n.Cause {
		case discordtest.CauseMention:
			pings[n.User] = append(pings[n.User], n)
		case discordtest.CauseDM:
			dms[n.User] = append(dms[n.User], n)
		default:
			g.e.t.Errorf("a notification of unknown cause %q: %+v", n.Cause, n)
		}
	}
	return pings, dms
}

// check holds what one action notified (the notifications since mark) to
// the contract. before is the game before the action (nil: it had not
// started, and waited on nobody), after the game once the action and every
// move it set off (the Cybot's) were delivered; actor acted.
func (g *notifyGame) check(what string, before *gameAt, after *storage.Game, afterSt games.State, actor string, mark int) {
	e := g.e
	e.t.Helper()
	was := map[string]int{}
	if before != nil {
		was, _ = waitedOn(before.row, before.st)
	}
	now, private := waitedOn(after, afterSt)
	fresh := map[string]bool{}
	for u, w := range now {
		if was[u] == 0 || (was[u] == 1 && w == 2 && u != actor) {
			fresh[u] = true
		}
	}
	pings, dms := g.notified(mark)
	ctx := func() string {
		return "\n  waited on before " + waitText(was) + ", after " + waitText(now) + "\n  notified: " + notificationsText(e.fake.Notifications()[mark:])
	}
	for u, ns := range pings {
		if !fresh[u] {
			e.t.Errorf("%s: %s was pinged although the game did not newly wait on them%s", what, names[u], ctx())
		}
		if len(ns) > 1 {
			e.t.Errorf("%s: %s was pinged %d times%s", what, names[u], len(ns), ctx())
		}
	}
	for u, ns := range dms {
		if len(ns) > 1 {
			e.t.Errorf("%s: %s got %d DMs%s", what, names[u], len(ns), ctx())
		}
		if !fresh[u] && !strings.Contains(ns[0].Content, "private to you") {
			e.t.Errorf("%s: %s was sent a DM that is not their private view although the game did not newly wait on them: %q%s", what, names[u], ns[0].Content, ctx())
		}
	}
	for u := range fresh {
		switch {
		case private[u] && !g.closed[u]:
			// A private decision comes in its DM, with its controls:
			// that DM is the notice.
			if len(dms[u]) != 1 || len(pings[u]) != 0 {
				e.t.Errorf("%s: %s has a new private decision: %d DMs, %d pings (want the DM alone)%s", what, names[u], len(dms[u]), len(pings[u]), ctx())
			}
		case len(pings[u]) != 1:
			e.t.Errorf("%s: the game now waits on %s, who was pinged %d times (want once)%s", what, names[u], len(pings[u]), ctx())
		}
	}
}

// checkNone holds an action that changed no game to notifying nobody.
func (g *notifyGame) checkNone(what string, mark int) {
	g.checkExactly(what, nil, mark)
}

// checkExactly holds an action to pinging users once each in the channel,
// and nobody else by any means.
func (g *notifyGame) checkExactly(what string, users []string, mark int) {
	e := g.e
	e.t.Helper()
	pings, dms := g.notified(mark)
	got := notificationsText(e.fake.Notifications()[mark:])
	for u, ns := range pings {
		if !slices.Contains(users, u) || len(ns) != 1 {
			e.t.Errorf("%s: %s was pinged %d times; want once each for %v: %s", what, names[u], len(ns), users, got)
		}
	}
	for _, u := range users {
		if len(pings[u]) == 0 {
			e.t.Errorf("%s: %s was not pinged: %s", what, names[u], got)
		}
	}
	if len(dms) > 0 {
		e.t.Errorf("%s: DMs sent: %s", what, got)
	}
}

func waitText(m map[string]int) string {
	var out []string
	for u, w := range m {
		s := names[u] + " (turn)"
		if w == 1 {
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
