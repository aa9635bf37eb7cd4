// Package notifycheck is the notification contract (DESIGN.md,
// "Notifications") as tests hold the bot to it: "Each time someone new
// must act, each such player is notified once, the way they chose; nobody
// else is pinged." Discord notifies a user for a new message that mentions
// them (as its allowed_mentions permit) or a DM, never for an edit.
//
// Who must act is read from the game's states alone, never from the
// router's code, so a router that forgets someone, pings the wrong player
// or pings twice is caught whatever its reasons. The router-level test
// (internal/reliability) and the end-to-end one on the fake Discord
// (internal/discord) both check each action with Check.
package notifycheck

import (
	"fmt"
	"slices"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// Wait is what a game waits on a user for.
type Wait int

const (
	NotWaited Wait = iota
	Reaction       // an answer during another's turn
	Turn           // their turn
)

// Waits is who a game waits on: each user's strongest Wait, and whether
// every prompt they have is private (answered by DM).
type Waits struct {
	On      map[string]Wait
	Private map[string]bool
}

// WaitedOn reads who a state waits on: the prompts that are not standing,
// the turn's, those with a default answer, and any other while nobody is
// on turn. Seats the machine plays and players away are left out; a game
// that is over or no longer active waits on nobody.
func WaitedOn(row *storage.Game, st games.State) Waits {
	w := Waits{On: map[string]Wait{}, Private: map[string]bool{}}
	if row == nil || st == nil || st.Outcome() != nil || row.Status != storage.Active {
		return w
	}
	public := map[string]bool{}
	prompts := st.Prompts()
	anyTurn := slices.ContainsFunc(prompts, func(p games.Prompt) bool { return p.Turn })
	for _, p := range prompts {
		s := row.Seats[p.Seat]
		if p.Standing || s.BotLevel > 0 || s.Away || (!p.Turn && p.Default == "" && anyTurn) {
			continue
		}
		what := Reaction
		if p.Turn {
			what = Turn
		}
		w.On[s.UserID] = max(w.On[s.UserID], what)
		public[s.UserID] = public[s.UserID] || !p.Private
	}
	for u := range w.On {
		w.Private[u] = !public[u]
	}
	return w
}

// Step is one action: who the game waited on before it and after it (and
// every move it set off), and who acted ("" for none).
type Step struct {
	Before, After Waits
	Actor         string
}

// Fresh is who must newly act: waited on now and not before, or now on
// turn after only a reaction was asked of them. The actor's own turn going
// on is not new, nor is it when their reaction became their turn: they
// are at the table.
func (s Step) Fresh() map[string]bool {
	fresh := map[string]bool{}
	for u, now := range s.After.On {
		was := s.Before.On[u]
		if was == NotWaited || (was == Reaction && now == Turn && u != s.Actor) {
			fresh[u] = true
		}
	}
	return fresh
}

// Sent is one message the bot sent or edited during a step, as Discord
// would notify for it.
type Sent struct {
	// Edit: an edit, which notifies nobody whatever it names.
	Edit bool
	// DM is the user of a DM channel ("" for a message in a guild
	// channel).
	DM string
	// Pings are the users a channel message notifies: those it mentions
	// that its allowed_mentions permit.
	Pings []string
	// View: the DM is its user's private view of the game (PrivateView),
	// sent as the game changes, not a call to act.
	View bool
}

// PrivateView tells a player's private view of a game by its heading
// (commands/private.go: "... in <#channel>, private to you").
func PrivateView(content string) bool { return strings.Contains(content, "private to you") }

// Want is how a user who must newly act is to hear of it: by a ping, a DM,
// both, or (settings such as a digest or quiet hours) neither now.
type Want struct{ Ping, DM bool }

// Kind is a kind of breach of the contract.
type Kind int

const (
	// PingedNotWaited: pinged though the game did not newly wait on them.
	PingedNotWaited Kind = iota + 1
	// PingedOwnTurn: the player who just acted was pinged for their own
	// turn going on.
	PingedOwnTurn
	// PingedTwice: pinged more than once by one action.
	PingedTwice
	// DMTwice: sent more than one DM by one action.
	DMTwice
	// DMNotWaited: a DM that is not their private view, to someone the
	// game did not newly wait on.
	DMNotWaited
	// NotNotified: must newly act and was not told the way they chose.
	NotNotified
	// Unwanted: must newly act and was told in a way they did not choose
	// (a ping to a player who asked for none now, a DM other than their
	// private view to one who asked for a mention).
	Unwanted
)

var kindText = map[Kind]string{
	PingedNotWaited: "was pinged although the game did not newly wait on them",
	PingedOwnTurn:   "was pinged for their own turn going on, just after acting",
	PingedTwice:     "was pinged more than once",
	DMTwice:         "was sent more than one DM",
	DMNotWaited:     "was sent a DM that is not their private view although the game did not newly wait on them",
	NotNotified:     "must newly act and was not notified the way they chose",
	Unwanted:        "must newly act and was notified in a way they did not choose",
}

// Violation is one breach, by one user.
type Violation struct {
	Kind       Kind
	User       string
	Pings, DMs int  // what the user got during the step
	Want       Want // for NotNotified and Unwanted
}

func (v Violation) String() string {
	return fmt.Sprintf("%s %s (%d pings, %d DMs)", v.User, kindText[v.Kind], v.Pings, v.DMs)
}

// Check holds one step's messages to the contract; want says how each user
// who must newly act chose to hear of it (private: every decision asked of
// them is private). The violations come sorted by user, then kind.
func Check(s Step, sent []Sent, want func(user string, private bool) Want) []Violation {
	fresh := s.Fresh()
	pings, dms, calls := tally(sent)
	var out []Violation
	add := func(k Kind, u string, w Want) {
		out = append(out, Violation{Kind: k, User: u, Pings: pings[u], DMs: dms[u], Want: w})
	}
	for u, n := range pings {
		switch {
		case !fresh[u] && u == s.Actor && s.After.On[u] != NotWaited:
			add(PingedOwnTurn, u, Want{})
		case !fresh[u]:
			add(PingedNotWaited, u, Want{})
		}
		if n > 1 {
			add(PingedTwice, u, Want{})
		}
	}
	for u, n := range dms {
		if n > 1 {
			add(DMTwice, u, Want{})
		}
		if !fresh[u] && calls[u] > 0 {
			add(DMNotWaited, u, Want{})
		}
	}
	for u := range fresh {
		w := want(u, s.After.Private[u])
		switch {
		case w.Ping && pings[u] == 0, w.DM && dms[u] == 0:
			add(NotNotified, u, w)
		case !w.Ping && pings[u] > 0, !w.DM && calls[u] > 0:
			add(Unwanted, u, w)
		}
	}
	slices.SortFunc(out, func(a, b Violation) int {
		if c := strings.Compare(a.User, b.User); c != 0 {
			return c
		}
		return int(a.Kind - b.Kind)
	})
	return out
}

// tally counts what each user was notified by: pings in new channel
// messages, DMs, and the DMs among them that are calls to act (not their
// private view). Edits count for nothing.
func tally(sent []Sent) (pings, dms, calls map[string]int) {
	pings, dms, calls = map[string]int{}, map[string]int{}, map[string]int{}
	for _, m := range sent {
		switch {
		case m.Edit:
		case m.DM != "":
			dms[m.DM]++
			if !m.View {
				calls[m.DM]++
			}
		default:
			for _, u := range m.Pings {
				pings[u]++
			}
		}
	}
	return pings, dms, calls
}
