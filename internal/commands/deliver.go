package commands

import (
	"context"
	"errors"
	"fmt"
	"time"

	"standoff/internal/delivery"
	"standoff/internal/games"
	"standoff/internal/pacing"
)

// Delivery sends what the presenter decided and records what was shown.
// A move is saved before anything is sent; when sending fails the game
// remembers what is owed (owed.go) and a redo, the clock, /game status or
// the next move sends it. What was shown (the turn message, each seat's
// DM fingerprint, a lapsed vote, whether the channel is reachable) is
// recorded in one write after everything was sent.

// unreachableRetry is how long a game whose channel is gone or closed to
// the bot waits before the clock tries to post there again. Anyone acting
// in the game clears it at once.
const unreachableRetry = 6 * time.Hour

// delivered is what a publication's delivery did.
type delivered struct {
	// posted: a new turn message went out, pinging pinged.
	posted bool
	pinged []string
	// trouble, for whoever caused the change, says why the channel could
	// not be updated (the change itself is saved either way).
	trouble string
}

// publish shows what a change did and returns the trouble notice, if any.
func (r *Router) publish(ctx context.Context, t *table, events []games.Event) string {
	r.readPresentation(ctx, t)
	trouble := r.deliver(ctx, t, present(t, events)).trouble
	// A daily run that ended posts its result where it was asked for.
	r.daily.ended(ctx, t)
	return trouble
}

// repost brings a game's controls back: it posts the turn message anew when
// one is owed or the current one is gone, or refreshes the living one. The
// notice says what was done or went wrong; failed is true when the channel
// could still not be updated.
func (r *Router) repost(ctx context.Context, t *table) (notice string, failed bool) {
	r.readPresentation(ctx, t)
	d := r.deliver(ctx, t, delivery.Publication{Turn: presentAgain(t)})
	switch {
	case d.trouble != "":
		return d.trouble, true
	case d.posted:
		return fmt.Sprintf("The game's controls were missing, so I posted them again (game #%d).", t.row.ID), false
	}
	return "", false
}

// readPresentation reads what the presenter needs besides the game: the
// channel's best score for a finished game, the players' own settings, and
// the time. Reading it here keeps the presenter free of I/O and clocks.
func (r *Router) readPresentation(ctx context.Context, t *table) {
	r.records.readBest(ctx, t)
	t.ratings = readRatingChanges(ctx, r.store, r.log, t)
	if o := r.loadOwed(ctx, t); o != nil && o.PingsKnown {
		t.owedPings, t.owedPingsKnown = append([]string(nil), o.Pings...), true
	} else {
		t.owedPings, t.owedPingsKnown = nil, false
	}
	t.now = r.now()
	players, err := tablePlayers(ctx, r.store, t)
	if err != nil {
		// Everyone is then told the default way (a mention).
		r.log.Error("could not read the players' settings", "game", t.row.ID, "err", err)
	}
	t.players = players
}

// deliver sends a publication and records what was shown in one write. It
// runs under the game's lock, so each wait for Discord's limits is bounded
// (underLock) and what could not go is owed (owed.go).
func (r *Router) deliver(ctx context.Context, t *table, pub delivery.Publication) delivered {
	// A request says its server (pacing.WithServer) for the transport's
	// turns between servers. The private messages wait for no shared limit
	// here, under the game's lock (privateContext, openDM); the turn
	// message may still wait up to the lock's bound (underLock) for the
	// global budget: see docs/performance.md, issue 35.
	ctx = pacing.WithServer(ctx, t.row.Guild)
	votes := false
	if pub.Lapsed != nil {
		r.closeLapsedVote(ctx, t, *pub.Lapsed)
		t.row.Table, votes = "", true
	}
	d := r.deliverTurn(ctx, t, pub.Turn)
	seats := r.deliverPrivate(ctx, t, pub.Private, d.pinged)
	r.deliverNotices(ctx, t, pub)
	if err := r.store.RecordDelivery(ctx, t.row, seats, votes); err != nil {
		r.log.Error("could not record what was shown", "game", t.row.ID, "err", err)
	} else {
		r.recordedOwed(t)
	}
	return d
}

// deliverTurn edits the living turn message or posts a new one. The
// previous message keeps its controls until the new one exists, so a
// failed post never leaves the table with fewer controls. What the
// interaction behind the change can carry goes through it (origin).
func (r *Router) deliverTurn(ctx context.Context, t *table, p delivery.TurnPost) delivered {
	r.send.Draw(t.row.ID, &p.Message)
	if p.How == delivery.PostEdit {
		// An edit pings nobody: when the budget is short it goes after
		// what someone needs in order to act.
		err := r.editTurn(pacing.WithRank(ctx, pacing.RankUpdate), t, p)
		switch {
		case err == nil:
			t.row.TurnOwner, t.row.Narration, t.row.RefreshPending = p.Owner, p.Narration, false
			return delivered{}
		case errors.Is(err, ErrMessageGone):
			// Deleted by a moderator: a new message tells the whole turn.
			r.log.Warn("the turn message was deleted; posting a new one", "game", t.row.ID, "message", p.Editing)
			t.row.MessageID, p.Previous = "", ""
		case p.Refresh:
			return r.turnTrouble(t, err, delivery.Update)
		default:
			// The same players go on: the edit is owed, not a new message
			// that would ping them again.
			t.row.Narration, t.row.RefreshPending = p.Narration, true
			return r.turnTrouble(t, err, delivery.Update)
		}
	}
	livingTurn := p.Previous != "" && t.row.TurnOwner != "" // not a lobby's message
	t.row.TurnOwner, t.row.Narration = p.Owner, p.Narration
	id, err := r.postTurn(ctx, t, p.Message)
	if err != nil {
		prio := delivery.Update
		if len(p.Message.Mentions) == 0 && livingTurn {
			// Nobody was to be pinged: an edit of the living message
			// carries all of it, for one request instead of two.
			t.row.RefreshPending = true
		} else {
			t.row.PostPending = true
			r.owePings(ctx, t, p.Message.Mentions)
			if len(p.Message.Mentions) > 0 {
				prio = delivery.Act // it pings whom the game waits on
			}
		}
		return r.turnTrouble(t, err, prio)
	}
	if p.Previous != "" && p.Previous != id {
		r.clearControls(ctx, t, p.Previous)
	}
	t.row.MessageID, t.row.PostPending, t.row.RefreshPending, t.row.UnreachableAt = id, false, false, time.Time{}
	r.clearOwedPings(ctx, t)
	return delivered{posted: true, pinged: p.Message.Mentions}
}

// closeLapsedVote says on a vote's message that the game moved past it.
// Its buttons are refused as outdated meanwhile, so the edit may wait for
// spare budget when the limits hold it back.
func (r *Router) closeLapsedVote(ctx context.Context, t *table, v delivery.LapsedVote) {
	game, channel := t.row.ID, t.row.Channel
	edit := func(ctx context.Context) error {
		return r.out.Edit(ctx, channel, v.Message, Message{Content: v.Text})
	}
	err := edit(ctx)
	if errors.Is(err, pacing.ErrLimited) {
		r.laterFor(t.row.Guild, edit)
		return
	}
	if err != nil {
		r.log.Warn("could not close a lapsed vote", "game", game, "err", err)
	}
}

// turnTrouble is what a turn message that could not go leaves: what the
// limits held back is redone once they allow (owed.go), and whoever acted
// hears of any other failure.
func (r *Router) turnTrouble(t *table, err error, prio delivery.Priority) delivered {
	if errors.Is(err, pacing.ErrLimited) {
		r.redoLater(t.row.ID, t.row.Guild, prio, err)
	}
	return delivered{trouble: r.deliveryTrouble(t, err)}
}

// editTurn edits the living message: through the interaction when it is
// the message clicked.
func (r *Router) editTurn(ctx context.Context, t *table, p delivery.TurnPost) error {
	if o := t.origin; o.reply != nil && o.clicked == p.Editing {
		err := o.reply.EditOriginal(ctx, p.Message)
		if err == nil || errors.Is(err, ErrMessageGone) {
			return err
		}
		r.log.Warn("could not edit the turn message through the interaction; editing it directly", "game", t.row.ID, "err", err)
	}
	return r.out.Edit(ctx, t.row.Channel, p.Editing, p.Message)
}

// postTurn posts a new turn message: as the interaction's follow-up when
// there is one, else (or when that fails) with the bot's token.
func (r *Router) postTurn(ctx context.Context, t *table, m Message) (string, error) {
	if o := t.origin; o.reply != nil {
		id, err := o.reply.FollowUp(ctx, m)
		if err == nil {
			return id, nil
		}
		r.log.Warn("could not post the turn message as a follow-up; posting it directly", "game", t.row.ID, "err", err)
	}
	return r.out.Send(ctx, t.row.Channel, m)
}

// clearControls takes the controls off a replaced turn message: through
// the interaction when it is the message clicked; else, when an
// interaction is being answered, later (clean-ups wait for spare budget,
// outside the game's lock); else now.
func (r *Router) clearControls(ctx context.Context, t *table, message string) {
	var err error
	switch o := t.origin; {
	case o.reply != nil && o.clicked == message:
		err = o.reply.ClearOriginal(ctx)
	case o.reply != nil:
		r.laterFor(t.row.Guild, r.clearLater(t, message))
		return
	default:
		err = r.out.ClearControls(ctx, t.row.Channel, message)
		if errors.Is(err, pacing.ErrLimited) {
			r.laterFor(t.row.Guild, r.clearLater(t, message))
			return
		}
	}
	if err != nil && !errors.Is(err, ErrMessageGone) {
		r.log.Warn("could not clear old controls", "game", t.row.ID, "message", message, "err", err)
	}
}

// clearLater is the clean-up that takes the controls off a replaced turn
// message.
func (r *Router) clearLater(t *table, message string) func(context.Context) error {
	game, channel := t.row.ID, t.row.Channel
	return func(ctx context.Context) error {
		err := r.out.ClearControls(ctx, channel, message)
		if errors.Is(err, ErrMessageGone) {
			return nil
		}
		if err != nil && !errors.Is(err, pacing.ErrLimited) {
			r.log.Warn("could not clear old controls", "game", game, "message", message, "err", err)
			return nil
		}
		return err
	}
}

// deliverNotices sends the DMs that tell players a game needs them and
// keeps back what must wait for their quiet hours or their return (the
// clock sends it then, as one message).
func (r *Router) deliverNotices(ctx context.Context, t *table, pub delivery.Publication) {
	for _, n := range pub.Notices {
		if err := r.out.DM(ctx, n.User, n.Message); err != nil {
			r.log.Warn("could not tell a player by DM that a game needs them", "game", t.row.ID, "user", n.User, "err", err)
		}
	}
	for _, h := range pub.Held {
		if err := r.store.Hold(ctx, h.User, t.row.ID, h.Event, t.now, h.Until); err != nil {
			r.log.Error("could not hold a notification", "game", t.row.ID, "user", h.User, "err", err)
		}
	}
}

// deliverPrivate sends the private messages that say something new and
// returns the seats whose record changed. A closed DM is said in the
// channel without revealing anything, and /game hand does the same job;
// while DMs stay closed each new decision is announced by a new channel
// message that mentions the player (an edit notifies nobody), unless the
// channel message just posted pinged them already.
func (r *Router) deliverPrivate(ctx context.Context, t *table, posts []delivery.PrivatePost, pinged []string) []int {
	var seats []int
	var held error // once the limits hold one back, the rest would wait too
	for _, p := range posts {
		seat := &t.row.Seats[p.Seat]
		if !p.Send {
			seat.DMHash = p.Hash
			seats = append(seats, p.Seat)
			continue
		}
		if p.Hand {
			r.send.Draw(t.row.ID, &p.Message)
			if err := r.replaceHand(ctx, t, p.Message); err == nil {
				seat.DMHash = p.Hash
				seats = append(seats, p.Seat)
				continue
			} else {
				r.log.Warn("could not update the player's private answer; sending it as a DM", "game", t.row.ID, "err", err)
			}
		}
		if held != nil {
			// Owed, like the one held back: the redo sends it, first when
			// it brings a decision.
			r.owePrivate(ctx, t, p.User, t.pingIfClosed(p.User, pinged), p.NewDecision)
			if p.NewDecision {
				r.redoLater(t.row.ID, t.row.Guild, delivery.Act, held)
			}
			continue
		}
		// The DM-channel bucket is one for the whole bot: a move does not
		// wait for it under its lock at all.
		err := r.openDM(pacing.WithMaxWait(privateContext(ctx, p), 0), t, p)
		if err == nil {
			r.send.Draw(t.row.ID, &p.Message)
			err = r.sendPrivate(ctx, t, p)
		}
		failed := errors.Is(err, ErrDMClosed)
		if failed {
			err = r.sayDMClosed(ctx, t, p, pinged)
		}
		if errors.Is(err, pacing.ErrLimited) {
			// A closed DM's notice held back is owed with its DM: the redo
			// finds the DM still closed and says so then.
			r.log.Info("a DM waits for Discord's rate limits", "game", t.row.ID, "seat", p.Seat, "err", err)
			r.owePrivate(ctx, t, p.User, t.pingIfClosed(p.User, pinged), p.NewDecision)
			prio := delivery.Update
			if p.NewDecision {
				prio = delivery.Act // a decision the game waits on them for
			}
			r.redoLater(t.row.ID, t.row.Guild, prio, err)
			held = err
			continue
		}
		r.settlePrivate(ctx, t, p.User)
		if err != nil && !failed {
			r.log.Error("could not send a DM", "game", t.row.ID, "seat", p.Seat, "err", err)
			continue
		}
		if !failed {
			r.sentOwed(t.row.ID)
		}
		seat.DMHash, seat.DMFailed = p.Hash, failed
		seats = append(seats, p.Seat)
	}
	return seats
}

// sayDMClosed says in the channel, without revealing anything, that a
// seat's DM could not be sent. It pings the player only when the game
// newly waits on them and no message of this delivery pinged them already
// (pingIfClosed).
func (r *Router) sayDMClosed(ctx context.Context, t *table, p delivery.PrivatePost, pinged []string) error {
	seat := t.row.Seats[p.Seat]
	// A new decision is said once a turn: when the game newly waits on the
	// player and the turn message did not ping them; the turn message
	// itself names the private decision and where to answer it.
	text := closedDMNotice(t, seat, p.NewDecision && t.pingIfClosed(p.User, pinged))
	if text == "" {
		return nil
	}
	notice := Message{Content: text}
	if t.pingIfClosed(p.User, pinged) {
		notice.Mentions = []string{seat.UserID}
	}
	_, err := r.out.Send(ctx, t.row.Channel, notice)
	if err != nil && !errors.Is(err, pacing.ErrLimited) {
		r.log.Error("could not post the DM notice", "game", t.row.ID, "err", err)
		return nil // said nowhere, like the DM: /game hand and the turn message carry it
	}
	return err
}

// replaceHand puts the player's next private message in place of the
// ephemeral hand they acted from.
func (r *Router) replaceHand(ctx context.Context, t *table, m Message) error {
	if t.hand.reply != nil {
		return t.hand.reply.EditOriginal(ctx, m)
	}
	return r.out.Edit(ctx, t.hand.channel, t.hand.message, m)
}

// privateContext is how a seat's private message goes under the game's
// lock: it does not wait for the bot token's global budget at all (nor its
// channel's opening for the bot's one DM-channel bucket, openDM). A burst
// of DMs (one busy server's Locked Out night, a crowd of new players) can
// use those up for seconds; waiting for them here would hold the game's
// lock, and on PostgreSQL one of the connections every game's lock needs,
// for a shortage other games caused. What they hold back is owed and goes
// through the one queue at its rank: a decision the game waits on ranks
// act, anything else update.
func privateContext(ctx context.Context, p delivery.PrivatePost) context.Context {
	rank := pacing.RankUpdate
	if p.NewDecision {
		rank = pacing.RankAct
	}
	return pacing.WithBudgetWait(pacing.WithRank(ctx, rank), 0)
}

// openDM opens the DM channel a seat's private message will go through,
// where the transport has one to open (DMOpener). Only a hold-up by the
// limits or a closed DM is reported: sending reports anything else.
func (r *Router) openDM(ctx context.Context, t *table, p delivery.PrivatePost) error {
	o, ok := r.out.(DMOpener)
	if !ok || t.privateOrigin != nil && p.User == t.actor {
		return nil // none, or the actor's own goes through their interaction
	}
	err := o.OpenDM(ctx, p.User)
	if errors.Is(err, pacing.ErrLimited) || errors.Is(err, ErrDMClosed) {
		return err
	}
	return nil
}

// sendPrivate sends a seat's private message. The actor's own, when they
// acted in their DM, goes there as a follow-up of their interaction:
// Discord does not count it against the bot's global rate limit, and it
// is the same new message in the same DM. Should the follow-up fail, the
// bot's own DM is tried, as for everyone else.
func (r *Router) sendPrivate(ctx context.Context, t *table, p delivery.PrivatePost) error {
	if t.privateOrigin != nil && p.User == t.actor {
		_, err := t.privateOrigin.FollowUp(ctx, p.Message)
		if err == nil {
			return nil
		}
		r.log.Info("a private message could not follow the player's own interaction; sending it as a DM", "game", t.row.ID, "err", err)
	}
	return r.out.DM(privateContext(ctx, p), p.User, p.Message)
}

// deliveryTrouble notes why the channel could not be updated and says so
// to whoever acted. A channel that is gone is marked unreachable, so the
// clock stops knocking on it (Discord counts repeated 403s and 404s toward
// banning a bot's requests) until someone acts there again.
func (r *Router) deliveryTrouble(t *table, err error) string {
	if errors.Is(err, pacing.ErrLimited) {
		// Late by the seconds Discord's limits say, not failed: what is
		// owed is redone on its own, so whoever acted is not told of it.
		r.log.Info("the game's channel waits for Discord's rate limits", "game", t.row.ID, "err", err)
		return ""
	}
	r.log.Error("could not update the game's channel", "game", t.row.ID, "channel", t.row.Channel, "err", err)
	switch {
	case errors.Is(err, ErrChannelGone):
		t.row.UnreachableAt = r.now()
		return "Everything was saved, but I can no longer post in this channel (it was deleted or I lost access to it). Give me back View Channel, Send Messages and Attach Files, then use /game status to bring the board back."
	case errors.Is(err, ErrThreadArchived):
		return "Everything was saved, but this thread is archived and I could not reopen it (I need Manage Threads for that). Unarchive the thread, then use /game status to bring the board back."
	}
	return "Everything was saved, but posting the board failed. I will try again shortly; anyone can bring the controls back with /game status."
}
