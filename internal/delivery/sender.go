package delivery

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"standoff/internal/pacing"
	"standoff/storage"
)

// Sender gets publications to Discord: it walks a publication and sends
// each part by the route its decisions and the interaction at hand allow,
// draws the pictures at the moment of sending, keeps in storage what the
// limits held back and redoes it through the one queue, and records what
// was shown. A move is saved before anything is sent; when sending fails
// the game remembers what is owed (owed.go) and a redo, the clock,
// /game status or the next move sends it. What was shown (the turn
// message, each seat's DM fingerprint, a lapsed vote, whether the channel
// is reachable) is recorded in one write after everything was sent.
type Sender struct {
	store *storage.Store
	out   Transport
	log   *slog.Logger
	now   func() time.Time
	queue *Queue
	// again shows a game's owed messages again from the game as it stands:
	// under its lock, what it would show now goes to Redo (the router's).
	again func(ctx context.Context, game int64)
}

// NewSender makes the sender of a router's publications. again is how a
// redo shows the game again (Sender.Redo).
func NewSender(store *storage.Store, out Transport, log *slog.Logger, now func() time.Time, work Tracker, again func(ctx context.Context, game int64)) *Sender {
	return &Sender{store: store, out: out, log: log, now: now, queue: NewQueue(log, work), again: again}
}

// Queue is the one queue of what the limits held back.
func (s *Sender) Queue() *Queue { return s.queue }

// SetTransport swaps what carries the messages (tests: a transport that
// fails or holds back).
func (s *Sender) SetTransport(out Transport) { s.out = out }

// Origin is the interaction a change comes from, if any: delivery answers
// through it first, as Discord does not count an interaction's requests
// against the bot's global rate limit.
type Origin struct {
	// Reply is an interaction in the game's channel: it carries the
	// channel's messages. Clicked is the message whose component was
	// clicked; empty for a slash command.
	Reply   Replier
	Clicked string
	// Private is the actor's interaction in their DM with the bot: it
	// carries only the actor's own private message.
	Private Replier
	// Hand is the actor's ephemeral private message (/game hand) whose
	// control made the change, if one did: their next private message
	// replaces it, so a player whose DMs are closed goes from decision to
	// decision in one message.
	Hand *Hand
	// Actor is the user whose interaction changes the game, if any.
	Actor string
}

// Hand is an ephemeral private message a player acted from.
type Hand struct {
	Reply            Replier // nil: edit through the Transport (console, tests)
	Channel, Message string
}

// Delivered is what a publication's delivery did.
type Delivered struct {
	// Posted: a new turn message went out, pinging Pinged.
	Posted bool
	Pinged []string
	// Trouble, for whoever caused the change, says why the channel could
	// not be updated (the change itself is saved either way).
	Trouble string
}

// UnreachableRetry is how long a game whose channel is gone or closed to
// the bot waits before the clock tries to post there again. Anyone acting
// in the game clears it at once.
const UnreachableRetry = 6 * time.Hour

// Deliver sends a publication and records what was shown in one write,
// in the game's row. It runs under the game's lock: the private messages
// wait for no shared limit (privateContext, openDM); the turn message may
// still wait up to the lock's bound for the global budget. A request says
// its server (pacing.WithServer) for the transport's turns between
// servers. See docs/performance.md.
func (s *Sender) Deliver(ctx context.Context, row *storage.Game, o Origin, pub Publication) Delivered {
	ctx = pacing.WithServer(ctx, row.Guild)
	votes := false
	if pub.Lapsed != nil {
		s.closeLapsedVote(ctx, row, *pub.Lapsed)
		row.Table, votes = "", true
	}
	d := s.turn(ctx, row, o, pub.Turn)
	seats := s.private(ctx, row, o, pub.Private, d.Pinged)
	s.notices(ctx, row, pub)
	s.record(ctx, row, seats, votes)
	return d
}

// record writes what was shown, and what is still owed.
func (s *Sender) record(ctx context.Context, row *storage.Game, seats []int, votes bool) {
	if err := s.store.RecordDelivery(ctx, row, seats, votes); err != nil {
		s.log.Error("could not record what was shown", "game", row.ID, "err", err)
		return
	}
	if row.Owed != nil {
		row.HasOwed = !row.Owed.Empty()
		if !row.HasOwed {
			row.Owed = nil
		}
	}
}

// turn edits the living turn message or posts a new one. The previous
// message keeps its controls until the new one exists, so a failed post
// never leaves the table with fewer controls. What the interaction behind
// the change can carry goes through it.
func (s *Sender) turn(ctx context.Context, row *storage.Game, o Origin, p TurnPost) Delivered {
	s.Draw(row.ID, &p.Message)
	if p.How == PostEdit {
		// An edit pings nobody: when the budget is short it goes after
		// what someone needs in order to act.
		err := s.editTurn(pacing.WithRank(ctx, pacing.RankUpdate), row, o, p)
		switch {
		case err == nil:
			row.TurnOwner, row.Narration, row.RefreshPending = p.Owner, p.Narration, false
			return Delivered{}
		case errors.Is(err, ErrMessageGone):
			// Deleted by a moderator: a new message tells the whole turn.
			s.log.Warn("the turn message was deleted; posting a new one", "game", row.ID, "message", p.Editing)
			row.MessageID, p.Previous = "", ""
		case p.Refresh:
			return s.turnTrouble(row, err, Update)
		default:
			// The same players go on: the edit is owed, not a new message
			// that would ping them again.
			row.Narration, row.RefreshPending = p.Narration, true
			return s.turnTrouble(row, err, Update)
		}
	}
	livingTurn := p.Previous != "" && row.TurnOwner != "" // not a lobby's message
	row.TurnOwner, row.Narration = p.Owner, p.Narration
	id, err := s.postTurn(ctx, row, o, p.Message)
	if err != nil {
		prio := Update
		if len(p.Message.Mentions) == 0 && livingTurn {
			// Nobody was to be pinged: an edit of the living message
			// carries all of it, for one request instead of two.
			row.RefreshPending = true
		} else {
			row.PostPending = true
			s.owePings(ctx, row, p.Message.Mentions)
			if len(p.Message.Mentions) > 0 {
				prio = Act // it pings whom the game waits on
			}
		}
		return s.turnTrouble(row, err, prio)
	}
	if p.Previous != "" && p.Previous != id {
		s.clearControls(ctx, row, o, p.Previous)
	}
	row.MessageID, row.PostPending, row.RefreshPending, row.UnreachableAt = id, false, false, time.Time{}
	s.clearOwedPings(ctx, row)
	return Delivered{Posted: true, Pinged: p.Message.Mentions}
}

// closeLapsedVote says on a vote's message that the game moved past it.
// Its buttons are refused as outdated meanwhile, so the edit may wait for
// spare budget when the limits hold it back.
func (s *Sender) closeLapsedVote(ctx context.Context, row *storage.Game, v LapsedVote) {
	game, channel := row.ID, row.Channel
	edit := func(ctx context.Context) error {
		return s.out.Edit(ctx, channel, v.Message, Message{Content: v.Text})
	}
	err := edit(ctx)
	if errors.Is(err, pacing.ErrLimited) {
		s.Later(row.Guild, edit)
		return
	}
	if err != nil {
		s.log.Warn("could not close a lapsed vote", "game", game, "err", err)
	}
}

// turnTrouble is what a turn message that could not go leaves: what the
// limits held back is redone once they allow (owed.go), and whoever acted
// hears of any other failure.
func (s *Sender) turnTrouble(row *storage.Game, err error, prio Priority) Delivered {
	if errors.Is(err, pacing.ErrLimited) {
		s.RedoLater(row.ID, row.Guild, prio, err)
	}
	return Delivered{Trouble: s.Trouble(row, err)}
}

// editTurn edits the living message: through the interaction when it is
// the message clicked.
func (s *Sender) editTurn(ctx context.Context, row *storage.Game, o Origin, p TurnPost) error {
	if o.Reply != nil && o.Clicked == p.Editing {
		err := o.Reply.EditOriginal(ctx, p.Message)
		if err == nil || errors.Is(err, ErrMessageGone) {
			return err
		}
		s.log.Warn("could not edit the turn message through the interaction; editing it directly", "game", row.ID, "err", err)
	}
	return s.out.Edit(ctx, row.Channel, p.Editing, p.Message)
}

// postTurn posts a new turn message: as the interaction's follow-up when
// there is one, else (or when that fails) with the bot's token.
func (s *Sender) postTurn(ctx context.Context, row *storage.Game, o Origin, m Message) (string, error) {
	if o.Reply != nil {
		id, err := o.Reply.FollowUp(ctx, m)
		if err == nil {
			return id, nil
		}
		s.log.Warn("could not post the turn message as a follow-up; posting it directly", "game", row.ID, "err", err)
	}
	return s.out.Send(ctx, row.Channel, m)
}

// clearControls takes the controls off a replaced turn message: through
// the interaction when it is the message clicked; else, when an
// interaction is being answered, later (clean-ups wait for spare budget,
// outside the game's lock); else now.
func (s *Sender) clearControls(ctx context.Context, row *storage.Game, o Origin, message string) {
	var err error
	switch {
	case o.Reply != nil && o.Clicked == message:
		err = o.Reply.ClearOriginal(ctx)
	case o.Reply != nil:
		s.Later(row.Guild, s.clearLater(row, message))
		return
	default:
		err = s.out.ClearControls(ctx, row.Channel, message)
		if errors.Is(err, pacing.ErrLimited) {
			s.Later(row.Guild, s.clearLater(row, message))
			return
		}
	}
	if err != nil && !errors.Is(err, ErrMessageGone) {
		s.log.Warn("could not clear old controls", "game", row.ID, "message", message, "err", err)
	}
}

// clearLater is the clean-up that takes the controls off a replaced turn
// message.
func (s *Sender) clearLater(row *storage.Game, message string) func(context.Context) error {
	game, channel := row.ID, row.Channel
	return func(ctx context.Context) error {
		err := s.out.ClearControls(ctx, channel, message)
		if errors.Is(err, ErrMessageGone) {
			return nil
		}
		if err != nil && !errors.Is(err, pacing.ErrLimited) {
			s.log.Warn("could not clear old controls", "game", game, "message", message, "err", err)
			return nil
		}
		return err
	}
}

// notices sends the DMs that tell players a game needs them and keeps
// back what must wait for their quiet hours or their return (the clock
// sends it then, as one message).
func (s *Sender) notices(ctx context.Context, row *storage.Game, pub Publication) {
	for _, n := range pub.Notices {
		if err := s.out.DM(ctx, n.User, n.Message); err != nil {
			s.log.Warn("could not tell a player by DM that a game needs them", "game", row.ID, "user", n.User, "err", err)
		}
	}
	for _, h := range pub.Held {
		if err := s.store.Hold(ctx, h.User, row.ID, h.Event, h.At, h.Until); err != nil {
			s.log.Error("could not hold a notification", "game", row.ID, "user", h.User, "err", err)
		}
	}
}

// Trouble notes why the channel could not be updated and says so to
// whoever acted. A channel that is gone is marked unreachable, so the
// clock stops knocking on it (Discord counts repeated 403s and 404s toward
// banning a bot's requests) until someone acts there again.
func (s *Sender) Trouble(row *storage.Game, err error) string {
	if errors.Is(err, pacing.ErrLimited) {
		// Late by the seconds Discord's limits say, not failed: what is
		// owed is redone on its own, so whoever acted is not told of it.
		s.log.Info("the game's channel waits for Discord's rate limits", "game", row.ID, "err", err)
		return ""
	}
	s.log.Error("could not update the game's channel", "game", row.ID, "channel", row.Channel, "err", err)
	switch {
	case errors.Is(err, ErrChannelGone):
		row.UnreachableAt = s.now()
		return "Everything was saved, but I can no longer post in this channel (it was deleted or I lost access to it). Give me back View Channel, Send Messages and Attach Files, then use /game status to bring the board back."
	case errors.Is(err, ErrThreadArchived):
		return "Everything was saved, but this thread is archived and I could not reopen it (I need Manage Threads for that). Unarchive the thread, then use /game status to bring the board back."
	}
	return "Everything was saved, but posting the board failed. I will try again shortly; anyone can bring the controls back with /game status."
}
