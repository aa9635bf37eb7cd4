package delivery

import (
	"time"

	"standoff/internal/rhythm"
)

// A publication is what one change of a game shows, every decision in it
// final: what each message says, whether the turn message is edited or
// posted anew, who is notified and how. The presenter
// (internal/commands/present.go) makes them; the Sender sends them and
// re-decides nothing.

// Publication is what one change shows.
type Publication struct {
	Turn    TurnPost
	Private []PrivatePost
	// Lapsed, when set, is the vote the game moved past: its message is
	// edited to say so and the table's open votes are cleared.
	Lapsed *LapsedVote
	// Notices are DMs that tell players the game needs them (those who
	// chose DMs in /game notify); held are what waits for their quiet
	// hours or their return.
	Notices []Notice
	Held    []HeldNotice
}

// Notice is a DM telling a player that a game needs them.
type Notice struct {
	User    string
	Message Message
}

// HeldNotice is a notification kept back until a player may be told.
type HeldNotice struct {
	User  string
	Event rhythm.Event
	// At is when it happened, Until when the player may be told.
	At, Until time.Time
}

// PostHow says how the turn message reaches the channel.
type PostHow int

const (
	// PostEdit edits the living message (the same players are waited on);
	// when it is gone, the same message is posted instead.
	PostEdit PostHow = iota
	// PostNew posts a new message, so that its mentions notify, and takes
	// the controls off the previous one once the new one exists.
	PostNew
)

// TurnPost is the channel's turn message of a publication.
type TurnPost struct {
	How     PostHow
	Message Message
	// Editing is the message postEdit edits; Previous the message whose
	// controls a new post replaces.
	Editing, Previous string
	// Owner and Narration are recorded once the message is shown.
	Owner, Narration string
	// Refresh marks a post that shows nothing new (bringing controls back):
	// an edit that fails leaves the game as it was instead of owing a post.
	Refresh bool
}

// PrivatePost is one seat's private message of a publication.
type PrivatePost struct {
	Seat    int
	User    string
	Message Message
	// Hash fingerprints what the message shows (the presenter's dmHash);
	// Send is false when only the fingerprint is recorded (nothing new to
	// say).
	Hash string
	Send bool
	// NewDecision: the message brings a decision the seat was not shown.
	NewDecision bool
	// Hand: the message replaces the ephemeral hand the player acted
	// from (Origin.Hand), not a DM.
	Hand bool
	// PingIfClosed: should the player's DMs be closed, the channel's
	// notice mentions them (the game newly waits on them), unless a
	// message of the same delivery pinged them already. A redo keeps what
	// was decided when the message was first held back.
	PingIfClosed bool
	// ClosedNotice is what the channel says when the player's DMs are
	// closed, without revealing anything ("": nothing); ClosedDecision
	// what it says instead when the notice pings them for a new decision.
	ClosedNotice, ClosedDecision string
}

// LapsedVote is a vote whose buttons come off because the game moved on.
type LapsedVote struct {
	Message string
	Text    string
}
