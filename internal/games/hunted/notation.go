package hunted

import (
	"fmt"
	"strconv"
	"strings"

	"standoff/internal/games"
)

// Verbs of the typed move syntax.
const (
	verbDraw     = "draw"
	verbHide     = "hide"
	verbActivate = "activate"
	verbUse      = "use"
	verbFlip     = "flip"
	verbReload   = "reload"
	verbShare    = "share"
	verbGive     = "give"
	verbEnd      = "end"
	verbGo       = "go"
	verbYes      = "yes"
	verbNo       = "no"
	verbWatch    = "watch"
	verbFight    = "fight"
	verbGrenade  = "grenade"
	verbRegroup  = "regroup"
	verbReroll   = "reroll"
	verbKeep     = "keep"
	verbTake     = "take"
)

// aliases maps every accepted first word to its verb.
var aliases = map[string]string{
	"draw": verbDraw, "d": verbDraw,
	"hide":     verbHide,
	"activate": verbActivate, "act": verbActivate, "a": verbActivate,
	"use": verbUse, "u": verbUse,
	"flip":   verbFlip,
	"reload": verbReload, "r": verbReload,
	"share": verbShare,
	"give":  verbGive,
	"end":   verbEnd, "done": verbEnd, "pass": verbEnd,
	"go": verbGo, "location": verbGo,
	"yes": verbYes, "y": verbYes,
	"no": verbNo, "n": verbNo, "skip": verbNo,
	"watch": verbWatch,
	"fight": verbFight, "f": verbFight, "shoot": verbFight,
	"grenade": verbGrenade, "throw": verbGrenade,
	"regroup": verbRegroup,
	"reroll":  verbReroll,
	"keep":    verbKeep, "k": verbKeep, "accept": verbKeep,
	"take": verbTake,
}

// command is a parsed move, not yet checked against the game.
type command struct {
	Verb string
	Args []string
}

// String writes the command back in its canonical form.
func (c command) String() string {
	return strings.TrimSpace(c.Verb + " " + strings.Join(c.Args, " "))
}

// parseMove splits a typed move into verb and arguments and checks their
// number and form; card names are resolved later against the game.
func parseMove(text string) (command, error) {
	words := strings.Fields(strings.ToLower(strings.NewReplacer(",", " ").Replace(text)))
	if len(words) == 0 {
		return command{}, fmt.Errorf("empty move. %s", moveHelp)
	}
	verb, ok := aliases[words[0]]
	if !ok {
		return command{}, fmt.Errorf("unknown move %q. %s", clip(words[0]), moveHelp)
	}
	c := command{Verb: verb, Args: words[1:]}
	if verb == verbActivate && len(c.Args) > 1 && c.Args[1] == "with" {
		c.Args = append(c.Args[:1:1], c.Args[2:]...)
	}
	n := len(c.Args)
	switch verb {
	case verbDraw, verbHide, verbEnd, verbYes, verbNo, verbKeep:
		if n > 0 {
			return command{}, fmt.Errorf("`%s` takes nothing after it", verb)
		}
	case verbActivate:
		if n == 0 {
			return command{}, fmt.Errorf("name the card to activate and the cards that pay for it, e.g. `activate D03 with I01 I05`")
		}
	case verbUse, verbFlip:
		if n < 1 || n > 2 {
			return command{}, fmt.Errorf("`%s` needs a card and at most one target, e.g. `%s I01 HG1`", verb, verb)
		}
	case verbReload, verbShare, verbGive, verbGo, verbTake:
		if n == 0 {
			return command{}, fmt.Errorf("`%s` needs one card, e.g. `%s %s`", verb, verb, argExample[verb])
		}
		// One card, by id or by a name of several words.
		c.Args = []string{strings.Join(c.Args, " ")}
	case verbGrenade:
		if n != 1 {
			return command{}, fmt.Errorf("`grenade` needs the grenade card, e.g. `grenade I05`")
		}
	case verbWatch:
		if n < 1 || n > 2 {
			return command{}, fmt.Errorf("`watch` needs the card to discard and the card for the bottom, e.g. `watch W01 T03`")
		}
	case verbRegroup:
		if n != 1 || !isDieNumber(c.Args[0]) {
			return command{}, fmt.Errorf("`regroup` needs a die number (1 is the first die), e.g. `regroup 2`")
		}
	case verbReroll:
		if n < 2 {
			return command{}, fmt.Errorf("`reroll` needs the card that rerolls and die numbers, e.g. `reroll CH 1 3`")
		}
		for _, a := range c.Args[1:] {
			if !isDieNumber(a) {
				return command{}, fmt.Errorf("%q is not a die number; dice are numbered from 1, e.g. `reroll CH 1 3`", clip(a))
			}
		}
	case verbFight:
		if n < 1 || n > 2 {
			return command{}, fmt.Errorf("`fight` needs how many dice and which weapon, e.g. `fight 2 HG1`, or `fight hands`")
		}
		if c.Args[0] == handsID {
			if n == 2 && !isDieNumber(c.Args[1]) {
				return command{}, fmt.Errorf("`fight hands` takes a player number at most, e.g. `fight hands 2`")
			}
		} else if n != 2 || !isDieNumber(c.Args[0]) {
			return command{}, fmt.Errorf("`fight` needs a number of dice then a weapon, e.g. `fight 2 HG1`")
		}
	}
	return c, nil
}

var argExample = map[string]string{
	verbReload: "HG1", verbShare: "W01", verbGive: "I08", verbGo: "L05", verbTake: "W03",
}

// isDieNumber accepts 1..9.
func isDieNumber(s string) bool {
	n, err := strconv.Atoi(s)
	return err == nil && n >= 1 && n <= 9
}

// clip shortens typed text echoed in an error.
func clip(s string) string {
	if len(s) > 30 {
		return s[:30] + "…"
	}
	return s
}

// findIn resolves a typed card among ids by id or by a name unique among them;
// where says where it was looked for.
func findIn(arg string, among []string, where string) (string, error) {
	q := games.Squash(arg)
	for _, id := range among {
		if games.Squash(id) == q {
			return id, nil
		}
	}
	var hits []string
	for _, id := range among {
		if games.Squash(nameOf(id)) == q {
			hits = append(hits, id)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(among) == 0 {
		return "", fmt.Errorf("there is no card in %s", where)
	}
	if len(hits) > 1 {
		return "", fmt.Errorf("%q could be %s: name it by id", clip(arg), labels(hits))
	}
	return "", fmt.Errorf("%q is not in %s; it holds %s", clip(arg), where, labels(among))
}

// nameOf is a card's or location's name.
func nameOf(id string) string {
	if c, ok := data.card[id]; ok {
		return c.Name
	}
	if l, ok := data.location[id]; ok {
		return l.Name
	}
	return id
}

// labels names cards for a message.
func labels(ids []string) string {
	if len(ids) == 0 {
		return "nothing"
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = label(id)
	}
	return strings.Join(out, ", ")
}
