package commands

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"standoff/internal/rhythm"
	"standoff/storage"
)

// tickPlayers does what the clock owes players rather than games: what was
// held through their quiet hours or time away, released as one message,
// and their daily digest. Only the players something is due for are read
// (storage.DuePlayers); each release and digest is claimed in the database
// first, so among several processes one sends it.
func (ck *clock) tickPlayers(ctx context.Context) {
	now := ck.now()
	due, err := ck.store.DuePlayers(ctx, now)
	if err != nil {
		ck.log.Error("reminders: could not list the players due", "err", err)
		return
	}
	for _, p := range due {
		if !p.HeldUntil.IsZero() && !p.HeldUntil.After(now) {
			held, ok, err := ck.store.TakeHeld(ctx, p.UserID, p.HeldUntil)
			if err != nil {
				ck.log.Error("could not take what was held for a player", "user", p.UserID, "err", err)
			} else if ok {
				ck.releaseHeld(ctx, p, held)
			}
		}
		if !p.DigestNext.IsZero() && !p.DigestNext.After(now) {
			ok, err := ck.store.AdvanceDigest(ctx, p.UserID, p.DigestNext, p.NextDigest(now))
			if err != nil {
				ck.log.Error("could not claim a player's digest", "user", p.UserID, "err", err)
			} else if ok {
				ck.sendDigest(ctx, p)
			}
		}
	}
}

// releaseHeld tells a player, in one message (or one mention per channel,
// for a player who asked for mentions), what was held for them and is
// still true: a game still waiting on them, or one they are still next in.
func (ck *clock) releaseHeld(ctx context.Context, p storage.Player, held []storage.HeldGame) {
	turns, err := ck.store.Turns(ctx, p.UserID, "")
	if err != nil {
		ck.log.Error("could not list a player's games", "user", p.UserID, "err", err)
		return
	}
	byGame := map[int64]storage.Turn{}
	for _, t := range turns {
		byGame[t.GameID] = t
	}
	var still []rhythm.Held
	for _, h := range held {
		t, ok := byGame[h.Game]
		switch {
		case !ok:
			continue // over, or they acted since
		case !t.Since.IsZero():
			h.Event = rhythm.MustAct
		case !p.HeadsUp:
			continue
		default:
			h.Event = rhythm.HeadsUp
		}
		still = append(still, h.Held)
	}
	rel := rhythm.Coalesce(p.Settings, still)
	if len(rel.DM) > 0 {
		if ck.releaseByDM(ctx, p, rel.DM, byGame) {
			return
		}
		rel = rhythm.Coalesce(rhythm.Settings{How: rhythm.Mention}, still) // DMs closed: where the games are
	}
	for _, group := range rel.Mentions {
		ck.releaseInChannel(ctx, p, group, byGame)
	}
}

// releaseByDM sends what was held as one DM; false when the player's DMs
// are closed.
func (ck *clock) releaseByDM(ctx context.Context, p storage.Player, held []rhythm.Held, byGame map[int64]storage.Turn) bool {
	var list []storage.Turn
	for _, h := range held {
		list = append(list, byGame[h.Game])
	}
	m := ck.turnsMessage(list, p, ck.now(), true)
	m.Content = clip("Held for you while you were not to be disturbed, and still waiting:\n"+m.Content, maxContent)
	err := ck.out.DM(ctx, p.UserID, m)
	if errors.Is(err, ErrDMClosed) {
		return false
	}
	if err != nil {
		ck.log.Warn("could not send what was held for a player", "user", p.UserID, "err", err)
	}
	return true
}

// releaseInChannel mentions the player once in a channel for what was held
// there.
func (ck *clock) releaseInChannel(ctx context.Context, p storage.Player, held []rhythm.Held, byGame map[int64]storage.Turn) {
	now := ck.now()
	var lines []string
	for _, h := range held {
		t := byGame[h.Game]
		line := fmt.Sprintf("%s: %s has been waiting for you for %s; %s.", mention(p.UserID), ck.games.gameName(t.Kind, t.GameID),
			spokenDuration(now.Sub(t.Since)), deadlineText(t, p.Settings, now))
		if h.Event == rhythm.HeadsUp {
			line = fmt.Sprintf("%s: in %s you are next after %s.", mention(p.UserID), ck.games.gameName(t.Kind, t.GameID), t.NextAfter)
		}
		lines = append(lines, line)
	}
	t := byGame[held[0].Game]
	text := ck.games.gameHeader(t.Kind, t.GameID) + "\n" + strings.Join(lines, "\n") + "\n(Held through your quiet hours or time away.)"
	if _, err := ck.out.Send(ctx, held[0].Channel, Message{Content: text, Mentions: []string{p.UserID}}); err != nil {
		ck.log.Warn("could not post what was held for a player", "user", p.UserID, "channel", held[0].Channel, "err", err)
	}
}

// sendDigest sends a player's daily digest: /game turns over every server,
// by DM. A day when nothing waits on them sends nothing.
func (ck *clock) sendDigest(ctx context.Context, p storage.Player) {
	turns, err := ck.store.Turns(ctx, p.UserID, "")
	if err != nil {
		ck.log.Error("could not list a player's games", "user", p.UserID, "err", err)
		return
	}
	waiting := false
	for _, t := range turns {
		waiting = waiting || !t.Since.IsZero()
	}
	if !waiting {
		return
	}
	m := ck.turnsMessage(turns, p, ck.now(), true)
	m.Content = clip("**Your daily digest**\n"+m.Content, maxContent)
	if err := ck.out.DM(ctx, p.UserID, m); err != nil {
		ck.log.Warn("could not send a daily digest", "user", p.UserID, "err", err)
	}
}
