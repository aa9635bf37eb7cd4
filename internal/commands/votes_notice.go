package commands

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"time"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// A vote on another player's seat (skip their turn, let the bot play it)
// is for a player who vanished, not for one who is thinking: it opens
// only once the game has waited on them for remind_after and they have
// had their first reminder. The player voted on is told their way (their
// /game notify choice) when it opens, while they can still act (a move
// makes it lapse), and when it passes.

// voteWait is how long a seat must have been waited on before a vote on it
// opens: remind_after, or the default's when reminders are off.
func (vt *votes) voteWait() time.Duration {
	if vt.cfg.RemindAfter > 0 {
		return vt.cfg.RemindAfter
	}
	return DefaultConfig().RemindAfter
}

// voteOpensAt is when a vote on a seat the game waits on may open;
// reminded is false while its first reminder of this wait is still to
// come.
func (vt *votes) voteOpensAt(t *table, seat int) (at time.Time, reminded bool) {
	since := t.row.Seats[seat].WaitingSince
	if since.IsZero() || since.Before(t.row.TurnStartedAt) {
		since = t.row.TurnStartedAt
	}
	at = since.Add(vt.voteWait())
	if vt.cfg.RemindAfter <= 0 {
		return at, true // no reminders to wait for
	}
	last := t.row.RemindedAt
	if !last.IsZero() && !last.Before(since) {
		return at, true
	}
	next := t.row.TurnStartedAt.Add(vt.cfg.RemindAfter)
	if !last.IsZero() {
		next = last.Add(vt.cfg.remindGap(t.row, last))
	}
	if next.After(at) {
		at = next
	}
	return at, false
}

// voteOpen refuses a vote on a seat asked too early, saying when it opens.
func (vt *votes) voteOpen(ctx context.Context, t *table, in Interaction, v *vote) error {
	at, reminded := vt.voteOpensAt(t, v.Seat)
	now := vt.now()
	if reminded && !now.Before(at) {
		return nil
	}
	asker, err := vt.store.Player(ctx, in.User.ID)
	if err != nil {
		vt.log.Warn("could not read a player's settings", "user", in.User.ID, "err", err)
	}
	name := t.row.Seats[v.Seat].Name
	what := map[string]string{voteSkip: "skip " + name + "'s turn", voteReplace: "let the bot play " + name + "'s seat"}[v.Kind]
	why := fmt.Sprintf("a vote on a player opens once the game has waited on them for %s and they have been reminded, so they are not voted out while still thinking", spokenDuration(vt.voteWait()))
	if !now.Before(at) {
		return refusef("You can ask the table to %s once %s has been reminded, which is due now: try again in a minute (%s).", what, name, why)
	}
	return refusef("You can ask the table to %s from %s (in %s): %s.", what, when(at, asker.Settings), spokenDuration(at.Sub(now)), why)
}

// subjectWay is how the player of a seat voted on is told, by their
// /game notify choice: none is nothing. Quiet hours and a digest do not
// hold it back: it is about their seat, and cannot wait for later.
func (vt *votes) subjectWay(ctx context.Context, userID string) (mentioned, dm bool) {
	p, err := vt.store.Player(ctx, userID)
	if err != nil {
		vt.log.Warn("could not read a player's settings", "user", userID, "err", err)
	}
	how := cmp.Or(p.How, rhythm.Mention)
	return how == rhythm.Mention || how == rhythm.Both, how == rhythm.DM || how == rhythm.Both
}

// subjectHint is what the player voted on reads while the vote is open.
func subjectHint(v *vote) string {
	if v.Kind == voteSkip {
		return "the table is voting to skip your turn. Play it before the vote passes and the vote lapses."
	}
	return "the table is voting to let the bot play your seat. Play before the vote passes and the vote lapses."
}

// planOpened decides how the player of the seat a skip or replace vote is
// about is told that it opened: a mention in the vote's message (v.Told),
// and whether a DM follows once the vote is posted (tellOpened).
func (vt *votes) planOpened(ctx context.Context, t *table, v *vote) (dm bool) {
	if v.Kind != voteSkip && v.Kind != voteReplace {
		return false
	}
	v.Told, dm = vt.subjectWay(ctx, t.row.Seats[v.Seat].UserID)
	return dm
}

// tellOpened DMs the player of the seat a posted vote is about; their DMs
// closed and not mentioned in the vote, they are mentioned in the channel.
func (vt *votes) tellOpened(ctx context.Context, t *table, v *vote) {
	s := t.row.Seats[v.Seat]
	text := fmt.Sprintf("In %s in <#%s>, %s: %s", vt.games.gameName(t.row.Kind, t.row.ID), t.row.Channel, v.title(t), subjectHint(v))
	if vt.dmAboutSeat(ctx, t, s, text) && !v.Told {
		msg := Message{Content: fmt.Sprintf("%s\n%s: %s", t.header(), mention(s.UserID), subjectHint(v)), Mentions: []string{s.UserID}}
		if _, err := vt.out.Send(ctx, t.row.Channel, msg); err != nil {
			vt.log.Warn("could not tell a player about a vote on their seat", "game", t.row.ID, "user", s.UserID, "err", err)
		}
	}
}

// tellPassed tells the player of the seat a skip or replace vote was about
// (as it was before the vote was carried out) that it passed.
func (vt *votes) tellPassed(ctx context.Context, t *table, v *vote, s storage.Seat) {
	var what string
	switch v.Kind {
	case voteSkip:
		what = "the table voted to skip your turn, so the bot played it for you. Your next turn is yours again."
	case voteReplace:
		what = "the table voted to let the bot play your seat. Take it back with /game rejoin: at once, without a vote, until the bot has played a turn of yours."
	default:
		return
	}
	vt.tellSeat(ctx, t, s, what)
}

// tellSeat tells a seat's player something about their seat their way: a
// mention in a new channel message (an edit would notify nobody), a DM, or
// both; DMs closed, the mention.
func (vt *votes) tellSeat(ctx context.Context, t *table, s storage.Seat, what string) {
	mentioned, dm := vt.subjectWay(ctx, s.UserID)
	if dm && vt.dmAboutSeat(ctx, t, s, fmt.Sprintf("In %s in <#%s>, %s", vt.games.gameName(t.row.Kind, t.row.ID), t.row.Channel, what)) {
		mentioned = true
	}
	if !mentioned {
		return
	}
	msg := Message{Content: fmt.Sprintf("%s\n%s: %s", t.header(), mention(s.UserID), what), Mentions: []string{s.UserID}}
	if _, err := vt.out.Send(ctx, t.row.Channel, msg); err != nil {
		vt.log.Warn("could not tell a player about their seat", "game", t.row.ID, "user", s.UserID, "err", err)
	}
}

// dmAboutSeat sends a player a DM about their seat with a link to the
// game; true when their DMs are closed (they must be told in the channel).
func (vt *votes) dmAboutSeat(ctx context.Context, t *table, s storage.Seat, text string) (closed bool) {
	name := vt.games.gameName(t.row.Kind, t.row.ID)
	err := vt.out.DM(ctx, s.UserID, Message{Content: clip(text, maxContent), Rows: []Row{{Buttons: []Button{
		{Label: clip("Open "+name, 80), URL: channelURL(t.row.Guild, t.row.Channel)}}}}})
	if errors.Is(err, ErrDMClosed) {
		return true
	}
	if err != nil {
		vt.log.Warn("could not tell a player about their seat by DM", "game", t.row.ID, "user", s.UserID, "err", err)
	}
	return false
}
