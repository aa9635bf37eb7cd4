package delivery

import (
	"context"
	"errors"
	"slices"

	"standoff/internal/pacing"
	"standoff/storage"
)

// private sends the private messages that say something new and returns
// the seats whose record changed. A closed DM is said in the channel
// without revealing anything, and /game hand does the same job; while DMs
// stay closed each new decision is announced by a new channel message
// that mentions the player (an edit notifies nobody), unless the channel
// message just posted pinged them already (pinged).
func (s *Sender) private(ctx context.Context, row *storage.Game, o Origin, posts []PrivatePost, pinged []string) []int {
	// What a waited-on player must see to act goes before other private
	// updates: when the budget runs short partway, an update must not
	// have taken the request a decision needed.
	posts = slices.Clone(posts)
	slices.SortStableFunc(posts, func(a, b PrivatePost) int {
		switch {
		case a.NewDecision == b.NewDecision:
			return 0
		case a.NewDecision:
			return -1
		}
		return 1
	})
	var seats []int
	var held error // once the limits hold one back, the rest would wait too
	for _, p := range posts {
		seat := &row.Seats[p.Seat]
		if !p.Send {
			seat.DMHash = p.Hash
			seats = append(seats, p.Seat)
			continue
		}
		ping := p.PingIfClosed && !slices.Contains(pinged, p.User)
		if p.Hand {
			s.Draw(row.ID, &p.Message)
			if err := s.replaceHand(ctx, o.Hand, p.Message); err == nil {
				seat.DMHash = p.Hash
				seats = append(seats, p.Seat)
				continue
			} else {
				s.log.Warn("could not update the player's private answer; sending it as a DM", "game", row.ID, "err", err)
			}
		}
		if held != nil {
			// Owed, like the one held back: the redo sends it, first when
			// it brings a decision.
			s.owePrivate(ctx, row, p.User, ping, p.NewDecision)
			if p.NewDecision {
				s.RedoLater(row.ID, row.Guild, Act, held)
			}
			continue
		}
		// The DM-channel bucket is one for the whole bot: a move does not
		// wait for it under its lock at all.
		err := s.openDM(pacing.WithMaxWait(privateContext(ctx, p), 0), o, p)
		if err == nil {
			s.Draw(row.ID, &p.Message)
			err = s.sendPrivate(ctx, row, o, p)
		}
		failed := errors.Is(err, ErrDMClosed)
		if failed {
			err = s.sayDMClosed(ctx, row, p, ping)
		}
		if errors.Is(err, pacing.ErrLimited) {
			// A closed DM's notice held back is owed with its DM: the redo
			// finds the DM still closed and says so then.
			s.log.Info("a DM waits for Discord's rate limits", "game", row.ID, "seat", p.Seat, "err", err)
			s.owePrivate(ctx, row, p.User, ping, p.NewDecision)
			prio := Update
			if p.NewDecision {
				prio = Act // a decision the game waits on them for
			}
			s.RedoLater(row.ID, row.Guild, prio, err)
			held = err
			continue
		}
		s.settlePrivate(ctx, row, p.User)
		if err != nil && !failed {
			s.log.Error("could not send a DM", "game", row.ID, "seat", p.Seat, "err", err)
			continue
		}
		if !failed {
			s.settle(row.ID)
		}
		seat.DMHash, seat.DMFailed = p.Hash, failed
		seats = append(seats, p.Seat)
	}
	return seats
}

// sayDMClosed says in the channel, without revealing anything, that a
// seat's DM could not be sent. It pings the player only when the game
// newly waits on them and no message of this delivery pinged them already
// (ping).
func (s *Sender) sayDMClosed(ctx context.Context, row *storage.Game, p PrivatePost, ping bool) error {
	// A new decision is said once a turn: when the game newly waits on the
	// player and the turn message did not ping them; the turn message
	// itself names the private decision and where to answer it.
	text := p.ClosedNotice
	if p.NewDecision && ping {
		text = p.ClosedDecision
	}
	if text == "" {
		return nil
	}
	notice := Message{Content: text}
	if ping {
		notice.Mentions = []string{p.User}
	}
	_, err := s.out.Send(ctx, row.Channel, notice)
	if err != nil && !errors.Is(err, pacing.ErrLimited) {
		s.log.Error("could not post the DM notice", "game", row.ID, "err", err)
		return nil // said nowhere, like the DM: /game hand and the turn message carry it
	}
	return err
}

// replaceHand puts the player's next private message in place of the
// ephemeral hand they acted from.
func (s *Sender) replaceHand(ctx context.Context, h *Hand, m Message) error {
	if h.Reply != nil {
		return h.Reply.EditOriginal(ctx, m)
	}
	return s.out.Edit(ctx, h.Channel, h.Message, m)
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
func privateContext(ctx context.Context, p PrivatePost) context.Context {
	rank := pacing.RankUpdate
	if p.NewDecision {
		rank = pacing.RankAct
	}
	return pacing.WithBudgetWait(pacing.WithRank(ctx, rank), 0)
}

// toActor: the seat's private message goes back through the actor's own
// interaction in their DM.
func toActor(o Origin, p PrivatePost) bool {
	return o.Private != nil && p.User == o.Actor
}

// openDM opens the DM channel a seat's private message will go through,
// where the transport has one to open (DMOpener). Only a hold-up by the
// limits or a closed DM is reported: sending reports anything else.
func (s *Sender) openDM(ctx context.Context, o Origin, p PrivatePost) error {
	opener, ok := s.out.(DMOpener)
	if !ok || toActor(o, p) {
		return nil // none, or the actor's own goes through their interaction
	}
	err := opener.OpenDM(ctx, p.User)
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
func (s *Sender) sendPrivate(ctx context.Context, row *storage.Game, o Origin, p PrivatePost) error {
	if toActor(o, p) {
		_, err := o.Private.FollowUp(ctx, p.Message)
		if err == nil {
			return nil
		}
		s.log.Info("a private message could not follow the player's own interaction; sending it as a DM", "game", row.ID, "err", err)
	}
	return s.out.DM(privateContext(ctx, p), p.User, p.Message)
}
