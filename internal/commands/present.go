package commands

import (
	"fmt"
	"strings"

	"standoff/internal/delivery"
	"standoff/internal/games"
	"standoff/internal/rhythm"
	"standoff/storage"
)

// The presenter decides everything a change of a game shows, from a
// snapshot of the table alone: the loaded game and its seats, the open
// votes, what the channel and each seat were last shown (the turn message,
// its owner and narration, each seat's DM fingerprint), and the stats line
// read before. It draws nothing (a picture is named by the view it shows),
// sends nothing, reads no clock: delivery (internal/delivery) does all of that, so
// the presenter's decisions can be checked by table tests, and Preview is
// this code path.
//
// The channel shows one living message per turn: while the same players
// are waited on, each change edits it, its narration growing; when someone
// else must act, a new message is posted so that its mention notifies
// them, and the old one keeps its text but loses its controls.

// present decides what a change with these events shows. The table is the
// state after the change; its row still holds what was shown before.
func present(t *table, events []games.Event) delivery.Publication {
	pub := delivery.Publication{Lapsed: lapsedVoteOf(t)}
	pub.Turn = presentTurn(t, publicText(events))
	for seat := range t.row.Seats {
		if p, ok := presentPrivate(t, seat, events); ok {
			pub.Private = append(pub.Private, p)
		}
	}
	planNotifications(t, &pub)
	return pub
}

// presentTurn decides whether the change edits the living turn message or
// posts a new one, and what it says.
func presentTurn(t *table, narration string) delivery.TurnPost {
	owner, ok := t.turnOwner()
	if !ok {
		owner = t.row.TurnOwner
	}
	if t.row.MessageID != "" && !t.row.PostPending && owner == t.row.TurnOwner && owner != ownerOver {
		all := joinNarration(t.row.Narration, narration)
		return delivery.TurnPost{How: delivery.PostEdit, Editing: t.row.MessageID, Message: turnMessage(t, all), Owner: owner, Narration: all}
	}
	if t.row.PostPending {
		// The owed message tells everything since the last one that was seen.
		narration = joinNarration(t.row.Narration, narration)
	}
	return delivery.TurnPost{How: delivery.PostNew, Previous: t.row.MessageID, Message: turnMessage(t, narration), Owner: owner, Narration: narration}
}

// presentAgain brings a game's controls back as they are: the living
// message refreshed, or a new one when a post is owed or none exists.
func presentAgain(t *table) delivery.TurnPost {
	if t.row.MessageID != "" && !t.row.PostPending {
		p := delivery.TurnPost{How: delivery.PostEdit, Editing: t.row.MessageID, Message: turnMessage(t, t.row.Narration),
			Owner: t.row.TurnOwner, Narration: t.row.Narration, Refresh: true}
		p.Message.Mentions = nil // an edit notifies nobody
		return p
	}
	p := delivery.TurnPost{How: delivery.PostNew, Previous: t.row.MessageID, Message: turnMessage(t, t.row.Narration), Owner: t.row.TurnOwner, Narration: t.row.Narration}
	p.Message.Mentions = nil
	if t.row.PostPending {
		// The message that was lost (deleted, or never recorded) pinged
		// its players already; an owed post never reached them.
		p.Message.Mentions = owedMentions(t)
	}
	return p
}

// presentPrivate decides whether a seat is sent its private message: when
// it says something new (news, a view that gained something, a new
// decision). ok is false when there is nothing to send or record.
func presentPrivate(t *table, seat int, events []games.Event) (delivery.PrivatePost, bool) {
	p, ok := presentSeat(t, seat, events)
	if ok {
		// What the channel says should the player's DMs be closed.
		s := t.row.Seats[seat]
		p.PingIfClosed = t.pingIfClosed(s.UserID)
		p.ClosedNotice, p.ClosedDecision = closedDMNotice(t, s, false), closedDMNotice(t, s, true)
		// A DM notifies as a ping does: while the player may not be told
		// (quiet hours, time away, how:none, a digest), it comes silently,
		// and the notice of a decision is held or dropped as a ping would
		// be (planNotifications).
		p.Message.Silent = rhythm.Decide(t.players[s.UserID].Settings, t.now, rhythm.MustAct).Quiet()
	}
	return p, ok
}

// presentSeat decides a seat's private message.
func presentSeat(t *table, seat int, events []games.Event) (delivery.PrivatePost, bool) {
	s := t.row.Seats[seat]
	if s.BotLevel > 0 {
		return delivery.PrivatePost{}, false
	}
	hasNews := false
	for _, e := range events {
		hasNews = hasNews || e.Seat == seat
	}
	if t.origin.Hand != nil && s.UserID == t.origin.Actor {
		return presentHand(t, seat, events), true
	}
	msg, hash, ok := privateMessage(t, seat, events, false)
	if !ok || hash == s.DMHash && !hasNews && !s.DMFailed {
		return delivery.PrivatePost{}, false
	}
	p := delivery.PrivatePost{Seat: seat, User: s.UserID, Message: msg, Hash: hash, NewDecision: newDecision(s.DMHash, hash)}
	p.Send = dmNeeded(s.DMHash, hash, hasNews)
	if s.DMFailed {
		// Each refused DM counts toward Discord's invalid-request limit:
		// try again only for a new decision (DMs may have been opened
		// since), else the channel and /game hand carry it.
		p.Send = p.NewDecision
	}
	if !p.Send {
		// Remember what the seat was last shown, so only what is new later
		// sends a DM (a decision that closed and comes back is new again:
		// the DM that showed it lost its controls when it was used).
		return p, hash != s.DMHash
	}
	if viewGained(s.DMHash, hash) {
		// The hand's picture comes when the hand changed; a DM for a
		// decision alone has the hand as text.
		p.Message, _, _ = privateMessage(t, seat, events, true)
	}
	_, before, _ := strings.Cut(s.DMHash, ":")
	_, now, _ := strings.Cut(hash, ":")
	if before != "" && now == "" && actsInChannel(t, seat) {
		// The player acted in this DM and their turn goes on with controls
		// in the channel (an accusation after playing an access card):
		// say where.
		p.Message.Content = clip(p.Message.Content+fmt.Sprintf("\nYour turn goes on in <#%s>: use the buttons under the game's message there.", t.row.Channel), maxContent)
	}
	return p, true
}

// presentHand is the private message that replaces the ephemeral hand the
// player acted from: always sent, since the clicked controls are spent,
// and it says what comes next, so the player need not ask again.
func presentHand(t *table, seat int, events []games.Event) delivery.PrivatePost {
	s := t.row.Seats[seat]
	msg, hash, ok := privateMessage(t, seat, events, true)
	if !ok {
		msg = Message{Content: fmt.Sprintf("%s in <#%s>, private to you", t.header(), t.row.Channel)}
	}
	if len(msg.Rows) == 0 {
		next := "Nothing more for you to decide here now. /game hand shows your next private decision when it comes."
		if actsInChannel(t, seat) {
			next = fmt.Sprintf("Your turn goes on in <#%s>: use the buttons under the game's message there.", t.row.Channel)
		}
		msg.Content = clip(msg.Content+"\n"+next, maxContent)
	}
	msg.Ephemeral = true
	return delivery.PrivatePost{Seat: seat, User: s.UserID, Message: msg, Hash: hash, Send: true, Hand: true, NewDecision: newDecision(s.DMHash, hash)}
}

// closedDMNotice is what the channel says, in a new message that mentions
// the player, when their DMs are closed: the first time why; later only
// that a new private decision waits (never what it is). Empty: nothing to
// say.
func closedDMNotice(t *table, s storage.Seat, decision bool) string {
	switch {
	case !s.DMFailed:
		return fmt.Sprintf("%s: I cannot send you direct messages (your DMs are closed for this server). Use /game hand here to see your hand and answer privately.", mention(s.UserID))
	case decision:
		return fmt.Sprintf("%s: you have a new private decision in game #%d. Your DMs are closed, so use /game hand here to answer.", mention(s.UserID), t.row.ID)
	}
	return ""
}

// lapsedVoteOf is the open vote the game moved past, if any.
func lapsedVoteOf(t *table) *delivery.LapsedVote {
	v := t.openVotes().Vote
	if v == nil || v.Version == t.row.Version || v.lasting(t) {
		return nil
	}
	text := fmt.Sprintf("%s\n**Vote:** %s: lapsed, the game moved on first.", t.header(), v.title(t))
	if t.state != nil && t.state.Outcome() != nil {
		text = fmt.Sprintf("%s\n**Vote:** %s: closed, the game ended first.", t.header(), v.title(t))
	}
	return &delivery.LapsedVote{Message: v.Message, Text: text}
}

// joinNarration appends a change's narration to the turn's, keeping the
// newest lines when the whole no longer fits a message.
func joinNarration(old, add string) string {
	switch {
	case add == "":
		return old
	case old == "":
		return add
	}
	return newestLines(strings.TrimPrefix(old, "…\n")+"\n"+add, maxNarration)
}
