package discord_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"standoff/internal/discord"
	"standoff/internal/discordtest"
	"standoff/internal/games"
	"standoff/storage"
)

// Issue 35, "Priorities when the budget is short, in this order ...: what a
// waited-on player must see to act (their DM decision, the turn message
// that pings them), then other private updates, then clean-ups (controls
// off old messages). Whatever the limits hold back is shown as soon as
// they allow, in order, once."
//
// Through the fake Discord, with the bot token's budget a global limit of
// one request that the test holds, two Locked Out games each make a
// change. In the other channel first, a player answers a private decision
// in their DM, which leaves the channel's living turn message to be
// edited with the bot's token (an update: it pings nobody). Then in
// general a move typed in the turn message's form asks another player a
// private decision (act: their DM), and leaves the old turn message's
// controls to clear (a clean-up). Nothing goes with the bot's token while
// the budget is held: it is owed, and the games' redos wait in the
// budget's line. Freed, the fake's own record says the order: the
// decision's DM, then the edit, then the clean-up; each once.
//
// The engine picks the changes, each owing one kind of work: a game's
// redo sends what it owes in its seats' order, so the priorities are
// held between the games, by the queue and the budget's line.
func TestHeldBackWorkGoesByPriorityOnDiscord(t *testing.T) {
	budget := discord.NewGlobalLimit(1, time.Nanosecond)
	e := newEnv(t, withFake(nil, discordtest.WithLimits(discordtest.NoLimits())),
		withOptions(func(o *discord.Options) { o.Global = budget }))
	upd := e.lockedOutIn(other, dave, frank, grace)
	act := e.lockedOutIn(general, alice, bob, carol)

	updMove := e.privateMoveWhere(other, upd)
	actMove := e.moveWhere(general, act, func(changed []int, asks int) bool { return len(changed) == 1 && changed[0] == asks })

	release := discord.HoldBudget(budget)
	mark := len(e.fake.Requests())
	e.playPicked(other, updMove)
	e.typeIn(general, actMove)
	for _, r := range e.fake.Requests()[mark:] {
		if r.BotToken {
			t.Fatalf("a bot-token request (%s) went while the budget was held", r.Route)
		}
	}
	if g, _ := e.game(other); !g.RefreshPending {
		t.Fatalf("the private decision in %s owes no edit of the turn message: the budget held nothing back", other)
	}
	if g, _ := e.game(general); !g.HasOwed {
		t.Fatalf("the move in %s owes no private message: the budget held nothing back", general)
	}
	e.eventually("both games' redos to wait for the budget", func() bool {
		line := discord.BudgetLine(budget)
		return slices.Contains(line, "act@"+guild) && slices.Contains(line, "update@"+guild)
	})
	release()
	e.eventually("what was held back to be shown", func() bool {
		for _, ch := range []string{other, general} {
			if g, _ := e.game(ch); g.HasOwed || g.PostPending || g.RefreshPending {
				return false
			}
		}
		return true
	})
	e.router.Wait()

	// The bot-token requests once the budget was freed, by priority.
	dmUser := map[string]string{}
	for _, u := range []string{alice, bob, carol, dave, frank, grace} {
		for _, m := range e.fake.DMs(u) {
			dmUser[m.ChannelID] = u
		}
	}
	const (
		acts = iota
		updates
		cleanups
	)
	kinds := []string{"act", "update", "clean-up"}
	var order []int
	var shown []string
	perUser := map[string]int{}
	for _, r := range e.fake.Requests()[mark:] {
		if !r.BotToken || r.Status >= 300 {
			continue
		}
		k := -1
		switch u := dmUser[r.Channel]; {
		case u == actMove.decider && r.Route == discordtest.RouteSendMessage:
			k = acts // the private decision's DM
		case r.Channel == other && r.Route == discordtest.RouteEditMessage:
			k = updates // the living turn message's owed edit
		case r.Channel == general && r.Route == discordtest.RouteEditMessage:
			k = cleanups // controls off the replaced turn message
		case u != "":
			t.Errorf("a DM to %s (%s), whose private view the changes did not touch", names[u], r.Route)
		}
		if u := dmUser[r.Channel]; u != "" {
			perUser[u]++
		}
		if k >= 0 {
			order = append(order, k)
			shown = append(shown, kinds[k]+" "+r.Route+" "+r.Channel+" "+names[dmUser[r.Channel]])
		}
	}
	t.Logf("once the budget was freed: %v", shown)
	if !slices.IsSorted(order) || !slices.Contains(order, acts) || !slices.Contains(order, updates) {
		t.Errorf("what was held back went %v, want the decision's DM, then the owed edit, then the clean-ups", shown)
	}
	if !slices.Contains(order, cleanups) {
		t.Errorf("no old turn message's controls were cleared: %v", shown)
	}
	if n := perUser[actMove.decider]; n != 1 {
		t.Errorf("%s, asked a private decision, got %d DMs once the budget was freed, want 1", names[actMove.decider], n)
	}
	if n := strings.Count(strings.Join(shown, "|"), "update "); n != 1 {
		t.Errorf("the owed edit went %d times, want once: %v", n, shown)
	}
	e.noErrorLogs()
}

// lockedOutIn starts a Locked Out game in channel: a challenges b and c,
// who accept.
func (e *env) lockedOutIn(channel, a, b, c string) *storage.Game {
	e.t.Helper()
	if s := e.reply(a, channel, "lockedout", "challenge", discordtest.Opt("opponent", b), discordtest.Opt("opponent2", c)); !strings.Contains(s.Content, "Challenge sent") {
		e.t.Fatalf("challenge answered %q", s.Content)
	}
	row, _ := e.game(channel)
	for _, u := range []string{b, c} {
		challenge, _ := e.fake.LastMessage(channel)
		accept, ok := findID(challenge, "accept:")
		if !ok {
			e.t.Fatalf("no Accept on %q", challenge.Content)
		}
		if s := e.click(u, challenge.ID, accept); s != "" {
			e.t.Fatalf("%s's Accept answered %q", names[u], s)
		}
	}
	return e.settle(channel, row)
}

// pickedMove is a public move of user's, and the player whose private
// view it changes.
type pickedMove struct {
	user, move, decider string
}

// moveWhere plays the game in channel until the player on turn has a
// public move that want accepts: which seats' private views (or private
// prompts) the move changes, and which other seat it asks a private
// decision of (-1: none). Other moves are played as a person would.
func (e *env) moveWhere(channel string, row *storage.Game, want func(changed []int, asks int) bool) pickedMove {
	e.t.Helper()
	for played := 0; played < 300; played++ {
		if row.Status != storage.Active {
			break
		}
		_, st := e.game(channel)
		p := st.Prompts()[0]
		u := row.Seats[p.Seat].UserID
		if p.Private {
			dm, ok := lastWithControls(e.fake.DMs(u))
			if !ok {
				e.t.Fatalf("%s has a private decision but no DM with controls", names[u])
			}
			e.playGuided(u, dm)
			row = e.settle(channel, row)
			continue
		}
		for _, m := range st.Legal(p.Seat) {
			changed, asks := e.tryMove(row, p.Seat, m)
			if changed != nil && want(changed, asks) {
				return pickedMove{user: u, move: m, decider: row.Seats[changed[0]].UserID}
			}
		}
		e.playGuided(u, e.turnMessage(channel))
		row = e.settle(channel, row)
	}
	e.t.Fatalf("no move in %s did what the test needs", channel)
	return pickedMove{}
}

// tryMove plays move of seat on a copy of the game: the seats whose
// private view or private prompt it changes, and the other seat it asks a
// private decision of (-1: none; past the seats: the mover's own). changed
// is nil for a move refused or
// one that ends the game.
func (e *env) tryMove(row *storage.Game, seat int, move string) (changed []int, asks int) {
	e.t.Helper()
	var k *games.Kind
	for _, g := range e.games {
		if g.Kind.Name == row.Kind {
			k = g.Kind
		}
	}
	before, err := k.Decode(row.State)
	if err != nil {
		e.t.Fatal(err)
	}
	after, _ := k.Decode(row.State)
	if _, err := after.Apply(seat, move); err != nil || after.Outcome() != nil {
		return nil, -1
	}
	private := func(st games.State, s int) string {
		text := st.Private(s).Text()
		for _, p := range st.Prompts() {
			if p.Seat == s && p.Private {
				text += "\x00" + p.Text
			}
		}
		return text
	}
	asks = -1
	changed = []int{}
	for s := range row.Seats {
		if private(before, s) != private(after, s) {
			changed = append(changed, s)
		}
	}
	for _, p := range after.Prompts() {
		switch {
		case p.Private && p.Seat != seat:
			asks = p.Seat
		case p.Private:
			asks = len(row.Seats) // the mover's own next decision: not an update either
		}
	}
	return changed, asks
}

// typeIn plays the picked move through the turn message's form.
func (e *env) typeIn(channel string, m pickedMove) {
	e.t.Helper()
	turn := e.turnMessage(channel)
	form, ok := findID(turn, "type:")
	if !ok {
		e.t.Fatalf("no Type a move on %q", turn.Content)
	}
	open := e.must(e.fake.Click(m.user, turn.ID, form))
	if resp, err := open.Wait(e.patience); err != nil || resp.Type != discordtest.CallbackModal {
		e.t.Fatalf("Type a move answered %+v, %v", resp, err)
	}
	in := e.must(e.fake.SubmitModal(m.user, open, map[string]string{"move": m.move}))
	if told := e.told(in); len(told) != 1 || !strings.HasPrefix(told[0].Content, "Played") {
		e.t.Fatalf("%s's %q answered %+v", names[m.user], m.move, told)
	}
}

// privatePick is a private decision answered from a DM's control.
type privatePick struct {
	user   string
	dm     discordtest.Message
	choice games.Choice
}

// privateMoveWhere plays the game in channel until a player is asked a
// private decision they can answer, from a control of their DM, in a way
// that asks nobody else a private decision and leaves the same players
// waited on (the channel's turn message is edited, pinging nobody), and
// returns it.
func (e *env) privateMoveWhere(channel string, row *storage.Game) privatePick {
	e.t.Helper()
	for played := 0; played < 300 && row.Status == storage.Active; played++ {
		_, st := e.game(channel)
		p := st.Prompts()[0]
		u := row.Seats[p.Seat].UserID
		if !p.Private {
			e.playGuided(u, e.turnMessage(channel))
			row = e.settle(channel, row)
			continue
		}
		dm, ok := lastWithControls(e.fake.DMs(u))
		if !ok {
			e.t.Fatalf("%s has a private decision but no DM with controls", names[u])
		}
		for _, c := range p.Choices {
			if _, _, ok := control(dm, c); !ok || c.Move == "" {
				continue
			}
			if e.sameWaited(row, st, p.Seat, c.Move) {
				return privatePick{u, dm, c}
			}
		}
		e.playGuided(u, dm)
		row = e.settle(channel, row)
	}
	e.t.Fatalf("no private decision in %s did what the test needs", channel)
	return privatePick{}
}

// sameWaited plays move of seat on a copy of the game and reports whether
// the game then waits on the same seats and asks no other seat a private
// decision.
func (e *env) sameWaited(row *storage.Game, st games.State, seat int, move string) bool {
	e.t.Helper()
	var k *games.Kind
	for _, g := range e.games {
		if g.Kind.Name == row.Kind {
			k = g.Kind
		}
	}
	after, _ := k.Decode(row.State)
	if _, err := after.Apply(seat, move); err != nil || after.Outcome() != nil {
		return false
	}
	waited := func(s games.State) []int {
		var out []int
		for _, p := range s.Prompts() {
			if p.Private && p.Seat != seat && s == after {
				return nil
			}
			out = append(out, p.Seat)
		}
		slices.Sort(out)
		return out
	}
	was, now := waited(st), waited(after)
	return now != nil && slices.Equal(was, now)
}

// playPicked answers the picked private decision from its DM.
func (e *env) playPicked(channel string, m privatePick) {
	e.t.Helper()
	id, value, _ := control(m.dm, m.choice)
	var in *discordtest.Interaction
	if value != "" {
		in = e.must(e.fake.Select(m.user, m.dm.ID, id, value))
	} else {
		in = e.must(e.fake.Click(m.user, m.dm.ID, id))
	}
	for _, msg := range e.told(in) {
		if msg.Ephemeral {
			e.t.Fatalf("%s's %q was refused: %q", names[m.user], m.choice.Move, msg.Content)
		}
	}
}
