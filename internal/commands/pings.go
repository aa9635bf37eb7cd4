package commands

import (
	"fmt"
	"slices"
	"strconv"

	"standoff/internal/delivery"
	"standoff/internal/rhythm"
	"standoff/storage"
)

// Who is notified of what. Discord notifies a user for a new message that
// mentions them (as its allowed mentions permit) or a DM, never for an
// edit. The contract: each time someone new must act (a turn, a reaction,
// a vote, a question), each such player is notified exactly once, by a new
// message or a DM, and nobody else is pinged; a player who just acted is
// not pinged for their own continuing turn. Reminders come on top, from
// the clock.

// What the game waits on a person for.
const (
	waitsForReaction = 1 // an answer during someone else's turn
	waitsForTurn     = 2
)

// waitedUsers are the people (never a bot) the game waits on now, and for
// what.
func (t *table) waitedUsers() map[string]int {
	out := map[string]int{}
	if t.state == nil || t.state.Outcome() != nil || t.paused() {
		return out
	}
	for _, p := range t.waited() {
		if s := t.row.Seats[p.Seat]; !automated(s) {
			what := waitsForReaction
			if p.Turn {
				what = waitsForTurn
			}
			out[s.UserID] = max(out[s.UserID], what)
		}
	}
	return out
}

// newlyWaited says whether the game now waits on a user for something they
// were not notified of: they were not waited on, or only for a reaction
// and now their turn has come through someone else's move.
func (t *table) newlyWaited(user string, now map[string]int) bool {
	switch before := t.before[user]; {
	case now[user] == 0:
		return false
	case before == 0:
		return true
	default:
		return before == waitsForReaction && now[user] == waitsForTurn && user != t.origin.Actor
	}
}

// rememberWaited notes whom the game waited on before this table's first
// change: whoever is waited on after it and was not is someone new. A
// table never changed, or made from a lobby, waited on nobody.
func (t *table) rememberWaited() {
	if !t.beforeKnown {
		t.before, t.beforeKnown = t.waitedUsers(), true
	}
}

// planNotifications decides who each part of the publication notifies,
// by each player's own settings (/game notify): a private decision is
// notified by its DM; anyone else newly waited on by a mention in the turn
// message (posted anew for them when it would have been an edit, since an
// edit notifies nobody), by a DM of its own, both, or later (quiet hours,
// time away), or not at all (none, a daily digest), as they chose.
func planNotifications(t *table, pub *delivery.Publication) {
	var channel []string
	if t.state != nil && t.paused() && t.row.TurnOwner != ownerPaused {
		_, channel = t.pausedLine()
	}
	now := t.waitedUsers()
	byDM := map[string]bool{}
	for _, p := range pub.Private {
		if p.Send && p.NewDecision && !t.row.Seats[p.Seat].DMFailed && !p.Message.Silent {
			byDM[p.User] = true
		}
	}
	for _, s := range t.row.Seats {
		if !t.newlyWaited(s.UserID, now) || byDM[s.UserID] || slices.Contains(channel, s.UserID) {
			continue
		}
		plan := rhythm.Decide(t.players[s.UserID].Settings, t.now, rhythm.MustAct)
		if toldInChannel(plan, s) {
			channel = append(channel, s.UserID)
		}
		if plan.DM && !s.DMFailed {
			pub.Notices = append(pub.Notices, delivery.Notice{User: s.UserID, Message: t.actNotice(s)})
		}
		if !plan.Hold.IsZero() {
			pub.Held = append(pub.Held, delivery.HeldNotice{User: s.UserID, Event: rhythm.MustAct, At: t.now, Until: plan.Hold})
		}
	}
	if t.row.PostPending && t.owedPingsKnown {
		// The owed message's pings go with this one, for whoever it still
		// waits on and did not act or hear of it by DM since.
		for _, u := range t.owedPings {
			if now[u] > 0 && u != t.origin.Actor && !byDM[u] && !slices.Contains(channel, u) {
				channel = append(channel, u)
			}
		}
	}
	if pub.Turn.Owner != t.row.TurnOwner {
		planHeadsUp(t, pub, now)
	}
	if pub.Turn.How == delivery.PostEdit && len(channel) > 0 && !pub.Turn.Refresh {
		// An edit notifies nobody: the turn goes on in a new message,
		// which keeps the board and its controls at the bottom of the
		// channel where the pinged player looks.
		pub.Turn.How, pub.Turn.Previous = delivery.PostNew, pub.Turn.Editing
	}
	if o := t.origin; pub.Turn.How == delivery.PostEdit && !pub.Turn.Refresh && o.Reply != nil && o.Clicked == "" {
		// A typed move: the living message can be edited only with the
		// bot's token (of which Discord allows 50 requests a second for
		// the whole application), while a new message comes through the
		// interaction for nothing; the old one loses its controls when
		// there is budget to spare. The same players go on, so the new
		// message pings nobody (channel is empty here).
		pub.Turn.How, pub.Turn.Previous = delivery.PostNew, pub.Turn.Editing
	}
	pub.Turn.Message.Mentions = nil
	if pub.Turn.How == delivery.PostNew {
		pub.Turn.Message.Mentions = channel
	}
}

// toldInChannel: a player the game newly waits on is told by a mention in
// the turn message, by their plan, or because a DM cannot reach them.
func toldInChannel(plan rhythm.Plan, s storage.Seat) bool {
	return plan.Mention || plan.DM && s.DMFailed
}

// owedMentions are whom an owed turn message pings: those the lost one was
// to ping, where this process knows them and the game still waits on
// them; else (after a restart) whoever it waits on and is told in the
// channel (toldInChannel): a private decision was told by its DM, and
// quiet hours or time away hold the rest for the clock.
func owedMentions(t *table) []string {
	if t.owedPingsKnown {
		waited := t.waitedUsers()
		var out []string
		for _, u := range t.owedPings {
			if waited[u] > 0 {
				out = append(out, u)
			}
		}
		return out
	}
	if t.paused() {
		_, ids := t.pausedLine()
		return ids
	}
	var out []string
	for _, p := range t.prompts() {
		s := t.row.Seats[p.Seat]
		if p.Standing || s.BotLevel > 0 || s.Away || p.Private && !s.DMFailed || slices.Contains(out, s.UserID) {
			continue
		}
		if toldInChannel(rhythm.Decide(t.players[s.UserID].Settings, t.now, rhythm.MustAct), s) {
			out = append(out, s.UserID)
		}
	}
	return out
}

// pingIfClosed says whether a closed DM is said to user with a mention
// (unless a message of the same delivery pinged them already): when the
// game newly waits on them; while owed messages are redone, as was decided
// when they were held back.
func (t *table) pingIfClosed(user string) bool {
	if t.redoPings != nil {
		return t.redoPings[user]
	}
	return t.newlyWaited(user, t.waitedUsers())
}

// planHeadsUp tells the player next after the one whose turn begins, when
// they asked for it (/game notify next), unless they made the move that
// began it: they know already. It goes by DM (or waits for their quiet
// hours): the turn message pings only those who must act.
func planHeadsUp(t *table, pub *delivery.Publication, waited map[string]int) {
	for _, s := range t.row.Seats {
		if s.NextAfter == "" || s.BotLevel > 0 || s.Away || s.DMFailed || s.UserID == t.origin.Actor || waited[s.UserID] > 0 {
			continue
		}
		plan := rhythm.Decide(t.players[s.UserID].Settings, t.now, rhythm.HeadsUp)
		if plan.DM || plan.Mention {
			text := fmt.Sprintf("%s in <#%s>: you are next, after %s.", t.header(), t.row.Channel, s.NextAfter)
			pub.Notices = append(pub.Notices, delivery.Notice{User: s.UserID, Message: Message{Content: text, Rows: t.openLink()}})
		}
		if !plan.Hold.IsZero() {
			pub.Held = append(pub.Held, delivery.HeldNotice{User: s.UserID, Event: rhythm.HeadsUp, At: t.now, Until: plan.Hold})
		}
	}
}

// actNotice is the DM that tells a player a game needs them (they chose
// DMs over mentions); it says where, never anything private.
func (t *table) actNotice(s storage.Seat) Message {
	text := fmt.Sprintf("%s in <#%s> is waiting for you.", t.header(), t.row.Channel)
	for _, l := range waitLines(t) {
		if l.user == s.UserID {
			text += "\n" + l.text
		}
	}
	return Message{Content: clip(text, maxContent), Rows: t.openLink()}
}

// openLink is a link button to the game's channel, for a DM about it.
func (t *table) openLink() []Row {
	return []Row{{Buttons: []Button{{Label: clip("Open "+t.game.Kind.Title+" game #"+strconv.FormatInt(t.row.ID, 10), maxLabel), URL: channelURL(t.row.Guild, t.row.Channel)}}}}
}
