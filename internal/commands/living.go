package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"standoff/internal/games"
)

// The channel shows one living message per turn: while the same players
// are waited on, each change edits it, its narration growing; when someone
// else must act, a new message is posted so that its mention notifies
// them, and the old one keeps its text but loses its controls. A move is
// saved before anything is posted; when posting fails the game remembers
// that a turn message is owed (PostPending) and the clock, /game status or
// the next move posts it.

// unreachableRetry is how long a game whose channel is gone or closed to
// the bot waits before the clock tries to post there again. Anyone acting
// in the game clears it at once.
const unreachableRetry = 6 * time.Hour

// publish shows what a change did: it edits the living turn message or
// posts a new one, then sends each player whose private view changed a DM.
// It returns a notice for whoever caused the change when the channel could
// not be updated (the change itself is saved either way).
func (r *Router) publish(ctx context.Context, t *table, events []games.Event) string {
	r.readBest(ctx, t)
	r.closeLapsedVote(ctx, t)
	narration := publicText(events)
	owner, ok := t.turnOwner()
	if !ok {
		owner = t.row.TurnOwner
	}
	notice := ""
	if t.row.MessageID != "" && !t.row.PostPending && owner == t.row.TurnOwner && owner != ownerOver {
		all := joinNarration(t.row.Narration, narration)
		err := r.out.Edit(ctx, t.row.Channel, t.row.MessageID, r.turnMessage(t, all))
		switch {
		case err == nil:
			t.row.Narration = all
			r.recordTurn(ctx, t)
			r.sendDMs(ctx, t, events, false)
			return ""
		case errors.Is(err, ErrMessageGone):
			// Deleted by a moderator: the new message tells the whole turn.
			r.log.Warn("the turn message was deleted; posting a new one", "game", t.row.ID, "message", t.row.MessageID)
			t.row.MessageID, narration = "", all
		default:
			t.row.Narration, t.row.PostPending = all, true
			r.recordTurn(ctx, t)
			notice = r.deliveryTrouble(ctx, t, err)
			r.sendDMs(ctx, t, events, false)
			return notice
		}
	} else if t.row.PostPending {
		// The owed message tells everything since the last one that was seen.
		narration = joinNarration(t.row.Narration, narration)
	}
	t.row.TurnOwner, t.row.Narration = owner, narration
	notice = r.post(ctx, t)
	r.sendDMs(ctx, t, events, notice == "")
	return notice
}

// post sends a new turn message for the game as it is now and takes the
// controls off the previous one. The previous one keeps them until the new
// one exists, so a failed post never leaves the table with fewer controls.
func (r *Router) post(ctx context.Context, t *table) string {
	prev := t.row.MessageID
	id, err := r.out.Send(ctx, t.row.Channel, r.turnMessage(t, t.row.Narration))
	if err != nil {
		t.row.PostPending = true
		r.recordTurn(ctx, t)
		return r.deliveryTrouble(ctx, t, err)
	}
	if prev != "" && prev != id {
		if err := r.out.ClearControls(ctx, t.row.Channel, prev); err != nil && !errors.Is(err, ErrMessageGone) {
			r.log.Warn("could not clear old controls", "game", t.row.ID, "message", prev, "err", err)
		}
	}
	t.row.MessageID, t.row.PostPending = id, false
	r.recordTurn(ctx, t)
	if !t.row.UnreachableAt.IsZero() {
		t.row.UnreachableAt = time.Time{}
		if err := r.store.SetUnreachable(ctx, t.row.ID, time.Time{}); err != nil {
			r.log.Error("could not clear the unreachable mark", "game", t.row.ID, "err", err)
		}
	}
	return ""
}

func (r *Router) recordTurn(ctx context.Context, t *table) {
	if err := r.store.SetTurnMessage(ctx, t.row); err != nil {
		r.log.Error("could not record the turn message", "game", t.row.ID, "err", err)
	}
}

// deliveryTrouble records why the channel could not be updated and says so
// to whoever acted. A channel that is gone is marked unreachable, so the
// clock stops knocking on it (Discord counts repeated 403s and 404s toward
// banning a bot's requests) until someone acts there again.
func (r *Router) deliveryTrouble(ctx context.Context, t *table, err error) string {
	r.log.Error("could not update the game's channel", "game", t.row.ID, "channel", t.row.Channel, "err", err)
	switch {
	case errors.Is(err, ErrChannelGone):
		t.row.UnreachableAt = r.now()
		if serr := r.store.SetUnreachable(ctx, t.row.ID, t.row.UnreachableAt); serr != nil {
			r.log.Error("could not mark the channel unreachable", "game", t.row.ID, "err", serr)
		}
		return "Everything was saved, but I can no longer post in this channel (it was deleted or I lost access to it). Give me back View Channel, Send Messages and Attach Files, then use /game status to bring the board back."
	case errors.Is(err, ErrThreadArchived):
		return "Everything was saved, but this thread is archived and I could not reopen it (I need Manage Threads for that). Unarchive the thread, then use /game status to bring the board back."
	}
	return "Everything was saved, but posting the board failed. I will try again shortly; anyone can bring the controls back with /game status."
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

// repost brings a game's controls back: it posts the turn message anew when
// one is owed or the current one is gone, or refreshes the living one. The
// notice says what was done or went wrong; failed is true when the channel
// could still not be updated.
func (r *Router) repost(ctx context.Context, t *table) (notice string, failed bool) {
	r.readBest(ctx, t)
	if t.row.MessageID != "" && !t.row.PostPending {
		err := r.out.Edit(ctx, t.row.Channel, t.row.MessageID, r.turnMessage(t, t.row.Narration))
		if err == nil {
			return "", false
		}
		if !errors.Is(err, ErrMessageGone) {
			return r.deliveryTrouble(ctx, t, err), true
		}
		t.row.MessageID = ""
	}
	if notice := r.post(ctx, t); notice != "" {
		return notice, true
	}
	return fmt.Sprintf("The game's controls were missing, so I posted them again (game #%d).", t.row.ID), false
}

// closeLapsedVote takes the buttons off a vote the game moved past.
func (r *Router) closeLapsedVote(ctx context.Context, t *table) {
	v := t.openVotes().Vote
	if v == nil || v.Version == t.row.Version || v.lasting(t) {
		return
	}
	if err := r.setOpenVotes(ctx, t, openVotes{}); err != nil {
		r.log.Error("could not close a lapsed vote", "game", t.row.ID, "err", err)
		return
	}
	text := fmt.Sprintf("%s\n**Vote:** %s: lapsed, the game moved on first.", t.header(), r.voteTitle(t, v))
	if t.state != nil && t.state.Outcome() != nil {
		text = fmt.Sprintf("%s\n**Vote:** %s: closed, the game ended first.", t.header(), r.voteTitle(t, v))
	}
	if err := r.out.Edit(ctx, t.row.Channel, v.Message, Message{Content: text}); err != nil {
		r.log.Warn("could not close a lapsed vote", "game", t.row.ID, "err", err)
	}
}
