package commands

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"standoff/internal/games"
)

// Custom ids carry everything a click needs after a restart: the action, the
// game, the state version the control was made for, and the choice. A click
// whose version is not the game's current one is refused as outdated,
// unless the control names the prompt it was made from (a fingerprint of
// the prompt and its seat's private view) and that seat is still offered
// exactly that prompt: an any-time action of another player (cashing a
// demand) moves the version on without changing what the player on turn
// may do.
//
// A game's control is <name>:<game>:<version>[.<prompt>][:<arg>]; every
// control's name and shape (a game's, the rules menu's, a challenge menu's,
// a form's) is declared once, in the click table (clickRoutes, routes.go),
// which parses an id once when its interaction is routed.
type customID struct {
	Action  string
	Game    int64
	Version int
	Prompt  string // the prompt's fingerprint; empty for controls bound to the version alone
	Arg     string
}

const maxCustomID = 100

// promptPrint is the length of a prompt's fingerprint in a custom id.
const promptPrint = 8

// promptFingerprint names what a control was made from: the prompt, and
// what its seat privately sees. A seat's own move changes one or the other
// (a die used, a card gone, the turn passed), so an old control of the
// seat's own stays outdated; a change elsewhere that leaves both alone
// does not outdate it.
func (t *table) promptFingerprint(p games.Prompt) string {
	if p.Standing {
		// Standing actions stay bound to the version (a repeated "cash
		// food" must not cash twice) and name their seat: every seat's
		// are shown at once, and the same move can be one seat's and not
		// another's.
		return standingMark + strconv.Itoa(p.Seat)
	}
	h := sha256.New()
	pj, _ := json.Marshal(p)
	h.Write(pj)
	if v := t.state.Private(p.Seat); v != nil {
		h.Write([]byte{0})
		h.Write([]byte(v.Text()))
	}
	return hex.EncodeToString(h.Sum(nil))[:promptPrint]
}

// standingMark starts the prompt part of a standing action's control; the
// seat it belongs to follows.
const standingMark = "p"

// standingSeat is the seat a standing action's control belongs to.
func (c customID) standingSeat() (int, bool) {
	rest, ok := strings.CutPrefix(c.Prompt, standingMark)
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil
}

// stillOffered says whether an outdated control's prompt is still the
// seat's, unchanged.
func (t *table) stillOffered(seat int, id customID) bool {
	if _, standing := id.standingSeat(); id.Prompt == "" || standing {
		return false
	}
	for _, p := range t.promptsFor(seat) {
		if t.promptFingerprint(p) == id.Prompt {
			return true
		}
	}
	return false
}

// privatePrompt says whether the fingerprint names a private prompt the
// seat is offered now.
func (t *table) privatePrompt(seat int, fingerprint string) bool {
	p, ok := t.promptOf(seat, fingerprint)
	return ok && p.Private
}

// promptOwner is the seat offered the prompt a fingerprint names now.
func promptOwner(t *table, fingerprint string) (int, bool) {
	for seat := range t.row.Seats {
		if _, ok := t.promptOf(seat, fingerprint); ok {
			return seat, true
		}
	}
	return 0, false
}

func (t *table) promptOf(seat int, fingerprint string) (games.Prompt, bool) {
	if fingerprint == "" {
		return games.Prompt{}, false
	}
	for _, p := range t.promptsFor(seat) {
		if t.promptFingerprint(p) == fingerprint {
			return p, true
		}
	}
	return games.Prompt{}, false
}

// refinePrompt is the fingerprint of the seat's prompt a guided choice
// opens from.
func (t *table) refinePrompt(seat int, key string) string {
	for _, p := range t.promptsFor(seat) {
		for _, c := range p.Choices {
			if c.Refine == key {
				return t.promptFingerprint(p)
			}
		}
	}
	return ""
}

func (c customID) String() string {
	s := fmt.Sprintf("%s:%d:%d", c.Action, c.Game, c.Version)
	if c.Prompt != "" {
		s += "." + c.Prompt
	}
	if c.Arg != "" {
		s += ":" + c.Arg
	}
	return s
}

// fits reports whether the id is within Discord's limit.
func (c customID) fits() bool { return len(c.String()) <= maxCustomID }

func parseCustomID(s string) (customID, error) {
	name, rest, _ := strings.Cut(s, ":")
	c, ok := parseGameID(name, rest)
	if !ok {
		return customID{}, fmt.Errorf("malformed control id %q", s)
	}
	return c, nil
}

// parseGameID reads what follows a game control's name:
// <game>:<version>[.<prompt>][:<arg>].
func parseGameID(name, rest string) (customID, bool) {
	parts := strings.SplitN(rest, ":", 3)
	if len(parts) < 2 {
		return customID{}, false
	}
	version, prompt, _ := strings.Cut(parts[1], ".")
	g, err1 := strconv.ParseInt(parts[0], 10, 64)
	v, err2 := strconv.Atoi(version)
	if err1 != nil || err2 != nil || g <= 0 || v < 0 || len(prompt) > promptPrint {
		return customID{}, false
	}
	c := customID{Action: name, Game: g, Version: v, Prompt: prompt}
	if len(parts) == 3 {
		c.Arg = parts[2]
	}
	return c, true
}

// Select values say whether they play a move or open a guided choice.
func moveValue(move string) string  { return "m|" + move }
func refineValue(key string) string { return "r|" + key }

func splitValue(v string) (kind, arg string, ok bool) {
	if len(v) < 2 || v[1] != '|' || (v[0] != 'm' && v[0] != 'r') {
		return "", "", false
	}
	return v[:1], v[2:], true
}
