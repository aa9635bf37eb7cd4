package commands

import (
	"fmt"
	"strings"
	"time"

	"standoff/internal/games"
	"standoff/internal/rhythm"
	"standoff/storage"
)

// The presenter decides everything a change of a game shows, from a
// snapshot of the table alone: the loaded game and its seats, the open
// votes, what the channel and each seat were last shown (the turn message,
// its owner and narration, each seat's DM fingerprint), and the stats line
// read before. It draws nothing (a picture is named by the view it shows),
// sends nothing, reads no clock: delivery (deliver.go) does all of that, so
// the presenter's decisions can be checked by table tests, and Preview is
// this code path.
//
// The channel shows one living message per turn: while the same players
// are waited on, each change edits it, its narration growing; when someone
// else must act, a new message is posted so that its mention notifies
// them, and the old one keeps its text but loses its controls.

// publication is what one change shows.
type publication struct {
	turn    turnPost
	private []privatePost
	// lapsed, when set, is the vote the game moved past: its message is
	// edited to say so and the table's open votes are cleared.
	lapsed *lapsedVote
	// notices are DMs that tell players the game needs them (those who
	// chose DMs in /game notify); held are what waits for their quiet
	// hours or their return.
	notices []notice
	held    []heldNotice
}

// notice is a DM telling a player that a game needs them.
type notice struct {
	user    string
	message Message
}

// heldNotice is a notification kept back until a player may be told.
type heldNotice struct {
	user  string
	event rhythm.Event
	until time.Time
}

// postHow says how the turn message reaches the channel.
type postHow int

const (
	// postEdit edits the living message (the same players are waited on);
	// when it is gone, the same message is posted instead.
	postEdit postHow = iota
	// postNew posts a new message, so that its mentions notify, and takes
	// the controls off the previous one once the new one exists.
	postNew
)

// turnPost is the channel's turn message of a publication.
type turnPost struct {
	how     postHow
	message Message
	// editing is the message postEdit edits; previous the message whose
	// controls a new post replaces.
	editing, previous string
	// owner and narration are recorded once the message is shown.
	owner, narration string
	// refresh marks a post that shows nothing new (bringing controls back):
	// an edit that fails leaves the game as it was instead of owing a post.
	refresh bool
}

// privatePost is one seat's private message of a publication.
type privatePost struct {
	seat    int
	user    string
	message Message
	// hash fingerprints what the message shows (dmHash); send is false when
	// only the fingerprint is recorded (nothing new to say).
	hash string
	send bool
	// newDecision: the message brings a decision the seat was not shown.
	newDecision bool
	// hand: the message replaces the ephemeral hand the player acted
	// from (table.hand), not a DM.
	hand bool
}

// lapsedVote is a vote whose buttons come off because the game moved on.
type lapsedVote struct {
	message string
	text    string
}

// present decides what a change with these events shows. The table is the
// state after the change; its row still holds what was shown before.
func present(t *table, events []games.Event) publication {
	pub := publication{lapsed: lapsedVoteOf(t)}
	pub.turn = presentTurn(t, publicText(events))
	for seat := range t.row.Seats {
		if p, ok := presentPrivate(t, seat, events); ok {
			pub.private = append(pub.private, p)
		}
	}
	planNotifications(t, &pub)
	return pub
}

// presentTurn decides whether the change edits the living turn message or
// posts a new one, and what it says.
func presentTurn(t *table, narration string) turnPost {
	owner, ok := t.turnOwner()
	if !ok {
		owner = t.row.TurnOwner
	}
	if t.row.MessageID != "" && !t.row.PostPending && owner == t.row.TurnOwner && owner != ownerOver {
		all := joinNarration(t.row.Narration, narration)
		return turnPost{how: postEdit, editing: t.row.MessageID, message: turnMessage(t, all), owner: owner, narration: all}
	}
	if t.row.PostPending {
		// The owed message tells everything since the last one that was seen.
		narration = joinNarration(t.row.Narration, narration)
	}
	return turnPost{how: postNew, previous: t.row.MessageID, message: turnMessage(t, narration), owner: owner, narration: narration}
}

// presentAgain brings a game's controls back as they are: the living
// message refreshed, or a new one when a post is owed or none exists.
func presentAgain(t *table) turnPost {
	if t.row.MessageID != "" && !t.row.PostPending {
		p := turnPost{how: postEdit, editing: t.row.MessageID, message: turnMessage(t, t.row.Narration),
			owner: t.row.TurnOwner, narration: t.row.Narration, refresh: true}
		p.message.Mentions = nil // an edit notifies nobody
		return p
	}
	p := turnPost{how: postNew, previous: t.row.MessageID, message: turnMessage(t, t.row.Narration), owner: t.row.TurnOwner, narration: t.row.Narration}
	p.message.Mentions = nil
	if t.row.PostPending {
		// The message that was lost (deleted, or never recorded) pinged
		// its players already; an owed post never reached them.
		p.message.Mentions = owedMentions(t)
	}
	return p
}

// presentPrivate decides whether a seat is sent its private message: when
// it says something new (news, a view that gained something, a new
// decision). ok is false when there is nothing to send or record.
func presentPrivate(t *table, seat int, events []games.Event) (privatePost, bool) {
	s := t.row.Seats[seat]
	if s.BotLevel > 0 {
		return privatePost{}, false
	}
	hasNews := false
	for _, e := range events {
		hasNews = hasNews || e.Seat == seat
	}
	if t.hand != nil && s.UserID == t.actor {
		return presentHand(t, seat, events), true
	}
	msg, hash, ok := privateMessage(t, seat, events, false)
	if !ok || hash == s.DMHash && !hasNews && !s.DMFailed {
		return privatePost{}, false
	}
	p := privatePost{seat: seat, user: s.UserID, message: msg, hash: hash, newDecision: newDecision(s.DMHash, hash)}
	p.send = dmNeeded(s.DMHash, hash, hasNews)
	if s.DMFailed {
		// Each refused DM counts toward Discord's invalid-request limit:
		// try again only for a new decision (DMs may have been opened
		// since), else the channel and /game hand carry it.
		p.send = p.newDecision
	}
	if !p.send {
		// Remember what the seat was last shown, so only what is new later
		// sends a DM (a decision that closed and comes back is new again:
		// the DM that showed it lost its controls when it was used).
		return p, hash != s.DMHash
	}
	if viewGained(s.DMHash, hash) {
		// The hand's picture comes when the hand changed; a DM for a
		// decision alone has the hand as text.
		p.message, _, _ = privateMessage(t, seat, events, true)
	}
	_, before, _ := strings.Cut(s.DMHash, ":")
	_, now, _ := strings.Cut(hash, ":")
	if before != "" && now == "" && actsInChannel(t, seat) {
		// The player acted in this DM and their turn goes on with controls
		// in the channel (an accusation after playing an access card):
		// say where.
		p.message.Content = clip(p.message.Content+fmt.Sprintf("\nYour turn goes on in <#%s>: use the buttons under the game's message there.", t.row.Channel), maxContent)
	}
	return p, true
}

// presentHand is the private message that replaces the ephemeral hand the
// player acted from: always sent, since the clicked controls are spent,
// and it says what comes next, so the player need not ask again.
func presentHand(t *table, seat int, events []games.Event) privatePost {
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
	return privatePost{seat: seat, user: s.UserID, message: msg, hash: hash, send: true, hand: true, newDecision: newDecision(s.DMHash, hash)}
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
func lapsedVoteOf(t *table) *lapsedVote {
	v := t.openVotes().Vote
	if v == nil || v.Version == t.row.Version || v.lasting(t) {
		return nil
	}
	text := fmt.Sprintf("%s\n**Vote:** %s: lapsed, the game moved on first.", t.header(), v.title(t))
	if t.state != nil && t.state.Outcome() != nil {
		text = fmt.Sprintf("%s\n**Vote:** %s: closed, the game ended first.", t.header(), v.title(t))
	}
	return &lapsedVote{message: v.Message, text: text}
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
