package main

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"standoff/internal/discordtest"
)

// A phone player answers a private decision (Locked Out's card to play,
// the card they are shown) where the bot asked it: in their DM, by a
// button or a menu. The bot answers such a click through the click's own
// interaction, which Discord's global limit does not count, so playing it
// this way, not by typing in the channel, is what measures a private
// decision's real cost.

// dmChoice is a move the player's newest DM offers directly: a button
// ("m:<game>:<version>[.<prompt>]:<move>") or a select menu's option
// ("s:<game>:..." with the value "m|<move>").
type dmChoice struct {
	message, customID string
	value             string // the option's value; "" for a button
	move              string
}

// dmChoice picks at random one of the legal moves the player's newest DM
// offers, made for the game as the player knows it; ok is false when it
// offers none (a guided choice in steps, or the DM not there yet: the
// player moves once the board shows, and a DM may come after it).
func (p *player) dmChoice(t *table, user string, legal []string) (dmChoice, bool) {
	dms := p.fake.DMs(user)
	if len(dms) == 0 {
		return dmChoice{}, false
	}
	madeFor := strconv.FormatInt(t.row.ID, 10) + ":" + strconv.Itoa(t.version)
	cs := directMoves(dms[len(dms)-1], madeFor, legal)
	if len(cs) == 0 {
		return dmChoice{}, false
	}
	return cs[t.rng.IntN(len(cs))], true
}

// directMoves lists the message's controls made for the game at one
// version ("<game>:<version>") that play one of the legal moves.
func directMoves(m discordtest.Message, madeFor string, legal []string) []dmChoice {
	var out []dmChoice
	for _, c := range m.AllComponents() {
		parts := strings.SplitN(c.CustomID, ":", 4)
		if c.Disabled || len(parts) < 3 {
			continue
		}
		if version, _, _ := strings.Cut(parts[2], "."); parts[1]+":"+version != madeFor {
			continue
		}
		switch {
		case parts[0] == "m" && len(parts) == 4 && slices.Contains(legal, parts[3]):
			out = append(out, dmChoice{message: m.ID, customID: c.CustomID, move: parts[3]})
		case parts[0] == "s":
			for _, o := range c.Options {
				if mv, ok := strings.CutPrefix(o.Value, "m|"); ok && slices.Contains(legal, mv) {
					out = append(out, dmChoice{message: m.ID, customID: c.CustomID, value: o.Value, move: mv})
				}
			}
		}
	}
	return out
}

// clickMove plays the DM's control and waits for the answer: the click
// acknowledged once the move is saved (a deferred update), or refused
// with a message.
func (p *player) clickMove(t *table, user string, c dmChoice, t0 time.Time, o *outcome) error {
	var in *discordtest.Interaction
	var err error
	if c.value != "" {
		in, err = p.fake.Select(user, c.message, c.customID, c.value)
	} else {
		in, err = p.fake.Click(user, c.message, c.customID)
	}
	if err != nil {
		return err
	}
	resp, ok := firstAnswer(in, t, t0, o)
	if !ok {
		return nil
	}
	// The fake's own timing, as for a typed move: a busy player goroutine
	// that wakes late adds nothing.
	o.first, o.late = resp.Latency, resp.Latency > 3*time.Second
	o.latency = resp.Latency
	if resp.Type != discordtest.CallbackDeferredUpdate {
		text := ""
		if resp.Message != nil {
			text = resp.Message.Content
		}
		o.refused = reason(text)
		return nil
	}
	o.doneAt, o.inDM = t0.Add(o.latency), true
	return nil
}
