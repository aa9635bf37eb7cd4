package commands

import (
	"fmt"
	"strconv"
	"strings"
)

// Custom ids carry everything a click needs after a restart: the action, the
// game, the state version the control was made for, and the choice. A click
// whose version is not the game's current one is refused as outdated.
//
//	m:<game>:<version>:<move>   play a move
//	r:<game>:<version>:<key>    open a guided choice (games.Refiner)
//	s:<game>:<version>          a select menu whose values are "m|move" or "r|key"
//	join|leave|start|accept|decline:<game>:<version>
type customID struct {
	Action  string
	Game    int64
	Version int
	Arg     string
}

const maxCustomID = 100

func (c customID) String() string {
	s := fmt.Sprintf("%s:%d:%d", c.Action, c.Game, c.Version)
	if c.Arg != "" {
		s += ":" + c.Arg
	}
	return s
}

// fits reports whether the id is within Discord's limit.
func (c customID) fits() bool { return len(c.String()) <= maxCustomID }

func parseCustomID(s string) (customID, error) {
	parts := strings.SplitN(s, ":", 4)
	if len(parts) < 3 {
		return customID{}, fmt.Errorf("malformed control id %q", s)
	}
	g, err1 := strconv.ParseInt(parts[1], 10, 64)
	v, err2 := strconv.Atoi(parts[2])
	if err1 != nil || err2 != nil || g <= 0 || v < 0 {
		return customID{}, fmt.Errorf("malformed control id %q", s)
	}
	c := customID{Action: parts[0], Game: g, Version: v}
	if len(parts) == 4 {
		c.Arg = parts[3]
	}
	return c, nil
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
