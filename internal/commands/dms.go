package commands

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"standoff/internal/games"
	"standoff/storage"
)

// privateMessage is a seat's hand, news and decisions; nil content when the
// seat has nothing private.
func (r *Router) privateMessage(t *table, seat int, events []games.Event, withImage bool) (Message, string, bool) {
	view := t.state.Private(seat)
	var news []string
	for _, e := range events {
		if e.Seat == seat {
			news = append(news, e.Text)
		}
	}
	var prompts []games.Prompt
	for _, p := range t.promptsFor(seat) {
		if p.Private {
			prompts = append(prompts, p)
		}
	}
	if view == nil && len(news) == 0 && len(prompts) == 0 {
		return Message{}, "", false
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s in <#%s>, private to you\n", t.header(), t.row.Channel)
	for _, n := range news {
		b.WriteString(n + "\n")
	}
	if view != nil {
		b.WriteString("```\n" + view.Text() + "\n```\n")
	}
	for _, p := range prompts {
		b.WriteString("**" + p.Text + "**\n")
	}
	content := clip(strings.TrimRight(b.String(), "\n"), maxContent)
	msg := Message{Content: content, Rows: r.privateControls(t, seat)}
	if withImage {
		r.attachHand(t, view, &msg)
	}
	return msg, dmHash(view, prompts), true
}

// actsInChannel says whether the seat must act now on a prompt the channel
// shows.
func (t *table) actsInChannel(seat int) bool {
	for _, p := range t.promptsFor(seat) {
		if !p.Private && !p.Standing {
			return true
		}
	}
	return false
}

// attachHand adds the picture of a seat's private view to its message.
// Drawing is most of a private message's cost, so a DM draws it only once
// it knows the message will be sent.
func (r *Router) attachHand(t *table, view games.View, msg *Message) {
	if view == nil {
		return
	}
	if f, ok := r.picture(t, view, "hand.png"); ok {
		msg.Files = []File{f}
	}
}

// dmHash fingerprints what a DM shows: each line of the view, then the
// open decisions. A DM is sent again when the view gains something (a line
// it did not have: a card drawn, a value changed) or a new decision
// appears; not when something merely leaves it (a shown card goes back, a
// decision closes), which would repeat an unchanged hand.
func dmHash(view games.View, prompts []games.Prompt) string {
	part := func(b []byte, n int) string {
		s := sha256.Sum256(b)
		return hex.EncodeToString(s[:n])
	}
	var lines []string
	if view != nil {
		for _, l := range strings.Split(view.Text(), "\n") {
			if strings.TrimSpace(l) != "" {
				lines = append(lines, part([]byte(l), 3))
			}
		}
	}
	p := ""
	if len(prompts) > 0 {
		pj, _ := json.Marshal(prompts)
		p = part(pj, 6)
	}
	return strings.Join(lines, ",") + ":" + p
}

// viewGained says whether the view of now has a line the old one had not.
func viewGained(old, now string) bool {
	oldView, _, _ := strings.Cut(old, ":")
	view, _, _ := strings.Cut(now, ":")
	had := map[string]bool{}
	for _, l := range strings.Split(oldView, ",") {
		had[l] = true
	}
	for _, l := range strings.Split(view, ",") {
		if !had[l] {
			return true
		}
	}
	return false
}

// newDecision says whether now shows an open decision old did not.
func newDecision(old, now string) bool {
	_, oldPrompts, _ := strings.Cut(old, ":")
	_, prompts, _ := strings.Cut(now, ":")
	return prompts != "" && prompts != oldPrompts
}

// dmNeeded says whether a seat's DM must be sent again.
func dmNeeded(old, now string, news bool) bool {
	return news || old == "" || viewGained(old, now) || newDecision(old, now)
}

// sendDMs sends each human seat its private message when it says something
// new: news, a view that gained something, a new decision. A closed DM is
// said in the channel without revealing anything, and /game hand does the
// same job; while DMs stay closed each new decision is announced by a new
// channel message that mentions the player (an edit notifies nobody).
//
// posted is true when a new turn message was just posted: it mentioned
// every player it waits for, so a closed DM needs no second mention.
func (r *Router) sendDMs(ctx context.Context, t *table, events []games.Event, posted bool) {
	for i := range t.row.Seats {
		seat := &t.row.Seats[i]
		if seat.BotLevel > 0 {
			continue
		}
		hasNews := false
		for _, e := range events {
			hasNews = hasNews || e.Seat == i
		}
		// The picture is drawn only for a DM that will be sent: most
		// moves change one seat's hand or none, and drawing every
		// seat's was most of a Locked Out move.
		msg, hash, ok := r.privateMessage(t, i, events, false)
		needed := ok && dmNeeded(seat.DMHash, hash, hasNews)
		if seat.DMFailed {
			// Each refused DM counts toward Discord's invalid-request
			// limit: try again only for a new decision (DMs may have been
			// opened since), else the channel and /game hand carry it.
			needed = ok && newDecision(seat.DMHash, hash)
		}
		if !needed {
			if ok && hash != seat.DMHash {
				// Remember what the seat was last shown, so only what is
				// new later sends a DM (a decision that closed and comes
				// back is new again: the DM that showed it lost its
				// controls when it was used).
				seat.DMHash = hash
				if err := r.store.SetDM(ctx, t.row.ID, i, hash, seat.DMFailed); err != nil {
					r.log.Error("could not record a DM", "game", t.row.ID, "err", err)
				}
			}
			continue
		}
		_, before, _ := strings.Cut(seat.DMHash, ":")
		_, now, _ := strings.Cut(hash, ":")
		if before != "" && now == "" && t.actsInChannel(i) {
			// The player acted in this DM and their turn goes on with
			// controls in the channel (an accusation after playing an
			// access card): say where.
			msg.Content = clip(msg.Content+fmt.Sprintf("\nYour turn goes on in <#%s>: use the buttons under the game's message there.", t.row.Channel), maxContent)
		}
		if viewGained(seat.DMHash, hash) {
			// The hand's picture comes when the hand changed; a DM for a
			// decision alone has the hand as text.
			r.attachHand(t, t.state.Private(i), &msg)
		}
		err := r.out.DM(ctx, seat.UserID, msg)
		failed := errors.Is(err, ErrDMClosed)
		if err != nil && !failed {
			r.log.Error("could not send a DM", "game", t.row.ID, "seat", i, "err", err)
			continue
		}
		if failed {
			r.announceClosedDM(ctx, t, *seat, newDecision(seat.DMHash, hash) && !(posted && t.waitsOn(i)))
		}
		seat.DMHash, seat.DMFailed = hash, failed
		if err := r.store.SetDM(ctx, t.row.ID, i, seat.DMHash, failed); err != nil {
			r.log.Error("could not record a DM", "game", t.row.ID, "err", err)
		}
	}
}

// waitsOn says whether the turn message mentions the seat as waited for.
func (t *table) waitsOn(seat int) bool {
	for _, p := range t.promptsFor(seat) {
		if !p.Standing {
			return true
		}
	}
	return false
}

// announceClosedDM tells a player whose DMs are closed, in a new channel
// message that mentions them, that they have something private to answer
// (never what it is). The first time it also says why.
func (r *Router) announceClosedDM(ctx context.Context, t *table, seat storage.Seat, decision bool) {
	var text string
	switch {
	case !seat.DMFailed:
		text = fmt.Sprintf("%s: I cannot send you direct messages (your DMs are closed for this server). Use /game hand here to see your hand and answer privately.", mention(seat.UserID))
	case decision:
		text = fmt.Sprintf("%s: you have a new private decision in game #%d. Your DMs are closed, so use /game hand here to answer.", mention(seat.UserID), t.row.ID)
	default:
		return
	}
	notice := Message{Content: text, Mentions: []string{seat.UserID}}
	if _, err := r.out.Send(ctx, t.row.Channel, notice); err != nil {
		r.log.Error("could not post the DM notice", "game", t.row.ID, "err", err)
	}
}
